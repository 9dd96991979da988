"""How a Canal King player judges a position: how far the route is from being joined, then how
far the ship has sailed, less the stops waiting for it.

While building, a route's *distance* is the fewest tiles still to place (or replace) to join its
ports in the better order of calls: a way follows the lines of the tiles on it, costing one
tile for each empty cell it crosses and one for each tile that lacks the line it needs (that
tile must be replaced by one with more lines; a special tile cannot be).
A launched ship is ahead of any building route, and more so for each call done. Flags of the
player's own colour on the board each cost a stop when sailing past them, and so does every
opponent's special tile (with a lost turn besides). The value is the seat's lead over the best
other player.
"""

from __future__ import annotations

from collections import deque

from towpath.core.game import logistic
from towpath.games.canal_king.components import BORDER, EDGES
from towpath.games.canal_king.state import CanalKingState

LAUNCHED = 2.0  # a launched ship's progress before any call; a joined route is at 0
PER_CALL = 2.0
OWN_FLAG = 0.1  # per flag of the player's colour on the board
OPPONENT_SPECIAL = 0.2  # per opponent's special tile on the board
LEAD_SCALE = 3.0  # tiles of lead that make a clear, but not decisive, lead
FAR = 10_000


def evaluate(state: CanalKingState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    values = [progress(state, other) for other in range(state.game.players)]
    best_other = max(v for other, v in enumerate(values) if other != seat)
    return logistic((values[seat] - best_other) / LEAD_SCALE)


def progress(state: CanalKingState, seat: int) -> float:
    game = state.game
    ship = state.ships[seat]
    if ship is not None:
        value = LAUNCHED + PER_CALL * len(ship["calls"])
    else:
        value = -float(route_distance(state, seat))
    flags = game.parts.tiles.flag_of
    colour = state.colours[seat]
    own_flags = sum(1 for code in state.board if code >= 0 and flags[code // EDGES] == colour)
    specials = sum(
        1 for other, cell in enumerate(state.specials) if cell is not None and other != seat
    )
    return value - OWN_FLAG * own_flags - OPPONENT_SPECIAL * specials


def route_distance(state: CanalKingState, seat: int) -> int:
    """Tiles still needed to join the seat's route, the calls in the better order."""
    start, first, second, final = state.game.parts.routes[state.routes[seat]]
    from_start = port_distances(state, start)
    from_first = port_distances(state, first)
    from_second = port_distances(state, second)
    return min(
        from_start[first] + from_first[second] + from_second[final],
        from_start[second] + from_second[first] + from_first[final],
    )


def port_distances(state: CanalKingState, source: int) -> list[int]:
    """The fewest tiles to place or replace to join port `source` to each port.

    A 0-1 search over crossings (a cell entered by an edge): passing through a tile along one
    of its lines is free; an empty cell costs a tile; a tile without the line needed costs its
    replacement (a special tile cannot be replaced).
    """
    parts = state.game.parts
    step, exits, board = parts.board.step, parts.tiles.exits, state.board
    special = parts.tiles.special
    ports = [FAR] * len(parts.board.ports)
    ports[source] = 0
    best = [FAR] * (len(board) * EDGES)
    queue: deque[tuple[int, int]] = deque()
    for cell, edge in parts.board.ports[source].docks:
        best[cell * EDGES + edge] = 0
        queue.append((0, cell * EDGES + edge))
    while queue:
        spent, crossing = queue.popleft()
        if spent > best[crossing]:
            continue
        cell, entry = divmod(crossing, EDGES)
        code = board[cell]
        joined = exits[code * EDGES + entry] if code >= 0 else ()
        for edge in range(EDGES):
            if edge == entry:
                continue
            if edge in joined:
                cost = spent
            elif code >= 0 and code // EDGES == special:
                continue
            else:
                cost = spent + 1
            target = step[cell * EDGES + edge]
            if target >= 0:
                if cost < best[target]:
                    best[target] = cost
                    if cost == spent:
                        queue.appendleft((cost, target))
                    else:
                        queue.append((cost, target))
            elif target != BORDER:
                port = -1 - target
                ports[port] = min(ports[port], cost)
    return ports

"""How a Canal King player judges a position: how far the route is from being joined, then how
far the ship has sailed, less the stops waiting for it.

While building, a route's *distance* is the fewest tiles still to place (or replace) to join its
ports in the better order of calls: a way follows the lines of the tiles on it, costing one
tile for each empty cell it crosses and one for each tile that lacks the line it needs (that
tile must be replaced by one with more lines; a special tile cannot be), and it may pass
through other ports on the way (Finishing the route).
A launched ship is ahead of any building route, and more so for each call done. Flags of the
player's own colour on the board each cost a stop when sailing past them, and so does every
opponent's special tile (with a lost turn besides). The value is the seat's lead over the best
other player.

Bots rank hundreds of placements per turn, so `estimate_actions` judges a building action from
the searches of the position before it: a tile laid on cell x opens its lines there, and a way
through x along line (a, b) costs what it takes to reach x's edge a from one end of a leg plus
x's edge b from the other. That is exact unless the best way crosses x twice, and it leaves out
how a special tile blocks the ways through its cell.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from towpath.core.actions import Action
from towpath.core.game import logistic
from towpath.games.canal_king.actions import Place, Replace, Special, Swap
from towpath.games.canal_king.components import BORDER, EDGES
from towpath.games.canal_king.state import CanalKingState

LAUNCHED = 2.0  # a launched ship's progress before any call; a joined route is at 0
PER_CALL = 2.0
OWN_FLAG = 0.1  # per flag of the player's colour on the board
OPPONENT_SPECIAL = 0.2  # per opponent's special tile on the board
LEAD_SCALE = 3.0  # tiles of lead that make a clear, but not decisive, lead
FAR = 10_000


@dataclass(frozen=True)
class Reach:
    """What a search from one port found: the cost to each port, and to each crossing (a ship
    entering a cell by an edge, before paying for that cell)."""

    ports: list[int]
    crossings: list[int]


def evaluate(state: CanalKingState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    reaches: dict[int, Reach] = {}
    return lead([progress(state, other, reaches) for other in range(state.game.players)], seat)


def lead(values: list[float], seat: int) -> float:
    best_other = max(v for other, v in enumerate(values) if other != seat)
    return logistic((values[seat] - best_other) / LEAD_SCALE)


def progress(state: CanalKingState, seat: int, reaches: dict[int, Reach]) -> float:
    distance = route_distance(legs(state, seat, reaches)) if state.ships[seat] is None else 0
    flags, specials = own_flags(state, seat), opponent_specials(state, seat)
    return judged(state, seat, distance, flags, specials, launching=False)


def judged(
    state: CanalKingState, seat: int, distance: int, flags: int, specials: int, launching: bool
) -> float:
    """A seat's progress: minus its route's distance, or its ship's calls once launched."""
    ship = state.ships[seat]
    if ship is not None:
        value = LAUNCHED + PER_CALL * len(ship["calls"])
    elif launching:
        value = LAUNCHED
    else:
        value = -float(distance)
    return value - OWN_FLAG * flags - OPPONENT_SPECIAL * specials


def own_flags(state: CanalKingState, seat: int) -> int:
    flags = state.game.parts.tiles.flag_of
    colour = state.colours[seat]
    return sum(1 for code in state.board if code >= 0 and flags[code // EDGES] == colour)


def opponent_specials(state: CanalKingState, seat: int) -> int:
    return sum(1 for other, cell in enumerate(state.specials) if cell is not None and other != seat)


# The legs of a route: (start, 1st call), (start, 2nd call), (1st, 2nd), (1st, final),
# (2nd, final), by their places on the route card; the calls may come in either order.
LEGS = ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3))


def route_distance(leg: list[int]) -> int:
    """Tiles still needed to join a route from the costs of its LEGS, calls in the better order."""
    return min(leg[0] + leg[2] + leg[4], leg[1] + leg[2] + leg[3])


def legs(state: CanalKingState, seat: int, reaches: dict[int, Reach]) -> list[int]:
    """The costs of the seat's LEGS; `reaches` keeps the searches by source port for reuse."""
    ports = state.game.parts.routes[state.routes[seat]]
    return [reach(state, ports[a], reaches).ports[ports[b]] for a, b in LEGS]


def reach(state: CanalKingState, port: int, reaches: dict[int, Reach]) -> Reach:
    found = reaches.get(port)
    if found is None:
        found = reaches[port] = search(state, port)
    return found


def search(state: CanalKingState, source: int) -> Reach:
    """The fewest tiles to place or replace to join port `source` to each port and crossing.

    A 0-1 search over crossings: passing through a tile along one of its lines is free; an
    empty cell costs a tile; a tile without the line needed costs its replacement (a special
    tile cannot be replaced). A ship may pass through a port it reaches, at no cost.
    """
    parts = state.game.parts
    step, exits, board = parts.board.step, parts.tiles.exits, state.board
    special = parts.tiles.special
    ports = [FAR] * len(parts.board.ports)
    best = [FAR] * (len(board) * EDGES)
    queue: deque[tuple[int, int]] = deque()

    def moor(port: int, cost: int) -> None:
        ports[port] = cost
        for cell, edge in parts.board.ports[port].docks:
            crossing = cell * EDGES + edge
            if cost < best[crossing]:
                best[crossing] = cost
                queue.appendleft((cost, crossing))

    moor(source, 0)
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
            elif target != BORDER and cost < ports[-1 - target]:
                moor(-1 - target, cost)
    return Reach(ports, best)


def estimate_actions(state: CanalKingState, seat: int, actions: Sequence[Action]) -> list[float]:
    """`evaluate` after each of the mover's building actions, estimated (see the module's notes)."""
    players = range(state.game.players)
    reaches: dict[int, Reach] = {}
    building = [other for other in players if state.ships[other] is None]
    before = {other: legs(state, other, reaches) for other in building}
    flags = [own_flags(state, other) for other in players]
    specials = [opponent_specials(state, other) for other in players]
    distances = [route_distance(before[other]) if other in before else 0 for other in players]
    now = [
        judged(state, other, distances[other], flags[other], specials[other], launching=False)
        for other in players
    ]
    estimates = []
    for action in actions:
        if isinstance(action, Swap):  # the board is unchanged
            estimates.append(lead(now, seat))
            continue
        assert isinstance(action, Place | Replace | Special)
        cell, code = laid(state, action)
        for other in building:
            distances[other] = route_distance(via(state, other, before[other], reaches, cell, code))
        gained, lost = flag_of(state, code), flag_of(state, state.board[cell])
        after = []
        for other in players:
            colour = state.colours[other]
            flag_count = flags[other] + (gained == colour) - (lost == colour)
            special_count = specials[other] + (
                isinstance(action, Special) and other != state.player
            )
            launching = other == state.player and distances[other] == 0
            after.append(
                judged(state, other, distances[other], flag_count, special_count, launching)
            )
        estimates.append(lead(after, seat))
    return estimates


def laid(state: CanalKingState, action: Place | Replace | Special) -> tuple[int, int]:
    """The cell a building action lays a tile on, and the tile's code there."""
    parts = state.game.parts
    cell = parts.board.cell(action.col, action.row)
    assert cell is not None
    if isinstance(action, Special):
        return cell, parts.tiles.special * EDGES + action.rotation
    return cell, parts.tiles.by_name[action.tile.lower()] * EDGES + action.rotation


def flag_of(state: CanalKingState, code: int) -> int:
    """The colour of a board tile's flag: -1 for none, or an empty cell."""
    return state.game.parts.tiles.flag_of[code // EDGES] if code >= 0 else -1


def via(
    state: CanalKingState,
    seat: int,
    leg: list[int],
    reaches: dict[int, Reach],
    cell: int,
    code: int,
) -> list[int]:
    """The costs of the seat's LEGS once tile `code` lies on `cell`: a leg may now pass the cell
    free along one of the tile's lines (crossing it once)."""
    ports = state.game.parts.routes[state.routes[seat]]
    opened = list(leg)
    base = cell * EDGES
    for index, (a, b) in enumerate(LEGS):
        one = reach(state, ports[a], reaches).crossings
        other = reach(state, ports[b], reaches).crossings
        for x, y in state.game.parts.tiles.pairs[code]:
            through = min(one[base + x] + other[base + y], one[base + y] + other[base + x])
            opened[index] = min(opened[index], through)
    return opened

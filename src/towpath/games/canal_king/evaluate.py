"""How a Canal King player judges a position: how far the route is from being joined, then how
far the ship has sailed, less the stops waiting for it.

While building, a route's *distance* is the fewest tiles still to place (or replace) to join its
ports in the better order of calls: a way follows the lines of the tiles on it, costing one
tile for each empty cell it crosses and one for each tile that lacks the line it needs, where a
playing tile with that line may be put under the placing rules as the cell's neighbours stand
now (a special tile is never replaced); it may pass through other ports (Finishing the route).
A route no tile can join any more counts as HOPELESS tiles away.
A launched ship is ahead of any building route, and more so for each call done. Flags of the
player's own colour on the board each cost a stop when sailing past them, and so does every
opponent's special tile (with a lost turn besides). The value is the seat's lead over the best
other player.

Bots rank hundreds of placements per turn, so `estimate_actions` judges a building action from
the searches of the position before it: a tile laid on cell x opens its lines there, and a way
through x along line (a, b) costs what it takes to reach x's edge a from one end of a leg plus
x's edge b from the other. That is exact unless the best way crosses x twice or the tile changes
which tiles fit its neighbours (as a special tile does for its own cell).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from towpath.core.actions import Action
from towpath.core.game import logistic
from towpath.games.canal_king.actions import Place, Replace, Special, Swap
from towpath.games.canal_king.components import BORDER, EDGES, line_bit
from towpath.games.canal_king.state import CanalKingState

LAUNCHED = 2.0  # a launched ship's progress before any call; a joined route is at 0
PER_CALL = 2.0
OWN_FLAG = 0.1  # per flag of the player's colour on the board
OPPONENT_SPECIAL = 0.2  # per opponent's special tile on the board
LEAD_SCALE = 3.0  # tiles of lead that make a clear, but not decisive, lead
HOPELESS = 30  # the distance of a route that can no longer be joined
FAR = 10_000
# The line joining a ship's entry edge to its exit edge, by entry * 6 + exit (0: none).
LINE = tuple(line_bit(a, b) if a != b else 0 for a in range(EDGES) for b in range(EDGES))
# The legs of a route: (start, 1st call), (start, 2nd call), (1st, 2nd), (1st, final),
# (2nd, final), by their places on the route card; the calls may come in either order.
LEGS = ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3))


@dataclass(frozen=True)
class Reach:
    """What a search from one port found: the cost to each port, and to each crossing (a ship
    entering a cell by an edge, before paying for that cell)."""

    ports: list[int]
    crossings: list[int]


class Canals:
    """The searches of one position, made once per source port as they are needed."""

    def __init__(self, state: CanalKingState) -> None:
        self.state = state
        tables = state.game.tables
        keys = tables.cell_states(state.board, state.constraints)
        self.opened = [tables.open_lines(key) for key in keys]
        self.reaches: dict[int, Reach] = {}

    def reach(self, port: int) -> Reach:
        found = self.reaches.get(port)
        if found is None:
            found = self.reaches[port] = self.search(port)
        return found

    def legs(self, seat: int) -> list[int]:
        """The costs of the seat's LEGS."""
        ports = self.state.game.parts.routes[self.state.routes[seat]]
        return [self.reach(ports[a]).ports[ports[b]] for a, b in LEGS]

    def search(self, source: int) -> Reach:
        """The fewest tiles to place or replace to join port `source` to each port and crossing.

        A 0-1 search over crossings: passing through a tile along one of its lines is free;
        passing a cell any other way costs a tile, where some tile with that line fits it.
        """
        parts = self.state.game.parts
        step, lines, board, opened = (
            parts.board.step,
            parts.tiles.lines,
            self.state.board,
            self.opened,
        )
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
            laid = lines[code] if code >= 0 else 0
            possible = opened[cell]
            for edge in range(EDGES):
                line = LINE[entry * EDGES + edge]
                if line & laid:
                    cost = spent
                elif line & possible:
                    cost = spent + 1
                else:
                    continue
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


def evaluate(state: CanalKingState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    canals = Canals(state)
    return lead([progress(state, other, canals) for other in range(state.game.players)], seat)


def lead(values: list[float], seat: int) -> float:
    best_other = max(v for other, v in enumerate(values) if other != seat)
    return logistic((values[seat] - best_other) / LEAD_SCALE)


def progress(state: CanalKingState, seat: int, canals: Canals) -> float:
    distance = route_distance(canals.legs(seat)) if state.ships[seat] is None else 0
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


def route_distance(leg: list[int]) -> int:
    """Tiles still needed to join a route from the costs of its LEGS, calls in the better order."""
    return min(leg[0] + leg[2] + leg[4], leg[1] + leg[2] + leg[3], HOPELESS)


def estimate_actions(state: CanalKingState, seat: int, actions: Sequence[Action]) -> list[float]:
    """`evaluate` after each of the mover's building actions, estimated (see the module's notes)."""
    players = range(state.game.players)
    canals = Canals(state)
    building = [other for other in players if state.ships[other] is None]
    before = {other: canals.legs(other) for other in building}
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
            distances[other] = route_distance(via(canals, other, before[other], cell, code))
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


def via(canals: Canals, seat: int, leg: list[int], cell: int, code: int) -> list[int]:
    """The costs of the seat's LEGS once tile `code` lies on `cell`: a leg may now pass the cell
    free along one of the tile's lines (crossing it once)."""
    state = canals.state
    ports = state.game.parts.routes[state.routes[seat]]
    opened = list(leg)
    base = cell * EDGES
    for index, (a, b) in enumerate(LEGS):
        one = canals.reach(ports[a]).crossings
        other = canals.reach(ports[b]).crossings
        for x, y in state.game.parts.tiles.pairs[code]:
            through = min(one[base + x] + other[base + y], one[base + y] + other[base + x])
            opened[index] = min(opened[index], through)
    return opened

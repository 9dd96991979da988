"""The canal graph: ships follow lines from crossing to crossing (rules/canal_king.md).

A crossing `cell * 6 + edge` is a ship entering `cell` by `edge`; it may leave by any edge a line
joins to `edge` (no turning back on a tile), into the next cell, into a port through a dock, or
nowhere when the next cell is empty. A ship changes direction only in ports.
"""

from __future__ import annotations

from dataclasses import dataclass

from towpath.games.canal_king.components import BORDER, EDGES, PAIR_BIT, Components

PORT, FLAG, SPECIAL, DEAD_END = "port", "flag", "special", "dead_end"


def port_groups(board: list[int], parts: Components) -> list[int]:
    """A group number per port, the least port of its group: ports joined by canal, directly or
    through other ports (a ship turns in any port), share one. A route is complete when its four
    ports share a group, in whatever order its calls come (Finishing the route)."""
    group = [-1] * len(parts.board.ports)
    for root in range(len(group)):
        if group[root] < 0:
            for port in network(board, parts, [root])[0]:
                group[port] = root
    return group


def network(board: list[int], parts: Components, ports: list[int]) -> tuple[set[int], set[int]]:
    """The ports the canals join to `ports`, directly or through other ports, these included;
    and the crossings on the way (every line a ship from them could follow)."""
    reached, frontier = set(ports), list(ports)
    seen: set[int] = set()
    while frontier:
        stack = [
            cell * EDGES + edge
            for cell, edge in parts.board.ports[frontier.pop()].docks
            if board[cell] >= 0 and cell * EDGES + edge not in seen
        ]
        seen.update(stack)
        for port in _follow(board, parts, stack, seen) - reached:
            reached.add(port)
            frontier.append(port)
    return reached, seen


def ports_reached(board: list[int], parts: Components, cell: int, edge: int) -> set[int]:
    """The ports a ship reaches leaving `cell` by `edge` (stopping at nothing but ports)."""
    first = parts.board.step[cell * EDGES + edge]
    if first < 0:
        return set() if first == BORDER else {-1 - first}
    if board[first // EDGES] < 0:
        return set()
    return _follow(board, parts, [first], {first})


def _follow(board: list[int], parts: Components, stack: list[int], seen: set[int]) -> set[int]:
    """Every crossing the lines lead to from those on `stack` (already `seen`), added to
    `seen`; the ports they reach."""
    step, exits = parts.board.step, parts.tiles.exits
    found: set[int] = set()
    while stack:
        crossing = stack.pop()
        here = crossing // EDGES
        for way in exits[board[here] * EDGES + crossing % EDGES]:
            target = step[here * EDGES + way]
            if target >= 0:
                if board[target // EDGES] >= 0 and target not in seen:
                    seen.add(target)
                    stack.append(target)
            elif target != BORDER:
                found.add(-1 - target)
    return found


def join_new_lines(
    board: list[int], parts: Components, groups: list[int], cell: int, new: int
) -> None:
    """Update the port groups after lines `new` (a mask) appeared on `cell`.

    A new port-to-port way runs along some new line (a, b): its ports behind lie among those
    reached leaving by a, those ahead among those reached leaving by b. When both sides reach a
    port, every port on either side joins one group (labelled by its least port)."""
    for (a, b), bit in PAIR_BIT.items():
        if not new & bit:
            continue
        behind = ports_reached(board, parts, cell, a)
        ahead = ports_reached(board, parts, cell, b) if behind else set()
        if ahead:
            labels = {groups[port] for port in behind | ahead}
            least = min(labels)
            for port, label in enumerate(groups):
                if label in labels:
                    groups[port] = least


@dataclass(frozen=True, slots=True)
class Stop:
    """Where a sailing turn can end: `place` is -1 - port, or the crossing of the stop tile.
    `exit` is the edge the ship leaves by next (None in a port, or where lines fork)."""

    place: int
    kind: str
    exit: int | None


@dataclass(frozen=True, slots=True)
class Departure:
    """Where a ship sets out from: a port (-1 - port), or a crossing with the edges it may take."""

    place: int
    leaving: tuple[int, ...]
    colour: int
    own_special: int | None


def departure(
    board: list[int],
    parts: Components,
    stop: tuple[int, str, int | None],
    colour: int,
    own_special: int | None,
) -> Departure:
    """Where a ship stopped at (place, kind, exit), as a Stop names them, sets out from: a port
    by any dock; after a flag or special-tile stop the same way along its line (any line from
    its entry edge where lines fork); after a dead end by either end of its line (Sailing)."""
    place, kind, exit = stop
    if place < 0:
        return Departure(place, (), colour, own_special)
    cell, entry = divmod(place, EDGES)
    ahead = parts.tiles.exits[board[cell] * EDGES + entry]
    leaving = ahead if exit is None else (exit,)
    if kind == DEAD_END:
        leaving = (*leaving, entry)
    return Departure(place, leaving, colour, own_special)


def sail_stops(board: list[int], parts: Components, ship: Departure) -> list[Stop]:
    """Every stop the ship can reach this turn: the first own-colour flag, port, opponent's
    special tile or dead end along each way; a path never repeats a crossing (Sailing)."""
    step, exits = parts.board.step, parts.tiles.exits
    stops: dict[int, str] = {}
    dead_ends: dict[int, set[int]] = {}
    seen = {ship.place}
    entered: list[int] = []  # crossings reached, not yet looked at
    ways: list[tuple[int, int, bool]] = []  # (crossing, edge, moved): ways out to follow
    if ship.place < 0:
        docks = parts.board.ports[-1 - ship.place].docks
        entered = [cell * EDGES + edge for cell, edge in docks if board[cell] >= 0]
    else:
        ways = [(ship.place, edge, False) for edge in ship.leaving]
    while ways or entered:
        if ways:
            crossing, edge, moved = ways.pop()
            target = step[crossing // EDGES * EDGES + edge]
            if target < 0:
                if target != BORDER:
                    stops[target] = PORT
            elif board[target // EDGES] >= 0:
                entered.append(target)
            elif moved:  # a dead end where the ship set out is no move at all
                dead_ends.setdefault(crossing, set()).add(edge)
            continue
        crossing = entered.pop()
        if crossing in seen:
            continue
        seen.add(crossing)
        stop = _stop_kind(board, parts, ship, crossing)
        if stop:
            stops[crossing] = stop
        else:
            line = exits[board[crossing // EDGES] * EDGES + crossing % EDGES]
            ways += [(crossing, edge, True) for edge in line]
    result = [Stop(place, kind, _exit(board, parts, place, kind)) for place, kind in stops.items()]
    result += [Stop(c, DEAD_END, min(e) if len(e) == 1 else None) for c, e in dead_ends.items()]
    return sorted(result, key=_stop_order)


def _stop_kind(board: list[int], parts: Components, ship: Departure, crossing: int) -> str | None:
    """FLAG or SPECIAL where entering `crossing` ends the ship's way there, else None."""
    cell = crossing // EDGES
    tile = board[cell] // EDGES
    if parts.tiles.flag_of[tile] == ship.colour:
        return FLAG
    if tile == parts.tiles.special and cell != ship.own_special:
        return SPECIAL
    return None


def _stop_order(stop: Stop) -> tuple[bool, int]:
    return stop.place >= 0, abs(stop.place)


def _exit(board: list[int], parts: Components, place: int, kind: str) -> int | None:
    if kind == PORT:
        return None
    ways = parts.tiles.exits[board[place // EDGES] * EDGES + place % EDGES]
    return ways[0] if len(ways) == 1 else None

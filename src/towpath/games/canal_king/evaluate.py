"""How a Canal King player judges a position: by the turns each player still needs to win.

A launched ship needs the sailing turns of the fewest stops that take it through its remaining
calls to its final port as the board stands: a turn per stop (a port, a flag of its own colour,
an opponent's special tile and the turn lost there, a dead end).

A building player needs a turn per tile still to lay, a turn to launch, and then the sailing
turns of the way its route will take. The *way* joins the route's ports, calls in the better
order, with the fewest tiles: it follows the lines of the tiles on it, costing a tile for each
empty cell it crosses and for each tile lacking the line it needs, where a playing tile with
that line fits the cell as its neighbours stand now and the player can still get one (any tile
off the board: an opponent's comes back when swapped away; a special tile is never replaced),
or two tiles where such a tile would fit a free cell once a neighbour were replaced to face it
with canal (by a tile that may replace it so; between two tiles, terrain stays). A tile the
player can get but has no kind of in hand costs a turn more: the turn of drawing it (a swap, or
the draws after other tiles). Among ways of as many tiles it takes the one of fewest stops and
such turns (each port passed, each tile of the player's flag colour followed along its line,
two for an opponent's special tile). A route no tile can join any more is HOPELESS.

The legs of a way (start to a call, call to call, call to final port) are searched each on its
own, so two of them may need lines in one cell that no single tile has together (a straight
crossed by a gentle curve, say, or a fork turned the wrong way): such a way cannot be built.
The leg that costs least to take around that cell is searched again without laying a tile
there, cell after cell (up to REROUTES); an order of the calls still not buildable is refused.

The value is the seat's lead over the best other player, in turns, and how soon it may win.

Bots rank hundreds of placements per turn, so `estimate_actions` judges a building action from
the searches of the position before it: a tile laid on cell x opens its lines there, and a way
through x along line (a, b) costs what it takes to reach x's edge a from one end of a leg plus
x's edge b from the other; so do the ways through a neighbour of x where a tile now fits that
did not before. That is exact unless the best way crosses x twice or the tile makes some way
dearer (it narrows what fits its neighbours, it leaves the hand; a special tile closes its own
cell). A swap is estimated by what its draws may bring (see `Swapping`).
"""

from __future__ import annotations

import heapq
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain, pairwise
from typing import NamedTuple

from towpath.core import compiled
from towpath.core.actions import Action
from towpath.core.game import logistic
from towpath.games.canal_king.actions import Place, Replace, Special, Swap
from towpath.games.canal_king.canals import SPECIAL, Departure, departure, sail_stops
from towpath.games.canal_king.components import BORDER, EDGES, PAIR_BIT, line_bit
from towpath.games.canal_king.fitting import TERRAIN_SHIFT, ActionTables, key_demanding
from towpath.games.canal_king.state import CanalKingState

try:
    from towpath.games.canal_king._ways import Searcher
except ImportError:  # not built: the pure-Python search runs instead
    Searcher = None  # type: ignore[assignment,misc]
# The compiled way search (`_ways.pyx`), unless not built or not allowed.
SEARCHER = Searcher if compiled.allowed() else None

LEAD_SCALE = 3.0  # turns of lead that make a clear, but not decisive, lead
# The turns of a route that can no longer be joined, or sailed: more than any way takes.
HOPELESS = 120
HORIZON = 40  # the turns a seat may still need and keep half of what its lead is worth
# The chance that a tile drawn is of a kind the way lacks (a rough mean: greedy against
# greedy won more often with 0.15 than with 0.1, 0.3 or 0.5).
DRAW_HELPS = 0.15
# A way's cost packs its tiles and its stops: tiles * TILE + stops (fewest tiles first).
TILE = 1 << 10
FAR = 1 << 40
# The line joining a ship's entry edge to its exit edge, by entry * 6 + exit (0: none).
LINE = tuple(line_bit(a, b) if a != b else 0 for a in range(EDGES) for b in range(EDGES))
# The legs of a route: (start, 1st call), (start, 2nd call), (1st, 2nd), (1st, final),
# (2nd, final), by their places on the route card; the calls may come in either order.
LEGS = ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3))
ORDERS = ((0, 2, 4), (1, 2, 3))  # the LEGS of a way: 1st call first, or 2nd call first


def turns_of(cost: int) -> int:
    """The turns of a way's packed cost: a tile each, a stop each."""
    return min(cost // TILE + cost % TILE, HOPELESS)


# How a search came to a crossing or port: from crossing c leaving its cell by edge e
# (c * EDGES + e), from the search's own port (SOURCE), or through port p (-2 - p).
SOURCE = -1
NO_CELLS: frozenset[int] = frozenset()
REROUTES = 4  # the cells a way may be taken around before it is taken as it is
Needs = list[tuple[int, int]]  # the cells of a way that need a tile, with the line each needs


class Reach(NamedTuple):
    """What a search from one port found: the cost of arriving in each port (its stop
    included), and of entering each crossing (before paying for that cell); and how it came
    to each (`came`, `came_to_port`), so that its ways can be followed back. The searches
    are kept, so the long lists are arrays of machine integers."""

    ports: list[int]
    crossings: array[int]
    came: array[int]
    came_to_port: list[int]

    def cells(self, port: int, laid: list[int]) -> Needs:
        """The cells of the way to `port` that need a tile, with the line it needs there
        (`laid`: the lines of the tile on each cell, 0 on a free one)."""
        found = []
        came = self.came_to_port[port]
        while came != SOURCE:
            if came < SOURCE:
                came = self.came_to_port[SOURCE - 1 - came]
                continue
            crossing, edge = divmod(came, EDGES)
            cell, entry = divmod(crossing, EDGES)
            line = LINE[entry * EDGES + edge]
            if not line & laid[cell]:
                found.append((cell, line))
            came = self.came[crossing]
        return found


@dataclass(frozen=True)
class Openings:
    """Per cell, the lines a tile laid there may give it (bit masks): from the seat's hand
    (`at_hand`), from the tiles it can still get (`fitting`), and from those once a neighbour
    were replaced (`freed`); and the kinds of tile behind them (bit masks): those the seat
    can still get (`kinds`: any off the board) and those it holds (`held`: its hand's, or
    those it is taken to hold)."""

    kinds: int
    held: int
    at_hand: list[int]
    fitting: list[int]
    freed: list[int]


def kinds_of(state: CanalKingState, tiles: Iterable[int]) -> int:
    """The kinds of these tiles, as a bit mask."""
    kind_of = state.game.parts.tiles.kind_of
    found = 0
    for tile in tiles:
        found |= 1 << kind_of[tile]
    return found


class Canals:
    """The ways of one position, searched once per seat and source port as they are needed."""

    def __init__(self, state: CanalKingState) -> None:
        self.state = state
        tables = state.game.tables
        self.keys = tables.cell_states(state.board, state.constraints)
        # Any tile off the board can still be had: an opponent's comes back when swapped away.
        self.kinds = kinds_of(state, (*chain(*state.hands), *state.pile, *state.discards))
        self.held: dict[int, int] = {}  # the kinds a seat is taken to hold, where not its hand's
        self.opened: dict[int, Openings] = {}
        self.searched: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.reaches: dict[tuple[int, int, frozenset[int]], Reach] = {}
        self.ended: dict[int, list[tuple[array[int], array[int]]]] = {}

    def holding(self, seat: int, held: int) -> Canals:
        """The ways of this position were the seat to hold tiles of these kinds instead."""
        other = copy(self)
        other.held = {**self.held, seat: held}
        other.opened, other.searched, other.reaches, other.ended = {}, {}, {}, {}
        return other

    @cached_property
    def fitting(self) -> list[int]:
        """Per cell, the lines a tile that can still be had may give it as it stands."""
        return self.state.game.tables.open_lines_of(self.keys, self.kinds)

    @cached_property
    def freed(self) -> list[int]:
        """Per free cell, the lines such a tile may give it once a neighbour were replaced."""
        tables = self.state.game.tables
        return [
            tables.open_lines(key & ~lift, self.kinds) if lift else 0
            for key, lift in zip(self.keys, self.lifts, strict=True)
        ]

    @cached_property
    def lifts(self) -> list[int]:
        """Per free cell, the terrain demands a replaced neighbour would lift (`liftable`)."""
        return self.liftable(self.kinds)

    def open_lines(self, seat: int) -> Openings:
        """Per cell, the lines it may come to have: by a tile of the seat's hand, by a tile
        it can still get, each fitting the cell as its neighbours stand, and by a tile it can
        still get that would fit once they were replaced to face it with canal."""
        found = self.opened.get(seat)
        if found is None:
            state, tables, kinds = self.state, self.state.game.tables, self.kinds
            held = self.held.get(seat, kinds_of(state, state.hands[seat]))
            at_hand = self.fitting if held == kinds else tables.open_lines_of(self.keys, held)
            found = self.opened[seat] = Openings(kinds, held, at_hand, self.fitting, self.freed)
        return found

    def liftable(self, kinds: int) -> list[int]:
        """Per free cell, the terrain its neighbours demand that a tile of `kinds` replacing a
        neighbour (to face the cell with canal) would lift, as constraint bits. Between two
        tiles terrain stays for good: neither may be replaced to face the other with canal."""
        state, tables = self.state, self.state.game.tables
        board, step, edges = state.board, state.game.parts.board.step, state.game.parts.tiles.edges
        lifted = [0] * len(board)
        for other, code in enumerate(board):
            if code < 0:
                continue
            facings = tables.lifting(self.keys[other], kinds) & ~edges[code]
            for facing in range(EDGES):
                target = step[other * EDGES + facing]
                if facings >> facing & 1 and target >= 0 and board[target // EDGES] < 0:
                    lifted[target // EDGES] |= 1 << (target % EDGES + TERRAIN_SHIFT)
        return lifted

    def reach(self, seat: int, port: int, barred: frozenset[int] = NO_CELLS) -> Reach:
        """The ways from `port` to the ports the seat's legs from there go to (the search
        ends once those are found: other ports and crossings may be dearer than it says)."""
        found = self.reaches.get((seat, port, barred))
        if found is None:
            route = self.state.game.parts.routes[self.state.routes[seat]]
            targets = frozenset(route[b] for a, b in LEGS if route[a] == port)
            found = self.reaches[seat, port, barred] = self.search(seat, port, barred, targets)
        return found

    def leg_ends(self, seat: int) -> list[tuple[array[int], array[int]]]:
        """Per LEG of the seat's route, the cost of entering each crossing from either of its
        ports (searched to every crossing)."""
        found = self.ended.get(seat)
        if found is None:
            ports = self.state.game.parts.routes[self.state.routes[seat]]
            whole = {port: self.search(seat, port, NO_CELLS).crossings for port in set(ports)}
            found = self.ended[seat] = [(whole[ports[a]], whole[ports[b]]) for a, b in LEGS]
        return found

    def legs(self, seat: int) -> list[int]:
        """The costs of the seat's LEGS, each searched on its own."""
        ends = [self.ends(seat, leg) for leg in range(len(LEGS))]
        return [self.reach(seat, source).ports[target] for source, target in ends]

    def buildable_way(self, seat: int) -> int:
        """The cost of the seat's cheapest way that tiles can build: the legs of each order of
        the calls searched on their own, then, where they need lines in one cell that no tile
        joins, one of them taken around that cell."""
        legs = self.legs(seat)
        best = FAR
        for order in sorted(ORDERS, key=lambda legs_of: sum(legs[leg] for leg in legs_of)):
            if sum(legs[leg] for leg in order) >= best:
                break
            best = min(best, self.buildable(seat, order)[0])
        return best

    def buildable(self, seat: int, order: tuple[int, int, int]) -> tuple[int, list[Needs]]:
        """The cost of a way along these LEGS once no cell of it needs lines no tile joins
        (FAR where it still does after going around REROUTES cells), and the tiles each leg
        needs."""
        barred = [NO_CELLS] * len(order)
        for _ in range(REROUTES + 1):
            needs = self.needs(seat, order, barred)
            cell = self.unjoined(needs)
            if cell is None:
                return self.cost(seat, order, barred), needs
            around = [
                [*barred[:k], barred[k] | {cell}, *barred[k + 1 :]]
                for k, need in enumerate(needs)
                if any(needed == cell for needed, _ in need)
            ]
            barred = min(around, key=lambda avoid: self.cost(seat, order, avoid))
        return FAR, needs

    def ends(self, seat: int, leg: int) -> tuple[int, int]:
        """The ports a leg of the seat's route joins."""
        ports = self.state.game.parts.routes[self.state.routes[seat]]
        first, last = LEGS[leg]
        return ports[first], ports[last]

    def cost(self, seat: int, order: tuple[int, int, int], barred: list[frozenset[int]]) -> int:
        """The cost of these legs, each kept off its barred cells."""
        total = 0
        for leg, cells in zip(order, barred, strict=True):
            source, target = self.ends(seat, leg)
            total += self.reach(seat, source, cells).ports[target]
        return total

    def needs(
        self, seat: int, order: tuple[int, int, int], barred: list[frozenset[int]]
    ) -> list[Needs]:
        """The tiles each of these legs needs, kept off its barred cells."""
        found = []
        for leg, cells in zip(order, barred, strict=True):
            source, target = self.ends(seat, leg)
            found.append(self.reach(seat, source, cells).cells(target, self.laid))
        return found

    def unjoined(self, needs: list[Needs]) -> int | None:
        """A cell where these ways need lines that no tile fitting it can have together."""
        lines: dict[int, int] = {}
        for cell, line in chain(*needs):
            lines[cell] = lines.get(cell, 0) | line
        tables = self.state.game.tables
        for cell, needed in lines.items():
            if needed & (needed - 1) == 0:  # a single line
                continue
            key, lift = self.keys[cell], self.lifts[cell]
            if not tables.joins(key, self.kinds, needed) and not (
                lift and tables.joins(key & ~lift, self.kinds, needed)
            ):
                return cell
        return None

    @cached_property
    def laid(self) -> list[int]:
        """Per cell, the lines of its tile (0 on a free cell)."""
        lines = self.state.game.parts.tiles.lines
        return [lines[code] if code >= 0 else 0 for code in self.state.board]

    def stops(self, seat: int) -> list[int]:
        """Per cell, the stops the seat's ship makes following a line of the tile there."""
        state = self.state
        flag_of, colour = state.game.parts.tiles.flag_of, state.colours[seat]
        found = [1 if code >= 0 and flag_of[code // EDGES] == colour else 0 for code in state.board]
        for other, cell in enumerate(state.specials):
            if cell is not None and other != seat:
                found[cell] = 2  # a stop, and the turn lost there
        return found

    def search(
        self, seat: int, source: int, barred: frozenset[int], targets: frozenset[int] = NO_CELLS
    ) -> Reach:
        """The cheapest ways from port `source` to each port and crossing (or only until the
        `targets` are found), for the seat's ship (see `ways`). No tile is laid on `barred`
        cells."""
        laid, stops, at_hand, fitting, freed = self.search_lines(seat)
        if barred:
            at_hand, fitting, freed = (closed(kind, barred) for kind in (at_hand, fitting, freed))
        tables = self.state.game.tables
        return ways(tables, source, laid, stops, at_hand, fitting, freed, targets)

    def search_lines(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """Per cell, what the seat's searches go by: the lines laid, the stops on them, and
        the lines open at hand, fitting and freed."""
        found = self.searched.get(seat)
        if found is None:
            opened = self.open_lines(seat)
            found = self.searched[seat] = (
                tuple(self.laid),
                tuple(self.stops(seat)),
                tuple(opened.at_hand),
                tuple(opened.fitting),
                tuple(opened.freed),
            )
        return found


def closed(lines: tuple[int, ...], cells: frozenset[int]) -> tuple[int, ...]:
    """Per cell, these lines, but none on `cells`."""
    kept = list(lines)
    for cell in cells:
        kept[cell] = 0
    return tuple(kept)


@lru_cache(maxsize=4096)
def ways(
    tables: ActionTables,
    source: int,
    all_laid: tuple[int, ...],
    stops: tuple[int, ...],
    at_hand: tuple[int, ...],
    fitting: tuple[int, ...],
    freed: tuple[int, ...],
    targets: frozenset[int] = NO_CELLS,
) -> Reach:
    """The cheapest ways from port `source` to each port and crossing (see `search_ways`),
    kept while the lines stay as they are: the worlds a bot searches share their boards and
    most hands. The search runs compiled where `_ways` was built."""
    searcher = compiled_searcher(tables)
    if searcher is None:
        return search_ways(tables, source, all_laid, stops, at_hand, fitting, freed, targets)
    return Reach(*searcher.ways(source, all_laid, stops, at_hand, fitting, freed, targets))


@lru_cache(maxsize=16)
def compiled_searcher(tables: ActionTables) -> Searcher | None:
    """The compiled way search over this board, or None where it was not built or is not
    allowed (`towpath.core.compiled`)."""
    if SEARCHER is None:
        return None
    board = tables.parts.board
    docks = [[cell * EDGES + edge for cell, edge in port.docks] for port in board.ports]
    return SEARCHER(board.step, LINE, docks, BORDER)


def search_ways(
    tables: ActionTables,
    source: int,
    all_laid: Sequence[int],
    stops: Sequence[int],
    at_hand: Sequence[int],
    fitting: Sequence[int],
    freed: Sequence[int],
    targets: frozenset[int] = NO_CELLS,
) -> Reach:
    """The cheapest ways from port `source` to each port and crossing, for a ship stopping
    `stops` times on each cell's tile, with these lines laid and open per cell (the pure-Python
    search, which `_ways` mirrors step for step).

    Passing a tile along one of its lines costs its stops; passing a cell any other way costs a
    tile where some tile with that line fits it, two where one would fit once a neighbour were
    replaced; a port passed is a stop.

    With `targets`, the search ends once no way yet to follow can arrive in any of those ports
    cheaper (the ways are followed cheapest first): their costs and ways are then as a whole
    search finds them, and nothing else is.
    """
    parts = tables.parts
    ports = [FAR] * len(parts.board.ports)
    came_to_port = [SOURCE] * len(parts.board.ports)
    best = [FAR] * (len(all_laid) * EDGES)
    came = [SOURCE] * len(best)
    crossings = len(best)
    queue: list[int] = []  # cost * crossings + crossing: the cheapest first, then the lowest

    # A way leaving a crossing that cost `spent` arrives in a port at spent + 1 or more.
    enough = [FAR if targets else 2 * FAR]  # spent from which no target can come cheaper

    def moor(port: int, cost: int, how: int) -> None:
        ports[port], came_to_port[port] = cost, how
        if port in targets:
            enough[0] = max(ports[target] for target in targets) - 1
        for cell, edge in parts.board.ports[port].docks:
            crossing = cell * EDGES + edge
            if cost < best[crossing]:
                best[crossing], came[crossing] = cost, SOURCE - 1 - port
                heapq.heappush(queue, cost * crossings + crossing)

    moor(source, 0, SOURCE)
    step = parts.board.step
    onward = [exits(*cell) for cell in zip(all_laid, stops, at_hand, fitting, freed, strict=True)]
    while queue:
        spent, crossing = divmod(heapq.heappop(queue), crossings)
        if spent > best[crossing]:
            continue
        if spent >= enough[0]:
            break
        cell, entry = divmod(crossing, EDGES)
        first, how = cell * EDGES, crossing * EDGES
        for paid, edge in onward[cell][entry]:
            cost = spent + paid
            target = step[first + edge]
            if target >= 0:
                if cost < best[target]:
                    best[target], came[target] = cost, how + edge
                    heapq.heappush(queue, cost * crossings + target)
            elif target != BORDER and cost + 1 < ports[-1 - target]:
                moor(-1 - target, cost + 1, how + edge)
    return Reach(ports, array("q", best), array("q", came), came_to_port)


@lru_cache(maxsize=1 << 16)
def exits(
    laid: int, stops: int, at_hand: int, fitting: int, freed: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per entry edge of a cell with these lines laid and open, the edges a way may leave it
    by and what passing it so costs (see `ways`), edge by edge."""
    found = []
    for entry in range(EDGES):
        leaving = []
        for edge in range(EDGES):
            line = LINE[entry * EDGES + edge]
            if line & laid:
                leaving.append((stops, edge))
            elif line & at_hand:
                leaving.append((TILE, edge))
            elif line & fitting:
                leaving.append((TILE + 1, edge))  # a turn to draw the tile first
            elif line & freed:
                leaving.append((2 * TILE, edge))  # a neighbour must be replaced first
        found.append(tuple(leaving))
    return tuple(found)


def evaluate_all(state: CanalKingState) -> list[float]:
    """`evaluate` for every seat, from one search of each seat's ways."""
    if state.is_terminal():
        return state.returns()
    canals = Canals(state)
    values = [progress(state, seat, canals) for seat in range(state.game.players)]
    return [lead(values, seat) for seat in range(state.game.players)]


def lead(values: list[float], seat: int) -> float:
    """The seat's chance from its lead in turns, less what it may lose on the way (a way
    blocked, the length limit): the more turns it still needs, the less it keeps, so the seat
    hurries even when far ahead. A seat whose route is hopeless has no chance: were a blockade
    of every route worth as much as an even game, a seat behind would seek one, and the game
    would never end."""
    if values[seat] <= -HOPELESS:
        return 0.0
    best_other = max(v for other, v in enumerate(values) if other != seat)
    return logistic((values[seat] - best_other) / LEAD_SCALE) * HORIZON / (HORIZON - values[seat])


def progress(state: CanalKingState, seat: int, canals: Canals) -> float:
    """Minus the turns the seat still needs to win."""
    if state.ships[seat] is not None:
        return -float(sailing_turns(state, seat))
    return -float(launch_turns(canals.buildable_way(seat)))


def way(leg: list[int]) -> int:
    """The cost of a route's way from the costs of its LEGS, calls in the better order."""
    return min(sum(leg[index] for index in order) for order in ORDERS)


def building_turns(leg: list[int]) -> int:
    """A building seat's turns from the costs of its LEGS: tiles, the launch, then sailing."""
    return launch_turns(way(leg))


def launch_turns(cost: int) -> int:
    """A building seat's turns from the cost of its way: tiles, the launch, then sailing."""
    return min(turns_of(cost) + 1, HOPELESS)


def sailing_turns(state: CanalKingState, seat: int) -> int:
    """The fewest sailing turns the seat's ship needs to make its remaining calls and then
    stop in its final port (a lost turn waiting counts; so may a return to the last port)."""
    ship = state.ships[seat]
    assert ship is not None
    _, first, second, final = state.game.parts.routes[state.routes[seat]]
    colour, own = state.colours[seat], state.specials[seat]
    voyages = voyages_on(state.game.tables, tuple(state.board), colour, own)
    here = voyages.turns(state.departure(seat))
    if ship["port"] is None:
        back = voyages.from_port(ship["last_port"])
        here = [min(ahead, 1 + behind) for ahead, behind in zip(here, back, strict=True)]
    due = [port for port in (first, second) if port not in ship["calls"]]
    orders = [due] if state.game.ordered_calls else [due, due[::-1]]
    best = FAR
    for order in orders:
        stops = [*order, final]
        turns = here[stops[0]]
        for a, b in pairwise(stops):
            turns += voyages.from_port(a)[b]
        best = min(best, turns)
    waiting = 1 if ship["skip"] else 0
    return min(best + waiting, HOPELESS)


class Voyages:
    """Sailing turns on one board for one ship (its colour and its own special tile)."""

    def __init__(self, tables: ActionTables, board: tuple[int, ...], colour: int, own: int | None):
        self.parts = tables.parts
        self.board = list(board)
        self.colour = colour
        self.own = own
        self.ports: dict[int, list[int]] = {}

    def from_port(self, port: int) -> list[int]:
        turns = self.ports.get(port)
        if turns is None:
            turns = self.ports[port] = self.turns(Departure(-1 - port, (), self.colour, self.own))
        return turns

    def turns(self, start: Departure) -> list[int]:
        """The fewest turns from `start` to a stop in each port: a search over stops, where
        an opponent's special tile costs the turn lost there too."""
        arrived = [FAR] * len(self.parts.board.ports)
        queue: list[tuple[int, int, Departure]] = [(0, 0, start)]
        done: set[tuple[int, tuple[int, ...]]] = set()
        pushed = 0
        while queue:
            spent, _, place = heapq.heappop(queue)
            if (place.place, place.leaving) in done:
                continue
            done.add((place.place, place.leaving))
            if place.place < 0:
                arrived[-1 - place.place] = min(arrived[-1 - place.place], spent)
            for stop in sail_stops(self.board, self.parts, place):
                after = (stop.place, stop.kind, stop.exit)
                onward = departure(self.board, self.parts, after, self.colour, self.own)
                pushed += 1
                heapq.heappush(queue, (spent + 1 + (stop.kind == SPECIAL), pushed, onward))
        return arrived


@lru_cache(maxsize=2048)
def voyages_on(
    tables: ActionTables, board: tuple[int, ...], colour: int, own: int | None
) -> Voyages:
    """The sailing turns of a ship, kept while the board stays as it is (as it does while
    ships sail)."""
    return Voyages(tables, board, colour, own)


def estimate_actions(state: CanalKingState, seat: int, actions: Sequence[Action]) -> list[float]:
    """`evaluate` after each of the mover's building actions, estimated (see the module's notes;
    an action that joins the mover's route, and so launches its ship, is evaluated in full)."""
    players = range(state.game.players)
    canals = Canals(state)
    legs = {other: canals.legs(other) for other in players if state.ships[other] is None}
    # A tile that shortens a seat's legs leaves whatever its buildable way must go around.
    around = {other: canals.buildable_way(other) - way(leg) for other, leg in legs.items()}
    now = [progress(state, other, canals) for other in players]
    swapping = Swapping(state, canals, now[state.player])
    estimates = []
    for action in actions:
        if isinstance(action, Swap):
            values = list(now)
            values[state.player] = swapping.progress(action)
            estimates.append(lead(values, seat))
            continue
        assert isinstance(action, Place | Replace | Special)
        cell, code = laid(state, action)
        opened = {other: via(canals, other, leg, cell, code) for other, leg in legs.items()}
        if state.player in opened and way(opened[state.player]) < TILE:  # joined: it launches
            after = state.clone()
            after.apply(action)
            estimates.append(evaluate_all(after)[seat])
            continue
        values = list(now)
        for other, leg in opened.items():
            cost = way(leg)
            if cost < way(legs[other]):
                values[other] = -float(launch_turns(cost + around[other]))
        estimates.append(lead(values, seat))
    return estimates


class Swapping:
    """The mover's progress after a swap, expected: each tile drawn may be of a kind its way
    lacks (DRAW_HELPS), up to the best its draws can bring; each kind it gives up all its tiles
    of costs what its way loses without it."""

    def __init__(self, state: CanalKingState, canals: Canals, now: float) -> None:
        self.state, self.canals, self.now = state, canals, now
        kind_of = state.game.parts.tiles.kind_of
        self.hand = Counter(kind_of[tile] for tile in state.hands[state.player])
        self.losses: dict[int, float] = {}

    @cached_property
    def gain(self) -> float:
        """The best the draws can bring: every kind the way lacks. Never less than nothing:
        more tiles take no way away, though the buildable way found with them may be dearer."""
        mover, canals = self.state.player, self.canals
        return max(0.0, progress(self.state, mover, canals.holding(mover, canals.kinds)) - self.now)

    def progress(self, swap: Swap) -> float:
        tiles = self.state.game.parts.tiles
        given = Counter(tiles.kind_of[tiles.by_name[name.lower()]] for name in swap.tiles)
        lost = sum(self.loss(kind) for kind, count in given.items() if count == self.hand[kind])
        return self.now + self.gain * (1 - (1 - DRAW_HELPS) ** len(swap.tiles)) - lost

    def loss(self, kind: int) -> float:
        """What the mover's way loses without any tile of this kind in hand."""
        found = self.losses.get(kind)
        if found is None:
            mover, canals = self.state.player, self.canals
            held = kinds_of(self.state, self.state.hands[mover]) & ~(1 << kind)
            found = self.losses[kind] = self.now - progress(
                self.state, mover, canals.holding(mover, held)
            )
        return found


def laid(state: CanalKingState, action: Place | Replace | Special) -> tuple[int, int]:
    """The cell a building action lays a tile on, and the tile's code there."""
    parts = state.game.parts
    cell = parts.board.cell(action.col, action.row)
    assert cell is not None
    if isinstance(action, Special):
        return cell, parts.tiles.special * EDGES + action.rotation
    return cell, parts.tiles.by_name[action.tile.lower()] * EDGES + action.rotation


def via(canals: Canals, seat: int, leg: list[int], cell: int, code: int) -> list[int]:
    """The costs of the seat's LEGS once tile `code` lies on `cell`: a leg may now pass a cell
    a cheaper way (crossing it once) and arrive in its far port."""
    opened = list(leg)
    cheaper = cheaper_ways(canals, seat, cell, code)
    for index, (one, other) in enumerate(canals.leg_ends(seat)):
        for crossing, exit, cost in cheaper:
            through = min(one[crossing] + other[exit], one[exit] + other[crossing])
            opened[index] = min(opened[index], through + cost + 1)
    return opened


def cheaper_ways(canals: Canals, seat: int, cell: int, code: int) -> list[tuple[int, int, int]]:
    """The ways of passing a cell that tile `code` on `cell` makes cheaper for the seat, as
    (entry crossing, exit crossing, cost): along the tile's lines, stopping on a flag of the
    seat's colour or an opponent's special tile; and through a neighbour where a tile now fits
    that fitted only once the old tile was replaced (a replacement's new canal edges)."""
    state = canals.state
    parts, tables = state.game.parts, state.game.tables
    if code // EDGES == parts.tiles.special:
        stop = 0 if state.player == seat else 2
    else:
        stop = 1 if parts.tiles.flag_of[code // EDGES] == state.colours[seat] else 0
    base = cell * EDGES
    ways = [(base + a, base + b, stop) for a, b in parts.tiles.pairs[code]]
    if state.board[cell] < 0:
        return ways  # a tile on a free cell only narrows what fits around it
    opened = canals.open_lines(seat)
    edges = parts.tiles.edges[code]
    for edge in range(EDGES):
        target = parts.board.step[base + edge]
        if target < 0:
            continue
        other, facing = divmod(target, EDGES)
        key = key_demanding(canals.keys[other], facing, canal=bool(edges >> edge & 1))
        laid = parts.tiles.lines[state.board[other]] if state.board[other] >= 0 else 0
        fits, handy = tables.open_lines(key, opened.kinds), tables.open_lines(key, opened.held)
        gained = (fits & ~opened.fitting[other] | handy & ~opened.at_hand[other]) & ~laid
        first = other * EDGES
        ways += [
            (first + a, first + b, TILE if handy & bit else TILE + 1)
            for (a, b), bit in PAIR_BIT.items()
            if gained & bit
        ]
    return ways

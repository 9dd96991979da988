"""Canal King's rule of thumb (`Game.playout_action`): build your own route, then sail it.

A building player finds the cheapest way of its own route card (`evaluate.Canals`: its four
ports joined, calls in the better order, with the fewest tiles) and lays a tile on a cell of
that way, turned to give the cell a line the way needs there. Best is a hand tile with every
line needed there, that leaves each free neighbour on the way a tile with the lines it needs,
with no flag of the player's colour (a stop) and the fewest canal edges beyond the way; the
special tile serves where it gives a straight. Where no tile serves, a tile whose terrain shuts
a free cell of the way off from the tiles it needs is replaced to face it with canal. The best
few (TRIES) are tried in turn, and the first after which the way costs less is played: a tile
that looked right may seal a port for good. Else the player swaps its whole hand, as it does
when no tile can join its route any more (it waits for another player to win).

A launched player sails to the stop after which the fewest sailing turns take it through its
remaining calls to its final port (`evaluate.sailing_turns`), a winning stop at once.

Ties go either way at random, and now and then (SECOND_BEST) the second best is played, so
games vary.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from towpath.core.actions import Action
from towpath.core.rng import Rng
from towpath.games.canal_king.actions import LAUNCH, SKIP, Place, Replace, Special, Swap
from towpath.games.canal_king.components import EDGES, PAIR_BIT
from towpath.games.canal_king.evaluate import FAR, ORDERS, Canals, sailing_turns
from towpath.games.canal_king.fitting import TERRAIN_SHIFT, key_demanding
from towpath.games.canal_king.state import CanalKingState

SECOND_BEST = 0.05  # the share of choices where the second best is played
TRIES = 4  # the best-ranked tiles tried on the way, each judged by the way left after it
T = TypeVar("T")
# A building choice's rank (higher is better): every line needed, neighbours kept open, no
# stop on it, a hand tile rather than the special tile, the fewest canal edges beyond the way.
Rank = tuple[int, ...]
Laying = tuple[int, int, int]  # a tile type, the cell it goes on, its rotation there


def playout_action(state: CanalKingState, rng: Rng) -> Action:
    seat = state.player
    ship = state.ships[seat]
    if ship is None:
        if state.route_done(seat):
            return LAUNCH
        return building_action(state, seat, rng)
    if ship["skip"]:
        return SKIP
    return sailing_action(state, seat, rng)


# -- building ----------------------------------------------------------------------------------


def building_action(state: CanalKingState, seat: int, rng: Rng) -> Action:
    canals = Canals(state)
    way = cheapest_way(canals, seat, rng)
    if way is None:
        return swap_all(state, seat, rng)
    cost, needs = way
    choices = list(laying(state, seat, canals, needs))
    if not choices:
        choices = list(opening(state, seat, canals, needs))
    for tile, cell, rotation in ranked(choices, rng)[:TRIES]:
        action = laid(state, tile, cell, rotation)
        if way_cost(state, seat, action) < cost:
            return action
    return swap_all(state, seat, rng)


def cheapest_way(canals: Canals, seat: int, rng: Rng) -> tuple[int, dict[int, int]] | None:
    """The cost of the seat's cheapest buildable way, and the cells of it that still need
    lines, with the lines each needs (a bit mask); None where no tile can join the route any
    more."""
    legs = canals.legs(seat)
    orders = list(ORDERS)
    rng.shuffle(orders)  # calls in either order where both cost alike
    orders.sort(key=lambda order: sum(legs[leg] for leg in order))
    best, found = FAR, None
    for order in orders:
        if sum(legs[leg] for leg in order) >= best:
            break
        cost, needs = canals.buildable(seat, order)
        if cost < best:
            best, found = cost, needs
    if found is None:
        return None
    lines: dict[int, int] = {}
    for need in found:
        for cell, line in need:
            lines[cell] = lines.get(cell, 0) | line
    return best, lines


def way_cost(state: CanalKingState, seat: int, action: Action) -> int:
    """The cost of the seat's cheapest buildable way once it has played `action` (FAR where
    the action leaves no way: a port shut off for good)."""
    after = state.clone()
    after.apply(action)
    if after.route_done(seat):
        return -1
    return Canals(after).buildable_way(seat)


def laying(
    state: CanalKingState, seat: int, canals: Canals, needs: dict[int, int]
) -> Iterable[tuple[Rank, Laying]]:
    """Each hand tile (and the unplayed special tile) turned to give a way's cell some line it
    needs, placed or replacing the tile there, ranked."""
    parts, tables = state.game.parts, state.game.tables
    tiles, board, special = parts.tiles, state.board, parts.tiles.special
    types = sorted(set(state.hands[seat]))
    if state.specials[seat] is None:
        types.append(special)
    colour = state.colours[seat]
    for cell, wanted in needs.items():
        old, beyond = board[cell], ~way_edges(wanted)
        per_kind = tables.cell_fit(old, state.constraints[cell])[1]
        for tile in types:
            if tile == old // EDGES or (tile == special and cell in parts.board.dock_cells):
                continue  # the very same tile; a special tile never on a dock cell
            for rotation in per_kind[tiles.kind_of[tile]]:
                code = tile * EDGES + rotation
                given = tiles.lines[code] & wanted
                if not given:
                    continue
                rank = (
                    given == wanted,
                    keeps_open(state, canals, needs, cell, code),
                    tiles.flag_of[tile] != colour,
                    tile != special,
                    -bin(tiles.edges[code] & beyond).count("1"),
                )
                yield rank, (tile, cell, rotation)


def keeps_open(
    state: CanalKingState, canals: Canals, needs: dict[int, int], cell: int, code: int
) -> bool:
    """Whether every free cell of the way next to `cell` can still get the lines it needs once
    tile `code` lies on `cell`."""
    parts, tables = state.game.parts, state.game.tables
    edges = parts.tiles.edges[code]
    for edge in range(EDGES):
        target = parts.board.step[cell * EDGES + edge]
        if target < 0:
            continue
        other, facing = divmod(target, EDGES)
        if other not in needs or state.board[other] >= 0:
            continue
        key = key_demanding(canals.keys[other], facing, canal=bool(edges >> edge & 1))
        if not tables.joins(key, canals.kinds, needs[other]):
            return False
    return True


def opening(
    state: CanalKingState, seat: int, canals: Canals, needs: dict[int, int]
) -> Iterable[tuple[Rank, Laying]]:
    """Replacements of a tile whose terrain shuts a free cell of the way off from every tile
    with the lines it needs: turned to face it with canal instead (a tile that lets a tile
    with those lines fit first)."""
    parts, tables = state.game.parts, state.game.tables
    tiles, board, step = parts.tiles, state.board, parts.board.step
    types = sorted(set(state.hands[seat]))
    for cell, wanted in needs.items():
        if board[cell] >= 0:
            continue
        key = canals.keys[cell]
        for edge in range(EDGES):
            target = step[cell * EDGES + edge]
            if not key >> (edge + TERRAIN_SHIFT) & 1 or target < 0:
                continue
            other, facing = divmod(target, EDGES)
            old = board[other]
            if old < 0 or old // EDGES == tiles.special:
                continue
            frees = tables.joins(key_demanding(key, edge, canal=True), canals.kinds, wanted)
            per_kind = tables.cell_fit(old, state.constraints[other])[1]
            for tile in types:
                if tile == old // EDGES:
                    continue
                for rotation in per_kind[tiles.kind_of[tile]]:
                    if tiles.edges[tile * EDGES + rotation] >> facing & 1:
                        yield (frees,), (tile, other, rotation)


def way_edges(lines: int) -> int:
    """The edges (a bit mask) these lines end at."""
    edges = 0
    for (a, b), bit in PAIR_BIT.items():
        if lines & bit:
            edges |= 1 << a | 1 << b
    return edges


def laid(state: CanalKingState, tile: int, cell: int, rotation: int) -> Action:
    """The action laying `tile` on `cell` turned `rotation`."""
    parts = state.game.parts
    col, row = parts.board.coords(cell)
    if tile == parts.tiles.special:
        return Special(col, row, rotation)
    name = parts.tiles.names[tile]
    if state.board[cell] >= 0:
        return Replace(name, col, row, rotation)
    return Place(name, col, row, rotation)


def swap_all(state: CanalKingState, seat: int, rng: Rng) -> Action:
    """Swap as many hand tiles as a swap may (a hand is kept in tile-set order); with none in
    hand, any action."""
    parts = state.game.parts
    hand = state.hands[seat][: parts.rules.swap_max]
    if not hand:
        return rng.choice(state.legal_actions())
    return Swap(tuple(parts.tiles.names[tile] for tile in hand))


# -- sailing -----------------------------------------------------------------------------------


def sailing_action(state: CanalKingState, seat: int, rng: Rng) -> Action:
    """The stop after which the fewest sailing turns finish the route; a winning one at once."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    choices: list[tuple[Rank, Action]] = []
    for action in actions:
        after = state.clone()
        after.apply(action)
        if after.winner == seat:
            return action
        choices.append(((-sailing_turns(after, seat),), action))
    return pick(choices, rng)


# -- choosing ----------------------------------------------------------------------------------


def pick(choices: list[tuple[Rank, T]], rng: Rng) -> T:
    """The best choice, ties broken at random; now and then one of the second best."""
    return ranked(choices, rng)[0]


def ranked(choices: list[tuple[Rank, T]], rng: Rng) -> list[T]:
    """The choices, best first, ties in a random order; now and then (SECOND_BEST) one of the
    second best first."""
    rng.shuffle(choices)
    choices.sort(key=lambda choice: choice[0], reverse=True)
    order = [choice for _, choice in choices]
    if rng.random() < SECOND_BEST:
        second = next((k for k, (rank, _) in enumerate(choices) if rank != choices[0][0]), None)
        if second is not None:
            order.insert(0, order.pop(second))
    return order

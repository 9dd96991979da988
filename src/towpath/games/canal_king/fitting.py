"""Precomputed pieces of the building moves, shared by every state of one set of components.

A cell's *constraint* packs the edges that must be canal (bits 0-5) and those that must be
terrain (bits 6-11), from its neighbours' tiles, its docks and the border (Placing rules). The
rotations of a kind that meet a constraint, and the action objects themselves, are computed once
and looked up afterwards: a turn can have thousands of placements.
"""

from __future__ import annotations

from itertools import combinations, compress
from operator import itemgetter, or_
from typing import cast

from towpath.core import compiled
from towpath.core.actions import Action
from towpath.core.caches import remember
from towpath.games.canal_king.actions import Place, Replace, Special, Swap
from towpath.games.canal_king.components import EDGES, Components

TERRAIN_SHIFT = 6
EDGE_BITS = (1 << EDGES) - 1
STATE_SHIFT = 2 * TERRAIN_SHIFT  # a cell's state: its lines part << STATE_SHIFT | constraint
CONSTRAINT_BITS = (1 << STATE_SHIFT) - 1
SEALED = 1 << 16  # a cell state's lines part for a special tile
MAX_ENTRIES = 200_000  # per cache, which is emptied when full
FIRST = itemgetter(0)
NEXT = (1).__add__

Fit = tuple[int, tuple[tuple[int, ...], ...]]  # kinds with a fitting rotation, and those by kind

try:
    from towpath.games.canal_king._building import building as compiled_building
except ImportError:  # not built: ActionTables.building_in_python lists them
    compiled_building = None  # type: ignore[assignment]
# The building moves listed in C (`_building.pyx`), unless not built or not allowed.
LIST_BUILDING = compiled_building if compiled.allowed() else None


def demanding(constraint: int, edge: int, canal: bool) -> int:
    """A cell's constraint with its `edge` made to demand canal (or terrain) instead."""
    cleared = constraint & ~(1 << edge | 1 << (edge + TERRAIN_SHIFT))
    return cleared | 1 << (edge if canal else edge + TERRAIN_SHIFT)


def key_demanding(key: int, edge: int, canal: bool) -> int:
    """A cell state with its `edge` made to demand canal (or terrain) instead."""
    return key & ~CONSTRAINT_BITS | demanding(key & CONSTRAINT_BITS, edge, canal)


def by_kinds(caches: dict[int, dict[int, int]], kinds: int) -> dict[int, int]:
    """The cache of these kinds held (a bit mask) among `caches`."""
    known = caches.get(kinds)
    if known is None:
        known = caches[kinds] = {}
    return known


def fits(edges: int, constraint: int) -> bool:
    canal = constraint & EDGE_BITS
    return edges & canal == canal and not edges & (constraint >> TERRAIN_SHIFT)


class ActionTables:
    """Building moves looked up rather than searched. A cell's *state* packs its lines (or
    free, or a special tile) with its constraint; for each state seen, `fit` keeps the fitting
    rotations of every kind (and a bit mask of the kinds with some), shared by all cells."""

    def __init__(self, parts: Components) -> None:
        self.parts = parts
        tiles = parts.tiles
        self.size = parts.board.size
        # Each cell's constraint on an empty board: its docks and its plain border.
        self.static = tuple(
            canal | terrain << TERRAIN_SHIFT
            for canal, terrain in zip(parts.board.must_canal, parts.board.must_terrain, strict=True)
        )
        self.special, self.special_kind = tiles.special, tiles.special_kind
        # A code of each kind's first type: every type of a kind has the kind's lines.
        self.kind_code = [tiles.kind_of.index(k) * EDGES for k in range(len(tiles.kinds))]
        # The high bits of a cell's state, by code + 1: 0 for a free cell, the lines + 1 for a
        # tile, SEALED for a special tile (which nothing replaces).
        self.state_of_code = [0] + [
            (SEALED if code >= tiles.special * EDGES else tiles.lines[code] + 1) << STATE_SHIFT
            for code in range(len(tiles.lines))
        ]
        self.fit: dict[int, Fit] = {}
        self.rows: list[list[tuple[Action, ...] | None]] = [
            [None] * (2 * self.size) for _ in tiles.names
        ]
        # The rotation of the special tile that gives exactly a given line mask.
        special = tiles.special * EDGES
        self.special_over = {
            tiles.lines[special + r]: r for r in tiles.rotations[tiles.special_kind]
        }
        # Per bit mask of kinds, the open lines (`open_lines`) and the lifting facings
        # (`lifting`) of each cell state seen.
        self.opened: dict[int, dict[int, int]] = {}
        self.lifted: dict[int, dict[int, int]] = {}
        self.swap_actions: dict[tuple[int, ...], Swap] = {}
        self.hand_swaps: dict[tuple[int, ...], tuple[Action, ...]] = {}
        self.parsed: dict[str, Action] = {}  # notation -> action, for Game.parse_action

    def building(self, types: list[int], board: list[int], found: list[Fit]) -> list[Action]:
        """Every placement, replacement or special tile of these types (the special tile is the
        last type), cell by cell, but no replacement by the very same tile; `found` is each
        cell's fit (`cell_fits`). Listed in C where `_building` was built."""
        if LIST_BUILDING is not None:
            return LIST_BUILDING(self, types, board, found)
        return self.building_in_python(types, board, found)

    def building_in_python(
        self, types: list[int], board: list[int], found: list[Fit]
    ) -> list[Action]:
        """`building` in Python, which `_building.pyx` mirrors step for step. The cells where
        some type fits are found in C."""
        kind_of, docks, special = (
            self.parts.tiles.kind_of,
            self.parts.board.dock_cells,
            self.special,
        )
        hand = [(tile, kind_of[tile]) for tile in types]
        kinds = 0
        for _, kind in hand:
            kinds |= 1 << kind
        masks = map(kinds.__and__, map(FIRST, found))
        rows, size = self.rows, self.size
        actions: list[Action] = []
        for cell in compress(range(size), masks):
            per_kind = found[cell][1]
            old = board[cell]
            replacing = old >= 0
            for tile, kind in hand:
                rotations = per_kind[kind]
                # A tile keeping every line of one of its own type is the very same tile: that
                # replacement changes nothing on the board, it is the swap of that tile.
                if rotations and tile != old // EDGES and not (tile == special and cell in docks):
                    row = rows[tile][cell + size * replacing] or self._row(tile, cell, replacing)
                    actions.extend(map(row.__getitem__, rotations))
        return actions

    def cell_fits(self, board: list[int], constraints: list[int]) -> list[Fit]:
        """Each cell's fit: the kinds with a rotation that may go there, and those rotations."""
        keys = self.cell_states(board, constraints)
        known = list(map(self.fit.get, keys))
        while None in known:
            cell = known.index(None)
            known[cell] = self._fit(keys[cell])
        return cast(list[Fit], known)

    def cell_fit(self, code: int, constraint: int) -> Fit:
        """The fit of a cell holding `code` (-1: free) under `constraint`."""
        key = self.state_of_code[code + 1] | constraint
        return self.fit.get(key) or self._fit(key)

    def cell_states(self, board: list[int], constraints: list[int]) -> list[int]:
        """Each cell's state: its lines (or free, or a special tile) with its constraint."""
        return list(map(or_, map(self.state_of_code.__getitem__, map(NEXT, board)), constraints))

    def open_lines(self, key: int, kinds: int) -> int:
        """The lines a cell in state `key` may come to have: those of every playing tile of
        `kinds` (a bit mask) that may be placed there, or replace its tile, under the placing
        rules."""
        known = by_kinds(self.opened, kinds)
        lines = known.get(key)
        if lines is None:
            per_kind = (self.fit.get(key) or self._fit(key))[1]
            lines = 0
            for kind, rotations in enumerate(per_kind[: self.special_kind]):
                if kinds >> kind & 1:
                    for rotation in rotations:
                        lines |= self.parts.tiles.lines[self.kind_code[kind] + rotation]
            remember(known, key, lines, MAX_ENTRIES)
        return lines

    def open_lines_of(self, keys: list[int], kinds: int) -> list[int]:
        """`open_lines` of each of these cell states."""
        found = list(map(self.opened.get(kinds, {}).get, keys))
        while None in found:
            at = found.index(None)
            found[at] = self.open_lines(keys[at], kinds)
        return cast(list[int], found)

    def lifting(self, key: int, kinds: int) -> int:
        """The edges (a bit mask) of a tile in cell state `key` that a tile of `kinds` may
        replace it to face with canal: those where, demanding canal, the cell still has open
        lines."""
        known = by_kinds(self.lifted, kinds)
        facings = known.get(key)
        if facings is None:
            facings = 0
            for edge in range(EDGES):
                if self.open_lines(key_demanding(key, edge, canal=True), kinds):
                    facings |= 1 << edge
            remember(known, key, facings, MAX_ENTRIES)
        return facings

    def joins(self, key: int, kinds: int, lines: int) -> bool:
        """Whether one playing tile of `kinds` that may be placed in a cell in state `key` (or
        replace its tile) has every one of these lines."""
        per_kind = (self.fit.get(key) or self._fit(key))[1]
        tile_lines = self.parts.tiles.lines
        return any(
            tile_lines[self.kind_code[kind] + rotation] & lines == lines
            for kind, rotations in enumerate(per_kind[: self.special_kind])
            if kinds >> kind & 1
            for rotation in rotations
        )

    def _fit(self, key: int) -> Fit:
        high, constraint = key >> STATE_SHIFT, key & CONSTRAINT_BITS
        kinds = range(len(self.parts.tiles.kinds))
        if high == SEALED:
            per_kind: tuple[tuple[int, ...], ...] = tuple(() for _ in kinds)
        else:
            keep = max(high - 1, 0)
            per_kind = tuple(self.rotations(kind, keep, constraint) for kind in kinds)
            if high:  # the special tile replaces only a single straight, along it
                over = self.special_over.get(keep)
                special = () if over is None else (over,)
                per_kind = (*per_kind[: self.special_kind], special)
        mask = sum(1 << kind for kind in kinds if per_kind[kind])
        return remember(self.fit, key, (mask, per_kind), MAX_ENTRIES)

    def _row(self, tile: int, cell: int, replacing: bool) -> tuple[Action, ...]:
        """The actions putting `tile` on `cell` in each rotation."""
        row = self.rows[tile][cell + self.size * replacing]
        if row is None:
            col, line = self.parts.board.coords(cell)
            name = self.parts.tiles.names[tile]
            if tile == self.special:
                row = tuple(Special(col, line, r) for r in range(EDGES))
            else:
                kind = Replace if replacing else Place
                row = tuple(kind(name, col, line, r) for r in range(EDGES))
            self.rows[tile][cell + self.size * replacing] = row
        return row

    def rotations(self, kind: int, keep: int, constraint: int) -> tuple[int, ...]:
        """The distinct rotations of `kind` whose lines include the mask `keep` and whose edges
        meet `constraint`."""
        tiles, code = self.parts.tiles, self.kind_code[kind]
        return tuple(
            r
            for r in tiles.rotations[kind]
            if tiles.lines[code + r] & keep == keep and fits(tiles.edges[code + r], constraint)
        )

    def swaps(self, hand: list[int]) -> list[Action]:
        """Every distinct set of 1 to swap_max tiles of a (sorted) hand, kept per hand."""
        known = self.hand_swaps.get(tuple(hand))
        if known is None:
            known = remember(self.hand_swaps, tuple(hand), self._swaps(hand), MAX_ENTRIES)
        return list(known)

    def _swaps(self, hand: list[int]) -> tuple[Action, ...]:
        sets: dict[tuple[int, ...], None] = {}
        for count in range(1, min(len(hand), self.parts.rules.swap_max) + 1):
            sets.update(dict.fromkeys(combinations(hand, count)))
        known = self.swap_actions
        return tuple([known.get(tiles) or self._swap(tiles) for tiles in sets])

    def _swap(self, tiles: tuple[int, ...]) -> Swap:
        action = Swap(tuple(self.parts.tiles.names[t] for t in tiles))
        return remember(self.swap_actions, tiles, action, MAX_ENTRIES)

"""Mapped Out's position: the data of a game in play and what every phase reads and changes.

Cards in play are plain lists (see cards.py); knowledge travels with them when they move.
Tiles are ids; `tile_seen[t]` is the mask of who knows where tile t is while it is in a hand.
Cells are stored as "x,y" keys of `board` (tile id there). The pending steps (see steps.py) are
plain dicts, the top last. The contract of a state (legal actions, views, saving) is state.py's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from towpath.core.game import State
from towpath.core.rng import Rng
from towpath.games.mapped_out.actions import ORIENTATIONS
from towpath.games.mapped_out.cards import KIND, KNOWN, TURN, UP, Card, new_card
from towpath.games.mapped_out.cells import Cell, around, cell_of, key, reading_order
from towpath.games.mapped_out.components import CardKind, Tile
from towpath.games.mapped_out.table import MappedOutTable

Step = dict[str, Any]


class Position(State):
    __slots__ = (
        "board",
        "deck",
        "discards",
        "hands",
        "inverted",
        "last_move",
        "paths",
        "pawns",
        "phase",
        "pile",
        "piles",
        "player",
        "removed",
        "rows",
        "start_tile",
        "steps",
        "stopped",
        "tile_seen",
        "walk_index",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "phase",
        "player",
        "steps",
        "rows",
        "deck",
        "discards",
        "hands",
        "pile",
        "tile_seen",
        "board",
        "removed",
        "start_tile",
        "pawns",
        "paths",
        "piles",
        "inverted",
        "last_move",
        "walk_index",
        "stopped",
    )

    game: MappedOutTable
    phase: str
    player: int
    steps: list[Step]
    rows: list[list[Card]]
    deck: list[int]
    discards: list[Card]
    hands: list[list[int]]
    pile: list[int]
    tile_seen: list[int]
    board: dict[str, int]
    removed: list[int]
    start_tile: int
    pawns: list[list[int]]
    paths: list[list[list[Any]]]
    piles: list[list[int]]
    inverted: list[bool]
    last_move: list[str | None]
    walk_index: int
    stopped: list[bool]

    def __init__(self, game: MappedOutTable, seed: int, rng: Rng | None = None) -> None:
        """The setup: rows dealt face down, hands dealt, one tile starts the map."""
        super().__init__(game, seed, rng)
        players, rules = game.players, game.rules
        self.phase = "build"
        self.player = game.first_player
        self.steps = [{"do": "turn"}]
        self.deck = list(game.deck)
        self.rng.shuffle(self.deck)
        self.rows = []
        for seat in range(players):
            set_of = seat if game.see_cards else -1
            dealt = [self.deck.pop() for _ in range(rules.row_cards)]
            self.rows.append([new_card(kind, set_of) for kind in dealt])
        self.discards = []
        self.pile = list(game.tile_ids)
        self.rng.shuffle(self.pile)
        self.tile_seen = [0] * len(game.tiles)
        self.hands = []
        for seat in range(players):
            hand = sorted(self.pile.pop() for _ in range(rules.hand_tiles))
            for tile in hand:
                self.tile_seen[tile] = 1 << seat
            self.hands.append(hand)
        self.start_tile = self.pile.pop()
        self.tile_seen[self.start_tile] = game.everyone
        self.board = {key(0, 0): self.start_tile}
        self.removed = []
        self.pawns = [[0, 0] for _ in range(players)]
        self.paths = [[] for _ in range(players)]
        self.piles = [[] for _ in range(players)]
        self.inverted = [False] * players
        self.last_move = [None] * players
        self.walk_index = 0
        self.stopped = [False] * players

    def push(self, step: Step) -> None:
        self.steps.append(step)

    # -- components -------------------------------------------------------------------------------

    def tile(self, tile_id: int) -> Tile:
        return self.game.tiles[tile_id]

    def kind(self, card: Card) -> CardKind:
        return self.game.kinds[card[KIND]]

    # -- cards ------------------------------------------------------------------------------------

    def card_at(self, seat: int, pos: int) -> Card | None:
        """Card `pos` (from 1) of a seat's row, or None if the row is shorter."""
        row = self.rows[seat]
        return row[pos - 1] if 1 <= pos <= len(row) else None

    def face_down(self) -> list[tuple[int, int]]:
        """(seat, position) of every face-down card, in row order."""
        return [
            (seat, pos)
            for seat, row in enumerate(self.rows)
            for pos, card in enumerate(row, start=1)
            if not card[UP]
        ]

    def revealed_cards(self) -> list[tuple[int, int]]:
        return [
            (seat, pos)
            for seat, row in enumerate(self.rows)
            for pos, card in enumerate(row, start=1)
            if card[UP]
        ]

    def exchange_cards(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Two cards trade places; face-up state and everyone's knowledge go with them."""
        row_a, row_b = self.rows[a[0]], self.rows[b[0]]
        row_a[a[1] - 1], row_b[b[1] - 1] = row_b[b[1] - 1], row_a[a[1] - 1]

    def reveal_card(self, seat: int, pos: int, by: int, building: bool) -> bool:
        """Turn a face-down card up. Its orientation is random, or chosen by `by` (option
        choose_orientation) in an `orient` step: then False, the reveal not yet finished."""
        card = self.rows[seat][pos - 1]
        card[UP] = True
        card[KNOWN] = self.game.everyone
        if self.kind(card).directional:
            if self.game.choose_orientation:
                self.push({"do": "orient", "by": by, "seat": seat, "pos": pos, "build": building})
                return False
            card[TURN] = self.rng.choice(ORIENTATIONS)
        return True

    def check_row_end(self) -> None:
        """The build phase ends the moment some row is wholly revealed (even mid-action)."""
        if self.phase == "build" and any(all(c[UP] for c in row) for row in self.rows):
            self.end_build()

    # -- the map ----------------------------------------------------------------------------------

    def tile_cell(self, tile_id: int) -> str | None:
        for cell, here in self.board.items():
            if here == tile_id:
                return cell
        return None

    def pawn_key(self, seat: int) -> str:
        x, y = self.pawns[seat]
        return key(x, y)

    def adjacent_tiles(self, cell: str) -> list[Cell]:
        board = self.board
        return sorted((xy for near, xy in around(cell) if near in board), key=reading_order)

    def map_cells(self, exclude: str | None = None) -> list[Cell]:
        cells = (cell_of(cell) for cell in self.board if cell != exclude)
        return sorted(cells, key=reading_order)

    def occupied(self) -> set[str]:
        return {key(x, y) for x, y in self.pawns}

    # -- phases -----------------------------------------------------------------------------------

    def end_build(self) -> None:
        """Phase 2 starts: nothing pending of the build phase survives (no tile is drawn). The
        pawns set out once the steps pushed after this (a last card's special) are done."""
        self.steps.clear()
        self.phase = "walk"
        if self.game.muddled_waters:
            self.player = self.game.players - 1  # the first mover is seat 0
            self.steps += [{"do": "muddle"}, {"do": "mass_reveal"}]
        else:
            self.player = 0
            self.walk_index = 0
            self.steps.append({"do": "walk"})
        self.steps.append({"do": "set_out"})

    def finish(self) -> None:
        self.steps.clear()
        self.phase = "over"

    def trace(self, seat: int, kind: int, armed: bool) -> None:
        """A path entry: where the pawn stands after a card (`kind`) or a special move (-1)."""
        x, y = self.pawns[seat]
        self.paths[seat].append([x, y, self.board[key(x, y)], kind, armed])

    # -- information ------------------------------------------------------------------------------

    def scored_tiles(self, seat: int) -> list[Tile]:
        """The distinct tiles the seat's walk visited (Muddled Waters: its score pile)."""
        game = self.game
        ids = self.piles[seat] if game.muddled_waters else {entry[2] for entry in self.paths[seat]}
        return [game.tiles[t] for t in sorted(ids)]

    def bit(self, seat: int | None) -> int:
        return self.game.players if seat is None else seat

"""Mapped Out as fixed-size numbers: action ids and the observation tensor (core.encoding).

The grid has no bounds, so no id names a cell outright: a placement names its cell relative to
the map, a chosen cell by the tile on it, a hole by the tile above it; such ids are read against
the state. Action ids, in blocks (T tiles in the configuration, by id; P seats; L the longest a
row can grow: 8 cards and every Draw card of the deck; directions up, right, down, left):
- `place`: without `free_placement`, tile × the tile beside the cell (the lowest id among its
  neighbours) × the direction from that tile to the cell; with it, tile × each cell of a square
  of side 1 + 4 (T − 1) + 8 whose corner lies 4 cells above and left of the map's bounding box
  (no map can outgrow it), row by row: over a million ids;
- `pick`: `reveal`, `study`, `remove` × seat × position (1..L);
- `swap`: seat × position × other seat × other position;
- `orient` 0, 180; `insert` 1..L + 1; `hands` for each seat; `go` for each direction;
- `point`: `start`, `destroy`, `exchange`, `to`, `send`, `push` × the tile on the chosen cell;
- `cork`: tile × the tile above the hole; `take` for each tile; `done`.

Observation slices (seats from the observer's own, then clockwise; K card kinds; D decisions):
- `on_map` [T], `cell` [T, 2]: each tile on the map and its place in the map's bounding box
  (x and y from its left and top, / the square's side); `removed` [T]; `in_hand` [T, P]: the
  tiles the observer knows in each hand; `in_pile` [T, P]: the score piles; `visited` [T, P];
- `pawns` [P, 2], `start` [2]: box places as for tiles; `hand_sizes` [P] (/ T);
- `cards` [P, L, K]: each row's cards of a kind the observer knows; `present` [P, L],
  `revealed` [P, L], `upside_down` [P, L], `armed` [P, L]; `discards` [K] (/ the deck);
- `pile` [1] (/ T), `deck` [1] (/ the deck); `phase` [3]: build, walk, over; `decision` [D]:
  the kind of choice the seat to move makes; `to_move` [P], `walker` [P], `inverted` [P],
  `scores` [P] (/ 50, at most 1);
- who knows what: `known_by` [P, L, P], the seats who know each row card; `set_of` [P, L, P],
  with `see_cards` the seat whose set the card came from; `known_set` [K], the observer's own
  set (/ the deck); `tile_known_by` [T, P], who knows each hand tile the observer knows;
  `hidden_known_by` [P, 2^P], each hand's unknown tiles counted by the set of seats (a bit
  each, in the observer's seat order) who know them (/ T);
- the walk: `path_length` [P] (/ the deck) and `walked` [P, K], the kinds of card each walker
  used (/ the deck);
- the choice being made (all 0 but where it applies): `step_seat` [P], the seat it names
  (a row's owner, the seat to send or push); `step_count` [1], the cards left to study or
  destroy, or the tile's number (/ L); `step_pos` [L], the card to orient; `step_picked`
  [P, L], the cards studied so far; `step_first` [3], 1 and the box place of the first cell
  of an Exchange once chosen; `step_kind` [K], the card whose direction or match is chosen;
  `step_fish` [1], the fish to match (/ the most fish on a tile); `step_flags` [2], armed and
  orienting while building.
The observation tells every two different views of a seat apart (a test over random games).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from towpath.core.actions import Action
from towpath.core.encoding import Encoding, Shape, Tensor, View, fraction, one_hot, seat_order
from towpath.core.errors import GameError
from towpath.core.grid import DIRECTIONS, step
from towpath.games.mapped_out.actions import (
    CARD_VERBS,
    CELL_VERBS,
    DONE,
    ORIENTATIONS,
    Cork,
    Go,
    HandSwap,
    Insert,
    Orient,
    Pick,
    Place,
    Point,
    Swap,
    Take,
)
from towpath.games.mapped_out.cells import cell_of, key
from towpath.games.mapped_out.position import Position
from towpath.games.mapped_out.steps import DECISIONS
from towpath.games.mapped_out.table import MappedOutTable

PHASES = ("build", "walk", "over")
Cell = tuple[int, int]
SCORE_SCALE = 50.0


class MappedOutEncoding(Encoding):
    chance = True
    returns_sum = 1.0

    def __init__(self, game: MappedOutTable) -> None:
        self.game = game
        rules = game.rules
        self.tiles = list(game.tile_ids)
        self.tile_index = {tile: index for index, tile in enumerate(self.tiles)}
        draws = sum(1 for kind in game.deck if game.kinds[kind].special == "draw")
        self.row = rules.row_cards + draws
        self.margin = rules.free_placement_margin
        self.side = 1 + self.margin * (len(self.tiles) - 1) + 2 * self.margin
        self.decisions = sorted(DECISIONS)
        self.kind_index = {kind.name: k for k, kind in enumerate(game.kinds)}
        self.fish = max(max(tile.fish, default=0) for tile in game.tiles)
        super().__init__()

    # -- action ids ------------------------------------------------------------------------------

    def action_blocks(self) -> Sequence[tuple[str, Sequence[Hashable]]]:
        seats, places, tiles = range(self.game.players), range(1, self.row + 1), self.tiles
        if self.game.free_placement:
            cells = [(x, y) for y in range(self.side) for x in range(self.side)]
            placing: list[Hashable] = [("place", t, x, y) for t in tiles for x, y in cells]
        else:
            placing = [
                ("place", t, beside, d) for t in tiles for beside in tiles for d in DIRECTIONS
            ]
        return [
            ("place", placing),
            ("pick", [Pick(v, s, p) for v in CARD_VERBS for s in seats for p in places]),
            (
                "swap",
                [Swap(s, p, o, q) for s in seats for p in places for o in seats for q in places],
            ),
            ("orient", [Orient(degrees) for degrees in ORIENTATIONS]),
            ("insert", [Insert(p) for p in range(1, self.row + 2)]),
            ("hands", [HandSwap(s) for s in seats]),
            ("go", [Go(direction) for direction in DIRECTIONS]),
            ("point", [("point", verb, tile) for verb in CELL_VERBS for tile in self.tiles]),
            ("cork", [("cork", tile, above) for tile in tiles for above in tiles]),
            ("take", [Take(tile) for tile in self.tiles]),
            ("done", [DONE]),
        ]

    def key(self, action: Action, state: Any) -> Hashable:
        if isinstance(action, Place):
            return self._place_key(action, self._state(state))
        if isinstance(action, Point):
            board = self._state(state).board
            return ("point", action.verb, board.get(key(action.x, action.y)))
        if isinstance(action, Cork):
            position = self._state(state)
            above = position.board.get(key(action.x, action.y - 1))
            return ("cork", action.tile, above)
        return action

    def _place_key(self, action: Place, state: Position) -> Hashable:
        if self.game.free_placement:
            left, top = self._corner(state)
            return ("place", action.tile, action.x - left, action.y - top)
        beside = [
            (tile, direction)
            for direction, (dx, dy) in DIRECTIONS.items()
            if (tile := state.board.get(key(action.x - dx, action.y - dy))) is not None
        ]
        if not beside:
            return action  # a cell touching no tile: no id
        return ("place", action.tile, *min(beside))

    def action_of(self, code: Hashable, state: Any) -> Action:
        if isinstance(code, Action):
            return code
        assert isinstance(code, tuple)
        position = self._state(state)
        verb, *rest = code
        if verb == "point":
            x, y = self._cell_of(position, rest[1])
            return Point(rest[0], x, y)
        tile = rest[0]
        if verb == "cork":
            x, y = self._cell_of(position, rest[1])
            return Cork(tile, x, y + 1)
        if self.game.free_placement:
            left, top = self._corner(position)
            return Place(tile, left + rest[1], top + rest[2])
        x, y = step(self._cell_of(position, rest[1]), rest[2])
        return Place(tile, x, y)

    def _state(self, state: Any) -> Position:
        if not isinstance(state, Position):
            raise GameError("placements, holes and chosen cells are read against a state")
        return state

    def _cell_of(self, state: Position, tile: int) -> tuple[int, int]:
        cell = state.tile_cell(tile)
        if cell is None:
            raise GameError(f"the id names tile {tile}, which is not on the map")
        return cell_of(cell)

    def _corner(self, state: Position) -> tuple[int, int]:
        cells = [cell_of(cell) for cell in state.board]
        return (
            min(x for x, _ in cells) - self.margin,
            min(y for _, y in cells) - self.margin,
        )

    def max_game_length(self) -> int:
        """A bound no game reaches: each placement with its place action and on-play special
        (10), each reveal with its choices and its card's special (5; a card is revealed at
        most once but for one a placement turns face down), each card walked with its choices
        (3 + P)."""
        tiles, cards, players = len(self.tiles), len(self.game.deck), self.game.players
        return 10 * tiles + 5 * (cards + tiles) + (3 + players) * cards

    # -- observations ----------------------------------------------------------------------------

    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        tiles, players, row, kinds = (
            len(self.tiles),
            self.game.players,
            self.row,
            len(self.game.kinds),
        )
        return [
            ("on_map", (tiles,)),
            ("cell", (tiles, 2)),
            ("removed", (tiles,)),
            ("in_hand", (tiles, players)),
            ("in_pile", (tiles, players)),
            ("visited", (tiles, players)),
            ("pawns", (players, 2)),
            ("start", (2,)),
            ("hand_sizes", (players,)),
            ("cards", (players, row, kinds)),
            ("present", (players, row)),
            ("revealed", (players, row)),
            ("upside_down", (players, row)),
            ("armed", (players, row)),
            ("discards", (kinds,)),
            ("pile", (1,)),
            ("deck", (1,)),
            ("phase", (len(PHASES),)),
            ("decision", (len(self.decisions),)),
            ("to_move", (players,)),
            ("walker", (players,)),
            ("inverted", (players,)),
            ("scores", (players,)),
            ("known_by", (players, row, players)),
            ("set_of", (players, row, players)),
            ("known_set", (kinds,)),
            ("tile_known_by", (tiles, players)),
            ("hidden_known_by", (players, 1 << players)),
            ("path_length", (players,)),
            ("walked", (players, kinds)),
            ("step_seat", (players,)),
            ("step_count", (1,)),
            ("step_pos", (row,)),
            ("step_picked", (players, row)),
            ("step_first", (3,)),
            ("step_kind", (kinds,)),
            ("step_fish", (1,)),
            ("step_flags", (2,)),
        ]

    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        order = seat_order(seat, self.game.players)
        corner = (
            min((entry["cell"][0] for entry in view["map"]), default=0),
            min((entry["cell"][1] for entry in view["map"]), default=0),
        )
        self._write_tiles(view, order, corner, parts)
        self._write_rows(view, order, parts)
        for row, other in enumerate(order):
            hand = view["hands"][other]
            size = len(hand) if isinstance(hand, list) else hand
            parts["hand_sizes"][row] = fraction(size, len(self.tiles))
            parts["to_move"][row] = float(view["current_player"] == other)
            parts["walker"][row] = float(view["walker"] == other)
            parts["inverted"][row] = float(view["inverted"][other])
            parts["scores"][row] = fraction(view["scores"][other], SCORE_SCALE)
        deck = len(self.game.deck)
        for card in view["discards"]:
            if card["card"] is not None:
                parts["discards"][self.kind_index[card["card"]]] += 1.0 / deck
        parts["pile"][0] = fraction(view["pile"], len(self.tiles))
        parts["deck"][0] = fraction(view["deck"], deck)
        one_hot(parts["phase"], PHASES.index(view["phase"]))
        for name in view["known_set"] or ():
            parts["known_set"][self.kind_index[name]] += 1.0 / deck
        if view["step"] is not None:
            self._write_step(view["step"], order, corner, parts)

    def _write_rows(self, view: View, order: list[int], parts: Mapping[str, Tensor]) -> None:
        """Each row's cards: what the observer knows of them and who else knows them."""
        for row, other in enumerate(order):
            for place, card in enumerate(view["rows"][other]):
                parts["present"][row, place] = 1.0
                parts["revealed"][row, place] = float(card["revealed"])
                parts["upside_down"][row, place] = float(card["orientation"] == 180)
                parts["armed"][row, place] = float(bool(card["armed"]))
                if card["card"] is not None:
                    parts["cards"][row, place, self.kind_index[card["card"]]] = 1.0
                for knower in card["known_by"]:
                    parts["known_by"][row, place, order.index(knower)] = 1.0
                if card.get("set_of") is not None:
                    parts["set_of"][row, place, order.index(card["set_of"])] = 1.0

    def _write_step(
        self, step: View, order: list[int], corner: Cell, parts: Mapping[str, Tensor]
    ) -> None:
        """The choice being made: its kind and what it has gathered so far."""
        one_hot(parts["decision"], self.decisions.index(step["do"]))
        named = step.get("owner", step.get("seat"))
        if named is not None:
            parts["step_seat"][order.index(named)] = 1.0
        parts["step_count"][0] = fraction(step.get("left", step.get("n", 0)), self.row)
        if "pos" in step:
            one_hot(parts["step_pos"], step["pos"] - 1)
        for seat, pos in step.get("picked", ()):
            parts["step_picked"][order.index(seat), pos - 1] = 1.0
        if step.get("first") is not None:
            parts["step_first"][:] = [1.0, *self._box_place(corner, step["first"])]
        if "kind" in step:
            one_hot(parts["step_kind"], step["kind"])
        parts["step_fish"][0] = fraction(step.get("fish", 0), self.fish)
        parts["step_flags"][:] = [float(bool(step.get("armed"))), float(bool(step.get("build")))]

    def _write_tiles(
        self, view: View, order: list[int], corner: Cell, parts: Mapping[str, Tensor]
    ) -> None:
        index, deck = self.tile_index, len(self.game.deck)
        for entry in view["map"]:
            tile = index[entry["tile"]]
            parts["on_map"][tile] = 1.0
            parts["cell"][tile] = self._box_place(corner, entry["cell"])
        for removed in view["removed_tiles"]:
            parts["removed"][index[removed["tile"]]] = 1.0
        for row, other in enumerate(order):
            details = view["hand_details"][other]
            for known in details["tiles"]:
                parts["in_hand"][index[known["tile"]], row] = 1.0
                for knower in known["known_by"]:
                    parts["tile_known_by"][index[known["tile"]], order.index(knower)] = 1.0
            for knowers in details["hidden_known_by"]:
                mask = sum(1 << order.index(knower) for knower in knowers)
                parts["hidden_known_by"][row, mask] += 1.0 / len(self.tiles)
            for taken in view["score_piles"][other]:
                parts["in_pile"][index[taken["tile"]], row] = 1.0
            path = view["paths"][other]
            parts["path_length"][row] = fraction(len(path), deck)
            for entry in path:
                if entry["tile"] is not None:
                    parts["visited"][index[entry["tile"]], row] = 1.0
                if entry["card"] is not None:
                    parts["walked"][row, self.kind_index[entry["card"]]] += 1.0 / deck
            parts["pawns"][row] = self._box_place(corner, view["pawns"][other])
        if view["start"] is not None:
            parts["start"][:] = self._box_place(corner, view["start"])

    def _box_place(self, corner: Cell, cell: Sequence[int]) -> list[float]:
        """A cell's place in the map's bounding box (`corner` its top left): x and y from its
        left and top, / the square's side."""
        return [fraction(cell[0] - corner[0], self.side), fraction(cell[1] - corner[1], self.side)]

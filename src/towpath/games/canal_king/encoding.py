"""Canal King as fixed-size numbers: action ids and the observation tensor (core.encoding).

Action ids, in blocks (tile types in tile-set order, cells in board order: row by row, column
by column within a row; a type's rotations are its kind's distinct ones, ascending):
- `place`: `place TILE C,R rK` for each tile type but the special tile, each cell, each rotation;
- `replace`: `replace TILE C,R rK`, the same way;
- `special`: `special C,R rK` for each cell and each rotation of the special tile;
- `swap`: 2^H − 1 ids (H the hand size, 5): id `start + m − 1` swaps the tiles at the places of
  the bit mask m in the hand of the seat to move (kept in tile-set order). A set of tiles has
  one id: each tile takes the first place of its type not taken yet, so the id of a swap and the
  swap of an id are read against the state;
- `sail port`: `sail PORT` for each port; `sail cell`: `sail C,R from EDGE` for each cell and
  each of its six edges;
- `words`: `return`, `pass`, `launch`, `skip`.

Observation slices (P = players, a seat's slices list the seats from its own then clockwise;
Q cells, T tile types with the special tile, F flag colours, N ports, W route cards):
- `lines` [Q, 15]: the lines of the tile on each cell, one flag per pair of edges (0-1, 0-2,
  ..., 4-5); `tile` [Q]: a tile lies there; `flag` [Q, F]: its flag's colour;
  `special` [Q, P]: whose special tile it is;
- `hands` [P, T]: each seat's tiles of each type, as a fraction of the hand size (hands are open);
- `special_played` [P]; `colours` [P, F]: the seats' colours where the seat may know them;
- `routes` [P, 4, N]: each route card's ports in order, where known; `ruled_out` [P, W];
- `ships`: `launched` [P], `in_port` [P, N], `on_cell` [P, Q], `heading` [P, 2, 6] (entry and
  exit edges), `stopped` [P, 4] (by a port, a flag, a special tile, a dead end),
  `last_port` [P, N], `calls_done` [P, N], `skip_turn` [P];
- `pile` [1]: tiles in the pile, `discards` [T]: the discarded tiles of each type, as fractions
  of all tiles; `turn` [1]: the turn as a fraction of `max_turns`;
- `to_move` [P], `winner` [P].
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations
from typing import Any

from towpath.core.actions import Action
from towpath.core.encoding import Encoding, Shape, Tensor, View, fraction, one_hot, seat_order
from towpath.core.errors import GameError
from towpath.games.canal_king.actions import (
    LAUNCH,
    PASS,
    RETURN,
    SKIP,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
)
from towpath.games.canal_king.canals import DEAD_END, FLAG, PORT, SPECIAL
from towpath.games.canal_king.components import EDGES
from towpath.games.canal_king.state import CanalKingState
from towpath.games.canal_king.table import CanalKingTable

EDGE_PAIRS = list(combinations(range(EDGES), 2))
STOPS = (PORT, FLAG, SPECIAL, DEAD_END)
SWAP = "swap"


class CanalKingEncoding(Encoding):
    chance = True

    def __init__(self, game: CanalKingTable) -> None:
        self.game = game
        parts = game.parts
        self.cells = [parts.board.coords(cell) for cell in range(parts.board.size)]
        self.cell_index = {coords: cell for cell, coords in enumerate(self.cells)}
        self.ports = [port.name for port in parts.board.ports]
        self.tile_names = list(parts.tiles.names)
        self.flags = list(parts.tiles.colours)
        self.hand_size = parts.rules.hand_size
        self.deck = len(parts.tiles.deck)
        super().__init__()

    # -- action ids ------------------------------------------------------------------------------

    def action_blocks(self) -> Sequence[tuple[str, Sequence[Hashable]]]:
        tiles = self.game.parts.tiles
        cells = self.cells
        playing = [t for t in range(len(tiles.names)) if t != tiles.special]

        def lay(kind: type[Place] | type[Replace]) -> list[Hashable]:
            return [
                kind(tiles.names[tile], col, row, rotation)
                for tile in playing
                for col, row in cells
                for rotation in tiles.rotations[tiles.kind_of[tile]]
            ]

        return [
            ("place", lay(Place)),
            ("replace", lay(Replace)),
            (
                "special",
                [
                    Special(col, row, rotation)
                    for col, row in cells
                    for rotation in tiles.rotations[tiles.special_kind]
                ],
            ),
            (SWAP, [(SWAP, mask) for mask in range(1, 1 << self.hand_size)]),
            ("sail port", [SailToPort(port) for port in self.ports]),
            (
                "sail cell",
                [SailToCell(col, row, edge) for col, row in cells for edge in range(EDGES)],
            ),
            ("words", [RETURN, PASS, LAUNCH, SKIP]),
        ]

    def key(self, action: Action, state: Any) -> Hashable:
        if not isinstance(action, Swap):
            return action
        hand = self._hand(state)
        mask = 0
        for name in action.tiles:
            tile = self.game.parts.tiles.by_name.get(name.lower())
            place = next((p for p, t in enumerate(hand) if t == tile and not mask >> p & 1), None)
            if place is None:
                return action  # tiles the hand lacks: no id
            mask |= 1 << place
        return (SWAP, mask)

    def action_of(self, key: Hashable, state: Any) -> Action:
        if isinstance(key, Action):
            return key
        assert isinstance(key, tuple)
        hand = self._hand(state)
        mask: int = key[1]
        if mask >> len(hand):
            raise GameError(f"the swap id names places beyond the hand's {len(hand)} tiles")
        names = self.game.parts.tiles.names
        return Swap(tuple(names[tile] for place, tile in enumerate(hand) if mask >> place & 1))

    def _hand(self, state: Any) -> list[int]:
        if not isinstance(state, CanalKingState) or state.current_player is None:
            raise GameError(
                "a swap's id names places in the hand of the seat to move: give a state"
            )
        return state.hands[state.current_player]

    def max_game_length(self) -> int:
        return self.game.max_turns

    # -- observations ----------------------------------------------------------------------------

    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        players, cells, ports = self.game.players, len(self.cells), len(self.ports)
        types, flags = len(self.tile_names), len(self.flags)
        return [
            ("lines", (cells, len(EDGE_PAIRS))),
            ("tile", (cells,)),
            ("flag", (cells, flags)),
            ("special", (cells, players)),
            ("hands", (players, types)),
            ("special_played", (players,)),
            ("colours", (players, flags)),
            ("routes", (players, 4, ports)),
            ("ruled_out", (players, len(self.game.parts.routes))),
            ("launched", (players,)),
            ("in_port", (players, ports)),
            ("on_cell", (players, cells)),
            ("heading", (players, 2, EDGES)),
            ("stopped", (players, len(STOPS))),
            ("last_port", (players, ports)),
            ("calls_done", (players, ports)),
            ("skip_turn", (players,)),
            ("pile", (1,)),
            ("discards", (types,)),
            ("turn", (1,)),
            ("to_move", (players,)),
            ("winner", (players,)),
        ]

    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        order = seat_order(seat, self.game.players)
        self._write_board(view, order, parts)
        for row, other in enumerate(order):
            self._write_seat(view, other, row, parts)
        parts["pile"][0] = fraction(view["pile"], self.deck)
        for name in view["discard_tiles"]:
            parts["discards"][self.tile_names.index(name)] += 1.0 / self.deck
        parts["turn"][0] = fraction(view["turn"], view["max_turns"])

    def _write_board(self, view: View, order: list[int], parts: Mapping[str, Tensor]) -> None:
        for tile in view["tiles"]:
            cell = self.cell_index[tuple(tile["cell"])]
            parts["tile"][cell] = 1.0
            for a, b in tile["lines"]:
                parts["lines"][cell][EDGE_PAIRS.index((min(a, b), max(a, b)))] = 1.0
            if tile["flag"] is not None:
                parts["flag"][cell][self.flags.index(tile["flag"])] = 1.0
            if tile["special_owner"] is not None:
                parts["special"][cell][order.index(tile["special_owner"])] = 1.0

    def _write_seat(self, view: View, other: int, row: int, parts: Mapping[str, Tensor]) -> None:
        for tile in view["hands"][other]:
            parts["hands"][row][self.tile_names.index(tile["tile"])] += 1.0 / self.hand_size
        parts["special_played"][row] = float(view["special_played"][other])
        colour = view["colours"][other]
        if colour is not None:
            parts["colours"][row][self.flags.index(colour)] = 1.0
        route = view["routes"][other]
        for call, port in enumerate(route or []):
            parts["routes"][row][call][self.ports.index(port)] = 1.0
        for card in view["ruled_out_routes"][other]:
            parts["ruled_out"][row][card - 1] = 1.0
        parts["to_move"][row] = float(view["current_player"] == other)
        parts["winner"][row] = float(view["winner"] == other)
        ship = view["ships"][other]
        if ship is not None:
            self._write_ship(ship, row, parts)

    def _write_ship(self, ship: Mapping[str, Any], row: int, parts: Mapping[str, Tensor]) -> None:
        parts["launched"][row] = 1.0
        if ship["heading"] is None:
            parts["in_port"][row][self.ports.index(ship["at"])] = 1.0
        else:
            parts["on_cell"][row][self.cell_index[tuple(ship["at"])]] = 1.0
            for side, edge in enumerate(ship["heading"]):
                if edge is not None:
                    one_hot(parts["heading"][row][side], edge)
        parts["stopped"][row][STOPS.index(ship["stop"])] = 1.0
        parts["last_port"][row][self.ports.index(ship["last_port"])] = 1.0
        for port in ship["calls_done"]:
            parts["calls_done"][row][self.ports.index(port)] = 1.0
        parts["skip_turn"][row] = float(ship["skip_turn"])

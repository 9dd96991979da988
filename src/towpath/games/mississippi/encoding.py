"""Mississippi as fixed-size numbers: action ids and the observation tensor (core.encoding).

Action ids, in blocks (F = the river's finish, its length + 1; B = the backward limit, 15):
- `move`: for each rotation in the order 0, +1, −1, +2, −2, +3 (its index r, 0..5), first the
  forward moves `f1`..`fF`, then the backward moves `b1`..`bB`: forward n has the id
  r × (F + B) + n − 1, backward n the id r × (F + B) + F + n − 1;
- `pass`: the last id, 6 × (F + B).
A forward move never needs more than F open spaces (from the start area to the finish), so
these are every action any position can have. Ids depend on the river's length only.

Observation slices (P = players; a seat's slices list the boats from its own, then clockwise):
- `space` [P, F + 1]: one-hot of each boat's space (0 the start area, F past the finish);
- `sides` [P, 6]: the numbers facing E, SE, SW, W, NW, NE, scaled from the smallest side number
  (0) to the largest (1); all 0 before the boat's start roll;
- `rolled` [P], `started` [P]: the start roll was made; the boat has made its first move;
- `logs` [P] and `supply` [1]: logs held and in the supply, as fractions of all logs dealt;
- `turn` [1]: player turns played, as a fraction of `max_turns`;
- `to_move` [P], `winner` [P]: one-hot of the seat to move and of the winner.
Nothing in Mississippi is hidden; the die rolls are chance, drawn when a boat's first turn begins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from towpath.core.actions import Action
from towpath.core.encoding import Encoding, Shape, Tensor, View, fraction, one_hot, seat_order
from towpath.games.mississippi.actions import PASS, ROTATIONS, moves
from towpath.games.mississippi.table import MississippiTable


class MississippiEncoding(Encoding):
    chance = True

    def __init__(self, game: MississippiTable) -> None:
        self.game = game
        self.finish = game.river.finish
        super().__init__()

    def action_blocks(self) -> Sequence[tuple[str, Sequence[Action]]]:
        backward = self.game.rules.backward_limit
        move_list: list[Action] = []
        for rotation in ROTATIONS:
            move_list += moves(rotation, True, self.finish)
            move_list += moves(rotation, False, backward)
        return [("move", move_list), ("pass", [PASS])]

    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        players = self.game.players
        return [
            ("space", (players, self.finish + 1)),
            ("sides", (players, 6)),
            ("rolled", (players,)),
            ("started", (players,)),
            ("logs", (players,)),
            ("supply", (1,)),
            ("turn", (1,)),
            ("to_move", (players,)),
            ("winner", (players,)),
        ]

    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        game = self.game
        order = seat_order(seat, game.players)
        dealt = game.players * game.logs_each
        low, high = min(game.side_numbers), max(game.side_numbers)
        boats = view["boats"]
        for row, boat_seat in enumerate(order):
            boat = boats[boat_seat]
            one_hot(parts["space"][row], boat["space"])
            if boat["sides"] is not None:
                parts["rolled"][row] = 1.0
                parts["sides"][row] = [
                    1.0 if high == low else (number - low) / (high - low)
                    for number in boat["sides"]
                ]
            parts["started"][row] = float(boat["started"])
            parts["logs"][row] = fraction(boat["logs"], dealt)
            if view["current_player"] == boat_seat:
                parts["to_move"][row] = 1.0
            if view["winner"] == boat_seat:
                parts["winner"][row] = 1.0
        parts["supply"][0] = fraction(view["supply"], dealt)
        parts["turn"][0] = fraction(view["turn"], view["max_turns"])

    def max_game_length(self) -> int:
        return self.game.max_turns

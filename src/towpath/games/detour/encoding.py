"""Detour as fixed-size numbers: action ids and the observation tensor (core.encoding).

Action ids, in blocks, cards in the order of the card set (K cards) and colours in seat order:
- `move`: for each card, `move CARD 1`..`move CARD T` (T the tokens on the card's move part);
- `pass`: `pass CARD` for each card;
- `detour`: `detour COLOUR` for each colour in play;
- `backward`: `backward 0`..`backward N` (N the tokens of the Backward card's move);
- `block`: `block 0`..`block M` (M the most tokens of a Block move);
- `done`: the last id.
Every move a card can make stops after at most its tokens' spaces, so these are every action.

Observation slices (P = players, C = colours: one per seat, two each with 2 players; a seat's
slices list the colours from its own: its colour A, then the others' colours A clockwise, then
the colours B likewise; S = spaces of the main path, D = detours):
- `space` [C, S + 1]: one-hot of the marker's space (on the main path, or its space along its
  detour, 1 being the detour's first space); `detour` [C, D + 1]: one-hot, 0 the main path;
- `finished` [C, C]: one-hot of the marker's place in the finishing order (all 0 while it runs);
- `hand` [C, K]: the cards in each colour's hand;
- `mine` [C]: the colour is the seat's own; `to_play` [C]: one-hot of the colour playing a card;
- `pending` [K, 2]: the card whose other part (move, action) the turn may still use;
- `blocked` [1], `block_next` [1]: this round forbids move parts; a Block was played this round;
- `first_player` [P], `winners` [P]: one-hot, seats from the observer's own;
- `round` [1]: the round, as a fraction of `max_rounds`.
Nothing in Detour is hidden and nothing is left to chance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from towpath.core.actions import Action
from towpath.core.encoding import Encoding, Shape, Tensor, View, fraction, one_hot, seat_order
from towpath.games.detour.actions import DONE
from towpath.games.detour.table import DetourTable

PARTS = ("move", "action")


class DetourEncoding(Encoding):
    returns_sum = 1.0

    def __init__(self, game: DetourTable) -> None:
        self.game = game
        self.colours = len(game.colours)
        self.card_names = [card.name for card in game.card_set.cards]
        self.detour_names = [detour.name for detour in game.map.detours]
        super().__init__()

    def action_blocks(self) -> Sequence[tuple[str, Sequence[Action]]]:
        game = self.game
        return [
            ("move", [move for key in game.card_keys for move in game.moves[key]]),
            ("pass", [game.passes[key] for key in game.card_keys]),
            ("detour", game.detour_actions),
            ("backward", game.backward_actions),
            ("block", game.block_actions),
            ("done", [DONE]),
        ]

    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        players, colours, cards = self.game.players, self.colours, len(self.card_names)
        return [
            ("space", (colours, len(self.game.map.costs) + 1)),
            ("detour", (colours, len(self.detour_names) + 1)),
            ("finished", (colours, colours)),
            ("hand", (colours, cards)),
            ("mine", (colours,)),
            ("to_play", (colours,)),
            ("pending", (cards, len(PARTS))),
            ("blocked", (1,)),
            ("block_next", (1,)),
            ("first_player", (players,)),
            ("winners", (players,)),
            ("round", (1,)),
        ]

    def colour_order(self, seat: int) -> list[int]:
        players = self.game.players
        return [
            other + k * players
            for k in range(self.colours // players)
            for other in seat_order(seat, players)
        ]

    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        finished = view["finished"]
        for row, colour in enumerate(self.colour_order(seat)):
            marker = view["markers"][colour]
            one_hot(parts["space"][row], marker["space"])
            detour = marker["detour"]
            one_hot(
                parts["detour"][row], 0 if detour is None else 1 + self.detour_names.index(detour)
            )
            if colour in finished:
                one_hot(parts["finished"][row], finished.index(colour))
            for name in view["hands"][colour]:
                parts["hand"][row][self.card_names.index(name)] = 1.0
            parts["mine"][row] = float(marker["owner"] == seat)
            parts["to_play"][row] = float(view["to_play"] == colour)
        pending = view["pending"]
        if pending is not None:
            parts["pending"][self.card_names.index(pending["card"])][
                PARTS.index(pending["part"])
            ] = 1
        parts["blocked"][0] = float(view["blocked"])
        parts["block_next"][0] = float(view["block_next"])
        order = seat_order(seat, self.game.players)
        one_hot(parts["first_player"], order.index(view["first_player"]))
        for winner in view["winners"] or []:
            one_hot(parts["winners"], order.index(winner))
        parts["round"][0] = fraction(view["round"], view["max_rounds"])

    def max_game_length(self) -> int:
        """Each colour plays one card a turn, and may then use or decline its other part."""
        return self.game.max_rounds * self.colours * 2

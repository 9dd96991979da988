"""Arriala as fixed-size numbers: action ids and the observation tensor (core.encoding).

An action that moves a worker names it by colour and number and the place it stands; its id
leaves the place out (the worker stands on one place at a time), so the id of such an action
and the action of an id are read against the state. Action ids, in blocks (C colours in play,
the seats' then the virtual player's; workers numbered 1..5; canal spaces 1..L in canal order,
vineyards and blue spaces in board order; K card kinds in the deck's order):
- `move`: worker × target space × (no card, then each move and teleport card kind);
- `to vineyard`: worker × vineyard × (no card, then each canal→vineyard card kind);
- `to canal`: worker × target space × (no card, then each vineyard→canal card kind);
- `place`: `place N` for each space; `river`: worker × blue space;
- `lock`: target space × (no card, then each lock card kind); `masterwork`: card kind ×
  masterwork; then `draw` and `end`.
Ids run in that order, the last named part fastest (`move`: colour, number, target, card).

Observation slices (P seats; colours listed from the observer's own, then the other seats'
clockwise, then the virtual player's; W = 5 workers a colour; X = L + vineyards + blue spaces
+ 1 places, the last the reserve):
- `workers` [C, W, X]: one-hot of where each worker stands; `moved` [C, W], `from_canal`
  [C, W], `barred` [C, W, X], `left` [C, W, X]: each worker's marks of the turn;
- `lock`, `town`, `in_play`, `scored` [L]: each canal space's lock, town, play and scored section;
- `vineyard_in_play` [V], `blue_in_play` [B]; `masterworks` [M, C + 1]: who built each (0: nobody);
- `scores` [C] (points / 100, at most 1), `reserve` [C] (/ W);
- `hand` [K]: the observer's cards of each kind, as a fraction of that kind in the deck;
  `hand_sizes` [P], `pile` [1]: cards, as fractions of the deck; `discards` [K] and
  `reshuffled` [K] (+ `was_reshuffled` [1]): the public cards, by kind, as fractions;
- `locks_left` [1], `ap_left` [1], `turn` [1] (of `max_turns`), `to_move` [P], `winners` [C],
  `over` [1].
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from towpath.core.actions import Action
from towpath.core.encoding import Encoding, Shape, Tensor, View, fraction, one_hot, seat_order
from towpath.core.errors import GameError
from towpath.games.arriala.actions import (
    DRAW,
    END,
    BuildMasterwork,
    Lock,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
    worker_name,
)
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.state import ArrialaState
from towpath.games.arriala.table import ArrialaTable

SCORE_SCALE = 100.0
NAMED = (Move, ToVineyard, ToCanal, River)


class ArrialaEncoding(Encoding):
    chance = True

    def __init__(self, game: ArrialaTable) -> None:
        self.game = game
        layout, rules = game.layout, game.rules
        self.colours = list(rules.colours[: layout.colours])
        self.per = rules.workers_per_colour
        self.vineyards = [vineyard.id for vineyard in layout.board.vineyards]
        self.vineyard_names = [vineyard.name for vineyard in layout.board.vineyards]
        self.blues = [blue_id(b) for b in range(len(layout.blue_in_play))]
        self.cards = list(dict.fromkeys(rules.deck))
        self.deck = {card: rules.deck.count(card) for card in self.cards}
        super().__init__()

    # -- action ids ------------------------------------------------------------------------------

    def _card_kinds(self, *effects: str) -> list[str | None]:
        return [None, *(n for n, kind in self.game.rules.cards.items() if kind.effect in effects)]

    def action_blocks(self) -> Sequence[tuple[str, Sequence[Hashable]]]:
        layout = self.game.layout
        workers = [(c, n) for c in range(len(self.colours)) for n in range(1, self.per + 1)]
        spaces = range(layout.length)
        masterworks = [m.id for m in layout.board.masterworks]
        return [
            ("move", [
                ("move", c, n, t, card)
                for c, n in workers
                for t in spaces
                for card in self._card_kinds("move", "teleport")
            ]),
            ("to vineyard", [
                ("to vineyard", c, n, v, card)
                for c, n in workers
                for v in self.vineyards
                for card in self._card_kinds("to-vineyard")
            ]),
            ("to canal", [
                ("to canal", c, n, t, card)
                for c, n in workers
                for t in spaces
                for card in self._card_kinds("to-canal")
            ]),
            ("place", [Place(t) for t in spaces]),
            ("river", [("river", c, n, b) for c, n in workers for b in self.blues]),
            ("lock", [Lock(t, card) for t in spaces for card in self._card_kinds("lock")]),
            ("masterwork", [
                BuildMasterwork(card, m)
                for card in self._card_kinds("masterwork")
                if card is not None
                for m in masterworks
            ]),
            ("draw", [DRAW]),
            ("end", [END]),
        ]  # fmt: skip

    def key(self, action: Action, state: Any) -> Hashable:
        if isinstance(action, Move):
            return ("move", action.colour, action.number, action.target, action.card)
        if isinstance(action, ToVineyard):
            return ("to vineyard", action.colour, action.number, action.vineyard, action.card)
        if isinstance(action, ToCanal):
            return ("to canal", action.colour, action.number, action.target, action.card)
        if isinstance(action, River):
            return ("river", action.colour, action.number, action.blue)
        return action

    def action_of(self, key: Hashable, state: Any) -> Action:
        if isinstance(key, Action):
            return key
        assert isinstance(key, tuple)
        verb, colour, number, *rest = key
        place = self._place(state, colour, number)
        layout = self.game.layout
        if verb == "to canal":
            if not layout.length <= place < layout.blue_base:
                raise GameError(f"{worker_name(colour, number)} is in no vineyard")
            return ToCanal(colour, number, self.vineyards[place - layout.length], *rest)
        if not 0 <= place < layout.length:
            raise GameError(f"{worker_name(colour, number)} is not on the canal")
        if verb == "move":
            return Move(colour, number, place, *rest)
        if verb == "to vineyard":
            return ToVineyard(colour, number, place, *rest)
        return River(colour, number, place, *rest)

    def _place(self, state: Any, colour: int, number: int) -> int:
        if not isinstance(state, ArrialaState):
            raise GameError("a worker's move is read against the position: give a state")
        return state.where[state.worker(colour, number)]

    def max_game_length(self) -> int:
        """Every action but `end` costs at least 1 of a turn's action points."""
        return self.game.max_turns * (self.game.rules.action_points + 1)

    # -- observations ----------------------------------------------------------------------------

    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        layout = self.game.layout
        colours, players, length = len(self.colours), self.game.players, layout.length
        places = length + len(self.vineyards) + len(self.blues) + 1
        cards = len(self.cards)
        return [
            ("workers", (colours, self.per, places)),
            ("moved", (colours, self.per)),
            ("from_canal", (colours, self.per)),
            ("barred", (colours, self.per, places)),
            ("left", (colours, self.per, places)),
            ("lock", (length,)),
            ("town", (length,)),
            ("in_play", (length,)),
            ("scored", (length,)),
            ("vineyard_in_play", (len(self.vineyards),)),
            ("blue_in_play", (len(self.blues),)),
            ("masterworks", (len(layout.board.masterworks), colours + 1)),
            ("scores", (colours,)),
            ("reserve", (colours,)),
            ("hand", (cards,)),
            ("hand_sizes", (players,)),
            ("pile", (1,)),
            ("discards", (cards,)),
            ("reshuffled", (cards,)),
            ("was_reshuffled", (1,)),
            ("locks_left", (1,)),
            ("ap_left", (1,)),
            ("turn", (1,)),
            ("to_move", (players,)),
            ("winners", (colours,)),
            ("over", (1,)),
        ]

    def colour_rows(self, seat: int) -> dict[str, int]:
        """Each colour's row: the seats from `seat` clockwise, then the virtual player."""
        players = self.game.players
        order = [self.colours[other] for other in seat_order(seat, players)]
        order += self.colours[players:]
        return {colour: row for row, colour in enumerate(order)}

    def place_index(self, view: View) -> dict[str, int]:
        """Where the view's place names (space numbers, vineyard ids and names, blue ids) lie
        in X."""
        length = len(view["spaces"])
        index = {str(space + 1): space for space in range(length)}
        index.update({v: length + i for i, v in enumerate(self.vineyards)})
        index.update({b: length + len(self.vineyards) + i for i, b in enumerate(self.blues)})
        index.update({name: length + i for i, name in enumerate(self.vineyard_names)})
        return index

    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        rows = self.colour_rows(seat)
        places = self.place_index(view)
        self._write_workers(view, rows, places, parts)
        self._write_canal(view, parts)
        self._write_cards(view, seat, parts)
        for name, row in rows.items():
            colour = self.colours.index(name)
            parts["scores"][row] = fraction(view["scores"][colour], SCORE_SCALE)
            parts["reserve"][row] = fraction(view["reserve"][colour], self.per)
            parts["winners"][row] = float(name in view["winners"])
        for m, masterwork in enumerate(view["masterworks"]):
            builder = masterwork["builder"]
            one_hot(parts["masterworks"][m], 0 if builder is None else 1 + rows[builder])
        parts["locks_left"][0] = fraction(view["locks_left"], self.game.rules.locks_total)
        parts["ap_left"][0] = fraction(view["ap_left"], self.game.rules.action_points)
        parts["turn"][0] = fraction(view["turn"], view["max_turns"])
        order = seat_order(seat, self.game.players)
        if view["current_player"] is not None:
            one_hot(parts["to_move"], order.index(view["current_player"]))
        parts["over"][0] = float(view["over"])

    def _write_workers(
        self, view: View, rows: dict[str, int], places: dict[str, int], parts: Mapping[str, Tensor]
    ) -> None:
        reserve = parts["workers"].shape[2] - 1
        parts["workers"][:, :, reserve] = 1.0  # until seen elsewhere
        standing = [
            *((space["number"] - 1, w) for space in view["spaces"] for w in space["workers"]),
            *((places[name], w) for name, ws in view["vineyards"].items() for w in ws),
            *((places[b], w) for b, w in zip(self.blues, view["blue"], strict=True) if w),
        ]
        for place, worker in standing:
            slot = parts["workers"][rows[worker["colour"]], worker["number"] - 1]
            slot[reserve] = 0.0
            slot[place] = 1.0
        for mark in view["marks"]:
            row, number = rows[mark["colour"]], mark["number"] - 1
            parts["moved"][row, number] = float(mark["moved"])
            parts["from_canal"][row, number] = float(mark["from_canal"])
            for name in ("barred", "left"):
                for place in mark[name]:
                    parts[name][row, number, places[place]] = 1.0

    def _write_canal(self, view: View, parts: Mapping[str, Tensor]) -> None:
        scored = set(view["scored_sections"])
        for p, space in enumerate(view["spaces"]):
            parts["lock"][p] = float(space["lock"])
            parts["town"][p] = float(space["town"] is not None)
            parts["in_play"][p] = float(space["in_play"])
            parts["scored"][p] = float(space["section"] in scored)
        played = {info["id"] for info in view["vineyard_info"]}
        parts["vineyard_in_play"][:] = [float(v in played) for v in self.vineyards]
        parts["blue_in_play"][:] = [float(info["in_play"]) for info in view["blue_info"]]

    def _write_cards(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        deck = len(self.game.rules.deck)
        own = view["hands"][seat]
        for name in own:
            parts["hand"][self.cards.index(name)] += 1.0 / self.deck[name]
        for row, other in enumerate(seat_order(seat, self.game.players)):
            hand = view["hands"][other]
            parts["hand_sizes"][row] = fraction(hand if isinstance(hand, int) else len(hand), deck)
        parts["pile"][0] = fraction(view["pile"], deck)
        for name in view["discards"]:
            parts["discards"][self.cards.index(name)] += 1.0 / self.deck[name]
        if view["reshuffled"] is not None:
            parts["was_reshuffled"][0] = 1.0
            for name in view["reshuffled"]:
                parts["reshuffled"][self.cards.index(name)] += 1.0 / self.deck[name]

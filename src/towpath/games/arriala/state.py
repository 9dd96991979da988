"""Arriala's turn: 5 action points spent on the actions of rules/arriala.md ("A turn"), each
listed, checked and carried out by its rules module (movement, sections, cards)."""

from __future__ import annotations

from dataclasses import replace

from towpath.core.actions import Action, Words
from towpath.core.errors import IllegalAction
from towpath.core.game import EndReason
from towpath.core.piles import shared_win
from towpath.games.arriala import cards, movement, sections
from towpath.games.arriala.actions import (
    DRAW,
    END,
    BuildMasterwork,
    Draw,
    End,
    Lock,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
)
from towpath.games.arriala.position import Position
from towpath.games.arriala.view import DISPLAY
from towpath.games.arriala.words import ending, scoring, words

ACTIONS = (Move, ToVineyard, ToCanal, Place, River, Lock, BuildMasterwork, Draw)
# Actions paid with action points that reveal nothing and draw no chance: while the turn goes
# on, they can be taken back (a card played was hidden in hand; a draw shows a card).
TAKEN_BACK = (Move, ToVineyard, ToCanal, Place, River, Lock)
# The actions that may fill a section of the canal, which the rules then score at once.
FILLING = (Move, Place, ToCanal, Lock)


class ArrialaState(Position):
    __slots__ = ()
    display = DISPLAY

    # -- legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        costs, seat, ap = self.game.rules.costs, self.player, self.ap
        free = self.free()
        canal, vineyards = self.groups()
        actions: list[Action] = []
        if ap >= costs.place and self.reserve(seat):
            actions += movement.places(self, free)
        actions += movement.moves(self, canal, free, None)
        if ap >= costs.to_vineyard:
            actions += movement.to_vineyards(self, canal, None)
        if ap >= costs.to_canal:
            actions += movement.to_canals(self, vineyards, free, None)
        if ap >= costs.river:
            actions += movement.rivers(self, canal)
        if ap >= costs.lock:
            actions += sections.locks(self, free, None)
        if ap >= costs.draw and cards.may_draw(self):
            actions.append(DRAW)
        if ap >= costs.play_card:
            for card in sorted(set(self.hands[seat])):
                actions += cards.card_actions(self, card, canal, vineyards, free)
        actions.append(END)
        return actions

    # -- checking one action ---------------------------------------------------------------------

    def allows(self, action: Action) -> bool:
        """Whether the rules allow `action` here (checked, without listing every action)."""
        if self.over:
            return False
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: Action) -> None:
        if isinstance(action, End):
            return
        if not isinstance(action, ACTIONS):
            raise IllegalAction(f"{action!r} is not an Arriala action", rule="notation")
        cards.check_card(self, action)
        cost = self._cost(action)
        if cost > self.ap:
            raise IllegalAction(
                f"{action} costs {cost} AP but {self.ap} are left", rule="action points"
            )
        if isinstance(action, Move):
            movement.check_move(self, action)
        elif isinstance(action, ToVineyard):
            movement.check_to_vineyard(self, action)
        elif isinstance(action, ToCanal):
            movement.check_to_canal(self, action)
        elif isinstance(action, Place):
            movement.check_place(self, action)
        elif isinstance(action, River):
            movement.check_river(self, action)
        elif isinstance(action, Lock):
            sections.check_lock(self, action)
        elif isinstance(action, BuildMasterwork):
            cards.check_masterwork(self, action)
        else:
            cards.check_draw(self)

    def _cost(self, action: Action) -> int:
        costs = self.game.rules.costs
        if isinstance(action, Move):
            return movement.move_cost(self, action)
        if isinstance(action, BuildMasterwork) or getattr(action, "card", None) is not None:
            return costs.play_card
        table: dict[type[Action], int] = {
            ToVineyard: costs.to_vineyard,
            ToCanal: costs.to_canal,
            Place: costs.place,
            River: costs.river,
            Lock: costs.lock,
            Draw: costs.draw,
            End: 0,
        }
        return table[type(action)]

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, End):
            self._end_turn()
            return
        self.ap -= self._cost(action)
        card = getattr(action, "card", None)
        if card is not None:
            cards.discard(self, card)
        if isinstance(action, Draw):
            cards.draw_card(self)
        else:
            self._build(action)
        if not self.over and self.ap == 0:
            self._end_turn()

    def _build(self, action: Action) -> None:
        """What an action does on the board (and the scoring that follows)."""
        if isinstance(action, Move):
            movement.move(self, action)
        elif isinstance(action, ToVineyard):
            movement.to_vineyard(self, action)
        elif isinstance(action, ToCanal):
            movement.to_canal(self, action)
        elif isinstance(action, Place):
            movement.place(self, action)
        elif isinstance(action, River):
            movement.river(self, action)
        elif isinstance(action, Lock):
            sections.build_lock(self, action.target)
        else:
            assert isinstance(action, BuildMasterwork)
            cards.build_masterwork(self, action)

    def _end_turn(self) -> None:
        workers = len(self.where)
        self.barred = self.left
        self.left = [[] for _ in range(workers)]
        self.moved = [False] * workers
        self.from_canal = [False] * workers
        self.turn += 1
        self.player = (self.player + 1) % self.game.players
        self.ap = self.game.rules.action_points
        if self.turn >= self.game.max_turns:
            sections.finish(self)

    # -- results ---------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        players = self.game.players
        if not self.over:
            return [0.0] * players
        winners = sections.winners(self)
        if self.game.layout.virtual in winners:
            return [0.0] * players
        return shared_win(winners, players)

    def ended_by_limit(self) -> bool:
        """The canal's completion ends the game within a turn, before the turn count moves."""
        return self.over and self.turn >= self.game.max_turns

    def scores(self) -> list[float]:
        return [float(points) for points in self.points[: self.game.players]]

    def _ending_words(self, reason: EndReason) -> str:
        return ending(reason, self.game.max_turns)

    def _words(self, action: Action) -> Words:
        said = words(self.game.layout, self.game.rules, action, self._cost(action))
        if not isinstance(action, FILLING):
            return said
        after = self.clone()
        after._build(action)  # the board alone: the card played may be hidden from others
        direct = self.game.rules.points.lock if isinstance(action, Lock) else 0
        return replace(said, what=said.what + scoring(self.game.rules, self, after, direct))

    def _undoable(self) -> bool:
        """The seat to move has spent action points this turn (the last action was its own),
        on an action that showed no card and drew none."""
        last = self.history[-1]
        own = self.ap < self.game.rules.action_points
        return own and isinstance(last, TAKEN_BACK) and getattr(last, "card", None) is None

    # -- information -----------------------------------------------------------------------------

    def _resample(self, seat: int | None) -> None:
        cards.redeal_unseen(self, seat, keep_hands=self.over)

    def _validate(self) -> None:
        self.validate_board()
        cards.validate_cards(self)

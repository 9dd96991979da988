"""Mapped Out's state: the contract of a position (the turn machine over the pending steps,
results, views, resampling and restoring), on top of the position's data (position.py)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Self, TypeGuard

from towpath.core.actions import Action, Words
from towpath.core.errors import GameError
from towpath.core.game import EndReason, copy_plain
from towpath.core.piles import shared_win
from towpath.core.rng import Rng
from towpath.games.mapped_out import build, walk
from towpath.games.mapped_out.actions import Done, Orient, Pick, Point, Swap
from towpath.games.mapped_out.cards import ARMED, KIND, KNOWN, SET_OF, TURN, UP, Card
from towpath.games.mapped_out.cells import key
from towpath.games.mapped_out.position import Position
from towpath.games.mapped_out.scoring import card_points, tile_score
from towpath.games.mapped_out.steps import AUTOMATIC, DECISIONS, well_formed
from towpath.games.mapped_out.table import MappedOutTable
from towpath.games.mapped_out.view import DISPLAY
from towpath.games.mapped_out.words import ending_words, words

PHASES = ("build", "walk", "over")
# Choices of the build phase that show nothing hidden and draw nothing: picking cells of the
# map (Destructor, Swapper, Change Start), a card to remove, swapping cards, turning a card
# just revealed, stopping early. Placing a tile shows it; reveals, studies, drawn cards and
# Hand Swaps show or draw what was hidden.
TAKEN_BACK_POINTS = ("destroy", "exchange", "start")

# The step handlers register themselves when their modules are imported.
_HANDLERS = (build, walk)


class MappedOutState(Position):
    __slots__ = ()
    display = DISPLAY

    def __init__(self, game: MappedOutTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        self._advance()

    # -- whose turn, what is legal ----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if not self.steps:
            return None
        by: int = self.steps[-1]["by"]
        return by

    def legal_actions(self) -> list[Action]:
        if not self.steps:
            return []
        step = self.steps[-1]
        return DECISIONS[step["do"]].options(self, step)

    def _check(self, action: Action) -> None:
        step = self.steps[-1]
        DECISIONS[step["do"]].check(self, step, action)

    def _apply(self, action: Action) -> None:
        step = self.steps[-1]
        DECISIONS[step["do"]].resolve(self, step, action)
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps and drop decisions with no choice until a seat must decide."""
        steps = self.steps
        while steps:
            step = steps[-1]
            run = AUTOMATIC.get(step["do"])
            if run is not None:
                run(self, step)
            elif DECISIONS[step["do"]].available(self, step):
                return
            else:
                steps.pop()

    def clone(self) -> Self:
        """A fast copy (bots and resampling clone a lot): the same as the base class's copy of
        every field, but list by list. Path entries are never changed once written."""
        copy = object.__new__(type(self))
        copy.game, copy.seed, copy.rng = self.game, self.seed, self.rng.copy()
        copy.history = list(self.history)
        copy.phase, copy.player, copy.steps = self.phase, self.player, copy_plain(self.steps)
        copy.rows = [[card[:] for card in row] for row in self.rows]
        copy.deck, copy.discards = self.deck[:], [card[:] for card in self.discards]
        copy.hands, copy.pile = [hand[:] for hand in self.hands], self.pile[:]
        copy.tile_seen, copy.board, copy.removed = (
            self.tile_seen[:],
            dict(self.board),
            self.removed[:],
        )
        copy.start_tile, copy.pawns = self.start_tile, [pawn[:] for pawn in self.pawns]
        copy.paths, copy.piles = [path[:] for path in self.paths], [p[:] for p in self.piles]
        copy.inverted, copy.last_move = self.inverted[:], self.last_move[:]
        copy.walk_index, copy.stopped = self.walk_index, self.stopped[:]
        return copy

    # -- results ----------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.game.players
        scores = self.scores()
        best = max(scores)
        return shared_win([s for s, v in enumerate(scores) if v == best], self.game.players)

    def ended_by_limit(self) -> bool:
        return False  # the game has no length limit: it always ends by its rules

    def _ending_words(self, reason: EndReason) -> str:
        return ending_words(self.game.muddled_waters)

    def _words(self, action: Action) -> Words:
        return words(self.game.tiles, self.steps[-1], action)

    def _undoable(self) -> bool:
        """In the build phase, a choice within the turn (its tile placed, its draw still to
        come: the seat's own turn goes on) that showed nothing hidden and drew nothing."""
        top = self.steps[-1]
        if self.phase != "build" or top["do"] == "place" or top["by"] != self.player:
            return False
        last = self.history[-1]
        if isinstance(last, Point):
            return last.verb in TAKEN_BACK_POINTS
        if isinstance(last, Pick):
            return last.verb == "remove"
        return isinstance(last, Swap | Orient | Done)

    def scores(self) -> list[float]:
        return [float(self.score(seat)) for seat in range(self.game.players)]

    def score(self, seat: int) -> int:
        """The best fish type over distinct visited tiles (Muddled Waters: the score pile), plus
        on-score bonuses and Fishless/Fishful points."""
        game = self.game
        tiles = self.scored_tiles(seat)
        points = card_points(self.paths[seat], game.tiles, game.kinds, game.rules)
        return tile_score(tiles, game.rules) + points

    # -- information ------------------------------------------------------------------------------

    def _resample(self, seat: int | None) -> None:
        if self.phase == "over":  # the end shows every card and hand: only the piles are unseen
            for pile in (self.pile, self.deck):
                pile.sort()
                self.rng.shuffle(pile)
            return
        self._redeal_cards(seat)
        self._redeal_tiles(1 << self.bit(seat))

    def _redeal_cards(self, seat: int | None) -> None:
        """Redeal every card `seat` does not know, from sorted order: cards of its own
        see_cards set among their own places (it knows that set), all others among theirs."""
        mask = 1 << self.bit(seat)
        own: list[Card] = []
        other: list[Card] = []
        for card in [*(c for row in self.rows for c in row), *self.discards]:
            if not card[KNOWN] & mask:
                (own if seat is not None and card[SET_OF] == seat else other).append(card)
        for group, deck in ((own, []), (other, self.deck)):
            kinds = sorted([card[KIND] for card in group] + deck)
            self.rng.shuffle(kinds)
            for card, kind in zip(group, kinds, strict=False):
                card[KIND] = kind
            deck[:] = kinds[len(group) :]

    def _redeal_tiles(self, mask: int) -> None:
        """Redeal the tiles of other hands that `mask` has not seen, and the pile. Each hidden
        tile's knowers (who saw it in a Hand Swap) stay with its place."""
        pool = list(self.pile)
        hidden: list[list[int]] = []
        for hand in self.hands:
            unseen = [t for t in hand if not self.tile_seen[t] & mask]
            hidden.append(sorted(self.tile_seen[t] for t in unseen))
            pool += unseen
            hand[:] = [t for t in hand if self.tile_seen[t] & mask]
        pool.sort()
        self.rng.shuffle(pool)
        for hand, masks in zip(self.hands, hidden, strict=True):
            for seen in masks:
                tile = pool.pop()
                self.tile_seen[tile] = seen
                hand.append(tile)
            hand.sort()
        for tile in pool:
            self.tile_seen[tile] = 0
        self.pile = pool

    def _validate(self) -> None:
        game = self.game
        players = game.players
        if self.phase not in PHASES or not _is_int(self.player) or not 0 <= self.player < players:
            raise GameError("corrupt state: bad phase or player")
        self._validate_steps()
        per_seat: list[Any] = [self.rows, self.hands, self.pawns, self.paths, self.piles]
        per_seat += [self.inverted, self.last_move, self.stopped]
        if not all(isinstance(v, list) and len(v) == players for v in per_seat):
            raise GameError(f"corrupt state: expected one entry per seat ({players})")
        self._validate_cards()
        self._validate_tiles()
        if not all(
            isinstance(p, list) and len(p) == 2 and all(map(_is_int, p)) for p in self.pawns
        ):
            raise GameError("corrupt state: pawns must be [x, y] cells")
        if any(key(*pawn) not in self.board for pawn in self.pawns):
            raise GameError("corrupt state: every pawn stands on a tile")
        if not _is_int(self.walk_index) or self.walk_index < 0:
            raise GameError("corrupt state: bad walk index")

    def _validate_steps(self) -> None:
        players = self.game.players
        if not isinstance(self.steps, list) or not all(
            well_formed(step, players) for step in self.steps
        ):
            raise GameError("corrupt state: a pending step is unknown or incomplete")
        if self.steps and self.steps[-1]["do"] not in DECISIONS:
            raise GameError("corrupt state: the last pending step must be a decision")
        if (self.phase == "over") != (not self.steps):
            raise GameError("corrupt state: only a finished game has no pending step")

    def _validate_cards(self) -> None:
        kinds = len(self.game.kinds)
        cards = [c for row in self.rows if isinstance(row, list) for c in row]
        cards += self.discards if isinstance(self.discards, list) else []
        for card in cards:
            if not (
                isinstance(card, list)
                and len(card) == 6
                and _is_int(card[KIND])
                and 0 <= card[KIND] < kinds
                and isinstance(card[UP], bool)
                and card[TURN] in (None, 0, 180)
                and _is_int(card[KNOWN])
                and isinstance(card[ARMED], bool)
                and _is_int(card[SET_OF])
            ):
                raise GameError(
                    "corrupt state: a card is [kind, revealed, turn, known, armed, set]"
                )
        if not isinstance(self.deck, list) or not all(_is_int(k) for k in self.deck):
            raise GameError("corrupt state: the deck must list card kinds")
        in_play = Counter(card[KIND] for card in cards) + Counter(self.deck)
        if in_play != Counter(self.game.deck):
            raise GameError("corrupt state: the cards in play are not the game's deck")

    def _validate_tiles(self) -> None:
        if not isinstance(self.board, dict) or not isinstance(self.tile_seen, list):
            raise GameError("corrupt state: bad board or tile knowledge")
        places = [*self.board.values(), *self.pile, *self.removed]
        places += [t for hand in self.hands for t in hand] + [t for p in self.piles for t in p]
        if sorted(places) != sorted(self.game.tile_ids) or len(self.tile_seen) != len(
            self.game.tiles
        ):
            raise GameError("corrupt state: every tile must be in exactly one place")
        if self.start_tile not in self.game.tile_ids:
            raise GameError("corrupt state: bad start tile")


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)

"""Races: the seats move one at a time in turn, and the first to get there wins alone.

Canal King's ships and Mississippi's boats race. A race that nobody has won when the game's
turn limit runs out ends with no winner, by the limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from towpath.core.game import JSON, EndReason, Game, State
from towpath.core.i18n import Translator
from towpath.core.piles import shared_win


class RaceTable(Game):
    """A race as set up: who moves first, and the player turns before the limit stops it."""

    first_player: int
    max_turns: int
    keeps_score = False  # `scores` measure how far each racer has come


class Race(State):
    """A race under way: `player` is the seat to move (it stays put once the race is over),
    `turn` counts the player turns played, `winner` is the seat that got there first."""

    __slots__ = ()

    game: RaceTable
    player: int
    turn: int
    winner: int | None
    # The race in the game's words, marked for its catalogue (N_): how it is won, and how the
    # turn limit ends it ("The {limit}-turn limit ended the game before ...: nobody wins.").
    won_by: ClassVar[str]
    cut_short: ClassVar[str]

    @property
    def current_player(self) -> int | None:
        if self.winner is not None or self.turn >= self.game.max_turns:
            return None
        return self.player

    def returns(self) -> list[float]:
        return shared_win([] if self.winner is None else [self.winner], self.game.players)

    def ended_by_limit(self) -> bool:
        return self.winner is None and self.turn >= self.game.max_turns

    def _ending_words(self, reason: EndReason) -> str:
        words = Translator(self.game.package())
        if reason == "limit":
            return words._(self.cut_short, limit=self.game.max_turns)
        return words._(self.won_by)

    def last_mover(self) -> int | None:
        """The seat that played the last action: the one before the seat to move, or the seat
        to move itself once the race is over."""
        if not self.history:
            return None
        if self.current_player is None:
            return self.player
        return (self.player - 1) % self.game.players


def race_status(view: Mapping[str, JSON], racer: str, arrival: str) -> str:
    """The line under a race's board: who won (`racer` n `arrival`), that the limit ended the
    race, or who moves."""
    if view["winner"] is not None:
        return f"{racer} {view['winner']} {arrival} and wins."
    if view["current_player"] is None:
        return "The turn limit ended the game with no winner."
    return f"{racer} {view['current_player']} to move."

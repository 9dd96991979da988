"""Races: the seats move one at a time in turn, and the first to get there wins alone.

Canal King's ships and Mississippi's boats race. A race that nobody has won when the game's
turn limit runs out ends with no winner, by the limit.
"""

from __future__ import annotations

from towpath.core.game import Game, State
from towpath.core.piles import shared_win


class RaceTable(Game):
    """A race as set up: who moves first, and the player turns before the limit stops it."""

    first_player: int
    max_turns: int


class Race(State):
    """A race under way: `player` is the seat to move (it stays put once the race is over),
    `turn` counts the player turns played, `winner` is the seat that got there first."""

    __slots__ = ()

    game: RaceTable
    player: int
    turn: int
    winner: int | None

    @property
    def current_player(self) -> int | None:
        if self.winner is not None or self.turn >= self.game.max_turns:
            return None
        return self.player

    def returns(self) -> list[float]:
        return shared_win([] if self.winner is None else [self.winner], self.game.players)

    def ended_by_limit(self) -> bool:
        return self.winner is None and self.turn >= self.game.max_turns

    def last_mover(self) -> int | None:
        """The seat that played the last action: the one before the seat to move, or the seat
        to move itself once the race is over."""
        if not self.history:
            return None
        if self.current_player is None:
            return self.player
        return (self.player - 1) % self.game.players

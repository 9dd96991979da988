"""A game's chance as OpenSpiel's chance nodes: every draw of a towpath game (a die, a card from a
pile, each step of a shuffle) is one uniform choice among n outcomes, `Rng.below(n)`; here the
answers come from outside, one by one.

A state whose generator is `Answered` plays on until a draw its answers do not reach: there it
raises `Drawing(n)`, the caller asks a chance node for the answer and plays the event again from
its start with one answer more (events are short: the setup, or one action that draws).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.core.rng import Rng


class Drawing(Exception):
    """A draw among `outcomes` equally likely ones that no answer reaches yet."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(f"a draw among {outcomes} outcomes")
        self.outcomes = outcomes


class Answered(Rng):
    """A generator whose draws are given: the k-th `below(n)` is `answers[k]`."""

    __slots__ = ("answers", "drawn")

    def __init__(self, answers: list[int] | None = None) -> None:
        super().__init__(0)
        self.answers = [] if answers is None else answers
        self.drawn = 0

    def below(self, n: int) -> int:
        if self.drawn == len(self.answers):
            raise Drawing(n)
        answer = self.answers[self.drawn]
        if not 0 <= answer < n:
            raise GameError(f"chance outcome {answer} is not one of the {n} of this draw")
        self.drawn += 1
        return answer

    def next64(self) -> int:
        raise GameError("a game drew raw bits: chance nodes answer only draws among n outcomes")

    def copy(self) -> Answered:
        copy = Answered(list(self.answers))
        copy.drawn = self.drawn
        return copy


class Probe(Rng):
    """A generator that answers 0 to every draw and notes how many outcomes each had."""

    __slots__ = ("outcomes",)

    def __init__(self) -> None:
        super().__init__(0)
        self.outcomes: list[int] = []

    def below(self, n: int) -> int:
        self.outcomes.append(n)
        return 0


class Recording(Rng):
    """The generator of a seed, noting the answer of every draw."""

    __slots__ = ("answers",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.answers: list[int] = []

    def below(self, n: int) -> int:
        answer = super().below(n)
        self.answers.append(answer)
        return answer


def most_outcomes(game: Game) -> int:
    """The most outcomes a draw of the game has: its setup's largest (a full pile shuffled, a
    die); every later draw is among as few or fewer (a die again, the discards shuffled, a
    card's orientation)."""
    probe = Probe()
    game.new_state(0, rng=probe)
    return max(probe.outcomes, default=0)


@dataclass
class Event:
    """A chance event under way: the setup (no action) or a player's action that draws, with
    the answers its draws have had so far and the outcomes of the next."""

    action: Action | None
    outcomes: int
    answers: list[int] = field(default_factory=list)


def start(game: Game) -> State | Event:
    """The setup, if it draws nothing; else its first chance event."""
    return run(game, None, None, [])


def play(state: State, action: Action) -> State | Event:
    """The state after `action` (a copy), if it draws nothing; else its chance event."""
    return run(state.game, state, action, [])


def answer(game: Game, before: State | None, event: Event, outcome: int) -> State | Event:
    """The event played again with one answer more: the state once it draws no more, else the
    event waiting for its next answer."""
    if not 0 <= outcome < event.outcomes:
        raise GameError(f"expected a chance outcome from 0 to {event.outcomes - 1}, got {outcome}")
    return run(game, before, event.action, [*event.answers, outcome])


def run(
    game: Game, before: State | None, action: Action | None, answers: list[int]
) -> State | Event:
    """The setup (no action), or `action` played on a copy of `before`, its draws answered by
    `answers`: the state it comes to, or the event waiting for the answer of its next draw."""
    try:
        if action is None:
            return settled(game.new_state(0, rng=Answered(answers)))
        assert before is not None
        after = before.clone()
        after.rng = Answered(answers)
        after.apply(action)
        return settled(after)
    except Drawing as drawing:
        return Event(action, drawing.outcomes, answers)


def settled(state: State) -> State:
    """The state with a generator of no answers: its next draw is a chance node again."""
    state.rng = Answered()
    return state

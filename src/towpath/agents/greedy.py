"""The greedy bot: the action whose result the game's evaluation likes best.

It looks one action ahead in a world resampled from its own view, and where the same seat acts
again (a turn of several actions) it plays on greedily while that stays cheap, so an action is
judged by where the turn ends. The few best are judged again in other worlds, so that what one
world happens to hide (the card a draw would bring) does not decide.
"""

from __future__ import annotations

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.rng import Rng

TIE = 1e-12
FINALISTS = 3  # the best actions in the first world, judged again in others


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        budget: int = 2000,
        sample: int = 400,
        shortlist: int = 16,
        worlds: int = 4,
    ) -> None:
        """`budget`: evaluations per decision spent on playing the rest of the turn;
        `sample`: where there are more legal actions than this, judge a random sample of this
        many; `shortlist`: where the game estimates actions cheaply (Canal King's placements),
        judge only this many, the best by the estimate; `worlds`: the FINALISTS best actions
        in the first world are judged again in other worlds, this many in all."""
        if budget < 0 or sample < 1 or shortlist < 1 or worlds < 1:
            raise GameError("greedy: expected budget ≥ 0 and sample, shortlist, worlds ≥ 1")
        self.rng = Rng(seed)
        self.budget = budget
        self.sample = sample
        self.shortlist = shortlist
        self.worlds = worlds

    def choose(self, state: State) -> Action:
        seat = state.current_player
        actions = state.legal_actions()
        if seat is None or not actions:
            raise GameError("the game is over: there is no action to choose")
        if len(actions) == 1:
            return actions[0]
        world = state.resample(seat, self.rng.next64())
        # Playing on is shared among all the legal actions, shortlisted or not: a game's
        # estimates make greedy quicker, not a different player.
        allowance = self.budget // len(actions)
        actions = self.candidates(world, actions, seat)
        values = [self.value_after(world, action, seat, allowance) for action in actions]
        # An action whose result hangs on hidden parts (a card drawn) may look best only in
        # the world drawn: the finalists are judged again in other worlds, alike for all.
        order = list(range(len(actions)))
        self.rng.shuffle(order)  # equal values in a random order
        order = sorted(order, key=lambda i: -values[i])[:FINALISTS]
        finalists = [actions[i] for i in order]
        totals = [values[i] for i in order]
        if len(finalists) > 1:
            for _ in range(self.worlds - 1):
                other = state.resample(seat, self.rng.next64())
                for k, action in enumerate(finalists):
                    totals[k] += self.value_after(other, action, seat, allowance)
        best = max(totals)
        return self.rng.choice(
            [a for a, t in zip(finalists, totals, strict=True) if t >= best - TIE]
        )

    def candidates(self, world: State, actions: list[Action], seat: int) -> list[Action]:
        """The actions worth judging: all, or a shortlist or sample where there are many."""
        if len(actions) <= self.shortlist:
            return actions
        estimates = world.game.estimate_actions(world, seat, actions)
        if estimates is not None:
            order = list(range(len(actions)))
            self.rng.shuffle(order)  # equal estimates in a random order
            order.sort(key=lambda i: -estimates[i])
            return [actions[i] for i in order[: self.shortlist]]
        if len(actions) > self.sample:
            actions = list(actions)
            self.rng.shuffle(actions)
            del actions[self.sample :]
        return actions

    def value_after(self, world: State, action: Action, seat: int, allowance: int) -> float:
        after = world.clone()
        after.apply(action)
        while after.current_player == seat:
            actions = after.legal_actions()
            allowance -= len(actions)
            if allowance < 0:
                break
            after = max((child(after, a) for a in actions), key=lambda s: s.game.evaluate(s, seat))
        return after.game.evaluate(after, seat)


def child(state: State, action: Action) -> State:
    result = state.clone()
    result.apply(action)
    return result

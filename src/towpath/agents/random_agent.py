"""The random bot: a uniformly random legal action."""

from __future__ import annotations

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.game import State
from towpath.core.rng import Rng


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        return state.random_action(self.rng)

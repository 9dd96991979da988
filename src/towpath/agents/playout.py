"""The playout bot: each game's cheap rule of thumb (`Game.playout_action`).

It plays a world resampled from its own view, so it knows no more than its seat, and now and
then (`randomness`) a uniformly random legal action instead, so that games vary. It finishes
games by the rules and is fast: the balance lab's default player and the rollout of MCTS's
`rollout="playout"`.
"""

from __future__ import annotations

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.rng import Rng

RANDOMNESS = 0.05  # the share of uniformly random actions


class PlayoutAgent(Agent):
    name = "playout"

    def __init__(self, seed: int = 0, randomness: float = RANDOMNESS) -> None:
        """`randomness`: the share of moves played uniformly at random."""
        if not 0 <= randomness <= 1:
            raise GameError(f"playout randomness: expected 0 to 1, got {randomness!r}")
        self.rng = Rng(seed)
        self.randomness = randomness

    def choose(self, state: State) -> Action:
        seat = state.current_player
        if seat is None:
            raise GameError("the game is over: there is no action to choose")
        if self.randomness and self.rng.random() < self.randomness:
            return state.random_action(self.rng)
        world = state.resample(seat, self.rng.next64())
        return world.game.playout_action(world, self.rng)

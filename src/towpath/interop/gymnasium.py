"""One seat of a towpath game against towpath bots, as a Gymnasium environment.

    from towpath.interop import gymnasium
    env = gymnasium.env("detour", seat=0, opponents="playout", players=3)
    # or, once this module is imported: gymnasium.make("towpath/detour-v0", players=3)
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Observations are {"observation", "action_mask"} as in the PettingZoo environment (the seat's
view as a tensor, 1 at its legal action ids); `action_masks()` gives the mask too. The other
seats are played by bots: `opponents` names one bot for all (with settings, as on the command
line: "mcts:iterations=200") or gives one per other seat, in seat order; the default is the
`playout` bot, each game's fast rule of thumb. `reset(seed=s)` starts `new_state(seed=s)` and
seeds the bots from s. The reward is the seat's return when the game ends by its rules; a game
stopped by its length limit is truncated with a reward of 0, whoever led. Either way the info
then holds the `ending`'s reason and the game's `returns` for the seat. `render()` draws the
board as the seat sees it, as text ("ansi") or as its SVG drawing rasterised ("rgb_array").
The towpath state is `game_state`, as in the PettingZoo environment.

An action id that is not legal (use the mask to avoid them) is refused without a move: the
state stays as it was, the reward is `illegal_reward` (default -1.0), the episode goes on,
and the info's "illegal" says why it was refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

import towpath
from towpath.agents.base import Agent
from towpath.agents.spec import AgentSpec
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.interop.observations import action_mask, observation
from towpath.interop.pettingzoo import RENDER_MODES, Observation, ended, observation_space
from towpath.interop.raster import rasterise


def register() -> None:
    """Each game as a Gymnasium id, `towpath/GAME-v0`, whose keywords are `env`'s."""
    for game_id in towpath.game_ids():
        name = f"towpath/{game_id}-v0"
        if name not in gym.registry:
            gym.register(name, entry_point=f"{__name__}:env", kwargs={"game_id": game_id})


def env(
    game_id: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "playout",
    players: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float = -1.0,
    **options: Any,
) -> TowpathSeatEnv:
    """`game_id` played from `seat` against `opponents` (see the module docstring)."""
    game = towpath.load(game_id, players, **options)
    return TowpathSeatEnv(game, seat, opponents, render_mode, illegal_reward)


class TowpathSeatEnv(gym.Env[Observation, int]):
    """One seat against bots (see the module docstring)."""

    # A board a step; `render_fps` only paces a recorder (the game is turn-based).
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 - Gymnasium's own attribute

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "playout",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise GameError(f"seat: expected a seat from 0 to {game.players - 1}, got {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GameError(f"render_mode: expected one of {', '.join(RENDER_MODES)} or None")
        others = game.players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise GameError(f"opponents: expected one bot or {others}, got {len(names)}")
        self.bot_specs = [AgentSpec.parse(name, "opponents") for name in names]
        self.game = game
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.observation_space = observation_space(game)  # type: ignore[assignment]
        self.action_space = gym.spaces.Discrete(game.num_distinct_actions)  # type: ignore[assignment]
        self.bots: dict[int, Agent] = {}
        self.game_state: State = game.new_state(seed=0)
        self.seeds = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.seeds.seed(seed)
        game_seed = seed if seed is not None else self.seeds.randrange(2**31)
        self.game_state = self.game.new_state(seed=game_seed)
        others = [other for other in range(self.game.players) if other != self.seat]
        self.bots = {
            other: spec.build(seed=game_seed + k + 1)
            for k, (other, spec) in enumerate(zip(others, self.bot_specs, strict=True))
        }
        self._play_bots()
        return self._observe(), {}

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.game_state.is_terminal():
            raise GameError("the game is over: call reset() to start another")
        try:
            self.game_state.apply(self.game.action_from_id(int(action), self.game_state))
        except GameError as refused:  # nothing changed (see the module docstring)
            return self._observe(), self.illegal_reward, False, False, {"illegal": str(refused)}
        self._play_bots()
        if not self.game_state.is_terminal():
            return self._observe(), 0.0, False, False, {}
        truncated, told = ended(self.game_state)
        returns = self.game_state.returns()[self.seat]
        reward = 0.0 if truncated else returns
        return self._observe(), reward, not truncated, truncated, {**told, "returns": returns}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal action ids of the seat, as a mask (all 0 once the game is over)."""
        if self.game_state.is_terminal():
            return np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return action_mask(self.game_state)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode == "ansi":
            return self.game_state.render_text(self.seat)
        if self.render_mode == "rgb_array":
            return rasterise(self.game_state.render_svg(self.seat))
        return None

    def _play_bots(self) -> None:
        state = self.game_state
        while state.current_player is not None and state.current_player != self.seat:
            state.apply(self.bots[state.current_player].choose(state))

    def _observe(self) -> Observation:
        return {
            "observation": observation(self.game_state, self.seat),
            "action_mask": self.action_masks(),
        }


register()

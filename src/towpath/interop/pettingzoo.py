"""Every towpath game as a PettingZoo AEC environment.

    from towpath.interop import pettingzoo
    env = pettingzoo.env("mississippi", players=4, render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else (
            env.action_space(agent).sample(observation["action_mask"]))
        env.step(action)

Agents are `player_0`… (seat numbers). An agent's observation is {"observation": the float32
tensor of its view (the game's encoding), "action_mask": int8, 1 at the legal action ids}; the
mask is all 0 for an agent not to move. `reset(seed=s)` starts the game `new_state(seed=s)` and
seeds the agents' action spaces (s + seat); a reset without a seed draws the game's seed from
the last seed given; `reset(options={"actions": [...]})` starts after these actions (their
notation, as in a game record).  A game ended by its own
rules terminates every agent, its rewards the game's returns; one stopped by the safety limit
on its length (`max_turns`, …) truncates them with rewards of 0, whoever led (a truncated
game has no result to learn from). Either way every agent's info then holds the `ending`'s
reason ("win", "shared", "nobody" or "limit") and the game's `returns` for that seat.
`render()` draws the board as a spectator sees it: its text ("ansi") or its SVG drawing
rasterised ("rgb_array"). `state()` is the global state a centralised critic learns from:
every seat's observation tensor, seat after seat (in `state_space`); the game's own state is
`game_state`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

import towpath
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.interop.observations import action_mask, observation
from towpath.interop.raster import rasterise

RENDER_MODES = ("ansi", "rgb_array")
Observation = dict[str, npt.NDArray[Any]]


def env(
    game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> TowpathEnv:
    """The AEC environment of `game_id` for `players` seats with the game's `options`."""
    return TowpathEnv(towpath.load(game_id, players, **options), render_mode)


def ended(state: State) -> tuple[bool, dict[str, Any]]:
    """Whether the game over was stopped by its length limit, and its ending's reason for
    an info."""
    ending = state.ending()
    assert ending is not None
    return ending.reason == "limit", {"ending": ending.reason}


def observation_space(game: Game) -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                0.0, 1.0, (game.observation_layout.size,), np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (game.num_distinct_actions,), np.int8),
        }
    )


class TowpathEnv(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """One towpath game as an AEC environment (see the module docstring)."""

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise GameError(f"render_mode: expected one of {', '.join(RENDER_MODES)} or None")
        self.game = game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"towpath_{game.id}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(game) for a in self.possible_agents}
        self.action_spaces = {
            a: gymnasium.spaces.Discrete(game.num_distinct_actions) for a in self.possible_agents
        }
        size = game.observation_layout.size
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (game.players * size,), np.float32)
        self.seeds = random.Random()
        self.game_state: State = game.new_state(seed=0)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.seeds.seed(seed)
            for seat, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + seat)
        game_seed = seed if seed is not None else self.seeds.randrange(2**31)
        self.game_state = self.game.new_state(seed=game_seed)
        for text in (options or {}).get("actions", []):
            self.game_state.apply(self.game.parse_action(text, self.game_state))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> Observation:
        seat = self.seat_of[agent]
        mask = (
            action_mask(self.game_state)
            if self.game_state.current_player == seat
            else np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        )
        return {"observation": observation(self.game_state, seat), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """Every seat's observation tensor, seat after seat (see the module docstring)."""
        seats = range(self.game.players)
        return np.concatenate([observation(self.game_state, seat) for seat in seats])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise GameError(f"{agent} is to move: expected an action id, got None")
        self.game_state.apply(self.game.action_from_id(int(action), self.game_state))
        self._cumulative_rewards[agent] = 0.0
        if self.game_state.is_terminal():
            truncated, told = ended(self.game_state)
            for seat, value in enumerate(self.game_state.returns()):
                name = self.possible_agents[seat]
                self.rewards[name] = 0.0 if truncated else value
                self.terminations[name] = not truncated
                self.truncations[name] = truncated
                self.infos[name] = {**told, "returns": value}
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        seat = self.game_state.current_player
        if seat is None:
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode == "ansi":
            return self.game_state.render_text(None)
        if self.render_mode == "rgb_array":
            return rasterise(self.game_state.render_svg(None))
        return None

    def close(self) -> None:
        """Nothing to release: the board is drawn afresh on each render."""

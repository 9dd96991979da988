"""PettingZoo's own checks (api_test, seed_test) on every game and player count, over seeded
random games that reach every phase of each game; rendering and refusals."""

from __future__ import annotations

import warnings
from functools import partial
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import towpath
from towpath.core.errors import GameError, IllegalAction
from towpath.interop import pettingzoo
from towpath.interop.pettingzoo import TowpathEnv

from .phases import CASES, EXPECTED, PHASES, Case


class WatchedEnv(TowpathEnv):
    """The environment of a case, noting the phases its games pass through; a case with a
    lead starts every game after the lead (the game of the lead's seed)."""

    def __init__(self, case: Case) -> None:
        super().__init__(towpath.load(case.game, case.players, **case.options), "ansi")
        self.lead = case.lead_game() if case.lead else None
        self.seen: set[str] = set()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if self.lead:
            seed, options = self.lead[0], {"actions": self.lead[1]}
        super().reset(seed, options)
        self.seen |= PHASES[self.game.id](self.game_state.view(None))

    def step(self, action: int | None) -> None:
        super().step(action)
        self.seen |= PHASES[self.game.id](self.game_state.view(None))


def watch(watched: list[WatchedEnv], case: Case) -> WatchedEnv:
    env = WatchedEnv(case)
    watched.append(env)
    return env


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_api_and_seed_tests_pass_reaching_every_phase(game_id: str) -> None:
    seen: set[str] = set()
    for case in CASES[game_id]:
        env = WatchedEnv(case)
        with warnings.catch_warnings():
            # A dict observation is PettingZoo's own form for masked actions; it warns of it.
            warnings.filterwarnings("ignore", "Observation is not a NumPy array")
            warnings.filterwarnings("ignore", "Observation space for each agent probably")
            api_test(env, num_cycles=1000)
        watched = [env]
        seed_test(partial(watch, watched, case), num_cycles=1000)
        for each in watched:
            seen |= each.seen
    assert seen == EXPECTED[game_id]


def test_reset_can_start_after_given_actions() -> None:
    env = pettingzoo.env("detour", players=2)
    env.reset(seed=5, options={"actions": ["move voyage 2", "pass detour"]})
    assert [str(action) for action in env.game_state.history] == ["move voyage 2", "pass detour"]
    assert env.agent_selection == f"player_{env.game_state.current_player}"


def test_reset_with_a_seed_starts_that_seeded_game() -> None:
    env = pettingzoo.env("mississippi", players=3)
    env.reset(seed=7)
    expected = towpath.load("mississippi", players=3).new_state(seed=7)
    assert env.game_state.to_json() == expected.to_json()


def test_observation_is_the_view_tensor_and_mask_of_the_seat_to_move() -> None:
    env = pettingzoo.env("detour", players=3)
    env.reset(seed=1)
    game, state = env.game, env.game_state
    observation, reward, terminated, truncated, info = env.last()
    seat = state.current_player
    assert seat == 0 and reward == 0 and not terminated and not truncated and info == {}
    assert np.array_equal(observation["observation"], game.observation_tensor(state.view(0), 0))
    assert list(np.flatnonzero(observation["action_mask"])) == game.legal_ids(state)
    assert not env.observe("player_1")["action_mask"].any()


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_the_global_state_is_every_seats_observation_in_the_state_space(game_id: str) -> None:
    env = pettingzoo.env(game_id, players=2)
    env.reset(seed=4)
    for _ in range(6):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    whole = env.state()
    assert env.state_space.contains(whole)
    mine, yours = np.split(whole, 2)
    assert np.array_equal(mine, env.observe("player_0")["observation"])
    assert np.array_equal(yours, env.observe("player_1")["observation"])


def test_game_ended_by_its_length_limit_truncates_every_agent() -> None:
    env = pettingzoo.env("mississippi", players=2, max_turns=4)
    env.reset(seed=3)
    for _ in range(4):
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_a_leader_at_the_length_limit_is_paid_nothing_and_told_in_the_infos() -> None:
    """Detour names the farthest marker the winner at its round limit; a learner is given no
    winner's reward for a game cut off (the step is a truncation), only the infos tell it."""
    env = pettingzoo.env("detour", players=2, max_rounds=2)
    env.reset(seed=1)
    while not any(env.truncations.values()):
        mask = env.last()[0]["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
    returns = env.game_state.returns()
    assert any(returns) and env.game_state.ending().reason == "limit"  # type: ignore[union-attr]
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.infos == {
        f"player_{seat}": {"ending": "limit", "returns": returns[seat]} for seat in (0, 1)
    }


def test_win_by_the_rules_terminates_and_rewards_the_returns() -> None:
    env = pettingzoo.env("mississippi", players=2, logs=200)
    env.reset(seed=0)
    first = env.agent_selection
    env.step(env.game.action_id(env.game.parse_action("f85")))
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards == {first: 1.0, "player_1": 0.0}


def test_illegal_action_id_is_refused_and_changes_nothing() -> None:
    env = pettingzoo.env("mississippi", players=2)
    env.reset(seed=0)
    before = env.game_state.to_json()
    pass_id = env.game.action_id(env.game.parse_action("pass"))
    with pytest.raises(IllegalAction):
        env.step(pass_id)
    with pytest.raises(GameError, match="expected an action id from 0 to"):
        env.step(env.game.num_distinct_actions)
    assert env.game_state.to_json() == before


def test_render_modes_draw_the_spectators_board() -> None:
    env = pettingzoo.env("detour", players=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == env.game_state.render_text(None)
    picture = pettingzoo.env("detour", players=2, render_mode="rgb_array")
    picture.reset(seed=0)
    pixels = picture.render()
    assert isinstance(pixels, np.ndarray) and pixels.dtype == np.uint8
    assert pixels.ndim == 3 and pixels.shape[2] == 3 and pixels.shape[0] > 100
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 2  # a drawing, not a blank page
    with pytest.raises(GameError, match="render_mode: expected one of ansi, rgb_array"):
        pettingzoo.env("detour", render_mode="human")

"""The one-seat Gymnasium environment: Gymnasium's own checker, the illegal-action policy, whole
games against bots."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import env_checker

import towpath
from towpath.core.errors import GameError
from towpath.interop import gymnasium


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_gymnasiums_own_checker_passes_with_no_warning(game_id: str) -> None:
    """`check_env` as Gymnasium runs it, its steps taking any action id, render modes too."""
    env = gym.make(f"towpath/{game_id}-v0", players=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_checker.check_env(env.unwrapped)


def test_an_illegal_action_is_refused_with_the_penalty_and_no_move() -> None:
    env = gymnasium.env("detour", players=2, illegal_reward=-0.5)
    observation, _ = env.reset(seed=3)
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-0.5, False, False)
    assert "is not a legal action here" in info["illegal"] and env.game_state.to_json() == before
    assert (after["observation"] == observation["observation"]).all()


def play(env: gymnasium.TowpathSeatEnv, seed: int) -> tuple[list[str], float, bool, bool]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return [str(action) for action in env.game_state.history], reward, terminated, truncated


def test_seat_plays_a_whole_game_against_bots_with_only_its_turns_given() -> None:
    env = gymnasium.env("mississippi", seat=1, opponents=["random", "greedy"], players=3, logs=80)
    history, reward, terminated, truncated = play(env, seed=4)
    assert terminated and not truncated
    assert reward == env.game_state.returns()[1]
    assert play(env, seed=4)[0] == history  # the same seed, the same game and bots
    assert not env.action_masks().any()


def test_a_game_stopped_by_its_length_limit_is_truncated_with_no_reward() -> None:
    env = gymnasium.env("arriala", seat=0, opponents="random", players=2, max_turns=4)
    observation, _ = env.reset(seed=2)
    while True:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
    assert truncated and not terminated and reward == 0.0
    assert info == {"ending": "limit", "returns": env.game_state.returns()[0]}


def test_the_default_opponents_are_the_playout_bots() -> None:
    env = gymnasium.env("mississippi", seat=0, players=3)
    env.reset(seed=0)
    assert [bot.name for bot in env.bots.values()] == ["playout", "playout"]


def test_reset_seed_starts_that_seeded_game() -> None:
    env = gymnasium.env("detour", seat=0, opponents="random", players=2)
    observation, info = env.reset(seed=11)
    state = towpath.load("detour", players=2).new_state(seed=11)
    assert env.game_state.to_json() == state.to_json() and info == {}
    assert np.array_equal(observation["observation"], env.game.observation_tensor(state.view(0), 0))


def test_bot_spec_and_seat_are_checked() -> None:
    with pytest.raises(GameError, match="opponents: expected one bot or 2, got 1"):
        gymnasium.env("detour", players=3, opponents=["random"])
    with pytest.raises(GameError, match="unknown agent 'genius'"):
        gymnasium.env("detour", players=2, opponents="genius").reset(seed=0)
    with pytest.raises(GameError, match="seat: expected a seat from 0 to 1"):
        gymnasium.env("detour", players=2, seat=2)

"""Many seeded random games of every game: each ends, and the basic promises hold throughout."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from tests.conformance.configs import CONFIGS, Config

MAX_ACTIONS = 200_000  # far above any game's own limit: reaching it means the game never ends
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def play_to_end(config: Config, seed: int) -> towpath.State:
    game = config.load()
    state = game.new_state(seed)
    bot = towpath.agent("random", seed=seed)
    for _ in range(MAX_ACTIONS):
        seat = state.current_player
        actions = state.legal_actions()
        if seat is None:
            assert actions == [], "a finished game has no legal actions"
            assert state.is_terminal()
            return state
        assert 0 <= seat < game.players
        assert actions, "a game that is not over has legal actions"
        assert state.returns() == [0.0] * game.players, "returns are 0 until the end"
        assert state.ended_by_limit() is not True, "no limit has ended a game still going"
        state.apply(bot.choose(state))
    pytest.fail(f"{config} seed {seed}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@settings(max_examples=soak.games(120))
@given(seed=SEEDS)
def test_random_games_end(config: Config, seed: int) -> None:
    state = play_to_end(config, seed)
    players = config.players
    returns, scores = state.returns(), state.scores()
    assert len(returns) == players and len(scores) == players
    assert all(isinstance(value, float) for value in [*returns, *scores])
    assert all(value >= 0 for value in returns)
    assert state.ended_by_limit() in (True, False, None)

"""Bot levels: each names a bot with settings per game, played as that game's preset."""

from __future__ import annotations

import pytest

import towpath
from towpath.agents.levels import LEVELS, LevelAgent, resolve
from towpath.agents.mcts import MCTSAgent
from towpath.agents.settings import check_settings
from towpath.agents.spec import AgentSpec


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_every_level_stands_for_a_bot_with_settings_in_range_in_every_game(game_id: str) -> None:
    game = towpath.load(game_id)
    for level in LEVELS:
        spec = AgentSpec.parse(resolve(level, game))
        check_settings(spec.name, dict(spec.params))  # within the ranges a table allows
        assert spec.name in ("playout", "greedy", "mcts")
    assert resolve("mcts:seconds=1", game) == "mcts:seconds=1"  # a bot by name stays itself


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_easy_and_normal_play_legal_moves_as_their_game_s_preset(game_id: str) -> None:
    state = towpath.load(game_id, 2).new_state(3)
    for level in ("easy", "normal"):
        bot = towpath.agent(level, seed=5)
        assert isinstance(bot, LevelAgent) and bot.name == level
        action = bot.choose(state)
        assert action in state.legal_actions()
        preset = AgentSpec.parse(resolve(level, state.game)).build(5)
        assert str(preset.choose(state)) == str(action)  # the preset, seeded alike


def test_hard_is_a_search_with_playout_rollouts() -> None:
    state = towpath.load("mississippi", 2).new_state(1)
    bot = towpath.agent("hard", seed=0)
    assert isinstance(bot, LevelAgent)
    spec = AgentSpec.parse(resolve("hard", state.game))
    built = spec.build(0)
    assert isinstance(built, MCTSAgent) and built.settings.rollout == "playout"

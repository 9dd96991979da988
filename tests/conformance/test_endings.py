"""Every game tells truly how it ended: one stopped by its length limit says "limit", whoever
leads (each game's test_playout shows its playout bot ending games by the rules)."""

from __future__ import annotations

import pytest

import towpath
from towpath.core import registry

LIMITS = {"max_turns": 3, "max_rounds": 2}  # options that cut a game short


def limited_games() -> list[tuple[str, str]]:
    """(game, its length-limit option) for every game that has one."""
    return [
        (game_id, spec.name)
        for game_id in towpath.game_ids()
        for spec in registry.game_class(game_id).option_specs
        if spec.name in LIMITS
    ]


@pytest.mark.parametrize(("game_id", "option"), limited_games())
def test_a_game_stopped_by_its_length_limit_ends_with_the_reason_limit(
    game_id: str, option: str
) -> None:
    for seed in range(3):
        state = towpath.load(game_id, 2, **{option: LIMITS[option]}).new_state(seed)
        bot = towpath.agent("random", seed=seed)
        while not state.is_terminal():
            state.apply(bot.choose(state))
        ending = state.ending()
        assert ending is not None and ending.reason == "limit", (game_id, seed, ending)
        assert state.ended_by_limit() is True


def test_every_game_with_a_length_limit_is_covered() -> None:
    assert {game for game, _ in limited_games()} == {
        "arriala",
        "canal_king",
        "detour",
        "mississippi",
    }

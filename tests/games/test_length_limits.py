"""Each game says whether its safety limit on length ended it (`ended_by_limit`)."""

from __future__ import annotations

import pytest

import towpath
from tests.games.mississippi.helpers import act, position
from towpath.core.rng import Rng


@pytest.mark.parametrize(
    ("game_id", "limit"),
    [
        ("mississippi", {"max_turns": 3}),
        ("canal_king", {"max_turns": 3}),
        ("arriala", {"max_turns": 2}),
        ("detour", {"max_rounds": 1}),
    ],
)
def test_a_short_limit_ends_the_game_and_says_so(game_id: str, limit: dict[str, int]) -> None:
    state = towpath.load(game_id, 2, **limit).new_state(5)
    rng = Rng(5)
    while not state.is_terminal():
        assert state.ended_by_limit() is False
        state.apply(rng.choice(state.legal_actions()))
    assert state.ended_by_limit() is True


def test_a_game_won_by_its_rules_did_not_end_by_the_limit() -> None:
    state = position([84, 10], logs=[3, 3])
    act(state, "f1")
    assert state.is_terminal() and state.ended_by_limit() is False


def test_mapped_out_has_no_length_limit() -> None:
    state = towpath.load("mapped_out", 2).new_state(1)
    rng = Rng(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.ended_by_limit() is False

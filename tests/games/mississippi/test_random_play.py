"""Invariants of Mississippi seen through views at every step of seeded random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from towpath.core.game import JSON
from towpath.games.mississippi import Mississippi


def rotations(numbers: list[int]) -> list[list[int]]:
    return [numbers[k:] + numbers[:k] for k in range(len(numbers))]


def check_view(view: dict[str, JSON], dealt: int, sides: list[list[int]]) -> None:
    boats = view["boats"]
    logs = [boat["logs"] for boat in boats]
    assert min(logs) >= 0 and view["supply"] >= 0, "logs are never negative"
    assert sum(logs) + view["supply"] == dealt, "logs + supply stay what was dealt"
    on_river = [b["space"] for b in boats if 1 <= b["space"] <= view["river_length"]]
    assert len(on_river) == len(set(on_river)), "never two boats on one river space"
    for boat in boats:
        assert boat["sides"] is None or boat["sides"] in sides, "a boat only ever turns"
        assert boat["sides"] is not None or boat["space"] == 0, "rolled before it moves"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=soak.games(60))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_keep_the_log_count_and_one_boat_per_space(players: int, seed: int) -> None:
    game = towpath.load("mississippi", players)
    assert isinstance(game, Mississippi)
    state = game.new_state(seed)
    bot = towpath.agent("random", seed=seed)
    dealt = players * game.logs_each
    sides = rotations(list(game.side_numbers))
    while True:
        view = state.view(None)
        check_view(view, dealt, sides)
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    winners = [seat for seat, value in enumerate(state.returns()) if value == 1.0]
    finished = [b["space"] == view["river_length"] + 1 for b in view["boats"]]
    assert len(winners) <= 1
    if winners:
        assert finished == [seat == winners[0] for seat in range(players)]
    else:
        assert view["turn"] == view["max_turns"] and not any(finished)

"""Invariants of Mississippi seen through views at every step of seeded random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=soak.games(60))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_keep_the_log_count_and_one_boat_per_space(players: int, seed: int) -> None:
    state = towpath.load("mississippi", players).new_state(seed)
    bot = towpath.agent("random", seed=seed)
    total = None
    while True:
        view = state.view(None)
        boats = view["boats"]
        logs = [boat["logs"] for boat in boats]
        assert min(logs) >= 0 and view["supply"] >= 0
        if total is None:
            total = sum(logs) + view["supply"]
        assert sum(logs) + view["supply"] == total
        on_river = [b["space"] for b in boats if 1 <= b["space"] <= view["river_length"]]
        assert len(on_river) == len(set(on_river)), "never two boats on one river space"
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    winners = [seat for seat, value in enumerate(state.returns()) if value == 1.0]
    finished = [b["space"] == view["river_length"] + 1 for b in view["boats"]]
    assert len(winners) <= 1
    if winners:
        assert finished[winners[0]]
    else:
        assert view["turn"] == view["max_turns"] and not any(finished)

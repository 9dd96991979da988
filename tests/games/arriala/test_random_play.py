"""Invariants of Arriala seen through views at every step of seeded random games, and the
direct check of an action agreeing with the list of legal actions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.core.rng import Rng
from towpath.games.arriala.components import Points
from towpath.games.arriala.state import ArrialaState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
View = dict[str, Any]


def colour_counts(view: View) -> list[int]:
    counts = list(view["reserve"])
    places = [w for space in view["spaces"] for w in space["workers"]]
    places += [w for workers in view["vineyards"].values() for w in workers]
    places += [w for w in view["blue"] if w is not None]
    for colour in places:
        counts[view["colours"].index(colour)] += 1
    return counts


def check_board(view: View, workers: int) -> None:
    for space in view["spaces"]:
        if space["town"] is None:
            assert len(space["workers"]) + space["lock"] <= 1, f"space {space['number']}"
        if not space["in_play"]:
            assert not space["workers"] and not space["lock"]
    assert colour_counts(view) == [workers] * len(view["colours"])
    assert len(set(view["scored_sections"])) == len(view["scored_sections"])


def bonuses(view: View, points: Points) -> int:
    """Points scored apart from sections and vineyards: locks, river structures, masterworks."""
    return int(
        points.lock * sum(space["lock"] for space in view["spaces"])
        + points.river * sum(colour is not None for colour in view["blue"])
        + points.masterwork * sum(m["builder"] is not None for m in view["masterworks"])
    )


def check_step(before: View, after: View, state: ArrialaState) -> None:
    """Scores never fall; new points come only from sections scored for the first time, new
    locks, river structures and masterworks, and the vineyards at the end."""
    board, points = state.game.layout.board, state.game.rules.points
    assert all(a >= b for a, b in zip(after["scores"], before["scores"], strict=True))
    old, new = set(before["scored_sections"]), set(after["scored_sections"])
    assert old <= new, "a scored section stays scored"
    gained = sum(after["scores"]) - sum(before["scores"])
    bonus = bonuses(after, points) - bonuses(before, points)
    sections = sum(board.score_table[_length(s) - 1] for s in new - old)
    vineyards = sum(v["points"] for v in after["vineyard_info"]) if after["over"] else 0
    assert bonus <= gained <= bonus + sections + vineyards


def _length(section: str) -> int:
    first, last = section.split("-")
    return int(last) - int(first) + 1


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(25))
@given(seed=SEEDS)
def test_views_keep_the_invariants(players: int, seed: int) -> None:
    state = towpath.load("arriala", players).new_state(seed)
    assert isinstance(state, ArrialaState)
    bot = towpath.agent("random", seed=seed)
    workers = state.game.rules.workers_per_colour
    before = state.view(None)
    check_board(before, workers)
    while not state.is_terminal():
        state.apply(bot.choose(state))
        after = state.view(None)
        check_board(after, workers)
        check_step(before, after, state)
        before = after
    assert before["over"] and before["winners"]


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(2))
@given(seed=SEEDS)
def test_the_direct_check_agrees_with_the_legal_actions(players: int, seed: int) -> None:
    state = towpath.load("arriala", players, max_turns=60).new_state(seed)
    assert isinstance(state, ArrialaState)
    bot, rng = towpath.agent("random", seed=seed), Rng(seed)
    pool: dict[Action, None] = {}
    while not state.is_terminal():
        legal = state.legal_actions()
        pool.update(dict.fromkeys(legal))
        candidates = list(pool)
        rng.shuffle(candidates)
        for action in candidates[:150]:
            try:
                state._check(action)
            except IllegalAction:
                assert action not in legal, f"{action} is listed but refused"
            else:
                assert action in legal, f"{action} passes the check but is not listed"
        state.apply(bot.choose(state))


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(200))
@given(seed=SEEDS, turns=st.integers(min_value=8, max_value=100))
def test_many_games_of_any_length_end_with_the_invariants_kept(
    players: int, seed: int, turns: int
) -> None:
    state = towpath.load("arriala", players, max_turns=turns).new_state(seed)
    assert isinstance(state, ArrialaState)
    bot = towpath.agent("random", seed=seed)
    points = list(state.points)
    while not state.is_terminal():
        state.apply(bot.choose(state))
        assert all(new >= old for new, old in zip(state.points, points, strict=True))
        points = list(state.points)
    view = state.view(None)
    check_board(view, state.game.rules.workers_per_colour)
    assert view["turn"] <= turns
    if view["turn"] < turns:  # ended by itself: every non-town space is a lock or scored
        scored = set(view["scored_sections"])
        open_spaces = [s for s in view["spaces"] if s["in_play"] and s["town"] is None]
        assert all(s["lock"] or s["section"] in scored for s in open_spaces)

"""Invariants of Arriala seen through views at every step of seeded games, and the direct check
of an action agreeing with the list of legal actions.

At every step: no canal space other than a town holds more than one worker or lock, nothing
stands on a space out of play, every colour has its 5 workers somewhere, numbered 1, 2, ... in
placing order (those out are the lowest numbers, each once), scores never fall and
rise by exactly what the step earned (locks, river structures, masterworks, each section the
first time it is scored, vineyards at the end), and a scored section is never scored again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from tests.games.arriala.helpers import builder_choice
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.core.rng import Rng
from towpath.games.arriala.actions import Move, River, ToCanal, ToVineyard
from towpath.games.arriala.components import Points
from towpath.games.arriala.state import ArrialaState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
View = dict[str, Any]


def workers_out(view: View) -> list[dict[str, Any]]:
    """Every worker on the canal, in a vineyard or on a blue space."""
    out = [w for space in view["spaces"] for w in space["workers"]]
    out += [w for workers in view["vineyards"].values() for w in workers]
    return out + [w for w in view["blue"] if w is not None]


def check_numbers(view: View, workers: int) -> None:
    """Each colour's workers out are numbered 1 to n, each once; the reserve holds the rest."""
    for colour, reserve in zip(view["colours"], view["reserve"], strict=True):
        numbers = sorted(w["number"] for w in workers_out(view) if w["colour"] == colour)
        assert numbers == list(range(1, workers - reserve + 1)), colour


def check_board(view: View, workers: int) -> None:
    for space in view["spaces"]:
        if space["town"] is None:
            assert len(space["workers"]) + space["lock"] <= 1, f"space {space['number']}"
        if not space["in_play"]:
            assert not space["workers"] and not space["lock"]
    check_numbers(view, workers)


def scored_spaces(view: View) -> set[int]:
    scored = set(view["scored_sections"])
    return {p for p, space in enumerate(view["spaces"]) if space["section"] in scored}


def majority_of(colours: list[str]) -> str | None:
    """The rulebook's majority: the sole most; if tied, the sole next; else nobody."""
    counts = Counter(colours)
    for level in sorted(set(counts.values()), reverse=True)[:2]:
        holders = [colour for colour, n in counts.items() if n == level]
        if len(holders) == 1:
            return holders[0]
    return None


def earned(before: View, after: View, points: Points, table: tuple[int, ...]) -> Counter[str]:
    """The points one step earned, by colour, read from the views before and after it."""
    mover = before["colours"][before["current_player"]]
    gains: Counter[str] = Counter()
    locks = sum(s["lock"] for s in after["spaces"]) - sum(s["lock"] for s in before["spaces"])
    assert locks in (0, 1)
    gains[mover] += points.lock * locks
    for old, new in zip(before["blue"], after["blue"], strict=True):
        if new != old:
            assert old is None and new["colour"] == mover, "a river structure is the mover's"
            gains[mover] += points.river
    for old, new in zip(before["masterworks"], after["masterworks"], strict=True):
        if new["builder"] != old["builder"]:
            assert old["builder"] is None and new["builder"] == mover
            gains[mover] += points.masterwork
    already = scored_spaces(before)
    for section in set(after["scored_sections"]) - set(before["scored_sections"]):
        spaces = [p for p, s in enumerate(after["spaces"]) if s["section"] == section]
        assert not already & set(spaces), f"section {section} scored twice"
        assert all(len(after["spaces"][p]["workers"]) == 1 for p in spaces), "scored while full"
        winner = majority_of([after["spaces"][p]["workers"][0]["colour"] for p in spaces])
        if winner is not None:
            gains[winner] += table[len(spaces) - 1]
    if after["over"]:
        for info in after["vineyard_info"]:
            winner = majority_of([w["colour"] for w in after["vineyards"][info["name"]]])
            if winner is not None:
                gains[winner] += info["points"]
    return gains


def check_step(before: View, after: View, state: ArrialaState) -> None:
    """Scores rise by exactly what the step earned; scored sections stay scored."""
    gains = earned(before, after, state.game.rules.points, state.game.layout.board.score_table)
    expected = [old + gains[c] for c, old in zip(before["colours"], before["scores"], strict=True)]
    assert after["scores"] == expected
    assert set(before["scored_sections"]) <= set(after["scored_sections"])
    assert scored_spaces(before) <= scored_spaces(after)


def check_end(view: View) -> None:
    """A game that ended before its turn limit ended because the canal is complete: every
    non-town space in play is a lock or lies in a scored section."""
    assert view["over"] and view["winners"]
    if view["turn"] < view["max_turns"]:
        scored = set(view["scored_sections"])
        open_spaces = [s for s in view["spaces"] if s["in_play"] and s["town"] is None]
        assert all(s["lock"] or s["section"] in scored for s in open_spaces)


def play_checked(state: ArrialaState, choose: Callable[[ArrialaState], Action]) -> View:
    """Play to the end, checking the views at every step; the final spectator view."""
    workers = state.game.rules.workers_per_colour
    before = state.view(None)
    check_board(before, workers)
    while not state.is_terminal():
        state.apply(choose(state))
        after = state.view(None)
        check_board(after, workers)
        check_step(before, after, state)
        before = after
    check_end(before)
    return before


def new(players: int, seed: int, **options: object) -> ArrialaState:
    state = towpath.load("arriala", players, **options).new_state(seed)
    assert isinstance(state, ArrialaState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(25))
@given(seed=SEEDS)
def test_random_games_keep_the_invariants_in_every_view(players: int, seed: int) -> None:
    bot = towpath.agent("random", seed=seed)
    play_checked(new(players, seed), bot.choose)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(20))
@given(seed=SEEDS)
def test_games_played_to_a_complete_canal_keep_the_invariants(players: int, seed: int) -> None:
    # Random play almost never completes the canal before the turn limit; builders do.
    rng = Rng(seed)
    state = new(players, seed)
    play_checked(state, lambda state: builder_choice(state, rng))
    assert not state.ended_by_limit()


def renumbered(action: Action) -> list[Action]:
    """The action, and for one that names a worker, the same action naming each number of its
    colour instead (alike workers are listed once: the others must be refused)."""
    if not isinstance(action, Move | ToVineyard | ToCanal | River):
        return [action]
    return [replace(action, number=number) for number in range(1, 6)]


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(2))
@given(seed=SEEDS)
def test_the_direct_check_agrees_with_the_legal_actions(players: int, seed: int) -> None:
    state = new(players, seed, max_turns=60)
    bot, rng = towpath.agent("random", seed=seed), Rng(seed)
    pool: dict[Action, None] = {}
    while not state.is_terminal():
        legal = state.legal_actions()
        pool.update(dict.fromkeys(other for action in legal for other in renumbered(action)))
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
    state = new(players, seed, max_turns=turns)
    bot = towpath.agent("random", seed=seed)
    points = list(state.points)
    while not state.is_terminal():
        state.apply(bot.choose(state))
        assert all(new >= old for new, old in zip(state.points, points, strict=True))
        points = list(state.points)
    view = state.view(None)
    check_board(view, state.game.rules.workers_per_colour)
    check_end(view)
    assert view["turn"] <= turns


def with_full_section(view: View, first: int, colours: list[str], scores: list[int]) -> View:
    """`view` with the section from space `first` (counted from 1) full of `colours`, scored."""
    last = first + len(colours) - 1
    section = f"{first}-{last}"
    spaces = [dict(space) for space in view["spaces"]]
    for p, colour in enumerate(colours, start=first - 1):
        spaces[p].update(workers=[{"colour": colour, "number": 1}], section=section)
    scored = [*view["scored_sections"], section]
    return {**view, "spaces": spaces, "scored_sections": scored, "scores": scores}


def test_the_step_check_fails_on_points_from_nowhere_or_a_section_scored_twice() -> None:
    state = new(4, 0)
    start = state.view(None)
    colours = ["red", "red", "red", "yellow", "yellow"]
    scored = with_full_section(start, 18, colours, [8, 0, 0, 0])
    check_step(start, scored, state)
    with pytest.raises(AssertionError):
        check_step(start, with_full_section(start, 18, colours, [0, 8, 0, 0]), state)
    with pytest.raises(AssertionError):
        check_step(start, {**start, "scores": [1, 0, 0, 0]}, state)
    with pytest.raises(AssertionError):
        check_step(scored, {**scored, "scores": [16, 0, 0, 0]}, state)
    with pytest.raises(AssertionError, match="scored twice"):
        check_step(scored, with_full_section(scored, 18, colours[:4], [16, 0, 0, 0]), state)

"""The compiled way search (`_ways`) against the pure-Python one it mirrors: the same costs and
the same ways, search by search, over the positions of seeded games."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

import towpath
from towpath.core import compiled
from towpath.games.canal_king import CanalKing
from towpath.games.canal_king.state import BUILDING, CanalKingState

evaluate = importlib.import_module("towpath.games.canal_king.evaluate")


def positions() -> Iterator[CanalKingState]:
    """Positions of random and greedy games of 2 to 4 players, building and sailing."""
    for players, bot in ((2, "random"), (3, "greedy"), (4, "random")):
        state = CanalKing(players).new_state(seed=players)
        assert isinstance(state, CanalKingState)
        walker = towpath.agent(bot, seed=players)
        while not state.is_terminal() and len(state.history) < 120:
            if len(state.history) % 10 == 0:
                yield state.clone()
            state.apply(walker.choose(state))


def forget_searches() -> None:
    evaluate.compiled_searcher.cache_clear()
    evaluate.ways.cache_clear()


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The pure-Python search for the test, with no search kept from before or after."""
    monkeypatch.setenv(compiled.PURE_PYTHON, "1")
    forget_searches()
    yield
    forget_searches()


def test_the_way_search_is_built_compiled() -> None:
    tables = CanalKing(2).tables
    assert evaluate.compiled_searcher(tables) is not None, (
        "the compiled way search was not built: `pip install -e .` builds it (Cython, a C compiler)"
    )


@pytest.mark.usefixtures("pure_python")
def test_the_compiled_search_finds_the_ways_the_python_one_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searches: list[tuple[Any, ...]] = []
    python_search = evaluate.search_ways

    def recorded(*arguments: Any) -> Any:
        found = python_search(*arguments)
        searches.append((arguments, found))
        return found

    monkeypatch.setattr(evaluate, "search_ways", recorded)
    for state in positions():
        evaluate.evaluate_all(state)
        building = [a for a in state.legal_actions() if isinstance(a, BUILDING)]
        if building:
            evaluate.estimate_actions(state, state.player, building)
    assert any(arguments[-1] for arguments, _ in searches), "searches for target ports"
    assert any(not arguments[-1] for arguments, _ in searches), "searches of the whole board"
    tables = searches[0][0][0]
    monkeypatch.delenv(compiled.PURE_PYTHON)
    searcher = evaluate.compiled_searcher.__wrapped__(tables)
    assert searcher is not None
    for (_, *arguments), found in searches:
        assert evaluate.Reach(*searcher.ways(*arguments)) == found


def test_positions_are_judged_alike_by_both_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    states = list(positions())
    forget_searches()
    judged = [evaluate.evaluate_all(state) for state in states]
    monkeypatch.setenv(compiled.PURE_PYTHON, "1")
    forget_searches()
    try:
        assert [evaluate.evaluate_all(state) for state in states] == judged
    finally:
        forget_searches()

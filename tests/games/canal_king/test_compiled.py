"""The compiled kernels against the pure-Python code they mirror, over the positions of seeded
games: the way search (`_ways`: the same costs and the same ways, search by search) and the
listing of the building moves (`_building`: the same actions in the same order)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest

import towpath
from tests import soak
from towpath.games.canal_king import CanalKing
from towpath.games.canal_king.actions import Place, Replace, Special
from towpath.games.canal_king.fitting import LIST_BUILDING
from towpath.games.canal_king.state import BUILDING, CanalKingState

evaluate = importlib.import_module("towpath.games.canal_king.evaluate")


def positions() -> Iterator[CanalKingState]:
    """Positions of random and greedy games of 2 to 4 players, building and sailing: 32, whose
    evaluations make some 16,000 way searches (ten times as many under `make soak`)."""
    for round_ in range(soak.games(1)):
        for players, bot in ((2, "random"), (3, "greedy"), (4, "random")):
            seed = players + 10 * round_
            state = CanalKing(players).new_state(seed=seed)
            assert isinstance(state, CanalKingState)
            walker = towpath.agent(bot, seed=seed)
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
    monkeypatch.setattr(evaluate, "SEARCHER", None)
    forget_searches()
    yield
    forget_searches()


def test_the_kernels_are_built() -> None:
    tables = CanalKing(2).tables
    built = "`pip install -e .` builds it (Cython, a C compiler)"
    assert evaluate.compiled_searcher(tables) is not None, f"no compiled way search: {built}"
    assert LIST_BUILDING is not None, f"no compiled listing of building moves: {built}"


def test_the_compiled_listing_gives_the_building_moves_python_gives() -> None:
    kinds: set[type] = set()
    for state in positions():
        if state.current_player is None:
            continue
        seat, tables = state.player, state.game.tables
        arguments = (state._types(seat), state.board, state._cell_fits())
        python = tables.building_in_python(*arguments)
        assert tables.building(*arguments) == python
        kinds |= {type(action) for action in python}
    assert kinds == {Place, Replace, Special}


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
    monkeypatch.undo()
    searcher = evaluate.compiled_searcher.__wrapped__(tables)
    assert searcher is not None
    for (_, *arguments), found in searches:
        assert evaluate.Reach(*searcher.ways(*arguments)) == found


def test_positions_are_judged_alike_by_both_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    states = list(positions())
    forget_searches()
    judged = [evaluate.evaluate_all(state) for state in states]
    monkeypatch.setattr(evaluate, "SEARCHER", None)
    forget_searches()
    try:
        assert [evaluate.evaluate_all(state) for state in states] == judged
    finally:
        forget_searches()

"""The engines and bots leave no reference cycles: what a game no longer needs is freed at once,
and the lab and the server can run the garbage collector rarely (`towpath.core.heap`)."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator

import pytest

import towpath
from tests.conformance.configs import BASE_CONFIGS, Config

MCTS_MOVES = 3  # searched decisions at the start of the game, the rest greedy


@pytest.fixture
def garbage() -> Iterator[list[object]]:
    """What the collector would free, kept for inspection instead."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.parametrize("config", [c for c in BASE_CONFIGS if c.players == 2], ids=str)
def test_a_game_makes_no_cycles(config: Config, garbage: list[object]) -> None:
    state = config.load().new_state(seed=5)
    greedy = towpath.agent("greedy", seed=1)
    mcts = towpath.agent("mcts", seed=1, iterations=30)
    for decision in range(100_000):
        if state.is_terminal():
            break
        state.apply((mcts if decision < MCTS_MOVES else greedy).choose(state))
    assert state.is_terminal()
    view = state.view(0)
    state.clone()
    del state, view
    gc.collect()
    kinds = Counter(type(thing).__qualname__ for thing in garbage)
    assert not kinds, f"reference cycles left behind: {kinds.most_common(5)}"

"""Arriala's bots play the game to its end: they finish the canal when that wins, and greedy
does not gather cards it cannot use."""

from __future__ import annotations

import pytest

import towpath
from tests.games.arriala.helpers import position
from towpath.agents.mcts import MCTSAgent
from towpath.games.arriala.state import ArrialaState

HAND_BOUND = 10  # cards; greedy's hands in seeded 2-player games stay at 10 or fewer


def last_open_section() -> ArrialaState:
    """Everything scored but 35-41, where red has 4 workers and yellow 2 on the first six
    spaces; red, a point ahead, to move: filling 41 scores red 12 and ends the game."""
    return position(
        2,
        canal={35: "r", 36: "r", 37: "r", 38: "r", 39: "y", 40: "y", 42: "g"},
        scored=((9, 16), (18, 22), (24, 33)),
        points=[10, 9, 5],
        hands={0: [], 1: []},
    )


@pytest.mark.parametrize(("bot", "params"), [("greedy", {}), ("mcts", {"iterations": 300})])
def test_a_bot_completes_the_last_section_when_that_wins_the_game(
    bot: str, params: dict[str, int]
) -> None:
    state = last_open_section()
    state.apply(towpath.agent(bot, seed=1, **params).choose(state))
    assert state.is_terminal() and not state.ended_by_limit()
    assert state.returns() == [1.0, 0.0]


def test_greedy_plays_a_game_to_its_end_without_a_hoard_of_cards() -> None:
    state = towpath.load("arriala", 2).new_state(0)
    assert isinstance(state, ArrialaState)
    bots = [towpath.agent("greedy", seed=seat) for seat in range(2)]
    largest = 0
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
        largest = max(largest, *map(len, state.hands))
    assert not state.ended_by_limit()
    assert largest <= HAND_BOUND


def test_mcts_judges_the_best_ranked_actions_in_common_worlds_played_on_greedily() -> None:
    """Arriala's search settings: the 8 best-ranked actions, each in the same 3 worlds, every
    leaf played on by 2 greedy actions."""
    state = towpath.load("arriala", 2).new_state(0)
    assert len(state.legal_actions()) > 8
    bot = MCTSAgent(seed=1, iterations=24)
    bot.choose(state)
    settings = bot.settings
    assert (settings.rollout, settings.epsilon, settings.depth) == ("greedy", 0.0, 2)
    assert bot.last_root is not None
    assert [child.visits for child in bot.last_root.children.values()] == [3] * 8

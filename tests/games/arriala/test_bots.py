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


def won_whatever_red_does() -> ArrialaState:
    """Late in a 2-player game, red 25 to yellow's 15 with every reserve spent and only
    12-14 and 39-41 open; red to move with r1 on 40 beside green's g4 on 39 and two workers
    in the Chasselas vineyard: bringing one back to 41 (4 AP) scores 39-41 for red at once."""
    return position(
        2,
        canal={12: "y", 23: "g", 32: "g", 39: "g", 40: "r"},
        vineyards={"ch": "rr", "br": "yyygg"},
        blue={"b2": "r", "b3": "y", "b4": "r"},
        locks=(11, 15, 18, 27, 28, 36, 38),
        scored=((9, 10), (16, 16), (19, 22), (24, 26), (29, 33), (35, 35), (37, 37)),
        points=[25, 15, 3],
        hands={0: [], 1: []},
    )


def test_the_hard_search_takes_the_sooner_win_when_every_playout_wins() -> None:
    """Without its discount every action of red's is valued as a sure win, and the search
    chose among them at random, so a leader shuffled the virtual player's workers to the
    turn limit; with it, red scores 39-41 now."""
    for seed in range(3):
        state = won_whatever_red_does()
        bot = MCTSAgent(seed, iterations=400, rollout="playout", depth=30, discount=0.99)
        state.apply(bot.choose(state))
        assert state.scored[40] and state.points[0] > 25


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

"""The balance statistics on five games written by hand, against values worked out by hand."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import pytest

from towpath.sim import balance
from towpath.sim.stats import wilson
from towpath.sim.store import to_frame

# 3 players; seat 0 a greedy bot, seats 1 and 2 random ones.
#   game  first  winners  scores      actions turns branching variant  limit
#   0     0      [0]      10  5  3    30      30    10        a        False
#   1     1      [1]       4 12  6    40      20    20        a        False
#   2     2      [0, 2]    8  2  8    50      25    -         a        False
#   3     0      []        1  1  1    60      30    30        b        True
#   4     0      [0]       9  3  2    20      10    40        b        False
GAMES = [
    (0, [0], [10, 5, 3], 30, 30, 10.0, "a", False),
    (1, [1], [4, 12, 6], 40, 20, 20.0, "a", False),
    (2, [0, 2], [8, 2, 8], 50, 25, math.nan, "a", False),
    (0, [], [1, 1, 1], 60, 30, 30.0, "b", True),
    (0, [0], [9, 3, 2], 20, 10, 40.0, "b", False),
]


def row(index: int, game: tuple[Any, ...], limit: bool | None) -> dict[str, Any]:
    first, winners, scores, actions, turns, branching, variant, _ = game
    ending = "no winner" if not winners else "win" if len(winners) == 1 else "shared"
    return {
        "game": "detour",
        "players": 3,
        "variant": variant,
        "options": "{}",
        "run_seed": 0,
        "index": index,
        "seed": index,
        "agents": ["greedy", "random", "random"],
        "first": first,
        "winners": winners,
        "ending": ending,
        "turn_limit": limit,
        "scores": [float(s) for s in scores],
        "returns": [1.0 / len(winners) if s in winners else 0.0 for s in range(3)],
        "actions": actions,
        "turns": turns,
        "decisions": [actions // 3] * 3,
        "branching": branching,
        "duration": 0.01,
    }


@pytest.fixture
def frame() -> pd.DataFrame:
    return to_frame([row(i, game, game[7]) for i, game in enumerate(GAMES)])


def test_win_rates_by_seat_count_a_shared_win_as_a_half(frame: pd.DataFrame) -> None:
    # seat 0: 1 + 0.5 + 1 = 2.5 of 5; seat 1: 1; seat 2: 0.5.
    seats = balance.seat_win_rates(frame)
    assert list(seats["wins"]) == [2.5, 1.0, 0.5]
    assert list(seats["win_rate"]) == pytest.approx([0.5, 0.2, 0.1])
    # Wilson, p = 0.5, n = 5: centre 0.5 + 3.8416/10 = 0.88416, margin
    # 1.96 * sqrt(0.05 + 0.038416) = 0.58280, denominator 1.76832.
    assert seats["low"][0] == pytest.approx(0.17042, abs=1e-4)
    assert seats["high"][0] == pytest.approx(0.82958, abs=1e-4)
    assert (seats["low"][2], seats["high"][2]) == pytest.approx(wilson(0.5, 5))


def test_win_rates_by_agent_are_per_seat_taken(frame: pd.DataFrame) -> None:
    agents = balance.agent_win_rates(frame).set_index("agent")
    assert agents.loc["greedy", "seat_games"] == 5 and agents.loc["greedy", "wins"] == 2.5
    assert agents.loc["random", "seat_games"] == 10 and agents.loc["random", "wins"] == 1.5
    assert agents.loc["random", "win_rate"] == pytest.approx(0.15)


def test_first_player_advantage_is_against_the_mean_seat(frame: pd.DataFrame) -> None:
    # The first player wins games 0, 1 and 4, half of game 2: 3.5 of 5 = 0.7. Four games of
    # five have a winner: the mean seat wins 4 / 5 / 3 = 0.2667; advantage 0.4333.
    first = balance.first_player(frame)
    assert first.wins == 3.5 and first.win_rate == pytest.approx(0.7)
    assert first.fair == pytest.approx(4 / 15)
    assert first.advantage == pytest.approx(0.7 - 4 / 15)
    assert (first.low, first.high) == pytest.approx(wilson(3.5, 5))


def test_balance_is_one_minus_the_largest_gap(frame: pd.DataFrame) -> None:
    assert balance.balance(frame) == pytest.approx(1 - (0.5 - 0.1))


def test_endings_and_the_length_limit(frame: pd.DataFrame) -> None:
    ends = balance.endings(frame)
    assert ends == pytest.approx({"win": 0.6, "shared": 0.2, "no winner": 0.2, "turn limit": 0.2})
    untold = to_frame([row(i, game, None) for i, game in enumerate(GAMES)])
    assert balance.endings(untold)["turn limit"] is None


def test_game_length_mean_sd_and_quantiles(frame: pd.DataFrame) -> None:
    # actions 20 30 40 50 60: mean 40; squared deviations 400+100+0+100+400 = 1000, / 4 = 250.
    length = balance.game_length(frame).set_index("measure")
    actions = length.loc["actions"]
    assert actions["mean"] == 40 and actions["sd"] == pytest.approx(math.sqrt(250))
    assert (actions["min"], actions["median"], actions["max"]) == (20, 40, 60)
    # Linear interpolation: q10 at rank 0.4 -> 24, q25 at rank 1 -> 30, q90 at 3.6 -> 56.
    assert (actions["q10"], actions["q25"], actions["q75"], actions["q90"]) == pytest.approx(
        (24, 30, 50, 56)
    )
    assert length.loc["turns", "mean"] == pytest.approx(23)


def test_score_distribution_by_seat_and_of_winners(frame: pd.DataFrame) -> None:
    scores = balance.score_table(frame).set_index("seat")
    assert scores.loc["0", "mean"] == pytest.approx(6.4)  # 10 4 8 1 9
    assert scores.loc["1", "median"] == 3  # 5 12 2 1 3
    assert scores.loc["2", "max"] == 8
    assert scores.loc["winners", "mean"] == pytest.approx(9.4)  # 10 12 8 8 9


def test_mean_branching_weighs_each_game_by_its_actions(frame: pd.DataFrame) -> None:
    # (10*30 + 20*40 + 30*60 + 40*20) / (30 + 40 + 60 + 20); game 2 counted none.
    assert balance.mean_branching(frame) == pytest.approx(3700 / 150)


def test_variants_are_compared_side_by_side(frame: pd.DataFrame) -> None:
    variants = balance.compare_variants(frame).set_index("variant")
    a, b = variants.loc["a"], variants.loc["b"]
    # a: seat shares 1.5, 1, 0.5 of 3; first player 1 + 1 + 0.5 = 2.5 of 3.
    assert (a["games"], a["seat0"], a["seat1"], a["seat2"]) == pytest.approx((3, 0.5, 1 / 3, 1 / 6))
    assert a["balance"] == pytest.approx(1 - (0.5 - 1 / 6))
    assert a["first_player_rate"] == pytest.approx(2.5 / 3)
    assert a["first_player_advantage"] == pytest.approx(2.5 / 3 - 1 / 3)
    # b: one game of two won by seat 0, who also moved first in both.
    assert (b["games"], b["seat0"], b["balance"], b["no winner"]) == pytest.approx(
        (2, 0.5, 0.5, 0.5)
    )
    assert b["first_player_advantage"] == pytest.approx(0.5 - 1 / 6)
    assert b["actions_mean"] == 40 and b["turn limit"] == 0.5


def test_a_summary_gathers_everything(frame: pd.DataFrame) -> None:
    summary = balance.summarize(frame)
    assert (summary.game, summary.players, summary.games) == ("detour", 3, 5)
    assert summary.balance == pytest.approx(0.6)
    assert summary.seconds == pytest.approx(0.05)

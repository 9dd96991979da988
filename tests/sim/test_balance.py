"""The balance statistics on five games written by hand, against values worked out by hand.

Game 3 was cut off by the length limit, which named seat 1 the winner (as Arriala and Detour
do): it is in the endings, lengths and seats' scores, and in no rate."""

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
#   3     0      [1]       1  9  1    60      30    30        b        True
#   4     0      [0]       9  3  2    20      10    40        b        False
GAMES = [
    (0, [0], [10, 5, 3], 30, 30, 10.0, "a", False),
    (1, [1], [4, 12, 6], 40, 20, 20.0, "a", False),
    (2, [0, 2], [8, 2, 8], 50, 25, math.nan, "a", False),
    (0, [1], [1, 9, 1], 60, 30, 30.0, "b", True),
    (0, [0], [9, 3, 2], 20, 10, 40.0, "b", False),
]


def ending_of(winners: list[int], limit: bool | None) -> str:
    if limit:
        return "limit"
    return "nobody" if not winners else "win" if len(winners) == 1 else "shared"


def row(index: int, game: tuple[Any, ...], limit: bool | None) -> dict[str, Any]:
    first, winners, scores, actions, turns, branching, variant, _ = game
    ending = ending_of(winners, limit)
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
    # Of the 4 games ended by the rules: seat 0 wins 1 + 0.5 + 1 = 2.5; seat 1: 1 (not the
    # limit's 1 more); seat 2: 0.5.
    seats = balance.seat_win_rates(frame)
    assert list(seats["games"]) == [4, 4, 4]
    assert list(seats["wins"]) == [2.5, 1.0, 0.5]
    assert list(seats["win_rate"]) == pytest.approx([0.625, 0.25, 0.125])
    # Wilson, p = 0.625, n = 4: centre 0.625 + 3.8416/8 = 1.10520, margin
    # 1.96 * sqrt(0.05859 + 0.06003) = 0.67505, denominator 1.9604.
    assert seats["low"][0] == pytest.approx(0.21942, abs=1e-4)
    assert seats["high"][0] == pytest.approx(0.90810, abs=1e-4)
    assert (seats["low"][2], seats["high"][2]) == pytest.approx(wilson(0.5, 4))


def test_win_rates_by_agent_are_per_seat_taken(frame: pd.DataFrame) -> None:
    agents = balance.agent_win_rates(frame).set_index("agent")
    assert agents.loc["greedy", "seat_games"] == 4 and agents.loc["greedy", "wins"] == 2.5
    assert agents.loc["random", "seat_games"] == 8 and agents.loc["random", "wins"] == 1.5
    assert agents.loc["random", "win_rate"] == pytest.approx(1.5 / 8)


def test_first_player_advantage_is_against_the_mean_seat(frame: pd.DataFrame) -> None:
    # The first player wins games 0, 1 and 4, half of game 2: 3.5 of 4 = 0.875. The four games
    # ended by the rules have a winner: the mean seat wins 4 / 4 / 3 = 1/3.
    first = balance.first_player(frame)
    assert first is not None
    assert (first.games, first.wins, first.win_rate) == pytest.approx((4, 3.5, 0.875))
    assert first.fair == pytest.approx(1 / 3)
    assert first.advantage == pytest.approx(0.875 - 1 / 3)
    assert (first.low, first.high) == pytest.approx(wilson(3.5, 4))


def test_balance_is_one_minus_the_largest_gap(frame: pd.DataFrame) -> None:
    assert balance.balance(frame) == pytest.approx(1 - (0.625 - 0.125))


def test_endings_and_the_length_limit(frame: pd.DataFrame) -> None:
    assert balance.ending_counts(frame) == {"win": 3, "shared": 1, "nobody": 0, "limit": 1}
    ends = balance.endings(frame)
    assert ends == pytest.approx({"win": 0.6, "shared": 0.2, "nobody": 0.0, "limit": 0.2})
    assert balance.limit_games(frame) == 1 and len(balance.by_rules(frame)) == 4
    untold = to_frame([row(i, game, None) for i, game in enumerate(GAMES)])
    assert math.isnan(balance.endings(untold)["limit"]) and not balance.limit_told(untold)


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
    assert scores.loc["1", "median"] == 5  # 5 12 2 9 3
    assert scores.loc["2", "max"] == 8
    # The winners of the games ended by the rules: 10 12 8 8 9 (not the limit's 9).
    assert scores.loc["winners", "mean"] == pytest.approx(9.4)
    assert scores.loc["winners", "min"] == 8 and scores.loc["winners", "max"] == 12


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
    # b: one game of two ended by the rules, won by seat 0, who moved first; the other, cut off
    # by the limit with seat 1 named the winner, counts in no rate.
    assert (b["games"], b["games_by_rules"], b["seat0"], b["seat1"]) == (2, 1, 1.0, 0.0)
    assert (b["balance"], b["first_player_rate"], b["nobody"]) == (0.0, 1.0, 0.0)
    assert b["first_player_advantage"] == pytest.approx(1 - 1 / 3)
    assert b["actions_mean"] == 40 and b["limit"] == 0.5


def test_a_summary_gathers_everything(frame: pd.DataFrame) -> None:
    summary = balance.summarize(frame)
    assert (summary.game, summary.players, summary.games) == ("detour", 3, 5)
    assert summary.games_by_rules == 4 and summary.endings["limit"] == 1
    assert summary.balance == pytest.approx(0.5)
    assert summary.seconds == pytest.approx(0.05)


def test_games_all_cut_off_by_the_limit_give_no_rate_advantage_or_balance() -> None:
    # Every game named winners at the limit (as Detour does): none of them counts.
    cut_off = to_frame([row(i, game, True) for i, game in enumerate(GAMES)])
    seats = balance.seat_win_rates(cut_off)
    assert list(seats["games"]) == [0, 0, 0] and list(seats["wins"]) == [0, 0, 0]
    assert seats[["win_rate", "low", "high"]].isna().all().all()
    agents = balance.agent_win_rates(cut_off).set_index("agent")
    assert list(agents["seat_games"]) == [0, 0] and list(agents["wins"]) == [0, 0]
    assert balance.first_player(cut_off) is None and balance.balance(cut_off) is None
    assert balance.score_table(cut_off).set_index("seat")["mean"].isna().loc["winners"]
    variant = balance.compare_variants(cut_off).set_index("variant").loc["a"]
    assert variant["games_by_rules"] == 0 and math.isnan(variant["balance"])
    assert math.isnan(variant["first_player_advantage"]) and math.isnan(variant["seat0"])


def test_games_the_rules_ended_with_no_winner_give_no_advantage_or_balance() -> None:
    nobody = to_frame([row(i, (game[0], [], *game[2:]), False) for i, game in enumerate(GAMES)])
    assert balance.ending_counts(nobody)["nobody"] == 5
    seats = balance.seat_win_rates(nobody)
    assert list(seats["games"]) == [5, 5, 5] and list(seats["win_rate"]) == [0, 0, 0]
    assert (seats["low"][0], seats["high"][0]) == pytest.approx(wilson(0, 5))
    assert balance.first_player(nobody) is None and balance.balance(nobody) is None

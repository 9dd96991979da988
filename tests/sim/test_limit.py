"""Games cut off by the length limit are no results: the lab tells endings by reason, warns when
more than 5% of the games hit the limit, and leaves those games out of every rate, interval,
first-player advantage and balance, even where the game names the leaders winners there."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import towpath
from tests.cli.test_cli import one_line_error, towpath_cli
from tests.sim.test_balance import row
from towpath.sim import balance, strength, wording
from towpath.sim.numbers import count, percent
from towpath.sim.report import render_report
from towpath.sim.stats import wilson
from towpath.sim.store import read_results, to_frame, write_table

# Detour with a 20-round limit, greedy bots in seats 0 and 2: most games end by the rules, the
# limit cuts some off and names the farthest marker's owner the winner there.
MIXED: dict[str, Any] = {
    "game": "detour",
    "players": 3,
    "agents": "greedy,random",
    "options": {"max_rounds": 20},
    "seed": 1,
    "games": 8,
}
MIXED_CLI = ["detour", "-p", "3", "-a", "greedy,random", "-o", "max_rounds=20", "--seed", "1"]
# Detour with a 5-round limit: every game cut off, every one with a winner named at the limit.
CUT_OFF: dict[str, Any] = {**MIXED, "agents": "random", "options": {"max_rounds": 5}, "games": 6}


@pytest.fixture(scope="module")
def mixed() -> pd.DataFrame:
    frame = towpath.simulate(**MIXED)
    limited = frame["turn_limit"].astype(bool)
    # What makes the run worth testing: some games, not all, cut off, each naming a winner.
    assert 0 < limited.sum() < len(frame)
    assert all(len(winners) for winners in frame[limited]["winners"])
    return frame


def by_rules_by_hand(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows of the games the limit did not end, read from `turn_limit` alone."""
    return [r for r in frame.to_dict("records") if not r["turn_limit"]]


def wins_by_hand(rows: list[dict[str, Any]], seats: int) -> list[float]:
    return [
        sum(1 / len(r["winners"]) for r in rows if seat in r["winners"]) for seat in range(seats)
    ]


def test_endings_are_recorded_by_reason(mixed: pd.DataFrame) -> None:
    assert list(mixed["ending"] == "limit") == list(mixed["turn_limit"].astype(bool))
    assert set(mixed["ending"]) <= {"win", "shared", "nobody", "limit"}
    counts = balance.ending_counts(mixed)
    assert counts["limit"] == mixed["turn_limit"].sum() and sum(counts.values()) == len(mixed)


def test_rates_advantage_and_balance_count_only_games_ended_by_the_rules(
    mixed: pd.DataFrame,
) -> None:
    ruled = by_rules_by_hand(mixed)
    games = len(ruled)
    wins = wins_by_hand(ruled, 3)
    summary = balance.summarize(mixed)
    assert list(summary.seats["games"]) == [games] * 3
    assert list(summary.seats["wins"]) == pytest.approx(wins)
    assert list(summary.seats["win_rate"]) == pytest.approx([w / games for w in wins])
    assert list(summary.seats["low"]) == pytest.approx([wilson(w, games)[0] for w in wins])
    assert list(summary.seats["high"]) == pytest.approx([wilson(w, games)[1] for w in wins])
    first_wins = sum(1 / len(r["winners"]) for r in ruled if r["first"] in r["winners"])
    assert summary.first is not None
    assert (summary.first.games, summary.first.wins) == pytest.approx((games, first_wins))
    assert summary.first.fair == pytest.approx(sum(wins) / games / 3)
    assert summary.balance == pytest.approx(1 - (max(wins) - min(wins)) / games)
    greedy = summary.agents.set_index("agent").loc["greedy"]
    assert (greedy["seat_games"], greedy["wins"]) == pytest.approx((2 * games, wins[0] + wins[2]))
    assert summary.games == len(mixed) and summary.games_by_rules == games


def test_the_cli_summary_warns_and_counts_no_limit_game_as_a_win(tmp_path: Path) -> None:
    out = tmp_path / "mixed.parquet"
    result = towpath_cli("simulate", *MIXED_CLI, "-n", "8", "--out", str(out))
    assert result.returncode == 0, result.stderr
    frame = read_results([out])
    ruled = by_rules_by_hand(frame)
    limited, games = len(frame) - len(ruled), len(ruled)
    text = result.stdout
    assert f"detour, 3 players: 8 games, {games} ended by the rules" in text
    assert (
        f"warning: {limited} of 8 games ({percent(limited / 8)}) hit the length limit and are "
        f"left out of every rate: the rates count only the {games} games ended by the rules"
    ) in text
    assert f"of {games} games ended by the rules, advantage" in text
    assert f"win rates of {games} games ended by the rules" in text
    assert f"limit {limited} ({percent(limited / 8)})" in text
    shown = [seat_row(text, seat) for seat in range(3)]
    wins = wins_by_hand(ruled, 3)
    assert shown == [(count(w), percent(w / games)) for w in wins]
    # The limit's winners are in the rows, not in the table.
    assert sum(wins) == sum(1 for r in ruled if r["winners"]) < sum(map(len, frame["winners"]))


def seat_row(text: str, seat: int) -> tuple[str, str]:
    """The wins and win rate the summary's seat table shows for `seat`."""
    found = re.search(rf"│ {seat}\s+│ [^│]+│ ([\d.]+)\s+│ ([\d.]+%)\s+│", text)
    assert found, text
    return found.group(1), found.group(2)


def test_the_report_warns_first_and_counts_no_limit_game_as_a_win(mixed: pd.DataFrame) -> None:
    html = render_report(mixed)
    ruled = by_rules_by_hand(mixed)
    limited, games = len(mixed) - len(ruled), len(ruled)
    warning = (
        f"{limited} of 8 games ({percent(limited / 8)}) hit the length limit and are left out "
        f"of every rate: the rates count only the {games} games ended by the rules"
    )
    section = html.split("<h2>", 1)[1]
    assert warning in section
    assert section.index(warning) < section.index('<table class="facts">')
    assert f"<h3>Win rate by seat, of {games} games ended by the rules</h3>" in html
    assert f"<th>ended by the rules</th><td>{games} (every rate counts only these)" in html
    assert f"of {games} games ended by the rules; fair share" in html
    cells = re.findall(r"<tr><td>(\d)</td><td>([\d.]+)</td><td>([\d.]+%)</td>", html)
    wins = wins_by_hand(ruled, 3)
    assert cells == [(str(s), count(w), percent(w / games)) for s, w in enumerate(wins)]


def test_winners_named_at_the_limit_give_no_rate_advantage_or_balance() -> None:
    frame = towpath.simulate(**CUT_OFF)
    assert list(frame["ending"]) == ["limit"] * 6 and all(map(len, frame["winners"]))
    html = render_report(frame)
    assert "6 of 6 games (100.0%) hit the length limit" in html
    assert "no game ended by the rules, so there is no rate" in html
    assert "Win rate by seat" not in html and "Win rate by agent" not in html
    assert html.count("no figure: every game hit the length limit") == 2  # advantage, balance
    summary = balance.summarize(frame)
    assert summary.first is None and summary.balance is None
    assert list(summary.seats["wins"]) == [0, 0, 0]


def test_a_run_all_cut_off_prints_no_balance_or_advantage(tmp_path: Path) -> None:
    report = tmp_path / "short.html"
    result = towpath_cli(
        "simulate",
        "mississippi",
        "-p",
        "4",
        "-n",
        "5",
        "-o",
        "max_turns=5",
        "--report",
        str(report),
    )
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "mississippi, 4 players: 5 games, 0 ended by the rules" in text
    assert (
        "warning: 5 of 5 games (100.0%) hit the length limit and are left out of every rate: "
        "no game ended by the rules, so there is no rate"
    ) in text
    assert "no first-player advantage or balance: every game hit the length limit" in text
    assert "endings: win 0 (0.0%), shared 0 (0.0%), nobody 0 (0.0%), limit 5 (100.0%)" in text
    assert "balance 1.000" not in text and "+0.0" not in text and "win rate" not in text
    html = report.read_text()
    assert "<strong>Warning:</strong> 5 of 5 games (100.0%) hit the length limit" in html
    assert "1.000" not in html and "+0.0" not in html


def test_each_variant_with_many_limit_games_is_warned_about() -> None:
    result = towpath_cli(
        "simulate", *MIXED_CLI[:5], "-n", "4", "--seed", "1", "--grid", "max_rounds=3,40"
    )
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stdout.splitlines() if line.startswith("warning:")]
    assert warnings == [
        "warning: 4 of 8 games (50.0%) hit the length limit and are left out of every rate: "
        "the rates count only the 4 games ended by the rules",
        "warning: variant max_rounds=3: 4 of 4 games (100.0%) hit the length limit and are left "
        "out of every rate: no game ended by the rules, so there is no rate",
    ]
    short = re.search(r"│ max_rounds=3\s+│ 4\s+│ 0\s+│ -\s+│ -\s+│ 100.0%", result.stdout)
    assert short, result.stdout


def limit_rows(variant: str, games: int, limited: int) -> list[dict[str, Any]]:
    """`games` games of `variant`, each won by seat 0, the first `limited` at the limit."""
    return [
        row(i, (0, [0], [1, 1, 1], 10, 10, 1.0, variant, i < limited), i < limited)
        for i in range(games)
    ]


def test_more_than_five_percent_of_games_at_the_limit_is_warned_about() -> None:
    # 1 of 20 is 5%: no warning; 2 of 20 is more, for the variant though not for the run.
    assert wording.limit_warnings(to_frame(limit_rows("a", 20, 1))) == []
    both = to_frame(limit_rows("a", 20, 2) + limit_rows("b", 20, 0))
    assert wording.limit_warnings(both) == [
        "variant a: 2 of 20 games (10.0%) hit the length limit and are left out of every rate: "
        "the rates count only the 18 games ended by the rules"
    ]
    assert balance.seat_win_rates(both)["games"][0] == 38


def test_results_of_older_runs_are_read_by_reason(tmp_path: Path) -> None:
    # Before the reason was stored: "no winner", and the limit told only by `turn_limit`.
    old = to_frame(limit_rows("a", 4, 2))
    old["winners"] = [[0], [], [0], []]
    old["ending"] = ["win", "no winner", "win", "no winner"]
    old["turn_limit"] = [True, True, False, False]
    path = tmp_path / "old.parquet"
    write_table(old, path)
    assert list(read_results([path])["ending"]) == ["limit", "limit", "win", "nobody"]
    result = towpath_cli("report", str(path))
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "old.html").read_text()
    assert "2 of 4 games (50.0%) hit the length limit" in html
    assert "win 1 (25.0%), shared 0 (0.0%), nobody 1 (25.0%), limit 2 (50.0%)" in html
    old["ending"] = ["draw", "win", "win", "win"]
    old["turn_limit"] = False
    write_table(old, path)
    one_line_error(towpath_cli("report", str(path)), "old.parquet: unknown ending 'draw'")


def test_a_duel_cut_off_by_the_length_limit_is_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Detour names its leader the winner at the round limit; a strength duel counts no win."""
    short = partial(towpath.load, max_rounds=2)
    monkeypatch.setattr(strength, "load", short)
    state = short("detour", 2).new_state(1)  # the duel of seed 1, its bots seeded alike
    bots = [towpath.agent("random", seed=2), towpath.agent("random", seed=3)]
    while not state.is_terminal():
        state.apply(bots[state.current_player or 0].choose(state))
    assert any(state.returns()) and state.ended_by_limit()
    assert strength.play_duel("detour", ("random", "random"), ({}, {}), 1) == ([0.0, 0.0], "limit")

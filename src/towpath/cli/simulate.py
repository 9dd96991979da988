"""`towpath simulate` and `towpath report`: progress bar, summary tables and files."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
from rich.console import Console
from rich.table import Table

from towpath.cli.progress import GamesProgress, games_bar
from towpath.sim import balance, wording
from towpath.sim.numbers import count, interval, number, percent, signed
from towpath.sim.playout import LIMIT
from towpath.sim.runner import Interrupted, simulate
from towpath.sim.store import read_results

INTERRUPTED = 130


def run_simulation(settings: dict[str, Any]) -> None:
    """Run `simulate(**settings)` with a progress bar, then print the summary."""
    errors = Console(stderr=True)
    description = f"{settings['game']}"
    with games_bar(errors) as progress:
        try:
            frame = simulate(**settings, progress=GamesProgress(progress, description))
        except Interrupted as stop:
            progress.stop()
            kept = (
                f" kept in {stop.out}; run again with --resume to complete it" if stop.out else ""
            )
            errors.print(
                f"interrupted: {stop.done} of {stop.total} games{kept}",
                highlight=False,
                soft_wrap=True,
            )
            sys.exit(INTERRUPTED)
    console = Console()
    print_summary(console, frame)
    if settings.get("out"):
        console.print(f"results: {settings['out']}", highlight=False, soft_wrap=True, markup=False)
    if settings.get("report"):
        console.print(
            f"report: {settings['report']}", highlight=False, soft_wrap=True, markup=False
        )


def run_report(files: Sequence[Path], out: Path | None) -> Path:
    from towpath.sim.report import write_report  # noqa: PLC0415 (Matplotlib loads slowly)

    frame = read_results(files)
    target = out or (files[0].with_suffix(".html") if len(files) == 1 else Path("report.html"))
    write_report(frame, target, sources=[str(path) for path in files])
    return target


def print_summary(console: Console, frame: pd.DataFrame) -> None:
    """Per game and player count: the headline figures, a warning where the length limit cut
    many games off, the win rates by seat and the variants compared."""
    say = partial(console.print, highlight=False, soft_wrap=True, markup=False)
    for (game, players), group in balance.groups(frame):
        summary = balance.summarize(group)
        say(
            f"{game}, {players} players: {wording.games(summary.games)}, "
            f"{summary.games_by_rules:,} ended by the rules"
        )
        for warning in wording.limit_warnings(group):
            say(f"warning: {warning}", style="bold yellow")
        say("\n".join(headline(summary)))
        if summary.games_by_rules:
            console.print(seat_table(summary, group))
        variants = balance.compare_variants(group)
        if len(variants) > 1:
            console.print(variant_table(variants))


def headline(summary: balance.Summary) -> list[str]:
    first = summary.first
    figures = (
        f"no first-player advantage or balance: {wording.missing_figures(summary)}"
        if first is None or summary.balance is None
        else f"first player wins {percent(first.win_rate)} ({interval(first.low, first.high)}) "
        f"{wording.of_games_by_rules(first.games)}, advantage {signed(first.advantage)}; "
        f"balance {summary.balance:.3f}"
    )
    return [
        figures,
        f"endings: {wording.endings(summary)}",
        f"actions per game: mean {summary.length['mean'][0]:.1f}, "
        f"median {summary.length['median'][0]:.1f}; "
        f"mean branching factor {summary.branching:.1f}",
    ]


def seat_table(summary: balance.Summary, frame: pd.DataFrame) -> Table:
    title = f"win rates {wording.of_games_by_rules(summary.games_by_rules)}"
    table = Table("seat", "agents", "wins", "win rate", "95% interval", title=title)
    for row in summary.seats.itertuples():
        agents = ", ".join(sorted({agents[row.seat] for agents in frame["agents"]}))
        table.add_row(
            str(row.seat),
            agents,
            count(row.wins),
            percent(row.win_rate),
            interval(row.low, row.high),
        )
    return table


def variant_table(variants: pd.DataFrame) -> Table:
    table = Table(
        "variant",
        "games",
        "by the rules",
        "first player",
        "balance",
        "limit",
        "actions (mean)",
        title='rates of the games ended by the rules ("-": none had a winner)',
    )
    for row in variants.to_dict("records"):
        table.add_row(
            str(row["variant"]),
            str(row["games"]),
            str(row["games_by_rules"]),
            percent(row["first_player_rate"]),
            number(row["balance"], 3),
            percent(row[LIMIT]),
            f"{row['actions_mean']:.1f}",
        )
    return table

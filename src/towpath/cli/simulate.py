"""`towpath simulate` and `towpath report`: progress bar, summary tables and files."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from rich.console import Console
from rich.table import Table

from towpath.cli.progress import GamesProgress, games_bar
from towpath.sim import balance
from towpath.sim.numbers import count, interval, percent, signed
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
    for (game, players), group in balance.groups(frame):
        summary = balance.summarize(group)
        first = summary.first
        ends = summary.endings
        limit = ends["turn limit"]
        lines = [
            f"{game}, {players} players: {summary.games} games",
            f"first player wins {percent(first.win_rate)} ({interval(first.low, first.high)}), "
            f"advantage {signed(first.advantage)}; balance {summary.balance:.3f}",
            "endings: "
            + ", ".join(f"{name} {percent(ends[name])}" for name in balance.ENDINGS)
            + f"; length limit {percent(limit) if limit is not None else 'not told'}",
            f"actions per game: mean {summary.length['mean'][0]:.1f}, "
            f"median {summary.length['median'][0]:.1f}; "
            f"mean branching factor {summary.branching:.1f}",
        ]
        console.print("\n".join(lines), highlight=False, soft_wrap=True, markup=False)
        table = Table("seat", "agents", "wins", "win rate", "95% interval")
        for row in summary.seats.itertuples():
            agents = ", ".join(sorted({agents[row.seat] for agents in group["agents"]}))
            table.add_row(
                str(row.seat),
                agents,
                count(row.wins),
                percent(row.win_rate),
                interval(row.low, row.high),
            )
        console.print(table)
        variants = balance.compare_variants(group)
        if len(variants) > 1:
            console.print(variant_table(variants))


def variant_table(variants: pd.DataFrame) -> Table:
    table = Table("variant", "games", "first player", "balance", "no winner", "actions (mean)")
    for row in variants.to_dict("records"):
        table.add_row(
            str(row["variant"]),
            str(row["games"]),
            percent(row["first_player_rate"]),
            f"{row['balance']:.3f}",
            percent(row["no winner"]),
            f"{row['actions_mean']:.1f}",
        )
    return table

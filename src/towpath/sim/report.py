"""The balance report: one self-contained HTML page of tables and plots (PNG inlined as base64),
one section per game and player count, with a comparison when a run holds several variants.

Every rate counts only the games ended by the rules (see `balance`); a section opens with a
warning where more than 5% of its games, or of a variant's, hit the length limit."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import jinja2
import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from towpath.api import load
from towpath.core.errors import GameError
from towpath.sim import balance, wording
from towpath.sim.balance import Summary
from towpath.sim.numbers import count, interval, number, percent, signed
from towpath.sim.playout import ENDINGS

TEMPLATE = "report.html.j2"
COLOURS = ["#2f6f9f", "#d9822b", "#4f9a4f", "#b5465a", "#7d63a8", "#8c6d46"]


@dataclass(frozen=True)
class Table:
    caption: str
    header: list[str]
    rows: list[list[str]]
    kind: str = "table"


@dataclass(frozen=True)
class Plot:
    caption: str
    image: str  # a data: URI
    kind: str = "plot"


@dataclass
class Section:
    heading: str
    warnings: list[str]
    facts: list[tuple[str, str]]
    items: list[Table | Plot] = field(default_factory=list)


def write_report(frame: pd.DataFrame, path: Path, sources: Sequence[str] = ()) -> None:
    """Write the report of `frame` (rows of `simulate`) to `path`."""
    if frame.empty:
        raise GameError("no games to report")
    html = render_report(frame, sources)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")


def render_report(frame: pd.DataFrame, sources: Sequence[str] = ()) -> str:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("towpath.sim", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        undefined=jinja2.StrictUndefined,
    )
    sections = [section(group) for _, group in balance.groups(frame)]
    return environment.get_template(TEMPLATE).render(
        title="towpath balance report",
        generated=datetime.now().strftime("%Y-%m-%d %H:%M"),
        games=len(frame),
        sources=list(sources),
        sections=sections,
    )


def section(frame: pd.DataFrame) -> Section:
    summary = balance.summarize(frame)
    part = Section(heading(summary), wording.limit_warnings(frame), facts(frame, summary))
    if summary.games_by_rules:
        part.items += rate_items(summary)
    part.items += [length_table(summary), plot_length(frame)]
    part.items += [score_table(summary), plot_scores(frame)]
    variants = balance.compare_variants(frame)
    if len(variants) > 1:
        part.items += [variant_table(variants), *variant_plots(frame, variants)]
    return part


def rate_items(summary: Summary) -> list[Table | Plot]:
    """The win rates by seat (and by agent where several played), tables and plots."""
    fair = summary.first.fair if summary.first else None
    items: list[Table | Plot] = [seat_table(summary), plot_rates(summary.seats, "seat", fair)]
    if len(summary.agents) > 1:
        items += [agent_table(summary), plot_rates(summary.agents, "agent", None)]
    return items


def heading(summary: Summary) -> str:
    try:
        title = load(summary.game, summary.players).title
    except GameError:
        title = summary.game
    return f"{title}, {summary.players} players"


def facts(frame: pd.DataFrame, summary: Summary) -> list[tuple[str, str]]:
    lineups = sorted({",".join(agents) for agents in frame["agents"]})
    return [
        ("games", f"{summary.games:,}"),
        ("ended by the rules", f"{summary.games_by_rules:,} (every rate counts only these)"),
        ("variants", ", ".join(dict.fromkeys(frame["variant"]))),
        ("agents by seat", "; ".join(lineups[:4]) + (" ..." if len(lineups) > 4 else "")),
        ("run seeds", ", ".join(str(s) for s in sorted(set(frame["run_seed"])))),
        ("first player wins", wording.first_player(summary)),
        ("balance (1 - largest gap between seats)", wording.balance_figure(summary)),
        ("endings", wording.endings(summary)),
        ("mean branching factor", number(summary.branching, 1)),
        (
            "playing time",
            f"{summary.seconds:,.1f} s of CPU, {summary.seconds / summary.games:.4f} s a game",
        ),
    ]


def seat_table(summary: Summary) -> Table:
    rows = [
        [str(r.seat), count(r.wins), percent(r.win_rate), interval(r.low, r.high)]
        for r in summary.seats.itertuples()
    ]
    caption = f"Win rate by seat, {wording.of_games_by_rules(summary.games_by_rules)}"
    return Table(caption, ["seat", "wins", "win rate", "95% interval"], rows)


def agent_table(summary: Summary) -> Table:
    rows = [
        [
            str(r.agent),
            f"{r.seat_games:,}",
            count(r.wins),
            percent(r.win_rate),
            interval(r.low, r.high),
        ]
        for r in summary.agents.itertuples()
    ]
    header = ["agent", "seats taken", "wins", "win rate", "95% interval"]
    caption = (
        f"Win rate by agent (per seat taken), {wording.of_games_by_rules(summary.games_by_rules)}"
    )
    return Table(caption, header, rows)


def length_table(summary: Summary) -> Table:
    columns = ["mean", "sd", "min", "q10", "q25", "median", "q75", "q90", "max"]
    rows = [
        [str(r["measure"]), *(number(r[c], 1) for c in columns)]
        for r in summary.length.to_dict("records")
    ]
    return Table("Game length", ["per game", *columns], rows)


def score_table(summary: Summary) -> Table:
    columns = ["mean", "sd", "min", "q25", "median", "q75", "max"]
    rows = [
        [str(r["seat"]), *(number(r[c], 1) for c in columns)]
        for r in summary.scores.to_dict("records")
    ]
    return Table("Final scores", ["seat", *columns], rows)


def variant_table(variants: pd.DataFrame) -> Table:
    seat_columns = [c for c in variants.columns if c.startswith("seat")]
    header = ["variant", "games", "ended by the rules", "first player", "advantage", "balance"]
    header += [*seat_columns, *ENDINGS, "actions mean", "sd", "median", "branching"]
    rows = []
    for r in variants.to_dict("records"):
        rows.append(
            [
                str(r["variant"]),
                f"{r['games']:,}",
                f"{r['games_by_rules']:,}",
                percent(r["first_player_rate"]),
                signed(r["first_player_advantage"]),
                number(r["balance"], 3),
                *(percent(r[c]) for c in seat_columns),
                *(percent(r[e]) for e in ENDINGS),
                number(r["actions_mean"], 1),
                number(r["actions_sd"], 1),
                number(r["actions_median"], 1),
                number(r["branching"], 1),
            ]
        )
    caption = (
        "Variants compared (same seeds in every variant; rates of the games ended by the rules, "
        '"-" where none had a winner)'
    )
    return Table(caption, header, rows)


# -- plots -----------------------------------------------------------------------------------------


def figure(width: float = 6.4, height: float = 3.4) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def png(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def plot_rates(rates: pd.DataFrame, by: str, fair: float | None) -> Plot:
    fig = figure()
    ax = fig.add_subplot()
    labels = [str(label) for label in rates[by]]
    values = rates["win_rate"].to_numpy(dtype=float)
    errors = [
        values - rates["low"].to_numpy(dtype=float),
        rates["high"].to_numpy(dtype=float) - values,
    ]
    ax.bar(labels, values, yerr=errors, capsize=4, color=COLOURS[0])
    if not rates["wins"].any():
        ax.text(0.5, 0.5, "no game had a winner", transform=ax.transAxes, ha="center")
    if fair is not None:
        ax.axhline(fair, color="#555555", linestyle="--", linewidth=1, label="fair share")
        ax.legend(loc="upper right")
    ax.set_xlabel(by)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, max(0.05, float(rates["high"].max())) * 1.15)
    return Plot(f"Win rate by {by}, with 95% Wilson intervals", png(fig))


def plot_length(frame: pd.DataFrame) -> Plot:
    fig = figure()
    ax = fig.add_subplot()
    actions = frame["actions"].to_numpy(dtype=float)
    ax.hist(actions, bins=min(40, max(5, len(np.unique(actions)))), color=COLOURS[0])
    ax.axvline(float(np.mean(actions)), color=COLOURS[1], label="mean")
    ax.axvline(float(np.median(actions)), color=COLOURS[2], linestyle="--", label="median")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.legend(loc="upper left")
    return Plot("Distribution of game length", png(fig))


def plot_scores(frame: pd.DataFrame) -> Plot:
    fig = figure()
    ax = fig.add_subplot()
    scores = balance.score_matrix(frame)
    ax.boxplot([scores[:, seat] for seat in range(scores.shape[1])])
    ax.set_xticks(range(1, scores.shape[1] + 1), [str(seat) for seat in range(scores.shape[1])])
    ax.set_xlabel("seat")
    ax.set_ylabel("final score")
    return Plot("Final scores by seat", png(fig))


def variant_plots(frame: pd.DataFrame, variants: pd.DataFrame) -> list[Plot]:
    labels = list(variants["variant"])
    seat_columns = [c for c in variants.columns if c.startswith("seat")]
    fig = figure(7.2, 3.6)
    ax = fig.add_subplot()
    width = 0.8 / len(labels)
    for position, row in enumerate(variants.to_dict("records")):
        offsets = np.arange(len(seat_columns)) + (position - (len(labels) - 1) / 2) * width
        colour = COLOURS[position % len(COLOURS)]
        ax.bar(offsets, [row[c] for c in seat_columns], width, label=row["variant"], color=colour)
    ax.set_xticks(range(len(seat_columns)), [c.removeprefix("seat") for c in seat_columns])
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate")
    ax.legend(fontsize="small")
    rates = Plot("Win rate by seat in each variant, of the games ended by the rules", png(fig))

    fig = figure(7.2, 3.6)
    ax = fig.add_subplot()
    ax.boxplot(
        [
            group["actions"].to_numpy(dtype=float)
            for _, group in frame.groupby("variant", sort=False)
        ]
    )
    ax.set_xticks(range(1, len(labels) + 1), labels, rotation=20, ha="right")
    ax.set_ylabel("actions per game")
    lengths = Plot("Game length in each variant", png(fig))

    fig = figure(7.2, 3.6)
    ax = fig.add_subplot()
    bottom = np.zeros(len(labels))
    for position, ending in enumerate(ENDINGS):
        shares = np.nan_to_num(variants[ending].to_numpy(dtype=float))  # NaN: not told
        ax.bar(labels, shares, bottom=bottom, label=ending, color=COLOURS[position])
        bottom += shares
    ax.set_ylabel("share of games")
    ax.tick_params(axis="x", labelrotation=20)
    ax.legend(fontsize="small")
    ends = Plot("How games ended in each variant", png(fig))
    return [rates, lengths, ends]

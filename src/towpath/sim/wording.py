"""The lab's figures in words, the same in the CLI summary and the report: how games ended, what
every rate counts, the warning when the length limit cut many games off, and why a figure is
missing."""

from __future__ import annotations

import pandas as pd

from towpath.sim import balance
from towpath.sim.balance import Summary
from towpath.sim.numbers import interval, percent, signed
from towpath.sim.playout import ENDINGS, LIMIT


def games(count: int) -> str:
    """A count of games in words: 1 game, 5,000 games."""
    return f"{count:,} game" + ("" if count == 1 else "s")


def of_games_by_rules(count: int) -> str:
    """Every rate's denominator: "of 412 games ended by the rules"."""
    return f"of {games(count)} ended by the rules"


def limit_warnings(frame: pd.DataFrame) -> list[str]:
    """A warning for the run (one game and player count), and for each of its variants when it
    has several, where more than `balance.LIMIT_WARNING_SHARE` of the games hit the limit."""
    found = [limit_warning(frame)] if balance.too_many_limited(frame) else []
    parts = list(balance.variants(frame))
    if len(parts) > 1:
        found += [
            limit_warning(group, f"variant {name}: ")
            for name, group in parts
            if balance.too_many_limited(group)
        ]
    return found


def limit_warning(frame: pd.DataFrame, label: str = "") -> str:
    """The warning that the limit cut games off, with how many and what the rates count."""
    total, limited = len(frame), balance.limit_games(frame)
    left = total - limited
    counted = (
        f"the rates count only the {games(left)} ended by the rules"
        if left
        else "no game ended by the rules, so there is no rate"
    )
    return (
        f"{label}{limited:,} of {games(total)} ({percent(limited / total)}) hit the length "
        f"limit and are left out of every rate: {counted}"
    )


def missing_figures(summary: Summary) -> str:
    """Why there is no first-player advantage or balance."""
    if not summary.games_by_rules:
        return "every game hit the length limit"
    return f"none of the {games(summary.games_by_rules)} ended by the rules had a winner"


def first_player(summary: Summary) -> str:
    """The first player's win rate, its interval, denominator and advantage, or why there is
    none."""
    first = summary.first
    if first is None:
        return f"no figure: {missing_figures(summary)}"
    return (
        f"{percent(first.win_rate)} ({interval(first.low, first.high)}) "
        f"{of_games_by_rules(first.games)}; fair share {percent(first.fair)}, "
        f"advantage {signed(first.advantage)}"
    )


def balance_figure(summary: Summary) -> str:
    """Balance with the games its win rates count, or why there is none."""
    if summary.balance is None:
        return f"no figure: {missing_figures(summary)}"
    return f"{summary.balance:.3f} (win rates {of_games_by_rules(summary.games_by_rules)})"


def endings(summary: Summary) -> str:
    """How many games ended each way, and their share: win 3 (37.5%), shared 0 (0.0%), ..."""
    return ", ".join(ending(summary, reason) for reason in ENDINGS)


def ending(summary: Summary, reason: str) -> str:
    if reason == LIMIT and not summary.limit_told:
        return "limit not told"
    count = summary.endings[reason]
    return f"{reason} {count:,} ({percent(count / summary.games)})"

"""Numbers as a designer reads them: percentages, intervals, signed differences."""

from __future__ import annotations

import pandas as pd


def percent(value: float | None) -> str:
    return "-" if value is None or pd.isna(value) else f"{100 * value:.1f}%"


def interval(low: float, high: float) -> str:
    return "-" if pd.isna(low) or pd.isna(high) else f"{100 * low:.1f}–{100 * high:.1f}%"


def signed(value: float) -> str:
    return "-" if pd.isna(value) else f"{100 * value:+.1f} points"


def number(value: float, digits: int) -> str:
    return "-" if pd.isna(value) else f"{value:,.{digits}f}"


def count(value: float) -> str:
    """A count of wins, where a shared win adds a fraction: 12, 64.8."""
    return f"{round(value, 1):g}"

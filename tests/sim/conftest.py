"""A small run of the balance lab shared by the simulation tests, and helpers to compare runs."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from towpath.sim.runner import simulate

# Detour with a 30-round limit: about 1.5 ms a game with random bots, which the limit cuts off
# nearly always, naming a winner there (farthest marker) that no rate counts.
RUN: dict[str, Any] = {
    "game": "detour",
    "players": 3,
    "agents": "random",
    "options": {"max_rounds": 30},
    "seed": 11,
}
RUN_GAMES = 3000
RUN_CLI = ["detour", "-p", "3", "-a", "random", "-o", "max_rounds=30", "--seed", "11"]


def comparable(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows without their timing (NaN as None, so that equal rows compare equal)."""
    rows: list[dict[str, Any]] = frame.drop(columns="duration").to_dict("records")
    for row in rows:
        row["branching"] = None if pd.isna(row["branching"]) else row["branching"]
    return rows


@pytest.fixture(scope="session")
def reference() -> pd.DataFrame:
    """The run played in this process, one game after another."""
    return simulate(**RUN, games=RUN_GAMES, workers=1)

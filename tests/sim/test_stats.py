"""Statistics, checked against values computed by hand."""

from __future__ import annotations

import pytest

from towpath.sim.stats import wilson
from towpath.sim.strength import pairing


def test_wilson_interval_of_8_in_10() -> None:
    # p = 0.8, n = 10, z = 1.96: centre 0.99208, margin 0.31363, denominator 1.38416.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_at_the_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(20, 20)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.8389, abs=1e-4)


def test_a_pairing_counts_wins_with_seats_swapped() -> None:
    result = pairing("mississippi", "greedy", "random", games=4)
    assert result.games == 4 and result.wins + result.losses <= 4
    assert result.as_dict()["draws"] == 4 - result.wins - result.losses


def test_a_pairing_tells_its_progress_and_is_the_same_on_two_workers() -> None:
    heard: list[tuple[int, int]] = []
    alone = pairing("mississippi", "greedy", "random", games=4, progress=lambda *r: heard.append(r))
    assert heard == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert pairing("mississippi", "greedy", "random", games=4, workers=2) == alone

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
    total = result.total
    assert total.games == 4 and total.wins + total.losses <= 4
    assert result.as_dict()["draws"] == 4 - total.wins - total.losses


def test_a_pairing_counts_each_seat_apart() -> None:
    result = pairing("mississippi", "greedy", "random", games=5)
    first, second = result.seats
    assert (first.games, second.games) == (3, 2), "games 0, 2 and 4 with the bot first"
    assert first.wins + second.wins == result.total.wins
    assert first.losses + second.losses == result.total.losses
    table = result.as_dict()
    assert [seat["games"] for seat in table["seats"]] == [3, 2]
    low, high = wilson(second.wins, 2)
    assert table["seats"][1]["wilson_low"] == round(low, 3)
    assert table["seats"][1]["wilson_high"] == round(high, 3)


def test_a_pairing_tells_its_progress_and_is_the_same_on_two_workers() -> None:
    heard: list[tuple[int, int]] = []
    alone = pairing("mississippi", "greedy", "random", games=4, progress=lambda *r: heard.append(r))
    assert heard == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert pairing("mississippi", "greedy", "random", games=4, workers=2) == alone

"""The bots' judgement of Mississippi positions."""

from __future__ import annotations

import towpath
from tests.games.mississippi.helpers import position
from towpath.games.mississippi.evaluate import shortfall


def test_an_even_start_is_worth_a_quarter_to_each_boat_not_nearly_nothing() -> None:
    # Both boats need some 55 spaces for free: the race is even, and needing much still
    # moves only half the value, so a search can tell moves apart from the first turn.
    state = towpath.load("mississippi", 2).new_state(3)
    values = [state.game.evaluate(state, seat) for seat in (0, 1)]
    assert all(0.2 < value < 0.3 for value in values)


def test_a_boat_ahead_in_the_race_is_worth_more_than_one_behind() -> None:
    # Boat 0 needs 40 spaces for free, boat 1 (which must jump it) 51.
    state = position([30, 28], logs=[15, 5], supply=40)
    assert [shortfall(state, seat) for seat in (0, 1)] == [40, 51]
    values = [state.game.evaluate(state, seat) for seat in (0, 1)]
    assert values[0] > 0.3 > values[1]

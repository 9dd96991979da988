"""Docking reactions (source rules 3-5) and the end by reaction."""

from __future__ import annotations

from tests.games.mississippi.helpers import NW, SE, SW, E, W, act, position, showing


def test_the_higher_number_moves_forward_by_the_difference_even_if_not_current() -> None:
    # Boat 0 (showing 2 to the west) arrives on 19 beside boat 1 on 20 (showing 5 to the east).
    state = position([17, 20, 24], facing=[showing(2, W), showing(5, E), 0])
    act(state, "f2")
    assert state.spaces[0] == 19
    assert state.spaces[1] == 23, "the 5-boat goes 3 open spaces: 21, 22, 23"
    assert state.spaces[2] == 24, "boats of other players touching each other never react"


def test_the_current_boat_moves_when_its_number_is_higher() -> None:
    state = position([17, 20], facing=[showing(5, W), showing(2, E)])
    act(state, "f2")
    assert state.spaces == [23, 20]


def test_equal_numbers_do_nothing() -> None:
    state = position([17, 20], facing=[showing(4, W), showing(4, E)])
    act(state, "f2")
    assert state.spaces == [19, 20]


def test_only_open_spaces_count_when_a_reaction_moves_a_boat() -> None:
    state = position([17, 20, 21, 22], facing=[showing(1, W), showing(3, E), 0, 0])
    act(state, "f2")
    assert state.spaces[1] == 24, "two open spaces past the boats on 21 and 22"


def test_boats_at_a_zero_difference_stay_when_the_others_move() -> None:
    # From 18, f1 lands on 20, showing 1 to the east and 4 to the west: 0 against boat 1 on 19
    # (showing 1 to the west), -2 against boat 2 on 21 (showing 6 to the east). No positive
    # difference, so boat 2 moves on (22, 23) and boat 1 stays.
    facing = [showing(1, E), showing(1, W), showing(6, E)]
    state = position([18, 19, 21], facing=facing)
    act(state, "f1")
    assert state.spaces == [20, 19, 23]


def test_the_turn_is_made_before_the_numbers_are_compared() -> None:
    # Boat 0 shows 2 to the west; turned 60° clockwise it shows 1 there, against boat 1's 4.
    state = position([17, 20], facing=[showing(2, W), showing(4, E)])
    act(state, "r+1 f2")
    assert state.spaces == [19, 23], "the 4-boat moves 3, not 2"


def test_a_backward_move_docks_too() -> None:
    # Boat 0 goes back from 23 to 21, west of boat 1 on 20, and is +3: it moves 3 forward.
    state = position([23, 20], facing=[showing(5, E), showing(2, W)], supply=5)
    act(state, "b2")
    assert state.spaces == [24, 20]
    assert state.logs[0] == 12 and state.supply == 3


def test_the_numbers_of_the_side_numbers_option_are_compared() -> None:
    # Every boat shows 10 on the side facing east and 0 elsewhere.
    state = position([17, 20], facing=[0, 0], side_numbers=[10, 0, 0, 0, 0, 0])
    act(state, "f2")
    assert state.spaces == [19, 30], "boat 1's 10 against boat 0's 0: ten open spaces"


def test_the_current_boat_adds_its_positive_differences() -> None:
    # From 18, f1 jumps 19 and lands on 20, beside 19 (E, -1), 9 (NW, +3) and 10 (NE, +2).
    facing = [0, showing(2, W), showing(2, SE), showing(4, SW)]
    state = position([18, 19, 9, 10], facing=facing)
    act(state, "f1")
    assert state.spaces == [25, 19, 9, 10], "+3 and +2 make 5; the −1 boat stays"


def test_boats_with_the_higher_numbers_move_in_clockwise_order() -> None:
    # Seat 2 lands on 20 between seat 3 on 19 (difference −2) and seat 0 on 21 (−2).
    facing = [showing(6, E), 0, 0, showing(3, W)]
    state = position([21, 50, 18, 19], facing=facing, player=2)
    act(state, "f1")
    assert state.spaces[2] == 20
    # Seat 3 moves first (jumping 20 and 21 to land on 23), then seat 0 (22, then 24).
    assert state.spaces[3] == 23 and state.spaces[0] == 24


def test_a_chain_when_the_current_boat_reaches_a_new_neighbour() -> None:
    # Boat 0 shows 3 to the east and 6 to the west. On 20 it is +1 against boat 1 on 19 and
    # moves to 21, where it is +5 against boat 2 on 22 and moves on: 23, 24, 25, 26, 27.
    state = position([18, 19, 22], facing=[showing(3, E), showing(2, W), showing(1, E)])
    act(state, "f1")
    assert state.spaces == [27, 19, 22]


def test_a_boat_pushed_next_to_the_current_boat_reacts_with_it_again() -> None:
    # On 20, boat 1 on 9 (NW) is +1 against it and moves to 10 (NE): then boat 0 is +5.
    state = position([18, 9, 70], facing=[0, showing(6, SE), 0])
    act(state, "f2")
    assert state.spaces[0] == 25 and state.spaces[1] == 10


def test_crossing_the_finish_by_a_reaction_wins_for_the_pushed_boat() -> None:
    state = position([80, 83, 10], facing=[showing(1, W), showing(3, E), 0])
    act(state, "f2")
    assert state.spaces[1] == 85
    assert state.is_terminal() and state.returns() == [0.0, 1.0, 0.0]


def test_crossing_the_finish_by_a_reaction_wins_for_the_current_boat() -> None:
    state = position([80, 83, 10], facing=[showing(6, W), showing(1, E), 0])
    act(state, "f2")
    assert state.spaces[0] == 85 and state.returns() == [1.0, 0.0, 0.0]


def test_boats_touch_across_the_fold_of_the_river() -> None:
    # Space 2 (col 1, row 0) touches 27 and 28 on row 1.
    state = position([1, 27], facing=[showing(6, SE), showing(1, NW)])
    act(state, "f1")
    assert state.spaces[0] == 2 + 5


def test_boats_in_the_start_area_touch_nothing() -> None:
    state = position([3, 0], facing=[showing(1, W), showing(6, E)], supply=5)
    act(state, "b2")
    assert state.spaces == [1, 0]
    state.player = 0
    act(state, "b1")
    assert state.spaces == [0, 0]

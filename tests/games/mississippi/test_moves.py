"""Moving: jumping, logs, backward moves, the start area, rotation and the finish."""

from __future__ import annotations

import pytest

from tests.games.mississippi.helpers import E, act, notations, position, showing
from towpath.core.errors import IllegalAction


def test_forward_jumps_occupied_spaces_without_counting_them() -> None:
    state = position([10, 11, 12], logs=[5, 5, 5])
    act(state, "f3")
    assert state.spaces == [15, 11, 12]
    assert state.logs[0] == 2
    assert state.supply == 3, "spent logs go to the common supply"


def test_forward_needs_one_log_per_space() -> None:
    state = position([5, 30], logs=[2, 5])
    assert "f2" in notations(state) and "f3" not in notations(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "f3")
    assert refused.value.rule == "logs"
    assert state.spaces == [5, 30] and state.logs == [2, 5]


def test_with_no_logs_only_backward_moves_are_legal() -> None:
    state = position([20, 40], logs=[0, 5])
    moves = notations(state)
    assert moves and all(move.split()[-1].startswith("b") for move in moves)
    assert {"r+1 b1", "r-1 b1"} <= set(moves), "the free 60° turn needs no log"
    assert not any(move.startswith(("r+2", "r-2", "r+3")) for move in moves)


def test_backward_takes_logs_from_the_supply_while_it_lasts() -> None:
    state = position([30, 60], logs=[4, 4], supply=2)
    act(state, "b5")
    assert state.spaces[0] == 25
    assert state.logs[0] == 6 and state.supply == 0


def test_backward_with_an_empty_supply_gains_nothing() -> None:
    state = position([30, 60], logs=[4, 4], supply=0)
    act(state, "b3")
    assert state.spaces[0] == 27 and state.logs[0] == 4


def test_backward_counts_only_open_spaces() -> None:
    # Boat 2 on 28 shows boat 0 the same number, so no reaction follows the landing on 27.
    state = position([30, 29, 28, 70], facing=[0, 0, showing(4, E), 0], supply=5)
    act(state, "b1")
    assert state.spaces[0] == 27


def test_backward_is_at_most_fifteen_spaces() -> None:
    state = position([40, 70], supply=30)
    assert "b15" in notations(state) and "b16" not in notations(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "b16")
    assert refused.value.rule == "backward limit"


def test_a_boat_on_space_one_may_go_back_into_the_start_area() -> None:
    state = position([1, 40])
    assert "b1" in notations(state) and "b2" not in notations(state)
    act(state, "b1")
    assert state.spaces[0] == 0


def test_from_the_start_area_forward_jumps_the_boats_on_the_first_spaces() -> None:
    state = position([0, 1, 2], logs=[3, 3, 3], facing=[0, 0, showing(4, E)])  # 4 against 4
    act(state, "f1")
    assert state.spaces == [3, 1, 2] and state.logs[0] == 2


def test_logs_paid_for_a_turn_reach_the_supply_before_a_backward_move_takes_some() -> None:
    # Rule order: rotate, then move. The 180° turn puts 2 logs in the empty supply, and the
    # backward move of 3 spaces takes those 2 back (and no more).
    state = position([30, 70], logs=[2, 5], supply=0)
    act(state, "r+3 b3")
    assert state.spaces[0] == 27
    assert state.logs[0] == 2 and state.supply == 0


def test_the_start_area_is_the_last_open_space_behind() -> None:
    state = position([3, 2, 70])
    assert "b2" in notations(state) and "b3" not in notations(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "b3")
    assert refused.value.rule == "start area"
    act(state, "b2")
    assert state.spaces[0] == 0


def test_in_the_start_area_with_no_logs_only_pass_is_legal() -> None:
    state = position([0, 40], logs=[0, 3], supply=10)
    assert notations(state) == ["pass"]
    act(state, "pass")
    assert state.spaces == [0, 40] and state.logs == [0, 3]
    assert state.current_player == 1 and state.turn == 1


def test_a_boat_back_in_the_start_area_keeps_its_facing_and_may_turn() -> None:
    state = position([1, 40], facing=[showing(3, E), 0], logs=[2, 5])
    act(state, "b1")
    state.player = 0
    assert state.view(None)["boats"][0]["sides"][E] == 3, "moving never turns a boat"
    assert "r+1 f1" in notations(state), "only the first turn forbids a rotation"


def test_pass_is_refused_when_a_move_exists() -> None:
    state = position([5, 40])
    with pytest.raises(IllegalAction) as refused:
        act(state, "pass")
    assert refused.value.rule == "pass"


@pytest.mark.parametrize(
    ("rotation", "cost"), [("r+1", 0), ("r-1", 0), ("r+2", 1), ("r-2", 1), ("r+3", 2)]
)
def test_rotation_costs(rotation: str, cost: int) -> None:
    state = position([20, 60], logs=[5, 5])
    act(state, f"{rotation} f1")
    assert state.logs[0] == 5 - cost - 1
    assert state.supply == cost + 1


def test_the_refused_action_leaves_the_position_unchanged() -> None:
    state = position([20, 60], logs=[1, 5], supply=4)
    before = state.to_json()
    for notation in ["f2", "r+3 b1", "b16", "pass", "r+2 f1"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, notation)
        assert refused.value.rule and "\n" not in str(refused.value)
        assert state.to_json() == before


def test_rotation_turns_the_boat_clockwise_for_plus() -> None:
    state = position([20, 60], facing=[0, 0])
    act(state, "r+1 f1")
    assert state.view(None)["boats"][0]["sides"] == [6, 1, 2, 3, 4, 5]
    state.player = 0
    act(state, "r-2 f1")
    assert state.view(None)["boats"][0]["sides"] == [2, 3, 4, 5, 6, 1]


def test_a_turn_of_180_degrees_either_way_is_one_action() -> None:
    state = position([20, 60], logs=[5, 5])
    moves = notations(state)
    assert "r+3 f1" in moves and "r-3 f1" not in moves
    assert state.game.parse_action("r-3 f1") == state.game.parse_action("r+3 f1")


def test_a_rotation_needs_the_logs_to_pay_for_it() -> None:
    state = position([20, 60], logs=[1, 5])
    assert "r+2 b1" in notations(state) and "r+3 b1" not in notations(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "r+3 b1")
    assert refused.value.rule == "rotation cost"


def test_no_rotation_on_a_boats_first_turn() -> None:
    game_state = position([0, 0], started=False)
    assert all(not move.startswith("r") for move in notations(game_state))
    with pytest.raises(IllegalAction) as refused:
        act(game_state, "r+1 f1")
    assert refused.value.rule == "first turn"


def test_moving_does_not_change_the_boats_orientation() -> None:
    state = position([12, 70], facing=[0, 0])
    sides = state.view(None)["boats"][0]["sides"]
    act(state, "f5")  # round the bend from row 0 (eastward) to row 1 (westward)
    assert state.spaces[0] == 17
    assert state.view(None)["boats"][0]["sides"] == sides


def test_forward_moves_stop_at_the_first_n_that_finishes() -> None:
    state = position([82, 84, 10], logs=[9, 9, 9])
    assert [m for m in notations(state) if m.startswith("f")] == ["f1", "f2"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "f3")
    assert refused.value.rule == "finish"
    act(state, "f2")
    assert state.spaces[0] == 85
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]
    assert state.legal_actions() == []


def test_an_action_after_the_end_is_refused() -> None:
    state = position([84, 10], logs=[9, 9])
    act(state, "f1")
    with pytest.raises(IllegalAction) as refused:
        act(state, "b1")
    assert refused.value.rule == "game over"

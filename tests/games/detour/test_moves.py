"""The move part: transport tokens paid space by space, a free stop, detours, finishing."""

from __future__ import annotations

import pytest

from tests.games.detour.helpers import act, notations, place_of, places, position
from towpath.core.errors import IllegalAction
from towpath.games.detour.actions import Move


def test_train_boat_from_space_2_goes_one_step_and_the_train_is_lost() -> None:
    # Spec scenario: the next spaces cost Boat, Boat; Train cannot pay the second.
    state = position(["2", "0", "0"])
    moves = [n for n in notations(state) if n.startswith("move detour")]
    assert moves == ["move detour 1"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "move detour 2")
    assert refused.value.rule == "transports"
    act(state, "move detour 1")
    assert place_of(state, 0) == "3"


def test_a_move_pays_each_entered_space_and_must_stop_when_it_cannot_pay() -> None:
    # Voyage: Train, Boat, Balloon, Balloon, Train. From 0: 1 Train, 2 Train, 3 Boat, then
    # 4 Boat cannot be paid (the only Boat is spent): three spaces, two Balloons unused.
    state = position(["0", "0", "0"])
    assert [n for n in notations(state) if "voyage" in n] == [
        "move voyage 1",
        "move voyage 2",
        "move voyage 3",
        "pass voyage",
    ]


@pytest.mark.parametrize("steps", [1, 2, 3])
def test_the_player_may_stop_at_any_space_it_could_pay(steps: int) -> None:
    state = position(["0", "0", "0"])
    act(state, f"move voyage {steps}")
    assert place_of(state, 0) == str(steps)
    assert state.hands[0] == ["detour", "backward", "block"]


def test_a_space_costing_two_transports_takes_both() -> None:
    # Space 34 costs Train+Boat: Detour's Train, Boat pays it exactly.
    state = position(["33", "0", "0"])
    act(state, "move detour 1")
    assert place_of(state, 0) == "34"
    # Backward's Train, Boat, Balloon from 33: 34 (Train+Boat), 35 (Balloon).
    state = position(["33", "0", "0"])
    act(state, "move backward 2")
    assert place_of(state, 0) == "35"


def test_a_main_path_marker_passes_a_branch_space_without_leaving_the_main_path() -> None:
    state = position(["4", "0", "0"])
    act(state, "move voyage 3")  # 5 Train (D1 leaves here), 6 Balloon, 7 Train
    assert place_of(state, 0) == "7"


def test_on_a_detour_the_marker_follows_it_and_merges_paying_the_merge_space() -> None:
    # D1 space 5 costs Boat, D1 space 6 Balloon, then main space 10 (Balloon).
    state = position(["D1:4", "0", "0"])
    act(state, "move voyage 3")  # 5 Boat, 6 Balloon, 10 Balloon
    assert place_of(state, 0) == "10"
    state = position(["D1:6", "0", "0"])
    # Block's Train, Train, Boat, Boat cannot pay the Balloon of space 10.
    assert not [n for n in notations(state) if n.startswith("move block")]


def test_finishing_is_moving_from_35_into_space_0_paying_balloon_and_train() -> None:
    state = position(["34", "0", "0"])
    # Voyage: 35 Balloon, then space 0 costs Balloon + Train: the marker finishes and stops.
    assert [n for n in notations(state) if n.startswith("move voyage")] == [
        "move voyage 1",
        "move voyage 2",
    ]
    act(state, "move voyage 2")
    assert place_of(state, 0) == "F"
    assert state.finished == [0]
    marker = state.view(None)["markers"][0]
    assert marker["finished"] is True


def test_without_balloon_and_train_a_marker_cannot_finish() -> None:
    state = position(["35", "0", "0"])
    assert not [n for n in notations(state) if n.startswith(("move block", "move detour"))]
    act(state, "move backward 1")  # Train, Boat, Balloon holds both
    assert state.finished == [0]


def test_a_finished_marker_leaves_the_track_and_nothing_affects_it() -> None:
    state = position(["F", "9", "5"], to_play=1)
    act(state, "backward 0")
    assert places(state) == ["F", "7", "3"]
    state = position(["F", "9", "5"], to_play=1)
    assert "detour yellow" not in notations(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, "detour yellow")
    assert refused.value.rule == "finished"


def test_any_number_of_markers_share_a_space() -> None:
    state = position(["3", "2", "3", "3"], to_play=1)
    act(state, "move detour 1")
    assert places(state) == ["3", "3", "3", "3"]


def test_a_move_of_zero_spaces_is_written_as_playing_the_card_for_no_effect() -> None:
    state = position(["0", "0", "0"])
    with pytest.raises(IllegalAction) as refused:
        state.apply(Move("voyage", 0))
    assert refused.value.rule == "move"
    act(state, "pass voyage")
    assert place_of(state, 0) == "0"
    assert state.hands[0] == ["detour", "backward", "block"]

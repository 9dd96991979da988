"""The action parts (source: Detour, Backward, Block, No action) and the special abilities."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.detour.helpers import act, notations, place_of, places, play_round_out, position
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.detour.actions import Move, Pass, SendOnDetour
from towpath.games.detour.state import DetourState


def refused_rule(state: DetourState, action: str | Action) -> str:
    """The rule named by refusing `action` (notation or Action), checking that the message is
    one line and the state did not change."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.game.parse_action(action) if isinstance(action, str) else action)
    assert state.to_json() == before, "a refused action changes nothing"
    assert "\n" not in str(refused.value)
    return refused.value.rule


@pytest.mark.parametrize(
    ("markers", "setting", "action", "rule"),
    [
        (["0", "0", "0"], {"hands": [["voyage"]] * 3}, "pass detour", "hand"),
        (["0", "0", "0"], {"blocked": True}, "move voyage 1", "block"),
        (["0", "0", "0"], {}, Move("voyage", 0), "move"),
        (["0", "0", "0"], {}, "move voyage 4", "transports"),
        (["0", "0", "0"], {}, "block 2", "transports"),
        (["0", "0", "0"], {}, Pass("chess"), "card"),
        (["0", "0", "0"], {}, SendOnDetour("blue"), "colour"),
        (["0", "F", "0"], {}, "detour red", "finished"),
        (["0", "0", "0"], {}, "done", "done"),
    ],
)
def test_every_refusal_names_its_rule_in_one_line_and_changes_nothing(
    markers: list[str], setting: dict[str, Any], action: str | Action, rule: str
) -> None:
    assert refused_rule(position(markers, **setting), action) == rule


def test_nothing_is_played_once_the_game_is_over() -> None:
    state = position(["34", "0", "0"])
    act(state, "move voyage 2")
    play_round_out(state)
    assert refused_rule(state, "pass block") == "game over"


# -- Detour -------------------------------------------------------------------------------------


def test_detour_sends_any_marker_on_a_branch_space_onto_its_detour() -> None:
    # "If there is a red line, then a player marker can be moved ... to a side path."
    state = position(["5", "16", "D1:2", "26"])
    targets = [n for n in notations(state) if n.startswith("detour")]
    assert targets == ["detour yellow", "detour red", "detour blue"], "own colour included"
    act(state, "detour red")
    assert places(state) == ["5", "D2:1", "D1:2", "26"]
    assert state.hands[0] == ["backward", "block", "voyage"]


def test_detour_on_a_marker_not_on_a_branch_space_is_illegal() -> None:
    state = position(["4", "6", "0"])
    assert not [n for n in notations(state) if n.startswith("detour")]
    assert refused_rule(state, "detour red") == "branch space"


def test_a_marker_already_on_a_detour_cannot_be_sent_to_another() -> None:
    # "Players already on a detour path can not be moved to a different detour."
    state = position(["4", "D2:1", "0"])
    assert refused_rule(state, "detour red") == "already on a detour"


def test_on_the_detour_the_marker_moves_normally_until_the_path_merges_back() -> None:
    # "On the side path the player moves normally until the path merges back to the main path."
    state = position(["D3:5", "0", "0"])
    assert refused_rule(state, "move backward 3") == "transports"
    act(state, "move backward 2")  # D3 space 6 Train, then main 31 Balloon; 32 needs a Train
    assert place_of(state, 0) == "31"


def test_detour_special_on_a_detour_allows_the_action_then_the_move() -> None:
    # "If player marker in the detour path ... can execute the move AND the detour action."
    state = position(["D1:3", "16", "0"])
    act(state, "detour red")
    assert places(state) == ["D1:3", "D2:1", "0"]
    assert state.current_player == 0, "the same colour goes on with the move part"
    assert notations(state) == ["move detour 1", "move detour 2", "done"]
    act(state, "move detour 2")
    assert place_of(state, 0) == "D1:5"
    assert state.colour == 1 and state.pending is None


def test_detour_special_on_a_detour_allows_the_move_then_the_action() -> None:
    state = position(["D1:3", "16", "0"])
    act(state, "move detour 2")
    assert notations(state) == ["detour red", "done"]
    act(state, "done")
    assert places(state) == ["D1:5", "16", "0"], "done ends the turn without the action"
    assert state.colour == 1


def test_detour_special_is_judged_when_the_card_is_played() -> None:
    # The move leaves the detour (D2 space 5 Train, then main 20 Boat); the Detour action the
    # special allows is still offered after it.
    state = position(["D2:4", "16", "0"])
    act(state, "move detour 2")
    assert place_of(state, 0) == "20"
    assert notations(state) == ["detour red", "done"]
    act(state, "detour red")
    assert places(state) == ["20", "D2:1", "0"] and state.colour == 1


def test_the_second_part_is_the_other_part_of_the_same_card_or_done() -> None:
    state = position(["D1:3", "16", "0"])
    act(state, "detour red")
    for notation in ["pass voyage", "move voyage 1", "backward 0", "detour red"]:
        assert refused_rule(state, notation) == "second part"
    assert refused_rule(state, "move detour 3") == "transports"


def test_the_special_offers_nothing_when_the_second_part_has_no_choice() -> None:
    state = position(["D1:3", "4", "0"])  # no marker on a branch space after the move
    act(state, "move detour 1")
    assert state.pending is None and state.colour == 1


def test_without_the_special_the_detour_card_gives_one_part() -> None:
    state = position(["4", "16", "0"])
    act(state, "detour red")
    assert state.colour == 1
    state = position(["4", "16", "0"])
    act(state, "move detour 1")
    assert place_of(state, 0) == "5" and state.colour == 1


def test_done_outside_a_special_is_illegal() -> None:
    assert refused_rule(position(["0", "0", "0"]), "done") == "done"


# -- Backward -----------------------------------------------------------------------------------


def test_backward_moves_every_marker_back_two_the_players_own_included() -> None:
    # Spec scenario; the push ignores costs, then the Train + Balloon move.
    state = position(["7", "12", "1"])
    assert [n for n in notations(state) if n.startswith("backward")] == [
        "backward 0",
        "backward 1",
        "backward 2",
    ]
    act(state, "backward 2")  # own 7 -> 5, then 6 Balloon, 7 Train
    assert places(state) == ["7", "10", "0"]


def test_backward_never_takes_a_detour_marker_behind_its_first_space() -> None:
    state = position(["20", "D1:1", "D1:2", "D1:4"], to_play=0)
    act(state, "backward 0")
    assert places(state) == ["18", "D1:1", "D1:1", "D1:2"]


def test_backward_from_a_merge_space_goes_back_along_the_main_path() -> None:
    # Decision (cards.toml): red reached 10 through D1, yet goes back to 8, not onto D1.
    state = position(["D1:6", "D1:6", "0"], to_play=1)
    act(state, "move voyage 1")  # red: D1 space 6 to the merge space 10 (Balloon)
    assert places(state) == ["D1:6", "10", "0"]
    act(state, "backward 0")
    assert places(state) == ["D1:4", "8", "0"]


def test_backward_stops_at_space_0_which_is_not_finishing() -> None:
    state = position(["20", "1", "0", "10"])
    act(state, "backward 0")
    assert places(state) == ["18", "0", "0", "8"], "from the merge space back along the main path"
    assert state.finished == []


def test_backward_move_is_counted_from_where_the_push_left_the_player() -> None:
    # D1:2 back to D1:1; then D1:2 costs Boat: Train + Balloon cannot pay it.
    state = position(["D1:2", "0", "0"])
    assert [n for n in notations(state) if n.startswith("backward")] == ["backward 0"]
    assert refused_rule(state, "backward 1") == "transports"


def test_backward_move_tokens_are_lost_when_they_cannot_pay() -> None:
    # From 35 back to 33; space 34 costs Train+Boat, which Train + Balloon cannot pay.
    state = position(["35", "0", "0"], hands=[["backward"], ["backward"], ["backward"]])
    assert [n for n in notations(state) if n.startswith("backward")] == ["backward 0"]


# -- Block --------------------------------------------------------------------------------------


def test_block_forbids_move_parts_in_the_next_round_only() -> None:
    state = position(["0", "0", "0"], to_play=2)
    act(state, "block 1")
    assert place_of(state, 2) == "1"
    assert state.round == 2 and state.blocked and not state.block_next
    assert not [n for n in notations(state) if n.startswith("move")]
    assert refused_rule(state, "move voyage 1") == "block"
    for _ in range(3):
        act(state, "pass voyage")
    assert state.round == 3 and not state.blocked
    assert "move detour 1" in notations(state)


def test_a_block_played_in_a_blocked_round_blocks_the_next_round_too() -> None:
    state = position(["0", "0", "0"], to_play=2, blocked=True)
    act(state, "block 0")
    assert state.round == 2 and state.blocked


def test_in_a_blocked_round_voyage_does_nothing() -> None:
    # "In case the player has to play the card with no action, he will not execute anything."
    state = position(["0", "0", "0"], blocked=True, hands=[["voyage"], ["voyage"], ["voyage"]])
    assert notations(state) == ["pass voyage"]
    act(state, "pass voyage")
    assert place_of(state, 0) == "0"


def test_in_a_blocked_round_action_parts_and_their_moves_still_work() -> None:
    # "If the Action section enables movement, that movement is allowed."
    state = position(["0", "12", "0"], blocked=True)
    assert notations(state) == [
        "pass detour",
        "backward 0",
        "backward 1",
        "pass backward",
        "block 0",
        "block 1",
        "pass block",
        "pass voyage",
    ]
    act(state, "block 1")
    assert place_of(state, 0) == "1", "the Block card still moves its player by one Train"
    act(state, "backward 0")
    assert places(state) == ["0", "10", "0"]


def test_blocked_round_with_only_the_detour_card_and_no_branch_marker_plays_it_for_nothing() -> (
    None
):
    state = position(["3", "4", "6"], blocked=True, hands=[["detour"], ["detour"], ["detour"]])
    assert notations(state) == ["pass detour"]
    act(state, "pass detour")
    assert state.hands[0] == [] and state.colour == 1


@pytest.mark.parametrize(
    ("here", "options"),
    [
        ("0", ["block 0", "block 1"]),  # space 1 costs Train
        ("2", ["block 0", "block 1"]),  # space 3 costs Boat
        ("5", ["block 0"]),  # space 6 costs Balloon
        ("33", ["block 0"]),  # space 34 costs Train+Boat: one token cannot pay it
    ],
)
def test_block_moves_by_one_train_or_one_boat(here: str, options: list[str]) -> None:
    state = position([here, "0", "0"], hands=[["block"], ["block"], ["block"]])
    assert [n for n in notations(state) if n.startswith("block")] == options


def test_block_special_on_a_blue_area_allows_the_action_then_the_move() -> None:
    state = position(["11", "0", "0"])
    act(state, "block 1")
    assert state.block_next and state.colour == 0
    assert notations(state) == ["move block 1", "move block 2", "done"]
    act(state, "move block 2")
    assert place_of(state, 0) == "14" and state.colour == 1


def test_block_special_on_a_blue_area_allows_the_move_then_the_action() -> None:
    state = position(["11", "0", "0"])
    act(state, "move block 3")
    assert not state.block_next
    assert notations(state) == ["block 0", "done"]
    act(state, "block 0")
    assert state.block_next and place_of(state, 0) == "14"


def test_block_off_a_blue_area_gives_one_part() -> None:
    state = position(["12", "0", "0"])
    act(state, "block 1")
    assert state.colour == 1 and state.block_next


def test_in_a_blocked_round_the_specials_give_the_action_part_only() -> None:
    state = position(["11", "16", "0"], blocked=True)
    act(state, "block 1")
    assert state.colour == 1 and state.pending is None
    state = position(["D1:3", "16", "0"], blocked=True)
    act(state, "detour red")
    assert state.colour == 1 and state.pending is None


# -- No action and playing for no effect --------------------------------------------------------


def test_the_voyage_card_has_only_a_move_part() -> None:
    state = position(["0", "0", "0"], hands=[["voyage"], ["voyage"], ["voyage"]])
    assert notations(state) == ["move voyage 1", "move voyage 2", "move voyage 3", "pass voyage"]


def test_every_card_in_hand_may_be_played_for_no_effect() -> None:
    state = position(["0", "0", "0"])
    passes = [n for n in notations(state) if n.startswith("pass")]
    assert passes == ["pass detour", "pass backward", "pass block", "pass voyage"]


# -- 2 players: an action is not transferred to the second colour --------------------------------


def test_two_players_the_backward_move_belongs_to_the_colour_that_played_the_card() -> None:
    state = position(["12", "20", "7", "0"], players=2, to_play=2)  # green, seat 0's colour B
    act(state, "backward 2")
    assert places(state) == ["10", "18", "7", "0"], "green back to 5 then forward to 7"


def test_two_players_the_specials_look_at_the_colour_that_plays_the_card() -> None:
    # Yellow (seat 0) is on a detour and a blue area holds nobody; green plays Detour: no special.
    state = position(["D1:3", "16", "3", "0"], players=2, to_play=2)
    act(state, "detour red")
    assert state.pending is None and state.colour == 3
    state = position(["11", "0", "12", "0"], players=2, to_play=2)
    act(state, "block 1")
    assert state.pending is None and state.colour == 3

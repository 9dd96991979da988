"""Muddled Waters: everything revealed, one card a turn, pushes, score piles."""

from __future__ import annotations

from typing import Any

from tests.games.mapped_out.helpers import act, cells, names, notations, walking

MUDDLED: dict[str, Any] = {"muddled_waters": True}
NO_TILES: list[list[int]] = [[], []]
BOARD = {(0, 0): 2, (1, 0): 3, (2, 0): 4, (1, 1): 5}  # fish 1 | fish 2 | fish 3, and fish 4


def test_the_walk_starts_by_revealing_every_card_and_hand() -> None:
    state = walking(
        rows=[["left", "any"], ["up", "left+remove"]],
        board=BOARD,
        hands=[[14], [25]],
        unclear_instructions=True,
        **MUDDLED,
    )
    assert state.current_player == 0, "seat 0 moved by its left card and may take a tile"
    assert state.view(None)["discards"][0]["card"] == "left"
    assert names(state, None, 0) == ["any"]
    assert names(state, 0, 1) == ["up", "left+remove"], "no Remove: no specials at the reveal"
    assert [t["tile"] for t in state.view(0)["hand_details"][1]["tiles"]] == [25]
    assert [t["tile"] for t in state.view(None)["hand_details"][0]["tiles"]] == [14]


def test_with_choose_orientation_each_owner_turns_their_own_cards() -> None:
    state = walking(
        rows=[["left", "any"], ["up"]],
        board=BOARD,
        hands=NO_TILES,
        choose_orientation=True,
        **MUDDLED,
    )
    assert state.current_player == 0 and notations(state) == ["orient 0", "orient 180"]
    act(state, "orient 180")
    assert state.current_player == 1, "seat 0's Any card needs no orientation"
    act(state, "orient 0")
    assert state.discards[0][:3] == [0, True, 180], "seat 0's left card, upside-down"


def test_turns_go_clockwise_one_card_each_skipping_empty_rows() -> None:
    rows = [["+right", "+right"], ["+nothing"]]
    state = walking(rows=rows, board=BOARD, hands=NO_TILES, **MUDDLED)
    assert state.is_terminal()
    assert [card[0] for card in state.discards] == [1, 5, 1]  # right, nothing, right
    assert cells(state, 0) == [(0, 0), (1, 0), (2, 0)]


def test_landing_on_another_pawn_pushes_it_to_an_adjacent_tile() -> None:
    state = walking(
        rows=[["+right"], ["+nothing"]],
        board=BOARD,
        hands=NO_TILES,
        pawns=[(0, 0), (1, 0)],
        **MUDDLED,
    )
    assert state.current_player == 0
    assert notations(state) == ["push 0,0", "push 2,0", "push 1,1"]
    act(state, "push 1,1")
    assert state.pawns == [[1, 0], [1, 1]]


def test_no_push_when_the_pawn_did_not_change_tiles() -> None:
    state = walking(rows=[["+up"], ["+nothing"]], board=BOARD, hands=NO_TILES, **MUDDLED)
    assert state.is_terminal() and state.pawns == [[0, 0], [0, 0]]


def test_taking_a_tile_fills_the_hole_from_hand_and_scores_the_pile() -> None:
    state = walking(
        rows=[["+right", "+right"], ["+nothing"]], board=BOARD, hands=[[14, 25], []], **MUDDLED
    )
    assert notations(state) == ["take 14", "take 25", "done"]
    act(state, "take 14")
    assert state.piles[0] == [3] and state.board["1,0"] == 14 and state.hands[0] == [25]
    act(state, "done")
    assert state.is_terminal() and state.piles[0] == [3]
    assert state.scores() == [1.0, 0.0], "only the score pile scores (seat 1 took nothing)"


def test_with_an_empty_hand_no_tile_can_be_taken() -> None:
    state = walking(rows=[["+right"], ["+nothing"]], board=BOARD, hands=[[], [25]], **MUDDLED)
    assert state.current_player == 1, "seat 0 cannot take; seat 1 may take its start tile"
    assert notations(state) == ["take 25", "done"]


def test_void_move_stop_discards_the_rest_of_the_row() -> None:
    rows = [["+up", "+right", "+right"], ["+nothing", "+nothing"]]
    state = walking(rows=rows, board=BOARD, hands=NO_TILES, void_move="stop", **MUDDLED)
    assert state.is_terminal() and cells(state, 0) == [(0, 0), (0, 0)]
    assert len(state.discards) == 5


def test_on_visit_specials_trigger_before_the_take() -> None:
    board = {(0, 0): 2, (1, 0): 42}  # an island
    state = walking(
        rows=[["+right"], ["+nothing"]],
        board=board,
        hands=[[14], []],
        lands_unknown=True,
        **MUDDLED,
    )
    assert state.pawns[0] == [0, 0]
    act(state, "take 14")
    assert state.piles[0] == [2] and state.board["0,0"] == 14


def test_a_push_sets_off_no_chain_and_no_on_visit_special() -> None:
    # Seat 0 lands on seat 1 and pushes it onto an Island where seat 2 stands.
    state = walking(
        3,
        rows=[["+right"], ["+nothing"], ["+nothing"]],
        board={(0, 0): 2, (1, 0): 3, (2, 0): 42, (1, 1): 5},
        hands=[[], [], []],
        pawns=[(0, 0), (1, 0), (2, 0)],
        lands_unknown=True,
        **MUDDLED,
    )
    act(state, "push 2,0")
    assert state.is_terminal() and state.pawns == [[1, 0], [2, 0], [2, 0]]


def test_the_tile_that_fills_a_hole_triggers_nothing() -> None:
    state = walking(
        rows=[["+right"], ["+nothing"]],
        board=BOARD,
        hands=[[50], []],  # a Destructor
        lands_unknown=True,
        **MUDDLED,
    )
    act(state, "take 50")
    assert state.board["1,0"] == 50 and len(state.board) == 4
    assert state.is_terminal(), "no Destructor choice, no place action"

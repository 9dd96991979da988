"""Lands Unknown: every on-visit, on-play and on-score special."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.mapped_out.helpers import act, cells, notations, position, walking
from towpath.core.errors import IllegalAction

LU: dict[str, Any] = {"lands_unknown": True}
ISLAND, TUNNEL_A, TUNNEL_B, GO_HOME, DESTRUCTOR, SWAPPER = 42, 47, 48, 49, 50, 51
PLUS_TWO, MINUS_TWO, CORKER, TELEPORTER, SUPERSCORE, COMBO = 53, 54, 55, 56, 57, 58


def test_island_sends_the_pawn_back_to_the_tile_it_came_from() -> None:
    board = {(0, 0): 3, (1, 0): ISLAND}
    state = walking(rows=[["+right", "+nothing"], ["+nothing"]], board=board, **LU)
    assert cells(state, 0) == [(0, 0), (1, 0), (0, 0), (0, 0)]
    assert state.scores()[0] == 2.0, "the island was visited: its fish 2 joins the start's"


def test_a_tunnel_reached_by_a_card_step_leads_to_the_other_which_does_not_trigger() -> None:
    board = {(0, 0): 3, (1, 0): TUNNEL_A, (3, 0): TUNNEL_B}
    state = walking(rows=[["+right"], ["+nothing"]], board=board, **LU)
    assert cells(state, 0) == [(0, 0), (1, 0), (3, 0)] and state.pawns[0] == [3, 0]


def test_a_tunnel_alone_on_the_map_does_nothing() -> None:
    state = walking(rows=[["+right"], ["+nothing"]], board={(0, 0): 3, (1, 0): TUNNEL_A}, **LU)
    assert state.pawns[0] == [1, 0]


def test_on_visit_specials_need_a_card_step_onto_the_tile() -> None:
    board = {(0, 0): ISLAND, (1, 0): 3}
    state = walking(rows=[["+nothing", "+up"], ["+nothing"]], board=board, **LU)
    assert cells(state, 0) == [(0, 0)] * 3, "standing or bumping into the void visits nothing"


def test_go_home_returns_to_the_starting_tile() -> None:
    board = {(0, 0): 3, (1, 0): 4, (2, 0): GO_HOME}
    state = walking(rows=[["+right", "+right"], ["+nothing"]], board=board, **LU)
    assert cells(state, 0) == [(0, 0), (1, 0), (2, 0), (0, 0)]


def test_go_home_does_nothing_once_the_starting_tile_left_the_map() -> None:
    state = position(
        rows=[["+right", "+right"], ["+nothing"]],
        board={(0, 0): 3, (1, 0): 4, (2, 0): GO_HOME},
        **LU,
    )
    state.start_tile = 7
    state.end_build()
    state._advance()
    assert state.pawns[0] == [2, 0]


def test_teleporter_sends_each_neighbouring_pawn_where_the_walker_chooses() -> None:
    board = {(-1, 0): 2, (0, 0): 3, (1, 0): TELEPORTER, (2, 0): 4, (1, 1): 5}
    state = walking(
        3,
        rows=[["+right"], ["+nothing"], ["+nothing"]],
        board=board,
        pawns=[(0, 0), (2, 0), (1, 1)],
        **LU,
    )
    assert state.current_player == 0
    assert notations(state) == [f"send {c}" for c in ["-1,0", "0,0", "1,0", "1,1"]]
    act(state, "send -1,0")
    assert state.pawns[1] == [-1, 0]
    assert "send 1,1" not in notations(state), "seat 2 goes to another tile"
    act(state, "send 2,0")
    assert state.pawns[2] == [2, 0]
    assert cells(state, 1)[0] == (-1, 0), "seat 1's walk begins where it was sent"


def test_a_pawn_that_has_walked_visits_the_tile_it_is_teleported_to() -> None:
    # Seat 0 walks first and stays on tile 14 (fish 2 2); seat 1 steps onto the Teleporter
    # beside it and sends it to an Island (fish 1 2), which now counts for seat 0 and does
    # not send it back (a special's move triggers nothing).
    board = {(0, 1): 14, (1, 0): 3, (1, 1): TELEPORTER, (3, 0): ISLAND}
    state = walking(
        rows=[["+nothing"], ["+down"]], board=board, pawns=[(0, 1), (1, 0)], start=(0, 1), **LU
    )
    assert state.scores()[0] == 2.0 and state.current_player == 1
    act(state, "send 3,0")
    assert state.pawns[0] == [3, 0] and cells(state, 0) == [(0, 1), (0, 1), (3, 0)]
    assert state.scores()[0] == 3.0, "fish 2: two on tile 14 and one on the Island"
    assert state.is_terminal()


DESTRUCTION = {(0, 0): 2, (1, 0): 3, (2, 0): 4, (0, 1): 5}


def test_destructor_removes_up_to_three_tiles_without_pawns() -> None:
    state = position(board=DESTRUCTION, hands=[[DESTRUCTOR], [25]], pile=[6], **LU)
    act(state, "place 50 -1,0", "reveal 1.7")  # first the place action, then the special
    assert notations(state) == [
        "destroy -1,0",
        "destroy 1,0",
        "destroy 2,0",
        "destroy 0,1",
        "done",
    ]
    with pytest.raises(IllegalAction) as refused:
        act(state, "destroy 0,0")
    assert refused.value.rule == "destructor"
    act(state, "destroy 2,0", "destroy 0,1", "destroy 1,0")
    assert sorted(state.board) == ["-1,0", "0,0"] and state.removed == [4, 5, 3]
    assert state.current_player == 1 and state.view(1)["removed_tiles"][0]["tile"] == 4


def test_destructor_may_stop_early() -> None:
    state = position(board=DESTRUCTION, hands=[[DESTRUCTOR], [25]], pile=[6], **LU)
    act(state, "place 50 -1,0", "reveal 1.7", "destroy 2,0", "done")
    assert len(state.board) == 4 and state.current_player == 1


def test_swapper_swaps_two_tiles_and_the_pawns_stay() -> None:
    state = position(board={(0, 0): 2, (1, 0): 3}, hands=[[SWAPPER], [25]], pile=[6], **LU)
    act(state, "place 51 2,0", "swap 0.3 1.1")  # tile 51: swap 3, then the swapper
    assert state.current_player == 0 and "exchange 2,0" in notations(state)
    act(state, "exchange 0,0")
    assert "exchange 0,0" not in notations(state)
    act(state, "exchange 2,0")
    assert state.board == {"0,0": SWAPPER, "1,0": 3, "2,0": 2}
    assert state.pawns == [[0, 0], [0, 0]] and state.current_player == 1


HOLE = {(0, -1): 4, (1, 0): 2, (-1, 0): 3, (1, -1): 5, (-1, -1): 6, (1, 1): 7}


def test_corker_fills_holes_from_hand_and_the_filling_tile_does_nothing() -> None:
    hands = [[CORKER, 14, 25], [8]]
    state = position(board=HOLE, hands=hands, pile=[9], start=(1, 0), **LU)
    act(state, "place 55 0,1", "swap 0.6 1.1")  # tile 55: swap 6; its place closes a hole
    assert notations(state) == ["cork 14 0,0", "cork 25 0,0", "done"]
    act(state, "cork 14 0,0")  # tile 14 has Reveal 3: it does not trigger
    assert state.board["0,0"] == 14 and state.hands[0] == [9, 25]
    assert state.current_player == 1, "no hole left: the turn ends with the draw"


def test_corker_is_optional() -> None:
    state = position(board=HOLE, hands=[[CORKER, 14], [8]], pile=[9], start=(1, 0), **LU)
    act(state, "place 55 0,1", "swap 0.6 1.1", "done")
    assert "0,0" not in state.board and state.hands[0] == [9, 14]


@pytest.mark.parametrize(("tile", "score"), [(PLUS_TWO, 1 + 2), (MINUS_TWO, 2 - 2)])
def test_score_tiles_add_their_value(tile: int, score: float) -> None:
    state = walking(rows=[["+right"], ["+nothing"]], board={(0, 0): 3, (1, 0): tile}, **LU)
    assert state.scores()[0] == score


@pytest.mark.parametrize(
    ("start", "third", "score"),
    [
        (5, 4, 3 + 6),  # fish 4, then 4 4: type 4 is scored
        (25, 32, 4),  # fish 1 1, 4 4, 1 1 2: type 1 is scored, not the superscore's
        (25, 2, 3),  # fish 1 1, 4 4, 1: type 1 (3) beats type 4 (2)
        (25, 4, 2 + 6),  # fish 1 1, 4 4, 3: a tie of 2 and 2 is scored as type 4
    ],
)
def test_superscore_needs_its_type_to_be_the_one_scored(start: int, third: int, score: int) -> None:
    board = {(0, 0): start, (1, 0): SUPERSCORE, (2, 0): third}
    state = walking(rows=[["+right", "+right"], ["+nothing"]], board=board, **LU)
    assert state.scores()[0] == score


@pytest.mark.parametrize(("start", "score"), [(37, 2 + 6), (33, 2)])
def test_combo_needs_every_fish_type(start: int, score: int) -> None:
    board = {(0, 0): start, (1, 0): COMBO}  # 37: fish 2 3 4; 33: fish 2 2 3; combo: 1 1
    state = walking(rows=[["+right"], ["+nothing"]], board=board, **LU)
    assert state.scores()[0] == score


def test_lands_unknown_adds_its_tiles_to_the_pile() -> None:
    view = towpath.load("mapped_out", 2, **LU).new_state(0).view(None)
    assert view["pile"] == 60 - 2 * 5 - 1

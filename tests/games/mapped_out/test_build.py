"""Phase 1: the start, placing tiles, Reveal, Swap, Study, the draw and the end of the phase."""

from __future__ import annotations

import pytest

import towpath
from tests.games.mapped_out.helpers import act, kind, names, notations, position
from towpath.core.errors import IllegalAction

ROW = ["left", "right", "up", "down", "left", "right", "up", "down"]


def test_the_start_deals_rows_hands_and_one_map_tile() -> None:
    state = towpath.load("mapped_out", 4).new_state(11)
    view = state.view(None)
    assert [len(row) for row in view["rows"]] == [8] * 4
    assert all(not card["revealed"] and card["card"] is None for r in view["rows"] for card in r)
    assert [hand["count"] for hand in view["hand_details"]] == [5] * 4
    assert [entry["cell"] for entry in view["map"]] == [[0, 0]]
    assert view["pawns"] == [[0, 0]] * 4 and view["start"] == [0, 0]
    assert view["pile"] == 42 - 4 * 5 - 1 and view["deck"] == 40 - 4 * 8
    assert state.current_player == 0 and view["phase"] == "build"


def test_first_player_option_sets_who_plays_first() -> None:
    assert towpath.load("mapped_out", 3, first_player=2).new_state(1).current_player == 2


def test_a_tile_goes_on_an_empty_cell_touching_the_map() -> None:
    state = position(board={(0, 0): 2, (1, 0): 3}, hands=[[14, 25], [0]], pile=[4])
    cells = {n.split()[-1] for n in notations(state)}
    assert cells == {"-1,0", "2,0", "0,-1", "1,-1", "0,1", "1,1"}
    for bad in ["place 14 2,1", "place 14 0,0", "place 14 5,5"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, bad)
        assert refused.value.rule == "place"
        assert "a tile goes on an empty cell touching the map" in str(refused.value)
    act(state, "place 14 2,0")
    assert state.board["2,0"] == 14 and 14 not in state.hands[0]


def test_a_tile_must_come_from_the_hand() -> None:
    state = position(board={(0, 0): 2}, hands=[[14], [25]], pile=[4])
    with pytest.raises(IllegalAction) as refused:
        act(state, "place 25 1,0")
    assert refused.value.rule == "place" and "not in hand" in str(refused.value)


def test_free_placement_allows_every_empty_cell_within_4_cells_of_the_maps_box() -> None:
    board = {(0, 0): 2, (1, 0): 3}  # the box: x 0 to 1, y 0
    state = position(board=board, hands=[[14, 25], [0]], pile=[4], free_placement=True)
    box = [f"{x},{y}" for y in range(-4, 5) for x in range(-4, 6)]
    free = [cell for cell in box if cell not in ("0,0", "1,0")]
    assert notations(state) == [f"place {tile} {cell}" for tile in (14, 25) for cell in free]
    for bad in ["place 14 -5,0", "place 14 6,0", "place 14 0,-5", "place 14 1,5", "place 14 1,0"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, bad)
        assert refused.value.rule == "place"
        assert "an empty cell at most 4 cells outside the map's box" in str(refused.value)
    act(state, "place 14 5,4", "reveal 1.3")  # far from the map; tile 14: reveal 3
    assert state.board["5,4"] == 14 and state.current_player == 1
    cells = {n.split()[-1] for n in notations(state)}
    assert {"-4,-4", "9,8", "9,-4", "-4,8"} <= cells, "the box grew, and the margin with it"
    assert not {"-5,0", "10,0", "0,-5", "0,9"} & cells


def test_reveal_n_reveals_the_chosen_players_card_n() -> None:
    state = position(rows=[ROW, ROW], board={(0, 0): 2}, hands=[[14], [25]], pile=[4])
    act(state, "place 14 1,0")  # tile 14: reveal 3
    assert notations(state) == ["reveal 0.3", "reveal 1.3"]
    act(state, "reveal 1.3")
    card = state.rows[1][2]
    assert card[1] is True and card[2] in (0, 180)
    assert names(state, 0, 1)[2] == names(state, 1, 1)[2] == names(state, None, 1)[2] == "up"
    assert state.current_player == 1, "the turn passed on after the draw"


def test_reveal_of_a_revealed_card_or_a_missing_one_does_nothing() -> None:
    rows = [["left", "right", "+up"], ["left"]]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[14, 25], [3]], pile=[4, 5])
    act(state, "place 14 1,0", "reveal 0.3")
    assert state.rows[0][2][1] is True and state.rows[0][2][2] == 0
    act(state, "place 3 -1,0", "reveal 1.6")  # seat 1's tile 3: reveal 6; row 1 is 1 card long
    assert state.rows[1] == [[0, False, None, 0, False, -1]]


def test_hard_reveal_turns_a_revealed_card_face_down_known_to_all() -> None:
    rows = [["left", "right", "-up"], ["left"]]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[14], [3]], pile=[4], hard_reveal=True)
    act(state, "place 14 1,0", "reveal 0.3")
    view = state.view(None)["rows"][0][2]
    assert view == {
        "revealed": False,
        "card": "up",
        "orientation": None,
        "known_by": [0, 1],
        "armed": False,
    }


def test_a_swapped_card_keeps_its_face_up_state_and_knowledge() -> None:
    rows = [ROW, ["down", "down", "down", "down", "+nothing", "down", "down", "down"]]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[13], [25]], pile=[4])
    state.rows[0][3][3] |= 1 << 1  # seat 1 studied seat 0's card 4 (a down card)
    act(state, "place 13 1,0")  # tile 13: swap 4
    assert "swap 0.4 1.5" in notations(state) and "swap 1.5 0.4" not in notations(state)
    act(state, "swap 0.4 1.5")
    assert names(state, 1, 1)[4] == "down" and names(state, 0, 1)[4] is None
    assert state.view(0)["rows"][1][4]["known_by"] == [1]
    assert names(state, 0, 0)[3] == "nothing" and state.rows[0][3][1] is True


def test_swap_needs_the_named_position_first() -> None:
    state = position(rows=[ROW, ROW], board={(0, 0): 2}, hands=[[13], [25]], pile=[4])
    act(state, "place 13 1,0")
    for bad in ["swap 0.3 1.5", "swap 0.4 0.4", "swap 0.4 1.9", "reveal 0.4"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, bad)
        assert refused.value.rule == "swap"


def test_swap_n_between_two_cards_n_is_one_action() -> None:
    rows = [ROW, ["left"] * 8, ["up"] * 8]
    state = position(3, rows=rows, board={(0, 0): 2}, hands=[[13], [25], [3]], pile=[4])
    act(state, "place 13 1,0")  # tile 13: swap 4
    listed = notations(state)
    for first, second in ((0, 1), (0, 2), (1, 2)):
        assert listed.count(f"swap {first}.4 {second}.4") == 1
        assert f"swap {second}.4 {first}.4" not in listed
    assert len(listed) == len(set(listed)) == 3 * 23 - 3, "each card 4 with the 23 others"
    with pytest.raises(IllegalAction) as refused:
        act(state, "swap 2.4 0.4")
    assert refused.value.rule == "swap" and "of two cards 4, name the lower seat's first" in str(
        refused.value
    )
    assert state.current_player == 0 and state.rows[2][3][0] == kind("up")
    act(state, "swap 0.4 2.4")
    assert state.rows[0][3][0] == kind("up") and state.rows[2][3][0] == kind("down")


def test_study_shows_the_cards_to_the_studier_only() -> None:
    rows = [ROW, ["+any", *ROW[1:]]]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[0], [25]], pile=[4])
    act(state, "place 0 1,0")  # tile 0: study 2
    assert "study 1.1" not in notations(state), "only face-down cards are studied"
    act(state, "study 0.1")
    assert "study 0.1" not in notations(state), "a card is studied once per action"
    act(state, "study 1.2")
    assert names(state, 0, 0)[0] == "left" and names(state, 0, 1)[1] == "right"
    assert names(state, 1, 0)[0] is None and names(state, 1, 1)[1] is None
    assert state.current_player == 1


def test_the_phase_ends_the_moment_a_row_is_revealed_and_no_tile_is_drawn() -> None:
    rows = [["+left", "+right", "up", "+down", "+left", "+right", "+up", "+down"], ROW]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[14, 25], [3]], pile=[4, 5])
    act(state, "place 14 1,0", "reveal 0.3")
    assert state.phase != "build"
    assert state.hands[0] == [25] and state.pile == [4, 5], "no tile is drawn"


def test_the_end_comes_mid_action_before_the_on_play_special() -> None:
    rows = [["+left", "+right", "+up", "+down", "+left", "+right", "down", "+down"], ROW]
    board = {(0, 0): 2, (1, 0): 3}
    state = position(rows=rows, board=board, hands=[[50], [25]], pile=[4], lands_unknown=True)
    act(state, "place 50 0,1", "reveal 0.7")  # tile 50: reveal 7, then the Destructor
    assert state.phase != "build" and len(state.board) == 3, "the Destructor never happens"


def test_the_phase_ends_when_every_hand_and_the_pile_are_empty() -> None:
    state = position(rows=[ROW, ROW], board={(0, 0): 2}, hands=[[0], []], pile=[])
    act(state, "place 0 1,0", "study 1.1", "study 1.2")
    assert state.phase != "build"


def test_a_player_with_an_empty_hand_is_skipped() -> None:
    hands = [[0, 2], [], [25]]
    state = position(3, rows=[ROW] * 3, board={(0, 0): 3}, hands=hands, pile=[])
    act(state, "place 0 1,0", "study 1.1", "study 1.2")
    assert state.current_player == 2, "seat 1 has no tiles"
    act(state, "place 25 -1,0", "reveal 0.4")
    assert state.current_player == 0


def test_the_player_draws_the_top_tile_after_the_turn() -> None:
    state = position(rows=[ROW, ROW], board={(0, 0): 2}, hands=[[14], [25]], pile=[4, 5])
    act(state, "place 14 1,0", "reveal 1.3")
    assert state.hands[0] == [5] and state.pile == [4]
    assert [t["tile"] for t in state.view(0)["hand_details"][0]["tiles"]] == [5]
    assert state.view(1)["hand_details"][0] == {"count": 1, "tiles": [], "hidden_known_by": [[0]]}


def test_choose_orientation_lets_the_revealer_turn_the_card() -> None:
    state = position(
        rows=[ROW, ROW], board={(0, 0): 2}, hands=[[14], [25]], pile=[4], choose_orientation=True
    )
    act(state, "place 14 1,0", "reveal 1.3")
    assert state.current_player == 0 and notations(state) == ["orient 0", "orient 180"]
    assert state.view(1)["rows"][1][2] == {
        "revealed": True,
        "card": "up",
        "orientation": None,
        "known_by": [0, 1],
        "armed": False,
    }
    act(state, "orient 180")
    assert state.rows[1][2][2] == 180 and state.current_player == 1


def test_a_non_directional_card_has_no_orientation() -> None:
    rows = [ROW, ["left", "left", "any", *ROW[3:]]]
    state = position(
        rows=rows, board={(0, 0): 2}, hands=[[14], [25]], pile=[4], choose_orientation=True
    )
    act(state, "place 14 1,0", "reveal 1.3")
    assert state.rows[1][2][1:3] == [True, None] and state.current_player == 1


def test_a_swap_that_leaves_a_row_all_revealed_ends_the_phase() -> None:
    rows = [["+left", "+right", "+up", "down"], ["+any", "up", "up", "up"]]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[13], [25]], pile=[4])
    act(state, "place 13 1,0", "swap 0.4 1.1")  # tile 13: swap 4
    assert state.phase != "build" and state.hands[0] == []


def test_view_hands_show_own_tiles_and_counts_for_others() -> None:
    state = towpath.load("mapped_out", 3).new_state(4)
    view = state.view(1)
    assert isinstance(view["hands"][1], list) and len(view["hands"][1]) == 5
    assert view["hands"][0] == 5 and view["hands"][2] == 5
    assert all(isinstance(tile, dict) and "fish" in tile for tile in view["hands"][1])
    assert state.view(None)["hands"] == [5, 5, 5]

"""Unclear Instructions: Jump, Match, Copy, Invert and every reveal special."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.mapped_out.helpers import (
    act,
    cells,
    kind,
    names,
    notations,
    position,
    walking,
)
from towpath.core.errors import IllegalAction
from towpath.games.mapped_out.state import MappedOutState

UI: dict[str, Any] = {"unclear_instructions": True}
LINE = {(-1, 0): 2, (0, 0): 3, (1, 0): 4, (2, 0): 5}  # fish 1 | 2 | 3 | 4
FILLER = ["up", "down", "left", "right", "up", "down", "left"]


def test_jump_moves_two_cells_and_skips_the_first() -> None:
    state = walking(rows=[["+jump"], ["+nothing"]], board=LINE, **UI)
    assert notations(state) == ["go up", "go right", "go down", "go left"]
    act(state, "go right")
    assert cells(state, 0) == [(0, 0), (2, 0)]
    assert state.scores()[0] == 1.0, "the cell jumped over (fish 3) is not visited"


def test_jump_into_an_empty_cell_is_skipped() -> None:
    state = walking(rows=[["+jump"], ["+nothing"]], board=LINE, **UI)
    act(state, "go left")
    assert cells(state, 0) == [(0, 0), (0, 0)]


MATCHES = {(0, 0): 2, (1, 0): 3, (2, 0): 25, (-1, 0): 4, (-2, 0): 6, (0, -1): 5}


def test_match_ties_are_chosen_by_the_mover() -> None:
    # Fish 1 lies on (0, 0) itself, (2, 0) and (-2, 0): the other tiles, both 2 steps away.
    state = walking(rows=[["+match:fish1"], ["+nothing"]], board=MATCHES, **UI)
    assert notations(state) == ["to -2,0", "to 2,0"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "to 0,0")
    assert refused.value.rule == "match"
    act(state, "to 2,0")
    assert cells(state, 0) == [(0, 0), (2, 0)]


def test_match_goes_to_the_single_nearest_other_tile_by_grid_steps() -> None:
    state = walking(rows=[["+match:fish2", "+match:fish3"], ["+nothing"]], board=MATCHES, **UI)
    assert cells(state, 0) == [(0, 0), (1, 0), (-1, 0)]


def test_match_with_no_other_tile_of_its_fish_stays() -> None:
    board = {(0, 0): 2, (1, 0): 3}  # fish 1 | fish 2
    state = walking(rows=[["+match:fish1"], ["+nothing"]], board=board, **UI)
    assert cells(state, 0) == [(0, 0), (0, 0)]


def test_copy_repeats_the_previous_move_with_the_same_chosen_direction() -> None:
    board = {(x, 0): 2 + x for x in range(5)}
    state = walking(rows=[["+any", "+copy", "+jump", "+copy"], ["+nothing"]], board=board, **UI)
    act(state, "go right")
    assert cells(state, 0) == [(0, 0), (1, 0), (2, 0)]
    act(state, "go left")
    assert cells(state, 0) == [(0, 0), (1, 0), (2, 0), (0, 0), (0, 0)], "the second jump is void"


def test_copy_of_an_upside_down_card_and_of_nothing() -> None:
    board = {(x, 0): 2 + x for x in range(4)}
    row = ["+copy", "-left", "+copy", "+nothing", "+copy"]
    state = walking(rows=[row, ["+nothing"]], board=board, **UI)
    assert cells(state, 0) == [(0, 0), (0, 0), (1, 0), (2, 0), (2, 0), (2, 0)]


def test_copy_of_a_match_matches_again() -> None:
    board = {(0, 0): 3, (1, 0): 2, (3, 0): 6}  # fish 2 | fish 1 | . | fish 1
    state = walking(rows=[["+match:fish1", "+copy"], ["+nothing"]], board=board, **UI)
    assert cells(state, 0) == [(0, 0), (1, 0), (3, 0)]


def test_invert_reverses_later_directions_and_a_second_invert_cancels() -> None:
    rows = [["+invert", "+left", "-up", "+invert", "+left"], ["+nothing"]]
    state = walking(rows=rows, board={**LINE, (1, -1): 7}, **UI)
    assert cells(state, 0) == [(0, 0), (0, 0), (1, 0), (1, -1), (1, -1), (1, -1)]
    assert state.inverted[0] is False


def test_invert_leaves_chosen_directions_alone() -> None:
    state = walking(rows=[["+invert", "+any"], ["+nothing"]], board=LINE, **UI)
    act(state, "go right")
    assert state.pawns[0] == [1, 0]


def armed(state: MappedOutState, seat: int, pos: int) -> MappedOutState:
    state.rows[seat][pos - 1][4] = True
    return state


@pytest.mark.parametrize(
    ("card", "cell_tile", "points"),
    [
        ("+left+fishless", 0, 1),  # tile 0 has no fish
        ("+left+fishless", 2, 0),
        ("+right+fishful", 2, 1),
        ("+right+fishful", 0, 0),
    ],
)
def test_armed_fishless_and_fishful_score_by_the_destination(
    card: str, cell_tile: int, points: int
) -> None:
    target = (-1, 0) if "left" in card else (1, 0)
    state = position(rows=[[card], ["+nothing"]], board={(0, 0): 3, target: cell_tile}, **UI)
    armed(state, 0, 1).end_build()
    state._advance()
    assert state.scores()[0] == 1 + points, "one fish of the best type, plus the card's point"


def test_fishless_is_armed_only_when_revealed_in_the_build_phase() -> None:
    board = {(0, 0): 3, (-1, 0): 0}
    state = walking(rows=[["left+fishless"], ["+nothing"]], board=board, **UI)
    assert state.rows[0][0][4] is False and state.scores()[0] == 1.0
    rows = [["left+fishless", *FILLER], FILLER]
    built = position(rows=rows, board={(0, 0): 3}, hands=[[2], [4]], pile=[5], **UI)
    act(built, "place 2 1,0", "reveal 0.1")  # tile 2: reveal 1
    assert built.rows[0][0][4] is True and built.view(1)["rows"][0][0]["armed"] is True


def reveal_first_card_of_seat_1(
    row: list[str],
    players: int = 2,
    hands: list[list[int]] | None = None,
    deck: list[str] | None = None,
    first_row: tuple[str, ...] = ("left", *FILLER),
) -> MappedOutState:
    """Seat 0 plays tile 2 (Reveal 1) and reveals seat 1's first card."""
    rows = [list(first_row), row] + [["left", *FILLER]] * (players - 2)
    hands = hands or [[2]] + [[20 + seat] for seat in range(1, players)]
    board = {(0, 0): 3}
    state = position(players, rows=rows, board=board, hands=hands, pile=[9], deck=deck, **UI)
    act(state, "place 2 1,0", "reveal 1.1")
    return state


def test_remove_takes_a_card_the_revealer_chooses_from_the_owners_row() -> None:
    state = reveal_first_card_of_seat_1(["left+remove", *FILLER])
    assert state.current_player == 0
    assert notations(state) == [f"remove 1.{p}" for p in range(1, 9)]
    act(state, "remove 1.3")
    assert len(state.rows[1]) == 7 and state.view(1)["discards"][0]["card"] is None
    assert state.current_player == 1


def test_a_remove_that_leaves_a_row_all_revealed_ends_the_phase() -> None:
    state = reveal_first_card_of_seat_1(["left+remove", "+up", "down"])
    act(state, "remove 1.3")
    assert state.phase != "build" and state.hands[0] == [], "no tile is drawn"


# The last card of a row ends the build phase at once, yet its own special triggers first.


def test_the_last_card_of_a_row_is_armed_and_its_fishless_point_scores_in_the_walk() -> None:
    rows = [["nothing", "nothing"], ["up+fishless", "+nothing"]]
    board = {(0, 0): 3, (0, -1): 0, (0, 1): 1}  # fish 2; no fish above or below
    state = position(rows=rows, board=board, hands=[[2], [20]], pile=[9], **UI)
    act(state, "place 2 1,0", "reveal 1.1")  # tile 2: reveal 1
    assert state.rows[1][0][4] is True, "armed"
    assert state.hands[0] == [] and state.pile == [9], "the phase ended: no tile is drawn"
    assert state.is_terminal() and cells(state, 1)[1] in ((0, -1), (0, 1))
    assert state.scores() == [1.0, 2.0], "seat 1: one fish 2, and the card's tile has no fish"


def test_the_last_card_of_a_row_still_removes_a_card_before_the_walk() -> None:
    state = reveal_first_card_of_seat_1(["left+remove", "+up"])
    assert state.phase == "walk" and state.hands[0] == [] and state.pile == [9], "no draw"
    assert state.current_player == 0 and notations(state) == ["remove 1.1", "remove 1.2"]
    assert state.paths == [[], []], "nobody sets out before the special is done"
    act(state, "remove 1.2")
    assert [card[0] for card in state.rows[1]] == [kind("left+remove")]
    assert state.is_terminal() and len(state.paths[1]) == 2, "seat 1 walked its one card"


def test_the_last_card_of_a_row_still_draws_a_card_that_is_walked() -> None:
    state = reveal_first_card_of_seat_1(["right+draw", "+up"], deck=["jump"])
    assert notations(state) == ["insert 1", "insert 2", "insert 3"]
    act(state, "insert 3")
    assert [card[0] for card in state.rows[1]] == [kind("right+draw"), kind("up"), kind("jump")]
    assert state.phase == "walk", "a face-down card in the row does not reopen the phase"
    assert state.current_player == 1 and notations(state)[0] == "go up", "seat 1 walks the Jump"


def test_the_last_card_of_a_row_still_swaps_hands() -> None:
    hands = [[2], [10, 11], [12]]
    state = reveal_first_card_of_seat_1(["left+hand_swap", "+up"], 3, hands=hands)
    assert notations(state) == ["hands 0", "hands 2"]
    act(state, "hands 2")
    assert state.hands == [[], [12], [10, 11]] and state.pile == [9]


def test_the_last_card_of_a_row_still_swaps_two_revealed_cards() -> None:
    state = reveal_first_card_of_seat_1(["right+move_swap", "+up"], first_row=("+down", "left"))
    assert notations(state) == ["swap 0.1 1.1", "swap 0.1 1.2", "swap 1.1 1.2"]
    act(state, "swap 0.1 1.2")
    assert names(state, None, 0)[0] == "up" and names(state, None, 1)[1] == "down"
    assert state.is_terminal()


def test_the_last_card_of_a_row_still_ultra_reveals_cards_whose_specials_stay_silent() -> None:
    first = ("left+remove", "right+draw", "up+change_start", "down")
    state = reveal_first_card_of_seat_1(["up+ultra_reveal", "+up"], first_row=first, deck=["jump"])
    assert notations(state) == [f"reveal 0.{p}" for p in range(1, 5)]
    act(state, "reveal 0.1")
    assert notations(state) == [f"reveal 0.{p}" for p in range(2, 5)], "no Remove: phase over"
    act(state, "reveal 0.2")
    assert [card[1] for card in state.rows[0]] == [True, True, False, False]
    assert state.deck == [kind("jump")] and len(state.rows[0]) == 4, "no Draw either"
    act(state, "reveal 0.3")
    assert state.is_terminal() and cells(state, 0)[0] == (0, 0), "no Change Start either"


def test_the_last_card_of_a_row_still_changes_its_owners_start() -> None:
    state = reveal_first_card_of_seat_1(["up+change_start", "+up"])
    assert notations(state) == ["start 1,0"]
    act(state, "start 1,0")
    assert cells(state, 0)[0] == (0, 0) and cells(state, 1)[0] == (1, 0)


def test_the_last_cards_orientation_is_chosen_before_its_special() -> None:
    rows = [["left", *FILLER], ["left+remove", "+up"]]
    options = {**UI, "choose_orientation": True}
    state = position(rows=rows, board={(0, 0): 3}, hands=[[2], [20]], pile=[9], **options)
    act(state, "place 2 1,0", "reveal 1.1")
    assert state.phase == "build" and notations(state) == ["orient 0", "orient 180"]
    act(state, "orient 180")
    assert state.phase == "walk" and notations(state) == ["remove 1.1", "remove 1.2"]
    assert state.rows[1][0][2] == 180


def test_draw_puts_an_unseen_deck_card_into_the_owners_row() -> None:
    state = reveal_first_card_of_seat_1(["right+draw", "up"], deck=["jump"])
    assert notations(state) == ["insert 1", "insert 2", "insert 3"]
    act(state, "insert 2")
    assert [card[0] for card in state.rows[1]][1] == 23 and state.deck == []
    assert names(state, 0, 1)[1] is None and names(state, 1, 1)[1] is None


def test_draw_with_an_empty_deck_does_nothing() -> None:
    state = reveal_first_card_of_seat_1(["right+draw", "up"], deck=[])
    assert state.current_player == 1 and len(state.rows[1]) == 2


def test_hand_swap_swaps_hands_and_both_players_know_both() -> None:
    hands = [[2, 6], [10, 11], [12]]
    state = reveal_first_card_of_seat_1(["left+hand_swap", *FILLER], 3, hands=hands)
    assert notations(state) == ["hands 0", "hands 2"]
    act(state, "hands 2")
    assert state.hands[1] == [12] and state.hands[2] == [10, 11]
    for seat, other in ((1, 2), (2, 1)):
        shown = [t["tile"] for t in state.view(seat)["hand_details"][other]["tiles"]]
        assert shown == state.hands[other]
    assert state.view(0)["hand_details"][1] == {
        "count": 1,
        "tiles": [],
        "hidden_known_by": [[1, 2]],
    }
    world = state.resample(1, 5)
    assert world.hands[1] == [12] and world.hands[2] == [10, 11], "seat 1 knows both hands"
    others = {tuple(state.resample(0, seed).hands[2]) for seed in range(20)}
    assert len(others) > 1, "seat 0 knows neither"


def test_move_swap_swaps_two_revealed_cards() -> None:
    rows = [["+left", *FILLER], ["right+move_swap", "+up", *FILLER]]
    state = position(rows=rows, board={(0, 0): 3}, hands=[[2], [20]], pile=[9], **UI)
    act(state, "place 2 1,0", "reveal 1.1")
    assert notations(state) == ["swap 0.1 1.1", "swap 0.1 1.2", "swap 1.1 1.2"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "swap 1.2 0.1")
    assert refused.value.rule == "move swap"
    act(state, "swap 0.1 1.2")
    assert names(state, None, 0)[0] == "up" and names(state, None, 1)[1] == "left"


def test_move_swap_with_one_revealed_card_does_nothing() -> None:
    state = reveal_first_card_of_seat_1(["right+move_swap", *FILLER])
    assert state.current_player == 1


def test_ultra_reveal_reveals_three_cards_whose_specials_trigger() -> None:
    state = reveal_first_card_of_seat_1(["up+ultra_reveal", "left+remove", *FILLER])
    assert "reveal 1.1" not in notations(state) and "reveal 0.1" in notations(state)
    act(state, "reveal 1.2")
    assert notations(state)[0] == "remove 1.1", "the revealed Remove triggers at once"
    act(state, "remove 1.9", "reveal 0.1", "reveal 0.2")
    assert [card[1] for card in state.rows[0][:3]] == [True, True, False]
    assert len(state.rows[1]) == 8 and state.current_player == 1


def test_ultra_reveal_stops_when_a_row_is_completed() -> None:
    state = reveal_first_card_of_seat_1(["up+ultra_reveal", "left", "+right"], first_row=("any",))
    act(state, "reveal 1.2")
    assert state.phase == "walk" and state.hands[0] == [], "no more reveals, no draw"
    assert notations(state)[0] == "go up", "the walk began: seat 0 plays its Any card"


def test_an_ultra_reveal_stops_at_the_last_card_of_a_row_whose_special_triggers() -> None:
    row = ["up+ultra_reveal", "left+remove", "+right"]
    state = reveal_first_card_of_seat_1(row, first_row=("any",))
    act(state, "reveal 1.2")
    assert state.phase == "walk" and state.hands[0] == []
    assert notations(state) == ["remove 1.1", "remove 1.2", "remove 1.3"], "no more reveals"
    act(state, "remove 1.1")
    assert notations(state)[0] == "go up", "the walk began: seat 0 plays its Any card"


def test_change_start_moves_the_owners_pawn_to_an_adjacent_tile() -> None:
    state = reveal_first_card_of_seat_1(["up+change_start", *FILLER])
    assert notations(state) == ["start 1,0"]
    act(state, "start 1,0")
    assert state.pawns == [[0, 0], [1, 0]]


def test_the_deck_grows_with_the_expansion() -> None:
    view = towpath.load("mapped_out", 3, **UI).new_state(0).view(None)
    assert view["deck"] == 69 - 3 * 8

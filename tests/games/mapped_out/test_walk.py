"""Phase 2: walking the rows, orientation, Any, empty cells, scoring and the result."""

from __future__ import annotations

import pytest

from tests.games.mapped_out.helpers import act, cells, notations, position, walking
from towpath.core.errors import IllegalAction

LINE = {(-1, 0): 2, (0, 0): 3, (1, 0): 4}  # fish 1 | fish 2 | fish 3


def test_an_upside_down_left_moves_right() -> None:
    state = walking(rows=[["-left"], ["+nothing"]], board=LINE)
    assert cells(state, 0) == [(0, 0), (1, 0)]
    assert state.is_terminal()


def test_an_upright_left_moves_left_and_up_is_north() -> None:
    board = {**LINE, (0, -1): 5}
    state = walking(rows=[["+left", "+right", "+up"], ["+nothing"]], board=board)
    assert cells(state, 0) == [(0, 0), (-1, 0), (0, 0), (0, -1)]


def test_repeat_visits_count_once_and_the_best_single_type_scores() -> None:
    board = {(0, 0): 32, (1, 0): 14}  # fish 1 1 2 | fish 2 2
    state = walking(rows=[["+right", "+left", "+right"], ["+nothing"]], board=board)
    assert cells(state, 0) == [(0, 0), (1, 0), (0, 0), (1, 0)]
    assert state.scores()[0] == 3.0, "type 2: one fish on tile 32 and two on tile 14, once each"
    assert state.scores()[1] == 2.0, "seat 1 only stood on its start tile: two fish of type 1"


def test_the_walk_reveals_cards_at_random_with_no_special() -> None:
    state = walking(
        rows=[["left+remove", "right+draw"], ["+nothing"]],
        board=LINE,
        deck=["left"],
        unclear_instructions=True,
    )
    assert state.is_terminal()
    assert [card[1] for card in state.rows[0]] == [True, True]
    assert all(card[2] in (0, 180) for card in state.rows[0])
    assert len(state.rows[0]) == 2 and state.deck == [0], "no Remove, no Draw in the walk"


def test_random_orientations_are_drawn_from_the_seed() -> None:
    turns = set()
    for seed in range(12):
        state = position(rows=[["left"] * 4, ["+nothing"]], board=LINE)
        state.rng.state = seed
        state.end_build()
        state._advance()
        turns.add(tuple(card[2] for card in state.rows[0]))
    assert len(turns) > 1 and all(set(t) <= {0, 180} for t in turns)


def test_any_moves_one_cell_the_walker_chooses() -> None:
    state = walking(rows=[["+any"], ["+any"]], board={**LINE, (0, -1): 5})
    assert state.current_player == 0
    assert notations(state) == ["go up", "go right", "go down", "go left"]
    with pytest.raises(IllegalAction) as refused:
        act(state, "place 2 1,1")
    assert refused.value.rule == "direction"
    act(state, "go up")
    assert cells(state, 0) == [(0, 0), (0, -1)]
    assert state.current_player == 1, "then seat 1 walks"
    act(state, "go left")
    assert cells(state, 1) == [(0, 0), (-1, 0)] and state.is_terminal()


def test_a_move_into_an_empty_cell_is_skipped() -> None:
    state = walking(rows=[["+up", "+right"], ["+nothing"]], board=LINE)
    assert cells(state, 0) == [(0, 0), (0, 0), (1, 0)]


def test_void_move_stop_ends_the_walk() -> None:
    state = walking(rows=[["+up", "right"], ["+nothing"]], board=LINE, void_move="stop")
    assert cells(state, 0) == [(0, 0), (0, 0)] and state.pawns[0] == [0, 0]
    assert state.rows[0][1][1] is False, "the rest of the row is never walked"


def test_nothing_stays() -> None:
    state = walking(rows=[["+nothing", "+nothing"], ["+nothing"]], board=LINE)
    assert cells(state, 0) == [(0, 0)] * 3


def test_scores_are_zero_until_walks_begin_then_known_so_far() -> None:
    state = position(rows=[["+any"], ["+right"]], board=LINE, hands=[[14], [25]], pile=[])
    assert state.scores() == [0.0, 0.0]
    state.end_build()
    state._advance()
    assert state.scores() == [1.0, 0.0], "seat 0 stands on its start tile; seat 1 has not walked"
    assert state.returns() == [0.0, 0.0]
    act(state, "go left")
    assert state.scores() == [1.0, 1.0] and state.returns() == [0.5, 0.5], "ties share"


def test_the_highest_score_wins() -> None:
    state = walking(rows=[["+right"], ["+nothing"]], board={(0, 0): 25, (1, 0): 32})
    assert state.scores() == [4.0, 2.0] and state.returns() == [1.0, 0.0]


def test_a_finished_game_refuses_actions() -> None:
    state = walking(rows=[["+right"], ["+nothing"]], board=LINE)
    assert state.legal_actions() == [] and state.current_player is None
    with pytest.raises(IllegalAction) as refused:
        act(state, "done")
    assert refused.value.rule == "game over"


def test_with_choose_orientation_the_walker_turns_the_cards_it_reveals() -> None:
    state = walking(rows=[["left", "+any"], ["+nothing"]], board=LINE, choose_orientation=True)
    assert state.current_player == 0 and notations(state) == ["orient 0", "orient 180"]
    act(state, "orient 180")
    assert state.pawns[0] == [1, 0], "the upside-down Left moved right"
    assert notations(state)[0] == "go up", "then the Any card"


def test_the_walk_starts_with_seat_0_whoever_played_the_first_tile() -> None:
    state = walking(3, rows=[["+any"], ["+any"], ["+any"]], board=LINE, first_player=2)
    assert state.current_player == 0 and state.view(None)["walker"] == 0
    act(state, "go left", "go right", "go left")
    assert [cells(state, seat)[-1] for seat in range(3)] == [(-1, 0), (1, 0), (-1, 0)]

"""What the table shows of Mapped Out: choices in words, the last move, taking back the
choices that show nothing, the end with every card and hand shown."""

from __future__ import annotations

from typing import Any

from tests.games.mapped_out.helpers import act, position
from towpath.core.actions import Words
from towpath.games.mapped_out.state import MappedOutState

LU: dict[str, Any] = {"lands_unknown": True}
DESTRUCTOR, SWAPPER = 50, 51
DESTRUCTION = {(0, 0): 2, (1, 0): 3, (2, 0): 4, (0, 1): 5}


def words(state: MappedOutState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def test_a_tile_is_said_with_its_action_and_fish_and_cards_by_their_place() -> None:
    state = position(board={(0, 0): 2}, hands=[[14], [25]], pile=[6])
    assert words(state, "place 14 1,0") == Words(
        "place a tile", "placed", "a Reveal 3 tile (fish 2, 2) on 1,0"
    )
    act(state, "place 14 1,0")
    assert words(state, "reveal 1.3").line("Ann") == "Ann revealed seat 1's card 3"


def test_a_swap_of_cards_is_said_with_both_places() -> None:
    state = position(board={(0, 0): 2}, hands=[[13], [25]], pile=[6])
    act(state, "place 13 1,0")
    assert words(state, "swap 0.4 1.2").what == "seat 0's card 4 with seat 1's card 2"


def test_choices_that_show_nothing_are_taken_back_within_the_turn() -> None:
    state = position(board=DESTRUCTION, hands=[[DESTRUCTOR], [25]], pile=[6], **LU)
    act(state, "place 50 -1,0")
    assert not state.undoable(), "the placed tile was hidden in hand"
    act(state, "reveal 1.7")
    assert not state.undoable(), "a revealed card was hidden"
    act(state, "destroy 2,0")
    assert state.undoable()
    assert words(state, "destroy 0,1").what == "the map tile on 0,1"
    act(state, "done")
    assert not state.undoable(), "the turn ended with a draw"


def test_a_swap_of_cards_is_taken_back_while_the_turn_goes_on() -> None:
    state = position(board={(0, 0): 2, (1, 0): 3}, hands=[[SWAPPER], [25]], pile=[6], **LU)
    act(state, "place 51 2,0", "swap 0.3 1.1")
    assert state.current_player == 0 and state.undoable(), "the Swapper is still to play"
    act(state, "exchange 0,0")
    assert state.undoable()


def test_the_last_move_marks_the_cell_or_the_cards() -> None:
    state = position(board={(0, 0): 2}, hands=[[13], [25]], pile=[6])
    act(state, "place 13 1,0")
    assert state.last_played() == {"action": "place 13 1,0", "cells": [[1, 0]], "cards": []}
    act(state, "swap 0.4 1.2")
    assert state.last_played() == {
        "action": "swap 0.4 1.2",
        "cards": ["0.4", "1.2"],
        "cells": [],
    }
    drawing = state.render_svg(1)
    assert 'data-card="0.4" data-last="1"' in drawing and 'data-card="1.2" data-last="1"' in drawing


def test_the_end_shows_every_card_and_hand_and_the_best_score_wins() -> None:
    state = position(rows=[["left"] * 8, ["+right"] * 8], board={(0, 0): 2}, hands=[[14], [25]])
    assert state.view(0)["rows"][0][0]["card"] is None
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    ending = state.ending()
    assert ending is not None and ending.reason in ("win", "shared")
    assert ending.how.startswith("Every walk is done")
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert all(card["card"] is not None for row in view["rows"] for card in row)
        assert all(isinstance(hand, list) for hand in view["hands"])

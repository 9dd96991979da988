"""What the table shows of Canal King: actions in words, the last move, taking back, the end."""

from __future__ import annotations

from tests.games.canal_king.helpers import NETWORK, act, launch, position, small
from towpath.core.actions import Words
from towpath.games.canal_king.state import CanalKingState

HANDS = [["S", "ST:red", "G", "T", "TT"], ["S", "S", "G", "G", "T"]]


def words_of(state: CanalKingState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def test_a_placement_is_said_with_the_tile_its_lines_and_its_turn() -> None:
    state = position(2, hands=HANDS, **small())
    assert words_of(state, "place S 0,0 r0") == Words(
        "place a tile", "placed", "a straight (S) on 0,0"
    )
    said = words_of(state, "place ST:red 1,0 r3")
    assert said.line("Bob") == (
        "Bob placed an ST tile (straight + tight curve) with a red flag on 1,0, turned 180°"
    )


def test_a_replacement_names_the_tile_it_replaces() -> None:
    state = position(2, tiles=NETWORK, hands=HANDS, **small())
    said = words_of(state, "replace ST:red 4,3 r3")
    assert said.kind == "replace a tile"
    assert said.what.startswith("a straight (S) on 4,3 with an ST tile")


def test_swaps_special_tiles_and_forced_turns_are_said_in_words() -> None:
    state = position(2, hands=HANDS, **small())
    assert words_of(state, "swap S G").what == "a straight (S), a gentle curve (G) for 2 new ones"
    assert words_of(state, "special 1,1 r0").line("Ann") == ("Ann played the special tile on 1,1")
    assert words_of(state, "launch").kind == "launch the ship"
    launch(state, 0, (0, 0), entry=3, exit=0, stop="flag", last_port="A")
    assert words_of(state, "return").what == "to port A"
    assert words_of(state, "sail 1,0 from NW").what == "to 1,0, in by its north-west edge"


def test_the_last_move_marks_its_cell_and_seat() -> None:
    state = position(2, hands=HANDS, **small())
    assert state.last_played() is None
    act(state, "place S 0,0 r0")
    assert state.last_played() == {
        "seat": 0,
        "action": "place S 0,0 r0",
        "cells": [[0, 0]],
        "ports": [],
    }
    assert 'data-last="1"' in state.render_svg(1)


def test_no_action_can_be_taken_back_every_action_ends_its_turn() -> None:
    state = position(2, hands=HANDS, **small())
    act(state, "place S 0,0 r0")
    assert not state.undoable()


def test_the_turn_limit_ends_with_no_winner_and_reveals_every_colour_and_route() -> None:
    state = position(2, hands=HANDS, cards=[1, 2], colours=["red", "blue"], max_turns=1, **small())
    assert state.view(1)["routes"][0] is None and state.view(1)["colours"][0] is None
    act(state, "place S 0,0 r0")
    ending = state.ending()
    assert ending is not None and ending.reason == "limit" and ending.winners == ()
    assert "1-turn limit" in ending.how
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["colours"] == ["red", "blue"]
        assert view["routes"] == [["A", "C", "E", "B"], ["B", "D", "F", "C"]]


def test_a_won_game_ends_by_a_win() -> None:
    state = position(2, hands=HANDS, **small())
    assert state.ending() is None
    state.winner = 1
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("win", (1,))
    assert ending.how == "The first ship to reach its final port with both calls made wins."


def test_the_open_view_shows_every_secret_while_views_keep_them() -> None:
    state = position(2, hands=HANDS, cards=[3, 4], colours=["green", "red"], **small())
    assert state.view(None)["routes"] == [None, None]
    opened = state.open_view()
    assert opened["colours"] == ["green", "red"]
    assert opened["routes"] == [["C", "E", "A", "D"], ["D", "F", "B", "E"]]
    assert "route C-E-A-D" in state.render_svg(None, reveal=True)

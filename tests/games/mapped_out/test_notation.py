"""Action notation both ways, bad notation, and refusals that name the rule they break."""

from __future__ import annotations

import pytest

import towpath
from tests.games.mapped_out.helpers import act, position
from towpath.core.errors import GameError, IllegalAction

GAME = towpath.load("mapped_out", 3)  # seats 0 to 2

NOTATIONS = [
    "place 12 -3,4",
    "reveal 2.4",
    "study 0.1",
    "remove 1.3",
    "swap 2.4 0.7",
    "orient 0",
    "orient 180",
    "insert 3",
    "hands 2",
    "start 1,0",
    "destroy -1,-1",
    "exchange 0,2",
    "to 3,3",
    "send -2,0",
    "push 0,1",
    "cork 12 1,0",
    "go up",
    "go left",
    "take 12",
    "done",
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text and GAME.parse_action(str(action)) == action


def test_notation_ignores_case_and_extra_spaces() -> None:
    assert str(GAME.parse_action("  PLACE 3   1,0 ")) == "place 3 1,0"


@pytest.mark.parametrize(
    "text", ["", "place", "place 3 1 0", "go north", "orient 90", "swap 1.2", "reveal 1", "x" * 300]
)
def test_bad_notation_is_a_one_line_error(text: str) -> None:
    with pytest.raises(GameError) as error:
        GAME.parse_action(text)
    message = str(error.value)
    assert "\n" not in message and "expected place T X,Y" in message and len(message) < 300


def test_an_action_for_another_step_names_the_pending_rule() -> None:
    state = position(board={(0, 0): 2}, hands=[[0], [25]], pile=[4])
    for text in ["reveal 0.1", "go up", "done"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, text)
        assert refused.value.rule == "place"
        assert "seat 0 must play a tile from hand onto the map" in str(refused.value)
    act(state, "place 0 1,0")
    for text in ["study 1.9", "study 0.9", "place 25 2,0", "done"]:
        with pytest.raises(IllegalAction) as refused:
            act(state, text)
        assert refused.value.rule == "study"
    with pytest.raises(GameError) as error:
        act(state, "study 5.1")
    assert str(error.value) == "bad Mapped Out action 'study 5.1': expected a seat from 0 to 1"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("take 99", "expected a tile from 0 to 41"),
        ("place 99 99,99", "expected a tile from 0 to 41"),
        ("cork 99 99,99", "expected a tile from 0 to 41"),
        ("place 42 1,0", "expected a tile from 0 to 41"),  # a Lands Unknown tile, not in play
        ("place 3 999999999999,0", "expected a cell's x from -168 to 168"),
        ("start 0,-169", "expected a cell's y from -168 to 168"),
        ("reveal 3.1", "expected a seat from 0 to 2"),
        ("swap 0.1 2.41", "expected a card position from 1 to 40"),
        ("remove 1.0", "expected a card position from 1 to 40"),
        ("insert 999999999999", "expected a card position from 1 to 40"),
        ("hands 3", "expected a seat from 0 to 2"),
    ],
)
def test_a_number_naming_nothing_of_the_game_is_refused_as_it_is_read(
    text: str, expected: str
) -> None:
    # 42 base tiles (0-41) reach 42 cells from the start tile, 4 free-placement cells each at
    # most; 40 cards; 3 players.
    with pytest.raises(GameError) as error:
        GAME.parse_action(text, GAME.new_state(0))
    assert str(error.value) == f"bad Mapped Out action {text!r}: {expected}"

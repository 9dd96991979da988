"""Notation: every action reads back from its text; bad text is one GameError line."""

from __future__ import annotations

import pytest

import towpath
from towpath.core.errors import GameError, IllegalAction, quote
from towpath.games.canal_king.actions import (
    LAUNCH,
    PASS,
    RETURN,
    SKIP,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
)

GAME = towpath.load("canal_king", 3)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("place ST:red 3,4 r2", Place("ST:red", 3, 4, 2)),
        ("replace TT 0,7 r0", Replace("TT", 0, 7, 0)),
        ("swap S S:red T", Swap(("S", "S:red", "T"))),
        ("special 5,5 r1", Special(5, 5, 1)),
        ("sail C", SailToPort("C")),
        ("sail 2,0 from SW", SailToCell(2, 0, 4)),
        ("return", RETURN),
        ("pass", PASS),
        ("launch", LAUNCH),
        ("skip", SKIP),
    ],
)
def test_each_action_reads_back_from_its_notation(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert str(action) == text


def test_notation_ignores_case_and_spacing_and_orders_swaps() -> None:
    assert GAME.parse_action("  PLACE  st:RED 3,4 R2 ") == Place("ST:red", 3, 4, 2)
    assert GAME.parse_action("swap t s:red s") == Swap(("S", "S:red", "T"))
    assert GAME.parse_action("sail c") == SailToPort("C")
    assert GAME.parse_action("sail 2,0 from sw") == SailToCell(2, 0, 4)


def test_a_rotation_giving_the_same_tile_reads_as_the_least_one() -> None:
    assert GAME.parse_action("place S 3,4 r4") == Place("S", 3, 4, 1)
    assert GAME.parse_action("place SSS 3,4 r5") == Place("SSS", 3, 4, 0)
    assert GAME.parse_action("special 3,4 r3") == Special(3, 4, 0)


@pytest.mark.parametrize(
    ("text", "rule", "expected"),
    [
        ("place S 3,4 r9", "rotation", "expected a rotation r0 to r5, got 'r9'"),
        ("special 3,4 r999999999999", "rotation", "expected a rotation r0 to r5"),
        ("place S 10,4 r0", "board", "expected a cell of the board, col 0 to 9 and row 0 to 7"),
        ("replace S 3,8 r0", "board", "col 0 to 9 and row 0 to 7"),
        ("special 999999999999,1 r0", "board", "col 0 to 9 and row 0 to 7"),
        ("sail 10,0 from N", "sail", "col 0 to 9 and row 0 to 7"),
    ],
)
def test_a_rotation_past_r5_or_a_cell_off_the_board_is_refused_as_it_is_read(
    text: str, rule: str, expected: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.parse_action(text)
    assert refused.value.rule == rule
    assert str(refused.value).startswith(f"bad Canal King action {quote(text)}: ")
    assert expected in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("place X 3,4 r0", "unknown tile 'X'"),
        ("place S 3;4 r0", "expected a cell as col,row"),
        ("place S 3,4 2", "expected a rotation r0 to r5"),
        ("sail Z", "expected a port, one of A, B, C"),
        ("sail 2,0 from up", "expected the entry edge"),
        ("jump", "place|replace TILE C,R rK"),
        ("swap", "place|replace"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, fragment: str) -> None:
    with pytest.raises(GameError) as error:
        GAME.parse_action(text)
    assert fragment in str(error.value) and "\n" not in str(error.value)

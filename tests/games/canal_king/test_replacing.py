"""Replacing a board tile: every old line kept, placing rules obeyed, never a special tile."""

from __future__ import annotations

from pathlib import Path

import pytest

import towpath
from tests.games.canal_king.helpers import (
    N,
    S,
    act,
    error_of,
    launch,
    notations,
    position,
    put,
    refusal,
    small,
    tile_at,
)
from towpath.core.errors import IllegalAction
from towpath.games.canal_king.actions import Replace
from towpath.games.canal_king.components import EDGES
from towpath.games.canal_king.state import CanalKingState


def replacements(notations_: list[str]) -> list[str]:
    return [n for n in notations_ if n.startswith("replace")]


def test_a_tight_curve_replaced_by_two_tight_curves_that_contain_it() -> None:
    state = position(tiles={(4, 3): ("T", 0)}, hands=[["TT"], ["S"]])
    assert replacements(notations(state)) == ["replace TT 4,3 r0"], "TT r0 holds (0,1)"
    act(state, "replace TT 4,3 r0")
    assert tile_at(state, 4, 3) == ("TT", 0)
    tiles = state.game.parts.tiles
    assert state.discards == [tiles.by_name["t"]], "the old tile goes to the discards"
    assert len(state.hands[0]) == 5, "and the player draws back to 5"


def test_a_straight_replaced_by_a_gentle_curve_is_refused() -> None:
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["G"], ["S"]])
    assert replacements(notations(state)) == []
    assert refusal(state, "replace G 4,3 r0") == "keep lines"


def test_a_rotation_that_drops_an_old_line_is_refused() -> None:
    state = position(tiles={(4, 3): ("T", 0)}, hands=[["TT"], ["S"]])
    assert refusal(state, "replace TT 4,3 r1") == "keep lines"


def test_the_same_lines_may_replace_a_flagged_tile() -> None:
    state = position(tiles={(4, 3): ("S:red", 0)}, hands=[["S"], ["S"]])
    assert "replace S 4,3 r0" in notations(state)
    act(state, "replace S 4,3 r0")
    assert tile_at(state, 4, 3) == ("S", 0)
    assert state.view(None)["tiles"][0]["flag"] is None


def test_a_replacement_obeys_the_placing_rules() -> None:
    # G r1 at 4,4 has terrain on its north edge, which faces 4,3's south edge.
    state = position(tiles={(4, 3): ("T", 0), (4, 4): ("G", 1)}, hands=[["TT"], ["S"]])
    assert refusal(state, "replace TT 4,3 r0") == "edge match"
    assert replacements(notations(state)) == []


def test_a_special_tile_is_never_replaced() -> None:
    state = position(specials={1: (4, 3, 0)}, hands=[["SS", "S"], ["S"]])
    assert refusal(state, "replace SS 4,3 r0") == "special tile"
    assert replacements(notations(state)) == []


def test_a_free_space_has_nothing_to_replace() -> None:
    state = position(hands=[["S"], ["S"]])
    assert refusal(state, "replace S 4,3 r0") == "replace"
    assert error_of(state, Replace("S", 4, 3, 9)).rule == "rotation"


def test_a_replacement_on_a_free_border_space_is_refused_and_said_without_a_tile() -> None:
    # 9,1 lies on the board's east border and holds no tile: the words of the replacement
    # (asked before it is played) name no old tile, and the rules refuse it.
    state = position(hands=[["S"], ["S"]])
    action = state.game.parse_action("replace S 9,1 r1", state)
    assert state.words(action).what == "the tile on 9,1 with a straight (S), turned 60°"
    with pytest.raises(IllegalAction) as refused:
        state.clone().apply(action)
    assert refused.value.rule == "replace"
    assert str(refused.value) == "replace S 9,1 r1: the space is free, there is nothing to replace"


def test_a_tile_with_a_ship_may_be_replaced_and_the_ship_keeps_its_line() -> None:
    state = position(
        2, tiles={(4, 0): ("S", 0)}, hands=[["YST"], ["T"]], cards=[5, 6], player=0, **small()
    )
    launch(state, 1, (4, 0), entry=N, exit=S, stop="flag", last_port="B")
    assert replacements(notations(state)) == ["replace YST 4,0 r3"], "(0,3) and (3,4)"
    act(state, "replace YST 4,0 r3")
    ship = state.view(None)["ships"][1]
    assert ship["at"] == [4, 0] and ship["heading"] == [N, S]


def test_a_replacement_by_the_very_same_tile_is_not_listed_but_its_swap_is() -> None:
    state = position(tiles={(4, 3): ("S:red", 0)}, hands=[["S:red", "S", "S:blue"], ["T"]])
    assert replacements(notations(state)) == ["replace S 4,3 r0", "replace S:blue 4,3 r0"]
    assert "swap S:red" in notations(state), "the same result: the tile traded for a draw"
    assert refusal(state, "replace S:red 4,3 r0") == "same tile"
    error = error_of(state, Replace("S:red", 4, 3, 0))
    assert str(error) == (
        "replace S:red 4,3 r0: it is the very same tile as the one there and changes nothing "
        "(to trade it, swap it)"
    )


def test_the_very_same_tile_turned_to_the_same_lines_is_the_same_tile() -> None:
    # S r3 lies on the board as S r0 does: a straight from N to S.
    state = position(tiles={(4, 3): ("S:red", 3)}, hands=[["S:red"], ["T"]])
    assert replacements(notations(state)) == []
    assert refusal(state, "replace S:red 4,3 r3") == "same tile"
    assert refusal(state, "replace S:red 4,3 r0") == "same tile"
    assert refusal(state, "replace S:red 4,3 r1") == "keep lines"


@pytest.mark.parametrize(
    ("kind", "on_board", "same", "other"),
    [
        ("SSS", 0, [0, 1, 2, 3, 4, 5], []),  # one distinct rotation
        ("TTT", 0, [0, 2, 4], [1, 3, 5]),  # two
        ("TTT", 1, [1, 3, 5], [0, 2, 4]),
        ("GGG", 0, [0, 2, 4], [1, 3, 5]),  # two
    ],
)
def test_merged_rotations_of_a_tile_on_itself_are_the_very_same_tile(
    kind: str, on_board: int, same: list[int], other: list[int]
) -> None:
    state = position(tiles={(4, 3): (kind, on_board)}, hands=[[kind, "T"], ["T"]])
    assert not [n for n in replacements(notations(state)) if n.startswith(f"replace {kind} ")]
    for rotation in same:
        assert refusal(state, f"replace {kind} 4,3 r{rotation}") == "same tile"
    for rotation in other:
        assert refusal(state, f"replace {kind} 4,3 r{rotation}") == "keep lines"


def test_a_tile_of_another_kind_with_the_same_lines_is_not_the_same_tile(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        'colours = ["red", "blue"]\n[special]\nlines = [[0, 3]]\n'
        '[[kinds]]\nname = "S"\nlines = [[0, 3]]\ncount = 10\n'
        '[[kinds]]\nname = "X"\nlines = [[0, 3]]\ncount = 10\n',
        "utf-8",
    )
    state = towpath.load("canal_king", 2, tiles=str(tiles)).new_state(0)
    assert isinstance(state, CanalKingState)
    by_name = state.game.parts.tiles.by_name
    put(state, 4, 3, by_name["s"] * EDGES)
    state.hands = [[by_name["s"], by_name["x"]], [by_name["s"]]]
    assert replacements(notations(state)) == ["replace X 4,3 r0"]
    assert refusal(state, "replace S 4,3 r0") == "same tile"

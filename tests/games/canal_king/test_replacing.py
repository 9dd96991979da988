"""Replacing a board tile: every old line kept, placing rules obeyed, never a special tile."""

from __future__ import annotations

from tests.games.canal_king.helpers import (
    N,
    S,
    act,
    error_of,
    launch,
    notations,
    position,
    refusal,
    small,
    tile_at,
)
from towpath.games.canal_king.actions import Replace


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


def test_a_tile_with_a_ship_may_be_replaced_and_the_ship_keeps_its_line() -> None:
    state = position(
        2, tiles={(4, 0): ("S", 0)}, hands=[["YST"], ["T"]], cards=[5, 6], player=0, **small()
    )
    launch(state, 1, (4, 0), entry=N, exit=S, stop="flag", last_port="B")
    assert replacements(notations(state)) == ["replace YST 4,0 r3"], "(0,3) and (3,4)"
    act(state, "replace YST 4,0 r3")
    ship = state.view(None)["ships"][1]
    assert ship["at"] == [4, 0] and ship["heading"] == [N, S]

"""Placing a tile: the six edge constraints, the hand, rotations, and drawing back to 5."""

from __future__ import annotations

import pytest

from tests.games.canal_king.helpers import (
    act,
    error_of,
    notations,
    position,
    refusal,
    tile_at,
)
from towpath.games.canal_king.actions import Place
from towpath.games.canal_king.state import CanalKingState


def placements_at(state: CanalKingState, cell: str) -> list[str]:
    return [n for n in notations(state) if n.startswith("place") and f" {cell} " in n]


def test_a_free_interior_space_takes_every_distinct_rotation_once() -> None:
    state = position(hands=[["S", "G", "T", "SS", "TTT"], ["S"]])
    placed = placements_at(state, "4,3")
    assert [n for n in placed if n.startswith("place S ")] == [
        "place S 4,3 r0",
        "place S 4,3 r1",
        "place S 4,3 r2",
    ], "a straight has three distinct rotations"
    assert sum(n.startswith("place G ") for n in placed) == 6
    assert sum(n.startswith("place T ") for n in placed) == 6
    assert sum(n.startswith("place SS ") for n in placed) == 3
    assert [n for n in placed if n.startswith("place TTT ")] == [
        "place TTT 4,3 r0",
        "place TTT 4,3 r1",
    ]


def test_star_and_triangle_tiles_have_one_and_two_rotations() -> None:
    state = position(hands=[["SSS", "GGG"], ["S"]])
    placed = placements_at(state, "4,3")
    assert [n for n in placed if n.startswith("place SSS")] == ["place SSS 4,3 r0"]
    assert [n for n in placed if n.startswith("place GGG")] == [
        "place GGG 4,3 r0",
        "place GGG 4,3 r1",
    ]


def test_identical_hand_tiles_give_one_action_each() -> None:
    state = position(hands=[["S", "S", "S", "S:red", "G"], ["S"]])
    actions = notations(state)
    assert len(actions) == len(set(actions))
    assert actions.count("place S 4,3 r0") == 1
    assert "place S:red 4,3 r0" in actions, "a flagged tile is another tile"


def test_no_connection_to_existing_canals_is_needed() -> None:
    state = position(tiles={(1, 1): ("S", 0)}, hands=[["G"], ["S"]])
    act(state, "place G 3,3 r1")
    assert tile_at(state, 3, 3) == ("G", 1)


def test_canal_facing_a_neighbours_terrain_is_refused() -> None:
    # S at 4,3 has canal N and S and terrain elsewhere; 5,3 is its SE neighbour.
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["T", "G"], ["S"]])
    assert refusal(state, "place T 5,3 r5") == "edge match", "T r5 has canal NW, facing terrain"
    assert "place T 5,3 r5" not in notations(state)
    assert "place T 5,3 r0" in notations(state)


def test_terrain_facing_a_neighbours_canal_is_refused() -> None:
    # 4,2 is north of 4,3, whose north edge is canal: 4,2 needs canal on its south edge.
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["G"], ["S"]])
    assert refusal(state, "place G 4,2 r0") == "edge match"
    placed = placements_at(state, "4,2")
    assert placed == ["place G 4,2 r1", "place G 4,2 r3"], "the gentle curves with canal S"


def test_canal_onto_the_border_outside_a_dock_is_refused() -> None:
    # 0,4 is on the west border (no port there): its SW and NW edges are the border.
    state = position(hands=[["S", "G"], ["S"]])
    assert refusal(state, "place S 0,4 r1") == "border"
    assert refusal(state, "place G 0,4 r4") == "border"
    assert "place S 0,4 r0" in notations(state)


def test_a_dock_cell_needs_canal_on_its_dock_edge() -> None:
    # 1,0 docks port A by its north edge.
    state = position(hands=[["S", "G"], ["S"]])
    assert refusal(state, "place G 1,0 r1") == "dock"
    assert "place G 1,0 r1" not in notations(state)
    assert "place S 1,0 r0" in notations(state)
    act(state, "place S 1,0 r0")
    assert tile_at(state, 1, 0) == ("S", 0)


def test_an_occupied_space_is_refused() -> None:
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["S"], ["S"]])
    assert refusal(state, "place S 4,3 r0") == "occupied"


def test_rotation_out_of_range_and_repeated_rotations_are_refused() -> None:
    state = position(hands=[["S"], ["S"]])
    assert refusal(state, "place S 4,3 r6") == "rotation"
    assert str(error_of(state, Place("S", 4, 4, 6))) == "place S 4,4 r6: a rotation is r0 to r5"
    assert "same as turned r0" in str(error_of(state, Place("S", 4, 3, 3)))


def test_a_tile_not_in_hand_or_off_the_board_is_refused() -> None:
    state = position(hands=[["S"], ["G"]])
    assert refusal(state, "place G 4,3 r0") == "hand"
    assert refusal(state, "place S 10,3 r0") == "board"
    assert error_of(state, Place("Q", 4, 3, 0)).rule == "tile"


def test_placing_draws_back_to_five() -> None:
    state = position(hands=[["S", "S", "G", "T", "TT"], ["S"]])
    pile = len(state.pile)
    act(state, "place S 4,3 r0")
    assert len(state.hands[0]) == 5 and len(state.pile) == pile - 1


def test_an_empty_pile_becomes_the_shuffled_discards() -> None:
    state = position(hands=[["S", "S", "G", "T", "TT"], ["S"]])
    state.pile, state.discards = [], [7, 7, 9]
    act(state, "place S 4,3 r0")
    assert len(state.hands[0]) == 5
    assert state.discards == [] and len(state.pile) == 2


def test_with_pile_and_discards_empty_no_tile_is_drawn() -> None:
    state = position(hands=[["S", "S", "G", "T", "TT"], ["S"]])
    state.pile, state.discards = [], []
    act(state, "place S 4,3 r0")
    assert len(state.hands[0]) == 4


@pytest.mark.parametrize(
    ("notation", "rule", "says"),
    [
        ("place S 4,3 r0", "occupied", "the space is occupied (replace a tile with `replace`)"),
        ("place G 5,3 r3", "edge match", "edge NW is canal but faces a neighbour's terrain"),
        ("place G 4,2 r0", "edge match", "edge S is terrain but faces a neighbour's canal"),
        ("place S 0,4 r1", "border", "edge SW: canal may not open onto the border"),
        ("place G 1,0 r1", "dock", "edge N is a port's dock and needs canal"),
        ("replace G 4,3 r0", "keep lines", "the new tile must keep every line of the old one"),
    ],
)
def test_a_bad_action_is_refused_by_one_line_naming_its_rule(
    notation: str, rule: str, says: str
) -> None:
    # S at 4,3 runs N-S: 5,3 (its SE neighbour) faces its terrain, 4,2 faces its canal.
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["S", "G"], ["S"]])
    error = error_of(state, state.game.parse_action(notation))
    assert error.rule == rule
    assert str(error) == f"{notation}: {says}"

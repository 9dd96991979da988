"""The special tile (once, never on a dock cell, free space or over a single straight) and
swapping 1 to 5 tiles."""

from __future__ import annotations

from tests.games.canal_king.helpers import (
    act,
    error_of,
    notations,
    position,
    refusal,
    tile_at,
)
from towpath.games.canal_king.actions import Swap


def specials(state_notations: list[str]) -> list[str]:
    return [n for n in state_notations if n.startswith("special")]


def test_the_special_tile_goes_on_a_free_space_in_three_directions() -> None:
    state = position(hands=[["G"], ["S"]])
    at = [n for n in specials(notations(state)) if " 4,3 " in n]
    assert at == ["special 4,3 r0", "special 4,3 r1", "special 4,3 r2"]
    act(state, "special 4,3 r1")
    assert tile_at(state, 4, 3) == ("special", 1)
    assert state.view(1)["tiles"] == [
        {"cell": [4, 3], "lines": [[1, 4]], "flag": None, "special_owner": 0}
    ]
    assert state.view(1)["colours"][0] is None, "its owner is public, its colour is not"
    assert len(state.hands[0]) == 1, "playing the special tile draws nothing"


def test_the_special_tile_is_refused_on_a_dock_cell_free_or_over_a_straight() -> None:
    # 1,0 and 2,0 dock port A by their north edges; 2,0 holds a straight along N-S.
    state = position(tiles={(2, 0): ("S", 0)}, hands=[["G"], ["S"]])
    assert refusal(state, "special 1,0 r0") == "dock cell"
    assert refusal(state, "special 2,0 r0") == "dock cell"
    assert not any(" 1,0 " in n or " 2,0 " in n for n in specials(notations(state)))
    assert "special 3,0 r1" in notations(state), "3,0 is no dock cell"


def test_the_special_tile_obeys_the_placing_rules() -> None:
    # S at 4,3 has canal N and S: 4,4 below needs canal on its north edge.
    state = position(tiles={(4, 3): ("S", 0)}, hands=[["G"], ["S"]])
    assert refusal(state, "special 4,4 r1") == "edge match"
    assert [n for n in specials(notations(state)) if " 4,4 " in n] == ["special 4,4 r0"]
    assert refusal(state, "special 0,4 r1") == "border", "canal onto the west border"


def test_a_special_tile_is_never_covered_by_another() -> None:
    state = position(specials={1: (4, 3, 0)}, hands=[["G"], ["S"]])
    assert refusal(state, "special 4,3 r0") == "special tile"
    assert not any(" 4,3 " in n for n in notations(state))


def test_the_special_tile_replaces_only_a_single_straight_along_it() -> None:
    state = position(tiles={(4, 3): ("SS", 0), (6, 3): ("S:red", 1)}, hands=[["G"], ["S"]])
    assert refusal(state, "special 4,3 r0") == "special straight", "two lines"
    assert refusal(state, "special 6,3 r0") == "special straight", "across the straight"
    assert [n for n in specials(notations(state)) if " 6,3 " in n] == ["special 6,3 r1"]
    act(state, "special 6,3 r1")
    tiles = state.game.parts.tiles
    assert tile_at(state, 6, 3) == ("special", 1)
    assert state.discards == [tiles.by_name["s:red"]]


def test_the_special_tile_is_played_once() -> None:
    state = position(specials={0: (2, 3, 0)}, hands=[["G"], ["S"]])
    assert specials(notations(state)) == []
    assert refusal(state, "special 4,3 r0") == "special used"


def test_swaps_list_each_distinct_set_once() -> None:
    state = position(hands=[["S", "S", "G", "T", "TTT"], ["S"]])
    swaps = [n for n in notations(state) if n.startswith("swap")]
    assert len(swaps) == 3 * 2 * 2 * 2 - 1, "sub-multisets of {S, S, G, T, TTT}"
    assert "swap S S G T TTT" in swaps and "swap S" in swaps and "swap S S" in swaps


def test_a_swap_discards_first_then_draws() -> None:
    state = position(hands=[["S", "S", "G"], ["S"]])
    state.pile, state.discards = [], []
    act(state, "swap S S")
    tiles = state.game.parts.tiles
    assert state.hands[0] == sorted(tiles.by_name[n] for n in ("s", "s", "g")), (
        "the discarded tiles were reshuffled and drawn back"
    )


def test_bad_swaps_are_refused() -> None:
    state = position(hands=[["S", "S", "G", "T", "TT"], ["S"]])
    assert refusal(state, "swap S S S") == "hand"
    assert error_of(state, Swap(())).rule == "swap count"
    assert error_of(state, Swap(("S",) * 6)).rule == "swap count"
    assert error_of(state, Swap(("G", "S"))).rule == "swap order"
    assert error_of(state, Swap(("Q",))).rule == "tile"

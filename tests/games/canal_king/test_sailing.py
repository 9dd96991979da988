"""Sailing: stops at own flags, ports, opponents' special tiles and dead ends; the lost turn,
returning, passing, the calls and the win. The small board's NETWORK joins F-A-B-C-D."""

from __future__ import annotations

from typing import Any

from tests.games.canal_king.helpers import (
    NETWORK,
    SE,
    SW,
    N,
    S,
    Tiles,
    act,
    launch,
    notations,
    position,
    refusal,
    small,
)
from towpath.games.canal_king.state import CanalKingState


def sailing(
    tiles: Tiles = NETWORK,
    *,
    colours: tuple[str, str] = ("red", "blue"),
    specials: dict[int, tuple[int, int, int]] | None = None,
    **options: Any,
) -> CanalKingState:
    """Seat 0 (card 6: F-B-D-A) sails; seat 1 (card 5: E-A-C-F, never complete) builds."""
    return position(
        tiles=tiles,
        specials=specials,
        cards=[6, 5],
        colours=list(colours),
        hands=[["S"], ["S", "S", "G", "T", "TT"]],
        **small(**options),
    )


def builder_swaps(state: CanalKingState) -> None:
    """Seat 1's turn: a swap, which leaves the board as it is."""
    assert state.player == 1
    act(state, next(n for n in notations(state) if n.startswith("swap")))


def ship(state: CanalKingState) -> dict[str, Any]:
    found = state.view(None)["ships"][0]
    assert isinstance(found, dict)
    return found


def test_from_a_port_the_ship_takes_any_dock_to_the_next_stop() -> None:
    state = sailing()
    launch(state, 0, "A")
    assert notations(state) == ["sail B", "sail F"]
    launch(state, 0, "C")
    assert notations(state) == ["sail B", "sail D"]


def test_a_free_dock_cell_leads_nowhere() -> None:
    state = sailing()
    launch(state, 0, "F")  # F's dock 0,2 is free
    assert notations(state) == ["sail A"]


def test_the_ship_stops_on_its_own_flag_and_goes_on_the_same_way() -> None:
    tiles = {**NETWORK, (2, 0): ("G:red", 2)}
    state = sailing(tiles)
    launch(state, 0, "A")
    assert notations(state) == ["sail F", "sail 2,0 from SW"]
    act(state, "sail 2,0 from SW")
    assert ship(state)["at"] == [2, 0] and ship(state)["heading"] == [SW, SE]
    assert ship(state)["stop"] == "flag" and ship(state)["last_port"] == "A"
    builder_swaps(state)
    assert notations(state) == ["sail B", "return"], "onward only, not back to A"


def test_another_colours_flag_does_not_stop_the_ship() -> None:
    tiles = {**NETWORK, (2, 0): ("G:blue", 2)}
    state = sailing(tiles)
    launch(state, 0, "A")
    assert notations(state) == ["sail B", "sail F"]


def test_an_opponents_special_tile_stops_the_ship_and_costs_its_next_turn() -> None:
    state = sailing({k: v for k, v in NETWORK.items() if k != (4, 0)}, specials={1: (4, 0, 0)})
    launch(state, 0, "B")
    assert notations(state) == ["sail A", "sail 4,0 from N"]
    act(state, "sail 4,0 from N")
    assert ship(state)["skip_turn"] and ship(state)["stop"] == "special"
    builder_swaps(state)
    assert notations(state) == ["skip"]
    assert refusal(state, "sail C") == "lost turn"
    act(state, "skip")
    builder_swaps(state)
    assert notations(state) == ["sail C", "return"]


def test_the_ship_passes_its_own_special_tile() -> None:
    state = sailing({k: v for k, v in NETWORK.items() if k != (4, 0)}, specials={0: (4, 0, 0)})
    launch(state, 0, "B")
    assert notations(state) == ["sail A", "sail C"]


def test_a_dead_end_stops_the_ship_which_may_then_leave_by_either_end() -> None:
    state = sailing({k: v for k, v in NETWORK.items() if k != (4, 3)})
    launch(state, 0, "C")
    assert notations(state) == ["sail B", "sail 4,2 from SE"]
    act(state, "sail 4,2 from SE")
    assert ship(state)["stop"] == "dead_end" and ship(state)["heading"] == [SE, S]
    builder_swaps(state)
    assert notations(state) == ["sail C", "return"], "back the way it came"
    state.player = 1
    state._legal = None
    act(state, "place S 4,3 r0")
    assert notations(state) == ["sail C", "sail D", "return"], "or on, once 4,3 is filled"


def test_return_goes_back_to_the_last_port_and_is_refused_in_a_port() -> None:
    state = sailing({**NETWORK, (2, 0): ("G:red", 2)})
    launch(state, 0, "A")
    assert refusal(state, "return") == "return"
    act(state, "sail 2,0 from SW")
    builder_swaps(state)
    act(state, "return")
    assert ship(state)["at"] == "A" and ship(state)["heading"] is None


def test_a_ship_in_a_port_with_no_way_out_passes() -> None:
    state = sailing()
    launch(state, 0, "E")
    assert notations(state) == ["pass"]
    act(state, "pass")
    assert ship(state)["at"] == "E"
    assert refusal(state, "pass") == "pass", "seat 1 has building moves"


def test_a_loop_without_a_stop_gives_no_action() -> None:
    # 2,1 → 3,1 → 2,2 → 2,1 is a ring of tight curves; the ship sits on its flag at 2,1.
    ring = {(2, 1): ("T:red", 2), (3, 1): ("T", 4), (2, 2): ("T", 0)}
    state = sailing({**NETWORK, **ring})
    launch(state, 0, (2, 1), entry=S, exit=SE, stop="flag", last_port="B")
    assert notations(state) == ["return"]


def test_the_calls_and_then_the_final_port_win() -> None:
    state = sailing()
    launch(state, 0, "C", last_port="C", calls=("B",))
    act(state, "sail D")
    assert ship(state)["calls_done"] == ["B", "D"]
    for stop in ("sail C", "sail B"):
        builder_swaps(state)
        act(state, stop)
    assert not state.is_terminal()
    builder_swaps(state)
    act(state, "sail A")
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, 0.0] and state.scores() == [3.0, 0.0]
    assert state.legal_actions() == []


def test_the_final_port_before_both_calls_is_an_ordinary_stop() -> None:
    state = sailing()
    launch(state, 0, "B", calls=("B",))
    act(state, "sail A")
    assert not state.is_terminal()
    assert ship(state)["at"] == "A" and state.scores() == [1.0, 0.0]


def test_calls_count_in_either_order_unless_ordered_calls() -> None:
    # Card 6 calls B, then D.
    state = sailing()
    launch(state, 0, "C")
    act(state, "sail D")
    assert ship(state)["calls_done"] == ["D"]
    ordered = sailing(ordered_calls=True)
    launch(ordered, 0, "C")
    act(ordered, "sail D")
    assert ship(ordered)["calls_done"] == [], "D is the second call"
    builder_swaps(ordered)
    act(ordered, "sail C")
    builder_swaps(ordered)
    act(ordered, "sail B")
    assert ship(ordered)["calls_done"] == ["B"]


def test_sailing_names_the_stop_and_refuses_other_stops() -> None:
    state = sailing({**NETWORK, (2, 0): ("G:red", 2)})
    launch(state, 0, "A")
    assert refusal(state, "sail C") == "sail"
    assert refusal(state, "sail 2,0 from NE") == "sail"
    assert refusal(state, "sail 9,9 from N") == "sail"
    assert refusal(state, "launch") == "launch"
    assert refusal(state, "skip") == "skip"


def test_a_builder_cannot_sail() -> None:
    state = sailing()
    state.player = 1
    assert refusal(state, "sail A") == "not launched"
    assert refusal(state, "return") == "return"


# Port A's docks 0,0 and 1,0 both lead into 0,1, whose fork takes either way on to port F.
TWO_WAYS: Tiles = {(0, 0): ("S", 0), (1, 0): ("G", 4), (0, 1): ("YSG", 4)}


def test_several_paths_to_one_stop_are_one_action() -> None:
    state = sailing(TWO_WAYS)
    launch(state, 0, "A")
    assert notations(state) == ["sail F"]
    launch(state, 0, "F")
    assert notations(state) == ["sail A"]


def test_forced_turns_count_towards_the_turn_limit() -> None:
    state = sailing(
        {k: v for k, v in NETWORK.items() if k != (4, 0)}, specials={1: (4, 0, 0)}, max_turns=3
    )
    launch(state, 0, "B")
    act(state, "sail 4,0 from N")
    builder_swaps(state)
    assert notations(state) == ["skip"]
    act(state, "skip")
    assert state.turn == 3 and state.is_terminal() and state.winner is None
    stuck = sailing(max_turns=1)
    launch(stuck, 0, "E")
    act(stuck, "pass")
    assert stuck.is_terminal() and stuck.ended_by_limit()


def test_a_ship_on_its_flag_whose_way_on_is_a_free_space_can_only_return() -> None:
    # Decision (canal_king/__init__.py): only a dead-end stop may turn back along its line.
    tiles = {k: v for k, v in NETWORK.items() if k != (3, 0)}
    state = sailing({**tiles, (2, 0): ("G:red", 2)})
    launch(state, 0, (2, 0), entry=SW, exit=SE, stop="flag", last_port="A")
    assert notations(state) == ["return"]


def test_a_ship_under_a_new_special_tile_sails_on_without_losing_a_turn() -> None:
    # Decision (canal_king/__init__.py): the ship stops on special tiles it sails onto.
    state = sailing({(1, 0): ("S", 0), (1, 1): ("S:red", 0)})
    launch(state, 0, (1, 1), entry=S, exit=N, stop="flag", last_port="E")
    state.player = 1
    act(state, "special 1,1 r0")
    assert not ship(state)["skip_turn"] and ship(state)["at"] == [1, 1]
    assert notations(state) == ["sail A", "return"]

"""Finishing a route: canal search from port to port, launching, and the colour reveal."""

from __future__ import annotations

from pathlib import Path

from tests.games.canal_king.helpers import (
    NETWORK,
    act,
    complete,
    launch,
    notations,
    position,
    refusal,
    small,
)
from towpath.games.canal_king.canals import port_groups

WITHOUT_B_C = {cell: tile for cell, tile in NETWORK.items() if cell != (4, 0)}


def test_a_route_is_complete_when_its_four_ports_are_joined() -> None:
    state = position(tiles=NETWORK, cards=[6, 1], **small())
    assert complete(state) == [True, False], "F-B-D-A is joined; A-C-E-B needs E"


def test_the_tile_that_joins_the_route_launches_its_owner_at_the_end_of_the_turn() -> None:
    state = position(tiles=WITHOUT_B_C, cards=[6, 1], hands=[["S"], ["T"]], **small())
    assert complete(state) == [False, False]
    act(state, "place S 4,0 r0")
    view = state.view(1)
    assert view["routes"][0] == ["F", "B", "D", "A"], "the route card is revealed"
    assert view["ships"][0] == {
        "at": "F",
        "heading": None,
        "stop": "port",
        "last_port": "F",
        "calls_done": [],
        "skip_turn": False,
    }
    assert state.player == 1


def test_the_first_launch_reveals_every_colour() -> None:
    state = position(3, tiles=WITHOUT_B_C, cards=[6, 1, 2], hands=[["S"], ["T"], ["G"]], **small())
    assert state.view(1)["colours"] == [None, state.view(1)["colours"][1], None]
    act(state, "place S 4,0 r0")
    colours = state.game.parts.tiles.colours
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["colours"] == [colours[c] for c in state.colours]


def test_completing_another_players_route_makes_their_next_turn_launch() -> None:
    state = position(tiles=WITHOUT_B_C, cards=[1, 6], hands=[["S"], ["T"]], **small())
    act(state, "place S 4,0 r0")
    assert state.ships == [None, None], "nothing happens before the owner's turn"
    assert state.view(0)["routes"][1] is None
    assert notations(state) == ["launch"]
    assert refusal(state, "place T 3,1 r0") == "launch"
    act(state, "launch")
    assert state.turn == 2, "the forced launch is a whole turn"
    assert state.player == 0 and state.view(0)["routes"][1] == ["F", "B", "D", "A"]
    assert state.view(0)["ships"][1]["at"] == "F"


def test_no_view_shows_a_route_complete_before_its_owner_launches() -> None:
    complete_ = position(tiles=NETWORK, cards=[1, 6], player=1, **small())
    other = position(tiles=NETWORK, cards=[1, 3], player=1, **small())
    assert complete_.route_done(1) and not other.route_done(1)
    assert complete_.view(0) == other.view(0)
    assert complete_.view(None) == other.view(None)
    assert complete_.render_text(0) == other.render_text(0)


def test_a_launched_player_never_builds() -> None:
    state = position(tiles=NETWORK, cards=[6, 1], hands=[["S"], ["T"]], **small())
    launch(state, 0, "F")
    assert refusal(state, "place S 2,2 r0") == "launched"
    assert refusal(state, "swap S") == "launched"
    assert not any(n.startswith(("place", "swap", "special")) for n in notations(state))


def test_ships_turn_only_in_ports_so_a_fork_does_not_join_its_branches() -> None:
    # YGG r4 at 4,1 joins N-SW and SE-SW: B comes in from the north, C from the south-east,
    # and both branches run into the free 3,1. B to C would turn back on the fork.
    state = position(tiles={(4, 0): ("S", 0), (4, 1): ("YGG", 4)}, **small())
    groups = port_groups(state.board, state.game.parts)
    ports = state.game.parts.board.port_index
    assert groups[ports["B"]] != groups[ports["C"]]
    act_tiles = position(tiles={(4, 0): ("S", 0), (4, 1): ("G", 0)}, **small())
    groups = port_groups(act_tiles.board, act_tiles.game.parts)
    assert groups[ports["B"]] == groups[ports["C"]], "a gentle curve N-SE does join them"


def test_a_route_may_pass_through_other_ports(tmp_path: Path) -> None:
    # F reaches B only through port A, which is not on the card.
    cards = tmp_path / "routes.toml"
    cards.write_text('cards = [["F", "B", "C", "D"], ["A", "C", "E", "B"]]\n', "utf-8")
    state = position(tiles=NETWORK, cards=[1, 2], **small(routes=str(cards)))
    assert complete(state) == [True, False]


def test_the_calls_may_come_in_either_order_along_the_canal(tmp_path: Path) -> None:
    # Along the canal the ports lie F, A, B, C, D: a card calling D before B is complete.
    cards = tmp_path / "routes.toml"
    cards.write_text('cards = [["F", "D", "B", "C"], ["A", "C", "E", "B"]]\n', "utf-8")
    for ordered in (False, True):
        state = position(
            tiles=NETWORK, cards=[1, 2], **small(routes=str(cards), ordered_calls=ordered)
        )
        assert complete(state) == [True, False]

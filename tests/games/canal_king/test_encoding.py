"""Canal King's action ids and observation tensor, as its encoding module lays them out."""

from __future__ import annotations

import numpy as np
import pytest

from towpath.core.errors import GameError
from towpath.games.canal_king.encoding import EDGE_PAIRS

from .helpers import N, S, launch, position, small


def test_place_ids_run_by_tile_type_then_cell_then_rotation() -> None:
    game = position(**small()).game
    encoding = game.encoding
    assert game.action_id(game.parse_action("place S 0,0 r0")) == 0
    assert game.action_id(game.parse_action("place S 0,0 r2")) == 2  # S turns three ways
    assert game.action_id(game.parse_action("place S 1,0 r0")) == 3  # cells run along a row
    assert game.action_id(game.parse_action("place S 0,1 r0")) == 3 * 5
    cells = 5 * 4
    first_red = 3 * cells  # S:red follows S
    assert game.action_id(game.parse_action("place S:red 0,0 r1")) == first_red + 1
    assert encoding.blocks["replace"].start == encoding.blocks["place"].stop
    assert game.action_id(game.parse_action("replace S 0,0 r0")) == encoding.blocks["replace"].start
    assert encoding.blocks["words"] == range(
        game.num_distinct_actions - 4, game.num_distinct_actions
    )


def test_a_swap_id_names_first_places_of_its_tiles_in_the_hand() -> None:
    state = position(hands=[["S", "S", "G", "T", "TT"], ["S"] * 5], **small())
    game, start = state.game, state.game.encoding.blocks["swap"].start
    # The hand in tile-set order: S S G T TT (places 0..4).
    assert game.action_id(game.parse_action("swap S"), state) == start + 0b00001 - 1
    assert game.action_id(game.parse_action("swap S S T"), state) == start + 0b01011 - 1
    assert str(game.action_from_id(start + 0b10100 - 1, state)) == "swap G TT"
    # The second S alone reads as the swap of one S, whose id is the first place's.
    assert str(game.action_from_id(start + 0b00010 - 1, state)) == "swap S"
    assert start + 0b00010 - 1 not in game.legal_ids(state)
    assert sum(1 for i in game.legal_ids(state) if i in game.encoding.blocks["swap"]) == 23
    with pytest.raises(GameError, match="give a state"):
        game.action_id(game.parse_action("swap S"))


def test_a_swap_id_beyond_a_short_hand_is_refused() -> None:
    state = position(hands=[["S", "G"], ["S"] * 5], **small())
    start = state.game.encoding.blocks["swap"].start
    with pytest.raises(GameError, match="places beyond the hand's 2 tiles"):
        state.game.action_from_id(start + 0b00100 - 1, state)


def test_observation_shows_tiles_lines_hands_and_ships() -> None:
    state = position(
        3,
        tiles={(0, 0): ("S", 0), (1, 0): ("T", 0)},
        hands=[["G", "G"], ["S"], ["TT"]],
        colours=["red", "yellow", "green"],
        **small(),
    )
    launch(state, 2, "A")
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(1), 1))
    straight = parts["lines"][0]  # cell 0,0: an S tile turned 0 joins N and S
    assert np.flatnonzero(straight).tolist() == [EDGE_PAIRS.index((N, S))]
    assert parts["tile"][:3].tolist() == [1, 1, 0]
    names = list(game.parts.tiles.names)
    # Seat 1 sees itself first, then seats 2 and 0.
    assert parts["hands"][0][names.index("S")] == pytest.approx(1 / 5)
    assert parts["hands"][2][names.index("G")] == pytest.approx(2 / 5)
    # Colours are secret until a launch reveals them all.
    assert parts["colours"][2][game.parts.tiles.colours.index("red")] == 1
    assert parts["launched"].tolist() == [0, 1, 0]
    assert parts["in_port"][1][0] == 1 and parts["stopped"][1][0] == 1  # in port A
    assert parts["routes"][1].any() and not parts["routes"][2].any()  # a launched route shows


def test_observation_hides_routes_and_colours_before_a_launch() -> None:
    state = position(3, colours=["red", "yellow", "green"], **small())
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(0), 0))
    assert parts["colours"][0].any() and not parts["colours"][1:].any()
    assert parts["routes"][0].any() and not parts["routes"][1:].any()

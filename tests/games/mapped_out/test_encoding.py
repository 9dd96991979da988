"""Mapped Out's action ids and observation tensor, as its encoding module lays them out."""

from __future__ import annotations

import numpy as np
import pytest

from towpath.core.errors import GameError

from .helpers import position

TILES = 42  # the base game's map tiles, ids 0..41


def test_a_placement_id_names_the_tile_beside_its_cell_and_the_way() -> None:
    state = position(board={(0, 0): 14, (1, 0): 2}, hands=[[25, 32], [13]])
    game = state.game
    right_of_2 = game.parse_action("place 25 2,0")
    # Tile 25, the cell right of tile 2 (its only neighbour): tile × tile × direction.
    directions = ["up", "right", "down", "left"]
    expected = (25 * TILES + 2) * 4 + directions.index("right")
    assert game.action_id(right_of_2, state) == expected
    # Below 0,0 and 1,0 sit 0,1 (beside tile 14 only) and 1,1 (beside tile 2 only).
    assert game.action_id(game.parse_action("place 25 0,1"), state) == (25 * TILES + 14) * 4 + 2
    assert game.action_from_id(expected, state) == right_of_2
    with pytest.raises(GameError, match="read against a state"):
        game.action_id(right_of_2)


def test_a_cell_touching_two_tiles_goes_by_the_lower_id() -> None:
    state = position(board={(0, 0): 14, (1, 0): 2, (1, 1): 13}, hands=[[25], [32]])
    game = state.game
    between = game.parse_action("place 25 0,1")  # below 14, left of 13
    assert game.action_id(between, state) == (25 * TILES + 13) * 4 + 3  # 13 < 14: left of 13
    assert len(set(game.legal_ids(state))) == len(state.legal_actions())


def test_a_chosen_cell_goes_by_its_tile() -> None:
    state = position(board={(0, 0): 14, (0, 1): 2}, hands=[[25], [32]])
    game = state.game
    start = game.encoding.blocks["point"].start
    point = game.parse_action("start 0,1")
    assert game.action_id(point, state) == start + 2  # verb start, tile 2
    assert str(game.encoding.action(start + 14, state)) == "start 0,0"
    with pytest.raises(GameError, match="tile 25, which is not on the map"):
        game.encoding.action(start + 25, state)


def test_free_placement_ids_go_by_the_cell_in_a_square_beyond_the_map() -> None:
    state = position(board={(0, 0): 14}, hands=[[25], [32]], free_placement=True)
    game = state.game
    side = 1 + 4 * (TILES - 1) + 8
    assert game.encoding.blocks["place"] == range(TILES * side * side)
    # The square's corner is 4 cells left of and above the map's box (the tile at 0,0).
    far = game.parse_action("place 25 -4,-4")
    assert game.action_id(far, state) == 25 * side * side
    assert game.action_id(game.parse_action("place 25 4,-3"), state) == 25 * side * side + side + 8


def test_observation_shows_the_map_hands_and_rows_as_the_seat_knows_them() -> None:
    state = position(
        board={(0, 0): 14, (1, 0): 2},
        hands=[[25, 32], [13]],
        rows=[["+left", "up"], ["-right", "down"]],
        pawns=[(1, 0), (0, 0)],
    )
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(1), 1))
    side = 1 + 4 * (TILES - 1) + 8
    assert np.flatnonzero(parts["on_map"]).tolist() == [2, 14]
    assert parts["cell"][2].tolist() == pytest.approx([1 / side, 0])
    assert parts["in_hand"][13].tolist() == [1, 0]  # seat 1's own tile, in its own row 0
    assert not parts["in_hand"][25].any()  # seat 0's hand is hidden from seat 1
    names = list(game.card_names)
    assert parts["cards"][0][0][names.index("right")] == 1  # seat 1's revealed card
    assert not parts["cards"][0][1].any() and not parts["cards"][1][1].any()  # face down
    assert parts["upside_down"][0].tolist()[:2] == [1, 0]
    assert parts["pawns"][1].tolist() == pytest.approx([1 / side, 0])  # seat 0 at 1,0
    assert parts["phase"].tolist() == [1, 0, 0] and parts["to_move"].tolist() == [0, 1]

"""The playout rule of thumb: it ends games by the rules, builds its own route's way, sails it
the shortest way, and plays the same game from the same seed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.canal_king.helpers import NETWORK, launch, position, small
from tests.playouts import check_games_end_by_the_rules, playout_game
from towpath.core.rng import Rng
from towpath.games.canal_king import playout
from towpath.games.canal_king.state import CanalKingState
from towpath.games.canal_king.table import CanalKingTable

# NETWORK without its tile at 4,2, the only one joining C to D: a T turned r2 (SE to S).
GAP = {cell: tile for cell, tile in NETWORK.items() if cell != (4, 2)}
CARD_BDFC = 2  # route card 2 of the small board: B, calls D and F, final C


def play(players: int, seed: int, **options: Any) -> CanalKingState:
    """A game with the playout bot in every seat."""
    state = playout_game("canal_king", players, seed, **options)
    assert isinstance(state, CanalKingState)
    return state


@pytest.mark.parametrize(
    ("players", "games", "options"),
    [(2, 30, {}), (6, 15, {})] + [(2, 10, options) for options in CanalKingTable.option_sets[1:]],
)
def test_playout_bots_end_games_by_the_rules(
    players: int, games: int, options: dict[str, Any]
) -> None:
    check_games_end_by_the_rules("canal_king", players, games, options)


def gap_position(hand: list[str]) -> CanalKingState:
    """Seat 0 holds card B-D-F-C on the small board: only the tile at 4,2 is missing."""
    return position(
        tiles=GAP,
        hands=[hand, ["S"] * 5],
        cards=[CARD_BDFC, 1],
        colours=["red", "blue"],
        **small(),
    )


def test_the_tile_that_joins_the_route_goes_on_its_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "SECOND_BEST", 0.0)
    for seed in range(20):
        state = gap_position(["T", "YST", "S", "G", "GG"])
        assert not state.route_done(0)
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "place T 4,2 r2", "the T gives SE-S and opens no canal beyond"
        state.apply(action)
        assert state.route_done(0)


def test_now_and_then_the_second_best_tile_still_joins_the_route() -> None:
    chosen = []
    for seed in range(60):
        state = gap_position(["T", "YST", "S", "G", "GG"])
        action = state.game.playout_action(state, Rng(seed))
        chosen.append(str(action))
        state.apply(action)
        assert state.route_done(0)
    assert set(chosen) == {"place T 4,2 r2", "place YST 4,2 r2"}
    assert chosen.count("place T 4,2 r2") >= 50


def test_a_hand_with_no_tile_for_the_way_is_swapped() -> None:
    for seed in range(10):
        state = gap_position(["S", "S", "G", "G", "GG"])  # nothing turns SE to S at 4,2
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "swap S S G G GG"
        assert action in state.legal_actions()


def sailing_position(calls: tuple[str, ...]) -> CanalKingState:
    """Seat 0's ship in port B on NETWORK with card B-D-F-C, these calls made."""
    state = position(tiles=NETWORK, cards=[CARD_BDFC, 1], colours=["red", "blue"], **small())
    launch(state, 0, "B", calls=calls)
    return state


def test_the_ship_sails_toward_its_last_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "SECOND_BEST", 0.0)
    for seed in range(10):
        state = sailing_position(calls=("D",))
        assert [str(a) for a in state.legal_actions()] == ["sail A", "sail C"]
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "sail A", "F lies beyond A; C is the final port, not yet due"


def test_a_winning_stop_is_taken() -> None:
    for seed in range(10):
        state = sailing_position(calls=("D", "F"))
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "sail C"
        state.apply(action)
        assert state.winner == 0


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_same_game(players: int) -> None:
    first, again = play(players, 7), play(players, 7)
    assert [str(a) for a in first.history] == [str(a) for a in again.history]
    assert first.to_json() == again.to_json()
    other = play(players, 8)
    assert [str(a) for a in other.history] != [str(a) for a in first.history]

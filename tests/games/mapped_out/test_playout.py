"""The playout rule of thumb: it ends games by the rules, plays for its walk, and repeats."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.mapped_out.helpers import act, position, walking
from tests.playouts import check_games_end_by_the_rules, playout_game
from towpath.core.rng import Rng
from towpath.games.mapped_out import playout
from towpath.games.mapped_out.state import MappedOutState
from towpath.games.mapped_out.table import MappedOutTable


def play(players: int, seed: int, **options: Any) -> MappedOutState:
    """A game with the playout bot in every seat."""
    state = playout_game("mapped_out", players, seed, **options)
    assert isinstance(state, MappedOutState)
    return state


@pytest.mark.parametrize(
    ("players", "games", "options"),
    [(2, 30, {}), (5, 15, {})] + [(2, 5, options) for options in MappedOutTable.option_sets[1:]],
)
def test_playout_bots_end_games_by_the_rules(
    players: int, games: int, options: dict[str, Any]
) -> None:
    check_games_end_by_the_rules("mapped_out", players, games, options)


def test_a_tile_goes_where_the_walk_steps_off_the_map() -> None:
    rows = [["+right", "+right"], ["+left", "+left"]]  # seat 0 walks right, off the map
    hands = [[0, 2, 14], [25]]  # no fish; fish 1; fish 2 2
    for seed in range(20):
        state = position(rows=rows, board={(0, 0): 3}, hands=hands, pile=[4])  # fish 2
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "place 14 1,0", "the tile that raises fish 2, where the walk goes"


def test_a_tile_no_walk_needs_is_the_least_useful_one_at_the_edge() -> None:
    rows = [["+nothing", "+nothing"], ["+left", "+left"]]
    for seed in range(20):
        state = position(rows=rows, board={(0, 0): 3}, hands=[[13, 0], [25]], pile=[4])
        action = state.game.playout_action(state, Rng(seed))
        assert action in state.legal_actions()
        assert str(action).startswith("place 0 "), "tile 13 (fish 2 2) is kept for later"


def test_a_swap_brings_a_known_card_into_the_row_that_walks_onto_fish() -> None:
    rows = [["nothing", "+nothing", "+nothing", "+nothing"], ["left", "+up", "+right", "+down"]]
    board = {(0, 0): 3, (1, 0): 14}  # fish 2; fish 2 2 to the right
    for seed in range(20):
        state = position(rows=rows, board=board, hands=[[13], [25]], pile=[4])
        act(state, "place 13 -1,0")  # tile 13: swap 4
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "swap 0.4 1.3", "seat 1's right card sends seat 0 onto 2 2"


def test_any_steps_where_the_rest_of_the_row_scores_most(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "SECOND_BEST", 0.0)
    board = {(0, 0): 3, (1, 0): 0, (-1, 0): 2, (0, 1): 14, (1, 1): 13}
    for seed in range(20):
        state = walking(rows=[["+any", "+right"], ["+nothing"]], board=board)
        assert state.current_player == 0
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "go down", "down onto 2 2, then right onto 2 2 again"


def test_now_and_then_the_second_best_is_played() -> None:
    board = {(0, 0): 3, (1, 0): 0, (-1, 0): 2, (0, 1): 14, (1, 1): 13}
    chosen = []
    for seed in range(200):
        state = walking(rows=[["+any", "+right"], ["+nothing"]], board=board)
        chosen.append(str(state.game.playout_action(state, Rng(seed))))
    assert 150 <= chosen.count("go down") < 200


def test_muddled_waters_takes_a_tile_that_raises_the_score_pile() -> None:
    board = {(0, 0): 2, (1, 0): 14, (2, 0): 3}  # fish 1 | fish 2 2 | fish 2
    rows = [["+right", "+left"], ["+nothing"]]
    for seed in range(10):
        hands, pawns = [[13, 0, 4], []], [(0, 0), (2, 0)]
        state = walking(rows=rows, board=board, hands=hands, pawns=pawns, muddled_waters=True)
        assert state.current_player == 0 and state.pawn_key(0) == "1,0"
        action = state.game.playout_action(state, Rng(seed))
        assert str(action) == "take 0", "tile 14 scores; the hole gets the tile without fish"
        act(state, "take 0")  # seat 1 stays, seat 0 goes back onto tile 2 (fish 1)
        assert state.current_player == 0 and state.pawn_key(0) == "0,0"
        assert str(state.game.playout_action(state, Rng(seed))) == "done", "fish 1 adds nothing"


@pytest.mark.parametrize("options", MappedOutTable.option_sets)
def test_same_seed_same_game(options: dict[str, Any]) -> None:
    first, second = play(3, 7, **options), play(3, 7, **options)
    assert [str(a) for a in first.history] == [str(a) for a in second.history]
    assert first.scores() == second.scores()

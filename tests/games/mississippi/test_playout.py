"""The playout rule of thumb: it ends games by the rules, docks where a reaction carries the boat
ahead, crosses the finish when its logs reach it, and repeats."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.mississippi.helpers import E, W, act, position, showing
from tests.playouts import check_games_end_by_the_rules, playout_game
from towpath.core.rng import Rng
from towpath.games.mississippi import Mississippi
from towpath.games.mississippi.actions import Move
from towpath.games.mississippi.state import MississippiState


def play(players: int, seed: int, **options: Any) -> MississippiState:
    """A game with the playout bot in every seat."""
    state = playout_game("mississippi", players, seed, **options)
    assert isinstance(state, MississippiState)
    return state


@pytest.mark.parametrize(
    ("players", "games", "options"),
    [(2, 30, {}), (6, 15, {})] + [(2, 15, options) for options in Mississippi.option_sets[1:]],
)
def test_playout_bots_end_games_by_the_rules(
    players: int, games: int, options: dict[str, Any]
) -> None:
    check_games_end_by_the_rules("mississippi", players, games, options)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (2, {"logs": 3})])
def test_the_policy_plays_only_legal_actions(players: int, options: dict[str, Any]) -> None:
    # Every fourth action is a random one, to reach positions the policy would not.
    for seed in range(4):
        state = towpath.load("mississippi", players, **options).new_state(seed)
        assert isinstance(state, MississippiState)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.turn % 4 == 3:
                action = state.random_action(rng)
            else:
                action = state.game.playout_action(state, rng)
                assert action in state.legal_actions(), str(action)
            state.apply(action)


def test_a_boat_whose_logs_reach_the_finish_crosses_it() -> None:
    state = position([80, 40], logs=[6, 5])
    for seed in range(10):
        assert str(state.game.playout_action(state, Rng(seed))) == "f5"


def test_the_boat_docks_where_its_number_carries_it_ahead() -> None:
    # With its one log boat 0 reaches 11, beside boat 1 on 12: its 6 faces boat 1's 1, so it
    # goes 5 open spaces, to 17, past boat 1. There it touches boat 1 again (12 and 13 lie
    # north of 17), which pushes boat 1 on to 14. Backing up, with an empty supply, only
    # loses spaces; a turn would show boat 1 a lower number.
    state = position([10, 12], facing=[showing(6, E), showing(1, W)], logs=[1, 5], supply=0)
    for seed in range(10):
        assert str(state.game.playout_action(state, Rng(seed))) == "f1"
    act(state, "f1")
    assert state.spaces == [17, 14]


def test_the_policy_never_backs_a_boat_into_the_start_area_when_it_need_not() -> None:
    # With no logs the boat on 3 must back up; the start area is 3 back, and 2 back the supply
    # still pays for it.
    state = position([3, 40], logs=[0, 5], supply=2)
    for seed in range(10):
        move = state.game.playout_action(state, Rng(seed))
        assert isinstance(move, Move) and not move.forward and move.spaces <= 2, str(move)


def test_docked_reports_the_reactions_and_leaves_the_position_as_it_is() -> None:
    state = position([17, 20, 24], facing=[showing(2, W), showing(5, E), 0])
    before = state.to_json()
    assert state.docked(0, 19, showing(2, W)) == ([19, 23, 24], None)
    assert state.to_json() == before
    act(state, "f2")
    assert state.spaces == [19, 23, 24]


def test_a_docking_across_the_finish_names_the_winner() -> None:
    # The last row runs west: boat 0 on 82 shows its 6 to boat 1's 1 on 83 and goes 5 open
    # spaces, across the finish.
    state = position([80, 83], facing=[showing(6, W), showing(1, E)])
    spaces, winner = state.docked(0, 82, showing(6, W))
    assert winner == 0 and spaces[0] == state.game.river.finish
    assert state.spaces == [80, 83] and state.winner is None


def test_same_seed_same_game() -> None:
    first, second = play(2, 7), play(2, 7)
    assert first.history == second.history
    assert first.to_json() == second.to_json()
    assert play(2, 8).history != first.history

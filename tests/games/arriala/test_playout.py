"""Arriala's playout policy digs the canal to its end: it fills empty spaces of open sections
as cheaply as its action points allow, so that games end by the rules, not the turn limit."""

from __future__ import annotations

from collections import Counter

import pytest

import towpath
from tests.games.arriala.helpers import MOISSAC, act, in_vineyard, position
from tests.playouts import playout_game
from towpath.core.rng import Rng
from towpath.games.arriala.playout import playout_action
from towpath.games.arriala.state import ArrialaState


def play_out(players: int, seed: int, **options: object) -> ArrialaState:
    """A game of the playout bot in every seat."""
    state = playout_game("arriala", players, seed, **options)
    assert isinstance(state, ArrialaState)
    return state


@pytest.mark.parametrize(("players", "games"), [(2, 30), (4, 15)])
def test_playout_bots_dig_the_canal_to_its_end(players: int, games: int) -> None:
    by_rules = sum(not play_out(players, seed).ended_by_limit() for seed in range(games))
    assert by_rules >= games - 1


def test_playout_bots_finish_within_a_short_turn_limit() -> None:
    games = 15
    by_rules = sum(
        not play_out(2, seed, first_player=1, max_turns=40).ended_by_limit()
        for seed in range(games)
    )
    assert by_rules >= games - 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_policy_plays_only_legal_actions(players: int) -> None:
    game = towpath.load("arriala", players)
    for seed in range(4):
        state = game.new_state(seed)
        assert isinstance(state, ArrialaState)
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            world = state.resample(seat, rng.next64())
            action = playout_action(world, rng)
            assert action in state.legal_actions(), f"{action} after {state.history[-3:]}"
            state.apply(action)
        assert not state.ended_by_limit()


def last_open_section() -> ArrialaState:
    """4 players, everything scored but 18-22, where red, red, yellow and green stand on 18-21;
    a third red worker waits in Moissac (23), next to the empty 22; red to move, no cards."""
    return position(
        canal={18: "r", 19: "r", 20: "y", 21: "g", MOISSAC: "r"},
        scored=((2, 7), (9, 16), (24, 33), (35, 41)),
        hands={},
    )


def test_the_policy_fills_the_last_space_from_the_next_town() -> None:
    chosen: Counter[str] = Counter()
    for seed in range(20):
        state = last_open_section()
        action = playout_action(state, Rng(seed))
        chosen[str(action)] += 1
        state.apply(action)
        assert state.is_terminal() and not state.ended_by_limit(), str(action)
    # The 1-AP move beats placing a new worker (3 AP); now and then the second best is played.
    assert chosen["move r3@23 22"] >= 15, chosen


def out_of_reach() -> ArrialaState:
    """2 players: only 9 is open (Montech-9-13 between a town and the lock on 14). Every space
    a move could stop on within 5 of it is taken, and the lock limit of 9-16 is reached; red
    has all five workers on the canal, nearest on 15, six spaces away, and no cards."""
    return position(
        2,
        canal={10: "y", 11: "g", 12: "y", 13: "g", 15: "r", 17: "r", 18: "r", 19: "r", 20: "r"},
        locks=(14, 16),
        scored=((15, 15), (18, 22), (24, 33), (35, 41)),
        hands={0: [], 1: []},
    )


def test_a_worker_out_of_reach_goes_by_way_of_a_vineyard() -> None:
    state = out_of_reach()
    parking = playout_action(state, Rng(1))
    assert str(parking) == "to-vineyard r1@15 br"
    act(state, str(parking), "end", "end")  # red, then yellow, end their turns
    assert in_vineyard(state, "Brulhois") == ["r1"] and state.current_player == 0
    back = playout_action(state, Rng(1))
    assert str(back) == "to-canal r1@br 9"
    state.apply(back)
    assert state.is_terminal() and not state.ended_by_limit()
    assert state.points[0] == 8, "red, alone behind the tied yellow and green, scores 9-13"


def test_same_seed_same_game() -> None:
    one, two = play_out(2, 7), play_out(2, 7)
    assert [str(a) for a in one.history] == [str(a) for a in two.history]
    assert [str(a) for a in play_out(2, 8).history] != [str(a) for a in one.history]
    state = last_open_section()
    assert playout_action(state, Rng(3)) == playout_action(state.clone(), Rng(3))

"""The playout rule of thumb: it ends games by the rules, spends its cards to carry its own
marker forward, and repeats."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.detour.helpers import position
from tests.playouts import check_games_end_by_the_rules, playout_game
from towpath.core.rng import Rng
from towpath.games.detour import Detour, playout
from towpath.games.detour.state import DetourState


def play(players: int, seed: int, **options: Any) -> DetourState:
    """A game with the playout bot in every seat."""
    state = playout_game("detour", players, seed, **options)
    assert isinstance(state, DetourState)
    return state


@pytest.mark.parametrize(
    ("players", "games", "options"),
    [(2, 30, {}), (4, 15, {})] + [(2, 10, options) for options in Detour.option_sets[1:]],
)
def test_playout_bots_end_games_by_the_rules(
    players: int, games: int, options: dict[str, Any]
) -> None:
    check_games_end_by_the_rules("detour", players, games, options)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_policy_plays_only_legal_actions(players: int) -> None:
    for seed in range(5):
        state = towpath.load("detour", players).new_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            action = state.game.playout_action(state, rng)
            assert action in state.legal_actions(), str(action)
            state.apply(action)


def test_from_the_start_the_block_card_pays_for_the_most_spaces() -> None:
    # Block's Train, Train, Boat, Boat pays spaces 1-4; Voyage stops at 3 (one Boat only), and
    # it moves farther than that from a typical space.
    for seed in range(20):
        state = position(["0", "0", "0"])
        assert str(state.game.playout_action(state, Rng(seed))) == "move block 4"


def test_a_marker_that_can_finish_does() -> None:
    # From 34: 35 costs Balloon, space 0 Balloon + Train; only the Voyage holds both Balloons.
    for seed in range(20):
        state = position(["34", "30", "33"])
        assert str(state.game.playout_action(state, Rng(seed))) == "move voyage 2"


def test_a_blocked_round_sends_the_rival_ahead_onto_its_detour_and_keeps_the_voyage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(playout, "SECOND_BEST", 0.0)
    for seed in range(20):
        state = position(["3", "5", "0"], blocked=True)  # red on 5, where D1 leaves
        assert str(state.game.playout_action(state, Rng(seed))) == "detour red"


def test_on_a_detour_the_detour_card_moves_then_sends_the_rival_ahead_onto_its_detour() -> None:
    # Yellow on D1's first space may use both parts of the Detour card; red waits on 16.
    state = position(["D1:1", "16", "0"], hands=[["detour"], ["voyage"], ["voyage"]])
    rng = Rng(1)
    state.apply(state.game.playout_action(state, rng))
    assert str(state.history[-1]) == "move detour 1"
    assert state.pending == {"card": "detour", "part": "action"}
    assert str(state.game.playout_action(state, rng)) == "detour red"


def test_same_seed_same_game() -> None:
    first, again, other = play(2, 7), play(2, 7), play(2, 8)
    assert [str(a) for a in first.history] == [str(a) for a in again.history]
    assert [str(a) for a in first.history] != [str(a) for a in other.history]

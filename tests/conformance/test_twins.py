"""Twins: two states that look the same to a seat are the same to it.

A seat's twin of a position is another full state with the same `view(seat)`: here a world
resampled from it, whose hidden parts (hands, piles, secret colours and routes) and chance to
come differ. At positions of seeded random games of every game, for the seat to move, another
seat and a spectator:
- both give the same `resample(seat, s)`, whole: a resample depends on the view and the seed
  alone, so nothing of the position's own hidden parts, order of pieces or history beyond the
  view leaks into the worlds a bot searches;
- both list the same legal actions when the seat is to move;
- their resamples show the seat the same view after every legal action.
(A game whose pieces are told apart by something the views do not show fails the first check as
soon as its resample keeps that order; Arriala's own tests build such twins by hand.)
"""

from __future__ import annotations

import pytest

import towpath
from tests import soak
from tests.conformance.configs import BASE_CONFIGS, Config
from towpath.core.rng import Rng

POSITIONS = 3  # positions per game
HORIZON = 240


def check_twins(state: towpath.State, twin: towpath.State, seat: int | None, seed: int) -> None:
    assert twin.view(seat) == state.view(seat)
    world, twin_world = state.resample(seat, seed), twin.resample(seat, seed)
    assert twin_world.to_json() == world.to_json(), "equal views, equal resamples"
    if seat == state.current_player:
        assert twin.legal_actions() == state.legal_actions()
    for action in world.legal_actions():
        one, other = world.clone(), twin_world.clone()
        one.apply(action)
        other.apply(action)
        assert one.view(seat) == other.view(seat), f"the views part after {action}"


def positions(config: Config, seed: int) -> list[towpath.State]:
    """POSITIONS positions of a seeded random game, at random steps of its first HORIZON."""
    state = config.load().new_state(seed)
    bot = towpath.agent("random", seed=seed)
    played: list[towpath.State] = []
    while not state.is_terminal() and len(played) < HORIZON:
        played.append(state.clone())
        state.apply(bot.choose(state))
    Rng(seed).shuffle(played)
    return played[:POSITIONS]


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
@pytest.mark.parametrize("seed", range(soak.games(3)))
def test_twins_resample_alike_and_see_the_same_after_every_action(
    config: Config, seed: int
) -> None:
    for index, state in enumerate(positions(config, 1000 + seed)):
        current = state.current_player
        others = [s for s in range(config.players) if s != current]
        for seat in [current, others[index % len(others)], None]:
            twin = state.resample(seat, 7 + index)
            check_twins(state, twin, seat, 100 + index)

"""`state.random_action(rng)` draws every legal action alike: at seeded positions of every game,
its draws are legal and a chi-square test finds them uniform over `legal_actions()`.

Each draw is made on a fresh copy of the position, so games that draw without listing their
actions (Canal King's placements) are tested that way, not through a list kept from before.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import chisquare  # type: ignore[import-untyped]

import towpath
from tests.conformance.configs import BASE_CONFIGS, Config
from towpath.core.actions import Action
from towpath.core.rng import Rng

POSITIONS = 3  # per configuration
DRAWS_PER_ACTION = 12  # expected draws of each legal action at a position
MIN_DRAWS = 600
SIGNIFICANCE = 1e-4  # the seeded draws are fixed: a p-value below this would be a real bias
TWO_PLAYERS = [config for config in BASE_CONFIGS if config.players == 2]
SMALL_CANAL_KING = Config("canal_king", 3, {"board": "small", "routes": "small"})


def positions(config: Config, seed: int) -> list[towpath.State]:
    """POSITIONS positions with a choice to make, spread over a seeded random game's start:
    early ones, where Canal King's placements are hundreds, and later ones."""
    state = config.load().new_state(seed)
    rng = random.Random(seed)
    found: list[towpath.State] = []
    for step in range(400):
        if state.is_terminal() or len(found) == POSITIONS:
            break
        legal = state.legal_actions()
        if (len(legal) > 1 and step in (3, 40, 200, 399)) or (step > 40 and len(found) < 2):
            found.append(state.clone())
        state.apply(rng.choice(legal))
    return found


def draws(state: towpath.State, count: int, seed: int) -> list[Action]:
    rng = Rng(seed)
    return [state.clone().random_action(rng) for _ in range(count)]


@pytest.mark.parametrize("config", [*TWO_PLAYERS, SMALL_CANAL_KING], ids=str)
def test_random_action_is_uniform_over_the_legal_actions(config: Config) -> None:
    found = positions(config, seed=11)
    assert found, f"{config}: no position with a choice"
    for index, state in enumerate(found):
        legal = state.legal_actions()
        count = max(MIN_DRAWS, DRAWS_PER_ACTION * len(legal))
        tally = Counter(draws(state, count, seed=index))
        assert set(tally) <= set(legal), f"{config}: an illegal action was drawn"
        observed = [tally[action] for action in legal]
        p_value = chisquare(observed).pvalue
        assert p_value > SIGNIFICANCE, (
            f"{config} position {index}: {len(legal)} actions drawn {count} times are not "
            f"uniform (chi-square p = {p_value:.2g})"
        )


def test_random_action_refuses_a_finished_game() -> None:
    state = towpath.load("detour", 2).new_state(1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(towpath.GameError, match="over"):
        state.random_action(Rng(1))

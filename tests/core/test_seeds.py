"""Seeds: every bit of a seed counts (a server draws 128-bit seeds), and every seed below 2**64,
negative ones included, starts the generator exactly where it always has, so that seeded tests
and saved records play the same games."""

from __future__ import annotations

import pytest

import towpath
from towpath.core.rng import Rng

SEED = 12345
# Generator states as every version of towpath has started them: SplitMix64's mix of the low
# 64 bits of the seed.
KNOWN_STATES = [
    (0, 0x0),
    (42, 0xA759EA27D4727622),
    (2**63, 0x25C26EA579CEA98A),
    (2**64 - 1, 0xB4D055FCF2CBBD7B),
    (-1, 0xB4D055FCF2CBBD7B),
    (-(2**64) - 7, 0xDB9C3218F1ACF6F3),
]


@pytest.mark.parametrize(("seed", "state"), KNOWN_STATES)
def test_a_seed_below_2_to_the_64_starts_the_generator_where_it_always_has(
    seed: int, state: int
) -> None:
    assert Rng(seed).state == state


def test_seeds_differing_only_above_bit_64_draw_apart() -> None:
    seeds = [SEED, SEED | 1 << 64, SEED | 1 << 100, SEED | 1 << 127, SEED | 1 << 200]
    assert len({Rng(seed).next64() for seed in seeds}) == len(seeds)
    assert len({Rng(seed).state for seed in (0, 2**64, 2**128, 2**64 + 2**128)}) == 4


@pytest.mark.parametrize("game_id", ["arriala", "canal_king", "mapped_out", "mississippi"])
def test_seeds_differing_only_in_bit_100_deal_different_games(game_id: str) -> None:
    # The four games with chance at the setup: cards, tiles and routes dealt, the first roll.
    game = towpath.load(game_id, 2)
    one, other = game.new_state(SEED), game.new_state(SEED | 1 << 100)
    assert one.open_view() != other.open_view()
    assert one.view(0) != other.view(0)


def test_resample_seeds_differing_only_in_bit_100_draw_different_worlds() -> None:
    state = towpath.load("canal_king", 2).new_state(3)
    one, other = state.resample(0, SEED), state.resample(0, SEED | 1 << 100)
    assert one.view(0) == other.view(0) == state.view(0)
    assert one.open_view() != other.open_view()

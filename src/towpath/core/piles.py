"""Draw piles and outcomes: small pieces several games share.

A pile is a plain list whose last element is the top. Hidden orders are only ever made by
`Rng.shuffle`, so a resample can redraw them from a canonical (sorted) order and a new seed.
"""

from __future__ import annotations

from typing import TypeVar

from towpath.core.rng import Rng

T = TypeVar("T")


def draw(pile: list[T], discards: list[T], rng: Rng) -> T | None:
    """Take the top of `pile`; an empty pile first becomes the shuffled discards.

    None when both are empty.
    """
    if not pile and discards:
        pile.extend(discards)
        discards.clear()
        rng.shuffle(pile)
    return pile.pop() if pile else None


def shared_win(winners: list[int], players: int) -> list[float]:
    """Returns of 1 for a sole winner, split equally among tied winners, 0 for the rest."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(players)]

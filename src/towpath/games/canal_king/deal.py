"""Dealing hidden cards again (Resampling): uniformly among the deals that fit what is known.

A holder may be known not to hold some cards (a route card complete at the end of one of its
holder's building turns, when it did not launch). Shuffled deals are tried first: the first
that fits is uniform among those that fit. Where a few tries find none, the deal is drawn
holder by holder, each card weighted by the number of ways the later holders can still be
dealt (exact, and dearer).
"""

from __future__ import annotations

from towpath.core.rng import Rng

TRIES = 16  # shuffled deals tried before counting


def deal(pool: list[int], allowed: list[int], rng: Rng) -> list[int]:
    """A different card of `pool` (sorted) for each holder, holder i's among the bit mask
    `allowed[i]` of cards of the pool (bit c: card c), uniform over such deals; where no deal
    fits, uniform over all deals of the pool."""
    holders = len(allowed)
    pool = list(pool)
    for _ in range(TRIES):
        rng.shuffle(pool)
        if all(mask >> card & 1 for mask, card in zip(allowed, pool, strict=False)):
            return pool[:holders]
    dealt = counted_deal(allowed, rng)
    if dealt is None:
        rng.shuffle(pool)
        return pool[:holders]
    return dealt


def counted_deal(allowed: list[int], rng: Rng) -> list[int] | None:
    """A deal of different cards, holder i's among `allowed[i]`, uniform over such deals: each
    holder's card drawn with the weight of the deals that remain for the later holders. None
    where no deal fits."""
    ways: dict[int, int] = {}  # the deals of the later holders, by the cards dealt so far

    def count(used: int) -> int:
        holder = used.bit_count()
        if holder == len(allowed):
            return 1
        found = ways.get(used)
        if found is None:
            found = sum(count(used | card) for card in bits(allowed[holder] & ~used))
            ways[used] = found
        return found

    if not count(0):
        return None
    used, dealt = 0, []
    for holder in range(len(allowed)):
        pick = rng.below(count(used))
        for card in bits(allowed[holder] & ~used):
            pick -= count(used | card)
            if pick < 0:
                break
        used |= card
        dealt.append(card.bit_length() - 1)
    return dealt


def bits(mask: int) -> list[int]:
    """The set bits of `mask`, each as a mask of its own, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low)
        mask ^= low
    return found

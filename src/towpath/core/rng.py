"""A small seeded generator whose whole state is one integer, so it travels inside a game state.

SplitMix64 (Steele, Lea and Flood): cheap to copy, exact to serialise, good enough for games.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_SPAN = 1 << 64
_MASK = _SPAN - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _seeded(seed: int) -> int:
    """The state a seed starts: its low 64 bits mixed, as every seed below 2**64 (negative ones
    included, by their low 64 bits) has always started; then each further 64 bits of a larger
    seed mixed in, so that seeds differing anywhere start apart."""
    state = _mix(seed & _MASK)
    rest = seed >> 64 if seed > _MASK else 0
    while rest:
        state = _mix(((state + _GOLDEN) & _MASK) ^ (rest & _MASK))
        rest >>= 64
    return state


class Rng:
    """Deterministic random numbers from a seed; `state` is the single integer to save."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _seeded(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without bias (rejection on the top of the range)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included (a die is randint(1, 6))."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

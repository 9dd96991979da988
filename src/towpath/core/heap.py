"""The garbage collector's settings for processes that keep or play many games.

The engines and bots make no reference cycles, so the collector finds next to nothing, but at
Python's default thresholds (700, 10, 10) it still walked a server's open rooms often enough to
take a fifth of its CPU, and a greedy Canal King player's short-lived candidates a tenth of the
lab's.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLDS = (10_000, 10, 10)


def settle() -> None:
    """Collect rarely, and never look again at what the process holds now."""
    gc.set_threshold(*THRESHOLDS)
    gc.freeze()


@contextmanager
def settled() -> Iterator[None]:
    """`settle` for the block; the previous thresholds return after it."""
    before = gc.get_threshold()
    settle()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

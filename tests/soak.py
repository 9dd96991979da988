"""How many seeded random games a random-play test runs.

The suite runs a few hundred games per game, enough for every push. `TOWPATH_SOAK=k` runs k
times as many (`make soak` uses 10) for the thousands-of-games checks before a release.
"""

from __future__ import annotations

import os


def games(count: int) -> int:
    """`count`, multiplied by the TOWPATH_SOAK factor when one is set."""
    text = os.environ.get("TOWPATH_SOAK", "1")
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"TOWPATH_SOAK: expected a positive whole number, got {text!r}")
    return count * int(text)

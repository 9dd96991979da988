"""Map cells: (x, y) on a square grid with no bounds, stored in states as "x,y" keys."""

from __future__ import annotations

from functools import cache
from operator import itemgetter

from towpath.core.grid import DIRECTIONS

Cell = tuple[int, int]


def key(x: int, y: int) -> str:
    return f"{x},{y}"


@cache
def cell_of(text: str) -> Cell:
    x, y = text.split(",")
    return (int(x), int(y))


@cache
def around(text: str) -> tuple[tuple[str, Cell], ...]:
    """The four edge neighbours of a cell key: (key, cell), in the order up, right, down, left."""
    x, y = cell_of(text)
    return tuple((key(x + dx, y + dy), (x + dx, y + dy)) for dx, dy in DIRECTIONS.values())


# Sort key of cells: top row first, left to right.
reading_order = itemgetter(1, 0)

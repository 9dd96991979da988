"""Hex geometry in offset coordinates (col, row), shared by the hex games.

Both layouts number their six directions clockwise, so the opposite of d is (d + 3) % 6.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]
Offsets = tuple[Cell, Cell, Cell, Cell, Cell, Cell]


@dataclass(frozen=True)
class OffsetLayout:
    """A hex layout: direction names and neighbour offsets for even and odd lines.

    `by_row` says whether odd *rows* (pointy-top) or odd *columns* (flat-top) are shifted.
    """

    name: str
    directions: tuple[str, ...]
    even: Offsets
    odd: Offsets
    by_row: bool

    def neighbour(self, cell: Cell, direction: int) -> Cell:
        col, row = cell
        odd = (row if self.by_row else col) & 1
        dc, dr = (self.odd if odd else self.even)[direction]
        return (col + dc, row + dr)

    def neighbours(self, cell: Cell) -> list[tuple[int, Cell]]:
        """(direction, neighbouring cell) for all six directions, in direction order."""
        return [(d, self.neighbour(cell, d)) for d in range(6)]

    def direction(self, start: Cell, end: Cell) -> int | None:
        """The direction from `start` to the adjacent `end`, or None if they do not touch."""
        for d in range(6):
            if self.neighbour(start, d) == end:
                return d
        return None

    def to_cube(self, cell: Cell) -> tuple[int, int, int]:
        col, row = cell
        if self.by_row:
            q = col - (row - (row & 1)) // 2
            r = row
        else:
            q = col
            r = row - (col - (col & 1)) // 2
        return (q, r, -q - r)

    def distance(self, a: Cell, b: Cell) -> int:
        (aq, ar, as_), (bq, br, bs) = self.to_cube(a), self.to_cube(b)
        return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def opposite(direction: int) -> int:
    return (direction + 3) % 6


# Pointy-top hexes, odd rows shifted right; directions clockwise from east.
ODD_R = OffsetLayout(
    name="odd-r",
    directions=("E", "SE", "SW", "W", "NW", "NE"),
    even=((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)),
    odd=((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1)),
    by_row=True,
)

# Flat-top hexes, odd columns shifted down; directions clockwise from north.
ODD_Q = OffsetLayout(
    name="odd-q",
    directions=("N", "NE", "SE", "S", "SW", "NW"),
    even=((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)),
    odd=((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)),
    by_row=False,
)

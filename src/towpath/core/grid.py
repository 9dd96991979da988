"""Square-grid geometry (x, y) with no bounds; up is north on screen, so y grows downward."""

from __future__ import annotations

Cell = tuple[int, int]

DIRECTIONS: dict[str, Cell] = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
OPPOSITE: dict[str, str] = {"up": "down", "down": "up", "left": "right", "right": "left"}


def step(cell: Cell, direction: str, distance: int = 1) -> Cell:
    dx, dy = DIRECTIONS[direction]
    return (cell[0] + dx * distance, cell[1] + dy * distance)


def neighbours(cell: Cell) -> list[Cell]:
    """The four edge neighbours, in the order up, right, down, left."""
    return [step(cell, direction) for direction in DIRECTIONS]


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def bounds(cells: list[Cell]) -> tuple[int, int, int, int]:
    """(min x, min y, max x, max y) of a non-empty collection of cells."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return (min(xs), min(ys), max(xs), max(ys))

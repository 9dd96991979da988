"""Mississippi's components, loaded from data/*.toml: the river and the rule numbers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from towpath.core.datafile import builtin_toml, user_toml
from towpath.core.errors import GameError
from towpath.core.hexgrid import ODD_R, Cell

PACKAGE = __package__ or "towpath.games.mississippi"


@dataclass(frozen=True)
class Rules:
    side_numbers: tuple[int, ...]
    die_sides: int
    logs_per_player: dict[int, int]
    free_rotation_steps: int
    backward_limit: int
    max_turns: int


@dataclass(frozen=True)
class River:
    """The track: space k (1..length) is `cells[k - 1]`; 0 is the start area, length + 1 the finish.

    `touching[k]` lists (direction from space k, neighbouring space) for river spaces only.
    """

    cells: tuple[Cell, ...]
    touching: tuple[tuple[tuple[int, int], ...], ...]
    downstream: int

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def finish(self) -> int:
        return len(self.cells) + 1


def load_rules() -> Rules:
    data = builtin_toml(PACKAGE, "components.toml")
    return Rules(
        side_numbers=tuple(data["boats"]["side_numbers"]),
        die_sides=data["boats"]["die_sides"],
        logs_per_player={int(k): v for k, v in data["logs"]["per_player"].items()},
        free_rotation_steps=data["rules"]["free_rotation_steps"],
        backward_limit=data["rules"]["backward_limit"],
        max_turns=data["rules"]["max_turns"],
    )


def load_river(path: str | None) -> River:
    """The built-in river, or the one in the TOML file at `path` (option `river`)."""
    if path is None:
        return builtin_river()
    return build_river(user_toml(path, "river").get("cells"), path)


@cache
def builtin_river() -> River:
    return build_river(builtin_toml(PACKAGE, "river.toml").get("cells"), "built-in")


def build_river(raw: Any, source: str) -> River:
    cells = _read_cells(raw, source)
    index = {cell: space for space, cell in enumerate(cells, start=1)}
    for space in range(1, len(cells)):
        if ODD_R.direction(cells[space - 1], cells[space]) is None:
            raise GameError(
                f"river {source}: spaces {space} {list(cells[space - 1])} and {space + 1} "
                f"{list(cells[space])} must be neighbouring hexes"
            )
    touching: list[tuple[tuple[int, int], ...]] = [()]
    for cell in cells:
        touching.append(tuple((d, index[n]) for d, n in ODD_R.neighbours(cell) if n in index))
    downstream = ODD_R.direction(cells[0], cells[1])
    assert downstream is not None
    return River(cells=cells, touching=tuple(touching), downstream=downstream)


def _read_cells(raw: Any, source: str) -> tuple[Cell, ...]:
    expected = f"river {source}: expected cells = [[col, row], ...] with at least 2 distinct cells"
    if not isinstance(raw, list) or len(raw) < 2:
        raise GameError(expected)
    cells: list[Cell] = []
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise GameError(f"{expected}; got {item!r}")
        cells.append((item[0], item[1]))
    if len(set(cells)) != len(cells):
        raise GameError(f"{expected}; a cell appears twice")
    return tuple(cells)


def side_showing(sides: tuple[int, ...], number: int) -> int:
    """The side (0-5, clockwise from side 1) that carries `number`.

    Decision (custom `side_numbers`): where several sides carry the number, the first of them
    clockwise from side 1; a boat that carries no such number turns its `number`-th side.
    """
    return sides.index(number) if number in sides else (number - 1) % 6


def facing_number(sides: tuple[int, ...], facing: int, direction: int) -> int:
    """The number a boat shows in board direction `direction` when turned by `facing` steps."""
    return sides[(direction - facing) % 6]


def facing_numbers(sides: tuple[int, ...], facing: int) -> list[int]:
    """The numbers facing E, SE, SW, W, NW, NE."""
    return [facing_number(sides, facing, d) for d in range(6)]

"""Mississippi seen from a seat: the river as text, drawn from a view alone."""

from __future__ import annotations

from towpath.core.game import JSON
from towpath.core.hexgrid import ODD_R

CELL_WIDTH = 4


def render_text(view: dict[str, JSON]) -> str:
    boats: list[dict[str, JSON]] = view["boats"]
    length: int = view["river_length"]
    headline = f"Turn {view['turn']} of {view['max_turns']} · supply {view['supply']} logs"
    return "\n".join(
        [headline, _status(view), "", *_river_lines(view), "", *_boat_table(boats, length, view)]
    )


def _status(view: dict[str, JSON]) -> str:
    if view["winner"] is not None:
        return f"Boat {view['winner']} crossed the finish and wins."
    if view["current_player"] is None:
        return "The turn limit ended the game with no winner."
    return f"Boat {view['current_player']} to move."


def _river_lines(view: dict[str, JSON]) -> list[str]:
    """Each hex is a 4-character cell: its space number, or [n] where boat n floats.

    Odd rows are shifted right by half a cell, as in odd-r hex coordinates.
    """
    cells = [tuple(cell) for cell in view["river"]]
    space_at = {cell: space for space, cell in enumerate(cells, start=1)}
    boat_at = {boat["space"]: seat for seat, boat in enumerate(view["boats"])}
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    lines = []
    for row in range(min(rows), max(rows) + 1):
        line = " " * (CELL_WIDTH // 2) if row & 1 else ""
        for col in range(min(cols), max(cols) + 1):
            space = space_at.get((col, row))
            if space is None:
                line += " " * CELL_WIDTH
            elif space in boat_at:
                line += f"[{boat_at[space]}]".rjust(CELL_WIDTH)
            else:
                line += f"{space}".rjust(CELL_WIDTH)
        lines.append(line.rstrip())
    return lines


def _boat_table(boats: list[dict[str, JSON]], length: int, view: dict[str, JSON]) -> list[str]:
    directions = "".join(name.rjust(3) for name in ODD_R.directions)
    lines = [f"boat  space   logs  sides:{directions}"]
    for seat, boat in enumerate(boats):
        space = boat["space"]
        where = "start" if space == 0 else "finish" if space == length + 1 else str(space)
        sides = boat["sides"]
        numbers = "".join(f"{n:>3}" for n in sides) if sides is not None else "   (not yet rolled)"
        marker = "  ◀ to move" if view["current_player"] == seat else ""
        lines.append(f"[{seat}]   {where:<6} {boat['logs']:>4}        {numbers}{marker}")
    return lines

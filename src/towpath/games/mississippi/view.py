"""Mississippi seen from a seat: the river as text, drawn from a view alone."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from towpath.core import svg
from towpath.core.game import JSON
from towpath.core.hexgrid import ODD_R

CELL_WIDTH = 4


def render_text(view: dict[str, JSON]) -> str:
    boats: list[dict[str, JSON]] = view["boats"]
    length: int = view["river_length"]
    headline = f"Turn {view['turn']} of {view['max_turns']} · supply {view['supply']} logs"
    legend = f"Downstream from space 1 to {length}, then the finish; [n] is boat n."
    return "\n".join(
        [
            headline,
            _status(view),
            "",
            *_river_lines(view),
            legend,
            "",
            *_boat_table(boats, length, view),
        ]
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
    """One row a boat; `sides` are the numbers it shows toward E, SE, SW, W, NW, NE."""
    directions = "".join(name.rjust(3) for name in ODD_R.directions)
    lines = [f"{'boat':<6}{'space':<8}{'logs':>4}  sides:{directions}"]
    for seat, boat in enumerate(boats):
        space = boat["space"]
        where = "start" if space == 0 else "finish" if space == length + 1 else str(space)
        sides = boat["sides"]
        numbers = "".join(f"{n:>3}" for n in sides) if sides is not None else "  not rolled yet"
        marker = "  ◀ to move" if view["current_player"] == seat else ""
        lines.append(f"{f'[{seat}]':<6}{where:<8}{boat['logs']:>4}        {numbers}{marker}")
    return lines


# -- SVG --------------------------------------------------------------------------------------

HEX = 22.0  # hex radius in SVG units
ROTATIONS = ("r-2", "r-1", "r+1", "r+2", "r+3")


def render_svg(view: dict[str, JSON]) -> str:
    """The river as pointy-top hexes, the boats with their side numbers, and clickable moves:
    each space reachable by the boat to move carries its `fN`/`bN`, the turn chips `r±k`."""
    river = _river(tuple((col, row) for col, row in view["river"]), len(view["boats"]))
    parts = [river.drawing]
    parts.append(svg.text(12, 20, _status(view), {"text-anchor": "start", "font-size": 15}))
    for seat, boat in enumerate(view["boats"]):
        parts.append(_boat(view, seat, boat, river.places))
    parts.append(_boat_rows(view, river.below, river.width))
    for space, move in _move_picks(view).items():
        parts.append(svg.group(svg.pick(move, f"{move}: to space {space}"), river.targets[space]))
    return svg.document(river.width, river.height, "Mississippi", *parts)


@dataclass(frozen=True)
class RiverDrawing:
    """What does not change during a game: where each space is drawn, and the water itself."""

    places: list[tuple[float, float]]  # space 0 (the start area) to the finish
    width: float
    height: float
    below: float  # where the boat table starts
    drawing: str
    targets: list[str]  # per space, a see-through outline to click for a move there


@lru_cache(maxsize=16)
def _river(cells: tuple[tuple[int, int], ...], boats: int) -> RiverDrawing:
    centres = [_centre(cell) for cell in cells]
    start, finish = _beyond(centres[1], centres[0]), _beyond(centres[-2], centres[-1])
    xs = [x for x, _ in [*centres, start, finish]]
    ys = [y for _, y in [*centres, start, finish]]
    dx, dy = HEX * 2.5 - min(xs), 60 - min(ys)
    places = [(x + dx, y + dy) for x, y in [start, *centres, finish]]
    width = max(xs) + dx + HEX * 2.5
    below = max(ys) + dy + HEX * 2
    height = below + 34 * (boats + 1)
    parts = [svg.tag("rect", {"width": width, "height": height, "fill": svg.LAND})]
    parts += [
        _space(space, x, y, space in (0, len(places) - 1)) for space, (x, y) in enumerate(places)
    ]
    ends = (0, len(places) - 1)
    targets = [_target(space, x, y, space in ends) for space, (x, y) in enumerate(places)]
    return RiverDrawing(places, width, height, below, "".join(parts), targets)


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    col, row = cell
    width = HEX * math.sqrt(3)
    return (col * width + (row & 1) * width / 2, row * HEX * 1.5)


def _beyond(before: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """A place one step past `end`, away from `before` (the start area, the finish)."""
    return (2 * end[0] - before[0], 2 * end[1] - before[1])


def _move_picks(view: dict[str, JSON]) -> dict[int, str]:
    """Per space, the move (`fN` or `bN`) that brings the boat to move there."""
    seat = view["current_player"]
    if seat is None:
        return {}
    finish = view["river_length"] + 1
    taken = {boat["space"] for boat in view["boats"] if 0 < boat["space"] < finish}
    here = view["boats"][seat]["space"]
    picks: dict[int, str] = {}
    count = 0
    for space in range(here + 1, finish + 1):
        if space == finish or space not in taken:
            count += 1
            picks[space] = f"f{count}"
    count = 0
    for space in range(here - 1, -1, -1):
        if here > 0 and (space == 0 or space not in taken):
            count += 1
            picks[space] = f"b{count}"
    return picks


def _space(space: int, x: float, y: float, end: bool) -> str:
    if end:
        label = "start" if space == 0 else "finish"
        return svg.group(
            {"data-space": space},
            _box(x, y, "#cfe3c8", svg.INK),
            svg.text(x, y - HEX - 8, label, {"font-size": 11}),
        )
    hexagon = svg.tag(
        "polygon",
        {"points": svg.hexagon(x, y, HEX - 1), "fill": svg.WATER, "stroke": "#5a8fb5"},
    )
    return svg.group(
        {"data-space": space}, hexagon, svg.text(x, y, space, {"font-size": 10, "fill": "#35607f"})
    )


def _box(x: float, y: float, fill: str, stroke: str) -> str:
    return svg.tag(
        "rect",
        {
            "x": x - HEX * 1.1,
            "y": y - HEX,
            "width": HEX * 2.2,
            "height": HEX * 2,
            "rx": 8,
            "fill": fill,
            "stroke": stroke,
        },
    )


def _target(space: int, x: float, y: float, end: bool) -> str:
    if end:
        return _box(x, y, "transparent", "none")
    return svg.tag(
        "polygon",
        {
            "points": svg.hexagon(x, y, HEX - 1),
            "fill": "transparent",
            "stroke": "none",
            "data-target": space,
        },
    )


def _boat(
    view: dict[str, JSON], seat: int, boat: dict[str, JSON], places: list[tuple[float, float]]
) -> str:
    x, y = places[boat["space"]]
    if boat["space"] in (0, len(places) - 1):  # boats share the start area and the finish
        sharing = [s for s, b in enumerate(view["boats"]) if b["space"] == boat["space"]]
        index = sharing.index(seat)
        x += (index % 3 - 1) * HEX * 0.8
        y += (index // 3 - 0.5) * HEX * 0.8
        return svg.group(
            {"data-boat": seat},
            svg.tag(
                "circle",
                {
                    "cx": x,
                    "cy": y,
                    "r": HEX * 0.38,
                    "fill": svg.seat_colour(seat),
                    "stroke": svg.INK,
                },
            ),
            svg.text(x, y, seat, {"fill": "white", "font-size": 10}),
        )
    parts = [
        svg.tag(
            "polygon",
            {
                "points": svg.hexagon(x, y, HEX * 0.92),
                "fill": svg.seat_colour(seat),
                "stroke": svg.INK,
                "stroke-width": 2 if view["current_player"] == seat else 1,
            },
        ),
        svg.text(x, y, seat, {"fill": "white", "font-size": 13, "font-weight": "bold"}),
    ]
    for direction, number in enumerate(boat["sides"] or []):
        angle = math.radians(60 * direction)
        parts.append(
            svg.text(
                x + HEX * 0.62 * math.cos(angle),
                y + HEX * 0.62 * math.sin(angle),
                number,
                {"fill": "white", "font-size": 8},
            )
        )
    return svg.group({"data-boat": seat}, *parts)


def _boat_rows(view: dict[str, JSON], top: float, width: float) -> str:
    rows = [
        svg.text(
            12,
            top + 12,
            "boat · space · logs · turn first, then click a space",
            {"text-anchor": "start", "font-size": 11, "fill": "#555"},
        )
    ]
    finish = view["river_length"] + 1
    for seat, boat in enumerate(view["boats"]):
        y = top + 34 * (seat + 1)
        where = {0: "start", finish: "finish"}.get(boat["space"], f"space {boat['space']}")
        rows.append(svg.tag("circle", {"cx": 22, "cy": y, "r": 9, "fill": svg.seat_colour(seat)}))
        rows.append(
            svg.text(
                40, y, f"boat {seat} · {where} · {boat['logs']} logs", {"text-anchor": "start"}
            )
        )
    if view["current_player"] is not None:
        y = top + 34
        for index, rotation in enumerate(ROTATIONS):
            x = width - 60 * (len(ROTATIONS) - index) - 80
            rows.append(svg.chip(x, y - 13, rotation, rotation))
        rows.append(svg.chip(width - 70, y - 13, "pass"))
    return svg.group({"class": "boats"}, *rows)

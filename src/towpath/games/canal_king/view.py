"""Canal King seen from a seat: the hex board as text, drawn from a view alone.

Each flat-top hex is drawn 8 characters wide and 5 lines tall (neighbours share their outlines;
odd columns sit half a hex lower). A canal edge is drawn with ≈ on the outline. Inside: the cell
as col,row; the tile's lines as pairs of edge numbers (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW); then a
flag's first letter, *n for seat n's special tile and @n for seat n's ship. Port names stand
outside the border next to their docks; free dock cells read "dock". Ships in port are listed
under their seats; the legend gives the lines of the kinds of tile in the building hands. The
default board's lines fit an 80-column terminal inside a panel's border (76 wide).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from towpath.core import svg
from towpath.core.game import JSON
from towpath.games.canal_king.components import EDGE_NAMES

TOP = 1  # the top line holds the names of the northern ports
LEGEND_WIDTH = 76  # an 80-column terminal, less a panel's border
CANAL = "≈"
# Per edge: its outline characters, the places marked when it is canal, where a port's name goes.
OUTLINE = (
    (((0, 2), "_"), ((0, 3), "_"), ((0, 4), "_"), ((0, 5), "_")),
    (((1, 6), "\\"), ((2, 7), "\\")),
    (((3, 7), "/"), ((4, 6), "/")),
    (((4, 2), "_"), ((4, 3), "_"), ((4, 4), "_"), ((4, 5), "_")),
    (((3, 0), "\\"), ((4, 1), "\\")),
    (((1, 1), "/"), ((2, 0), "/")),
)
CANAL_AT = (
    ((0, 3), (0, 4)),
    ((1, 6), (2, 7)),
    ((3, 7), (4, 6)),
    ((4, 3), (4, 4)),
    ((3, 0), (4, 1)),
    ((1, 1), (2, 0)),
)


def render_text(view: dict[str, JSON]) -> str:
    headline = (
        f"Turn {view['turn']} of {view['max_turns']} · pile {view['pile']} tiles · "
        f"discards {view['discards']}"
    )
    return "\n".join(
        [headline, _status(view), *_board_lines(view), *_legend(view), *_seat_lines(view)]
    )


def _status(view: dict[str, JSON]) -> str:
    if view["winner"] is not None:
        return f"Seat {view['winner']} reached the final port and wins."
    if view["current_player"] is None:
        return "The turn limit ended the game with no winner."
    return f"Seat {view['current_player']} to move."


def _origin(col: int, row: int, margin: int) -> tuple[int, int]:
    return TOP + 4 * row + 2 * (col & 1), margin + 6 * col


class Canvas:
    def __init__(self, lines: tuple[str, ...]) -> None:
        self.rows = [list(line) for line in lines]

    def put(self, y: int, x: int, text: str) -> None:
        if 0 <= y < len(self.rows) and x >= 0:
            row = self.rows[y]
            row[x : x + len(text)] = text[: max(0, len(row) - x)]

    def lines(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.rows]


Ports = tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...]


def _board_lines(view: dict[str, JSON]) -> list[str]:
    board: dict[str, Any] = view["board"]
    ports: Ports = tuple(
        (name, tuple((c, r, e) for c, r, e in docks)) for name, docks in board["ports"].items()
    )
    margin = max(len(name) for name, _ in ports) + 1
    canvas = Canvas(_empty_board(board["cols"], board["rows"], ports))
    tiles = {(tile["cell"][0], tile["cell"][1]): tile for tile in view["tiles"]}
    ships = _ships_on_tiles(view)
    for (col, row), tile in tiles.items():
        _draw_tile(canvas, _origin(col, row, margin), tile, ships.get((col, row), ""))
    docks = {(col, row) for _, places in ports for col, row, _ in places}
    for col, row in docks - set(tiles):
        y, x = _origin(col, row, margin)
        canvas.put(y + 3, x + 1, " dock ")
    return canvas.lines()


@lru_cache(maxsize=16)
def _empty_board(cols: int, rows: int, ports: Ports) -> tuple[str, ...]:
    """The outlines, cell names and port names of a board, drawn once."""
    margin = max(len(name) for name, _ in ports) + 1
    width = 2 * margin + 6 * cols + 2
    canvas = Canvas(tuple(" " * width for _ in range(TOP + 4 * rows + 4)))
    for col in range(cols):
        for row in range(rows):
            y, x = _origin(col, row, margin)
            for marks in OUTLINE:
                for (dy, dx), char in marks:
                    canvas.put(y + dy, x + dx, char)
            canvas.put(y + 1, x + 2, f"{col},{row}"[:4])
    for name, places in ports:
        for col, row, edge in places:
            canvas.put(*_port_label(col, row, edge, cols, rows, margin), name)
    return tuple("".join(row) for row in canvas.rows)


def _port_label(
    col: int, row: int, edge: int, cols: int, rows: int, margin: int
) -> tuple[int, int]:
    """Where a port's name stands: above, below, left or right of the grid, by its dock."""
    y, x = _origin(col, row, margin)
    if edge == 0:
        return 0, x + 3
    if edge == 3:
        return TOP + 4 * rows + 3, x + 3
    line = y + (1 if edge in (1, 5) else 3)
    return line, (margin + 6 * cols + 3 if edge in (1, 2) else 0)


def _draw_tile(canvas: Canvas, origin: tuple[int, int], tile: dict[str, Any], ships: str) -> None:
    y, x = origin
    lines = tuple((a, b) for a, b in tile["lines"])
    marks, middle, lower = _tile_art(lines, tile["flag"], tile["special_owner"], ships)
    rows = canvas.rows
    for dy, dx in marks:
        rows[y + dy][x + dx] = CANAL
    rows[y + 2][x + 1 : x + 7] = middle
    rows[y + 3][x + 1 : x + 7] = lower


@lru_cache(maxsize=4096)
def _tile_art(
    lines: tuple[tuple[int, int], ...], flag: str | None, owner: int | None, ships: str
) -> tuple[tuple[tuple[int, int], ...], str, str]:
    """A tile's canal marks on the outline and its two inside lines of text (6 wide)."""
    marks = tuple(place for line in lines for edge in line for place in CANAL_AT[edge])
    pairs = [f"{a}{b}" for a, b in lines]
    notes = pairs[2:]
    if flag:
        notes.append(flag[0].upper())
    if owner is not None:
        notes.append(f"*{owner}")
    if ships:
        notes.append(f"@{ships}")
    return marks, " ".join(pairs[:2]).center(6)[:6], " ".join(notes).center(6)[:6]


def _ships_on_tiles(view: dict[str, JSON]) -> dict[tuple[int, int], str]:
    found: dict[tuple[int, int], str] = {}
    for seat, ship in enumerate(view["ships"]):
        if ship is not None and isinstance(ship["at"], list):
            cell = (ship["at"][0], ship["at"][1])
            found[cell] = found.get(cell, "") + str(seat)
    return found


def _legend(view: dict[str, JSON]) -> list[str]:
    flags = " ".join(f"{colour[0].upper()} {colour}" for colour in view["flag_colours"])
    return [
        "Edges 0 N 1 NE 2 SE 3 S 4 SW 5 NW · ≈ canal edge · 03 a line from N to S",
        f"Flags {flags}",
        "*n special tile of seat n · @n ship of seat n",
        *_kinds_in_hands(view),
    ]


def _kinds_in_hands(view: dict[str, JSON]) -> list[str]:
    """The lines of each kind of tile in the building hands, as turned r0 (rK turns a tile
    K × 60° clockwise), wrapped to the legend's width."""
    kinds: dict[str, str] = {}
    for seat, hand in enumerate(view["hands"]):
        if view["ships"][seat] is None:
            for tile in hand:
                kind = tile["tile"].split(":")[0]
                kinds.setdefault(kind, " ".join(f"{a}{b}" for a, b in tile["lines"]))
    lines = ["Tiles at r0 (rK turns K×60° clockwise):"]
    for kind, pairs in sorted(kinds.items(), key=lambda item: (len(item[0]), item[0])):
        entry = f" {kind} {pairs} ·"
        if len(lines[-1]) + len(entry) > LEGEND_WIDTH:
            lines.append(" ")
        lines[-1] += entry
    return [line.rstrip(" ·") for line in lines] if kinds else []


def _seat_lines(view: dict[str, JSON]) -> list[str]:
    lines = []
    for seat in range(view["players"]):
        colour = view["colours"][seat] or "?"
        route = view["routes"][seat]
        card = "-".join(route) if route else "?"
        special = "played" if view["special_played"][seat] else "in hand"
        marker = "  ◀ to move" if view["current_player"] == seat else ""
        lines.append(f"[{seat}] colour {colour} · route {card} · special {special}{marker}")
        ship = view["ships"][seat]
        if ship is None:
            hand = " ".join(tile["tile"] for tile in view["hands"][seat])
            lines.append(f"    hand: {hand}")
        else:
            lines.append("    " + _ship_line(ship))
            if ship["skip_turn"]:
                lines.append("    loses its next turn (stopped on a special tile)")
    return lines


def _ship_line(ship: dict[str, Any]) -> str:
    at = ship["at"]
    where = f"in port {at}" if isinstance(at, str) else f"on {at[0]},{at[1]}"
    if ship["heading"] is not None:
        entry, exit_ = ship["heading"]
        where += f" in by {EDGE_NAMES[entry]}"
        where += f" out by {EDGE_NAMES[exit_]}" if exit_ is not None else ""
    calls = " ".join(ship["calls_done"]) or "none"
    return f"ship {where} · last port {ship['last_port']} · calls done {calls}"


# -- SVG --------------------------------------------------------------------------------------

HEX = 26.0  # radius of a board hex
EDGE_ANGLES = (-90, -30, 30, 90, 150, 210)  # edge midpoints of a flat-top hex: N NE SE S SW NW
WORDS = ("special", "swap", "return", "pass", "launch", "skip")


def render_svg(view: dict[str, JSON]) -> str:
    """The hex board with its canal lines, ports, flags and ships, then each seat's colour,
    route and hand.

    Clickable: a cell (`3,4`), a port (`sail A`), a tile of the hand to play (its name, as in
    `place ST:red 3,4 r2`), the rotation chips `r0`-`r5`, the entry chips `from N`... and the
    words `special`, `swap`, `return`, `pass`, `launch`, `skip`.
    """
    board: dict[str, Any] = view["board"]
    cols, rows = board["cols"], board["rows"]
    left, top = HEX * 2.6, 60 + HEX * 2
    board_width = left * 2 + (cols - 1) * HEX * 1.5
    board_height = top + (rows + 0.5) * HEX * math.sqrt(3) + HEX * 1.5
    width = max(board_width, 820.0)

    def centre(col: int, row: int) -> tuple[float, float]:
        return (left + col * HEX * 1.5, top + (row + 0.5 * (col & 1)) * HEX * math.sqrt(3))

    tiles = {tuple(tile["cell"]): tile for tile in view["tiles"]}
    parts = [svg.text(12, 22, _svg_status(view), {"text-anchor": "start", "font-size": 15})]
    for col in range(cols):
        for row in range(rows):
            x, y = centre(col, row)
            parts.append(_cell_svg(view, (col, row), tiles.get((col, row)), x, y))
    parts += _ports_svg(board, centre)
    parts += _ships_svg(view, board, centre)
    y = board_height
    for seat in range(view["players"]):
        parts.append(_seat_svg(view, seat, y))
        y += 96
    parts += _chips_svg(y, width)
    height = y + 80
    background = svg.tag("rect", {"width": width, "height": height, "fill": "#e8e1c8"})
    return svg.document(width, height, "Canal King", background, *parts)


def _svg_status(view: dict[str, JSON]) -> str:
    return f"Turn {view['turn']} of {view['max_turns']} · pile {view['pile']} · " + _status(view)


def _edge_point(
    x: float, y: float, radius: float, edge: int, reach: float = 1.0
) -> tuple[float, float]:
    angle = math.radians(EDGE_ANGLES[edge])
    distance = radius * math.sqrt(3) / 2 * reach
    return (x + distance * math.cos(angle), y + distance * math.sin(angle))


def _lines_svg(lines: list[list[int]], x: float, y: float, radius: float) -> list[str]:
    """Each canal line from one edge's midpoint to another's, bending through the centre."""
    drawn = []
    for a, b in lines:
        (ax, ay), (bx, by) = _edge_point(x, y, radius, a), _edge_point(x, y, radius, b)
        path = f"M{ax:.1f},{ay:.1f} Q{x:.1f},{y:.1f} {bx:.1f},{by:.1f}"
        drawn.append(
            svg.tag(
                "path",
                {
                    "d": path,
                    "fill": "none",
                    "stroke": "#2f6db3",
                    "stroke-width": radius * 0.28,
                    "stroke-linecap": "round",
                },
            )
        )
    return drawn


def _cell_svg(
    view: dict[str, JSON], cell: tuple[int, int], tile: dict[str, Any] | None, x: float, y: float
) -> str:
    col, row = cell
    shape = svg.tag(
        "polygon",
        {
            "points": svg.hexagon(x, y, HEX - 0.5, pointy=False),
            "fill": "#d7e8c4" if tile else "#f4efdc",
            "stroke": "#9a8f6a",
        },
    )
    parts = [shape]
    if tile is not None:
        parts += _lines_svg(tile["lines"], x, y, HEX)
        if tile["flag"]:
            parts.append(
                svg.tag(
                    "circle",
                    {"cx": x, "cy": y, "r": 5, "fill": svg.colour(tile["flag"]), "stroke": svg.INK},
                )
            )
        if tile["special_owner"] is not None:
            parts.append(
                svg.text(
                    x + HEX * 0.45,
                    y - HEX * 0.45,
                    f"*{tile['special_owner']}",
                    {"font-size": 9, "font-weight": "bold"},
                )
            )
    else:
        parts.append(svg.text(x, y, f"{col},{row}", {"font-size": 8, "fill": "#9a8f6a"}))
    return svg.group(
        {**svg.pick(f"{col},{row}", f"cell {col},{row}"), "data-cell": f"{col},{row}"}, *parts
    )


def _ports_svg(board: dict[str, Any], centre: Any) -> list[str]:
    parts = []
    for name in board["ports"]:
        x, y = _port_point(board, name, centre)
        parts.append(
            svg.group(
                {**svg.pick(f"sail {name}", f"port {name}"), "data-port": name},
                svg.tag(
                    "circle", {"cx": x, "cy": y, "r": 12, "fill": "#f6d27a", "stroke": svg.INK}
                ),
                svg.text(x, y, name, {"font-weight": "bold"}),
            )
        )
    return parts


def _port_point(board: dict[str, Any], name: str, centre: Any) -> tuple[float, float]:
    """Beyond the middle of the port's docks, outside the board."""
    points = []
    for col, row, edge in board["ports"][name]:
        x, y = centre(col, row)
        points.append(_edge_point(x, y, HEX, edge, 1.9))
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _ships_svg(view: dict[str, JSON], board: dict[str, Any], centre: Any) -> list[str]:
    parts = []
    for seat, ship in enumerate(view["ships"]):
        if ship is None:
            continue
        at = ship["at"]
        x, y = _port_point(board, at, centre) if isinstance(at, str) else centre(*at)
        x += 9 * (seat % 3) - 9
        y += 14 + 8 * (seat // 3) if isinstance(at, str) else 8 * (seat // 3)
        parts.append(
            svg.group(
                {"data-ship": seat},
                svg.tag(
                    "ellipse",
                    {
                        "cx": x,
                        "cy": y,
                        "rx": 8,
                        "ry": 5,
                        "fill": svg.seat_colour(seat),
                        "stroke": svg.INK,
                    },
                ),
                svg.title(
                    f"seat {seat}'s ship" + (" (loses its next turn)" if ship["skip_turn"] else "")
                ),
            )
        )
    return parts


def _seat_svg(view: dict[str, JSON], seat: int, y: float) -> str:
    colour = view["colours"][seat]
    route = view["routes"][seat]
    ship = view["ships"][seat]
    said = [
        f"Seat {seat}",
        f"colour {colour or '?'}",
        "route " + ("-".join(route) if route else "?"),
    ]
    if ship is not None:
        said.append("calls " + (", ".join(ship["calls_done"]) or "none yet"))
    if view["special_played"][seat]:
        said.append("special played")
    mark = " ◀" if view["current_player"] == seat else ""
    parts = [
        svg.tag(
            "rect",
            {"x": 12, "y": y, "width": 14, "height": 14, "rx": 3, "fill": svg.seat_colour(seat)},
        ),
        svg.text(
            32, y + 7, " · ".join(said) + mark, {"text-anchor": "start", "font-weight": "bold"}
        ),
    ]
    tiles = []
    for k, tile in enumerate(view["hands"][seat]):
        x, ty = 40 + 86 * k, y + 50
        body = [
            svg.tag(
                "polygon",
                {
                    "points": svg.hexagon(x, ty, 22, pointy=False),
                    "fill": "#f4efdc",
                    "stroke": "#9a8f6a",
                },
            ),
            *_lines_svg(tile["lines"], x, ty, 22),
            svg.text(x + 30, ty + 18, tile["tile"], {"font-size": 9, "text-anchor": "start"}),
        ]
        if tile["flag"]:
            body.append(
                svg.tag(
                    "circle",
                    {
                        "cx": x,
                        "cy": ty,
                        "r": 4,
                        "fill": svg.colour(tile["flag"]),
                        "stroke": svg.INK,
                    },
                )
            )
        attrs = (
            svg.pick(tile["tile"], f"tile {tile['tile']}") if view["current_player"] == seat else {}
        )
        tiles.append(svg.group({**attrs, "data-tile": tile["tile"]}, *body))
    parts.append(svg.group({"class": "hand", "data-hand": seat}, *tiles))
    return svg.group({"class": "seat", "data-seat": seat}, *parts)


def _chips_svg(y: float, width: float) -> list[str]:
    """Rotations and entry edges on one row, the one-word actions on the next."""
    rows = ([f"r{k}" for k in range(6)] + [f"from {name}" for name in EDGE_NAMES], list(WORDS))
    parts = []
    for line, chips in enumerate(rows):
        x = 12.0
        for chip in chips:
            if x + svg.chip_width(chip) > width:
                break
            parts.append(svg.chip(x, y + 32 * line, chip))
            x += svg.chip_width(chip) + 6
    return parts

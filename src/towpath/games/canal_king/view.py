"""Canal King seen from a seat: the hex board as text, drawn from a view alone.

Each flat-top hex is drawn 8 characters wide and 5 lines tall (neighbours share their outlines;
odd columns sit half a hex lower). A canal edge is drawn with ≈ on the outline. Inside: the cell
as col,row; the tile's lines as pairs of edge numbers (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW); then a
flag's first letter, *n for seat n's special tile and @n for seat n's ship. Port names stand
outside the border next to their docks; free dock cells read "dock".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from towpath.core.game import JSON

TOP = 1  # the top line holds the names of the northern ports
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
        "Edges 0 N 1 NE 2 SE 3 S 4 SW 5 NW · ≈ canal edge · 03 a line from edge 0 to 3",
        f"Flags {flags}",
        "*n special tile of seat n · @n ship of seat n",
    ]


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
    return lines


def _ship_line(ship: dict[str, Any]) -> str:
    at = ship["at"]
    where = f"in port {at}" if isinstance(at, str) else f"on {at[0]},{at[1]}"
    if ship["heading"] is not None:
        entry, exit_ = ship["heading"]
        where += f" in by {entry}" + (f" out by {exit_}" if exit_ is not None else "")
    calls = " ".join(ship["calls_done"]) or "none"
    lost = " · loses its next turn" if ship["skip_turn"] else ""
    return f"ship {where} · last port {ship['last_port']} · calls done {calls}{lost}"

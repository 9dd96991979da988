"""Canal King seen from a seat: what a seat may know (the colours and routes it has not seen
are hidden until the game's end), and the hex board as text and SVG, drawn from a view alone.

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
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from towpath.core import svg
from towpath.core.actions import turn_of
from towpath.core.game import JSON, Display
from towpath.core.i18n import N_, cached_per_language, translator
from towpath.core.race import race_status
from towpath.games.canal_king.actions import (
    LAUNCH,
    RETURN,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
)
from towpath.games.canal_king.canals import network
from towpath.games.canal_king.components import EDGE_NAMES, EDGES
from towpath.games.canal_king.position import Position
from towpath.games.canal_king.words import colour_name, shown_tile_name

_, n_ = translator(__name__)

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


def build_view(state: Position, seat: int | None, everything: bool = False) -> dict[str, JSON]:
    """What `seat` may know; `everything`: every colour and route too (the game's end)."""
    parts = state.game.parts
    tiles, board = parts.tiles, parts.board
    owners = {cell: owner for owner, cell in enumerate(state.specials) if cell is not None}
    cells, pairs, flags = board.cells, tiles.pairs, tiles.flags
    return {
        "game": state.game.id,
        "players": state.game.players,
        "seat": seat,
        "current_player": state.current_player,
        "turn": state.turn,
        "max_turns": state.game.max_turns,
        "winner": state.winner,
        "ordered_calls": state.game.ordered_calls,
        "flag_colours": list(tiles.colours),
        "board": {
            "cols": board.cols,
            "rows": board.rows,
            "ports": {
                port.name: [[*board.coords(cell), edge] for cell, edge in port.docks]
                for port in board.ports
            },
        },
        "tiles": [
            {
                "cell": list(cells[cell]),
                "lines": list(map(list, pairs[code])),
                "flag": flags[code // EDGES],
                "special_owner": owners.get(cell),
            }
            for cell, code in enumerate(state.board)
            if code >= 0
        ],
        "hands": [
            [
                {
                    "tile": tiles.names[tile],
                    "lines": list(map(list, pairs[tile * EDGES])),
                    "flag": flags[tile],
                }
                for tile in hand
            ]
            for hand in state.hands
        ],
        "special_played": [cell is not None for cell in state.specials],
        "special_lines": list(map(list, pairs[tiles.special * EDGES])),
        "colours": [
            tiles.colours[colour] if everything or state.revealed or owner == seat else None
            for owner, colour in enumerate(state.colours)
        ],
        "routes": [
            [board.ports[port].name for port in parts.routes[card]]
            if everything or state.ships[owner] is not None or owner == seat
            else None
            for owner, card in enumerate(state.routes)
        ],
        "joined": joined_ports(state),
        "route_lines": route_lines(state, seat),
        "ruled_out_routes": [
            [card + 1 for card in range(len(parts.routes)) if mask >> card & 1]
            for mask in state.ruled_out
        ],
        "ships": [ship_view(state, ship) for ship in state.ships],
        "pile": len(state.pile),
        "discards": len(state.discards),
        "discard_tiles": [tiles.names[tile] for tile in state.discards],
    }


def joined_ports(state: Position) -> list[list[str]]:
    """The ports the canals join, in groups of two or more (a ship turns in any port, so a
    route is complete when its four ports are in one group)."""
    names = [port.name for port in state.game.parts.board.ports]
    groups: dict[int, list[str]] = {}
    for port, group in enumerate(state.groups):
        groups.setdefault(group, []).append(names[port])
    return [ports for ports in groups.values() if len(ports) > 1]


def route_lines(state: Position, seat: int | None) -> list[list[int]]:
    """The lines a ship could follow from the ports of the seat's own route (through any
    port): [col, row, k] for line k of the tile at (col, row); none for a spectator."""
    if seat is None:
        return []
    parts, board = state.game.parts, state.board
    pairs = parts.tiles.pairs
    lines: set[tuple[int, int]] = set()  # (cell, k): the lines a crossing of the network enters
    for crossing in network(board, parts, list(parts.routes[state.routes[seat]]))[1]:
        cell, edge = divmod(crossing, EDGES)
        for k, line in enumerate(pairs[board[cell]]):
            if edge in line:
                lines.add((cell, k))
    cells = parts.board.cells
    return [[*cells[cell], k] for cell, k in sorted(lines)]


def last_played(state: Position) -> JSON:
    """Where the last action was played: its seat, the cells and ports it touched."""
    seat = state.last_mover()
    assert seat is not None
    action = state.history[-1]
    cells, ports = [], []
    if isinstance(action, Place | Replace | Special | SailToCell):
        cells.append([action.col, action.row])
    ship = state.ships[seat]
    if action in (RETURN, LAUNCH) or isinstance(action, SailToPort):
        assert ship is not None and ship["port"] is not None
        ports.append(state.game.parts.board.ports[ship["port"]].name)
    return {"seat": seat, "action": str(action), "cells": cells, "ports": ports}


def ship_view(state: Position, ship: dict[str, Any] | None) -> JSON:
    if ship is None:
        return None
    ports = state.game.parts.board.ports
    in_port = ship["port"] is not None
    return {
        "at": ports[ship["port"]].name
        if in_port
        else list(state.game.parts.board.coords(ship["cell"])),
        "heading": None if in_port else [ship["entry"], ship["exit"]],
        "stop": ship["stop"],
        "last_port": ports[ship["last_port"]].name,
        "calls_done": [ports[port].name for port in ship["calls"]],
        "skip_turn": ship["skip"],
    }


def render_text(view: dict[str, JSON]) -> str:
    turn = turn_of(view["turn"], view["max_turns"], view["players"])
    headline = f"{turn} · pile {view['pile']} tiles · discards {view['discards']}"
    return "\n".join(
        [
            headline,
            race_status(view, "Seat", "reached the final port"),
            *_board_lines(view),
            *_legend(view),
            *_seat_lines(view),
        ]
    )


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

HEX = 28.0  # radius of a board hex
HAND_HEX = 24.0  # radius of a hand tile
SIDE = 354.0  # the column of seats beside a wide drawing's board: five hand tiles a row
SIDE_MIN = 420.0  # a seat's panel narrower than this puts its words in lines under its name
EDGE_ANGLES = (-90, -30, 30, 90, 150, 210)  # edge midpoints of a flat-top hex: N NE SE S SW NW
WORDS = ("swap", "return", "pass", "launch", "skip")
# Each one-word action's chip, by its word of the notation.
CHIPS = {
    "swap": N_("swap"),
    "return": N_("return"),
    "pass": N_("pass"),
    "launch": N_("launch"),
    "skip": N_("skip"),
}
CHIP_HELP = {  # what each one-word action does, for its help
    "swap": N_("instead of building, give back tiles of your hand and draw as many"),
    "return": N_("sail your ship back to the last port it stopped in"),
    "pass": N_("do nothing this turn (a ship in a port with no way out)"),
    "launch": N_("launch your ship: your route is complete, this is your whole turn"),
    "skip": N_("lose this turn (your ship stopped on a rival's special tile)"),
}
# The letters drawn on the flags of the built-in tile set's colours (each different, for whoever
# cannot tell the colours); a flag of another colour shows its name's first letter.
LETTERS = {
    "red": N_("R"),
    "yellow": N_("Y"),
    "green": N_("G"),
    "blue": N_("B"),
    "purple": N_("P"),
    "orange": N_("O"),
}
CANAL_BLUE = "#2f6db3"
EMPTY, TILED, DOCK = "#f4efdc", "#d7e8c4", "#f2dfb0"
INK = svg.INK
Centre = Any  # (col, row) -> (x, y)


def render_svg(view: dict[str, JSON]) -> str:
    """The hex board with its canal lines, ports, flags and ships, each seat's colour, route
    and hand, the one-word actions and a legend.

    Clickable: a cell (`3,4`), a port (`sail A`), a tile of the hand to play (its name, as in
    `place ST:red 3,4 r2`; cells and hand tiles carry their centres for the turn preview), and
    the words `special`, `swap`, `return`, `pass`, `launch`, `skip`.
    """
    board: dict[str, Any] = view["board"]
    cols, rows = board["cols"], board["rows"]
    left = HEX * 2.4
    board_width = left * 2 + (cols - 1) * HEX * 1.5
    # Beside a wide screen's board, a column holds the seats and the actions; a narrow one
    # has them below, as wide as the phone.
    side = 0.0 if view["narrow"] else SIDE
    width = board_width - 16 + side if side else max(board_width, svg.NARROW)
    flow = svg.flow_width(view, width - side)  # the panels' width
    headline, lower = svg.heading(12, 20, _svg_status(view), flow - 24)
    top = 44 + HEX * 2 + lower
    board_height = top + (rows + 0.5) * HEX * math.sqrt(3) + HEX * 1.6

    def centre(col: int, row: int) -> tuple[float, float]:
        return (left + col * HEX * 1.5, top + (row + 0.5 * (col & 1)) * HEX * math.sqrt(3))

    last = view.get("last_played") or {}
    tiles = {tuple(tile["cell"]): tile for tile in view["tiles"]}
    docks = {(c, r) for places in board["ports"].values() for c, r, _ in places}
    parts = [headline]
    marked = {tuple(cell) for cell in last.get("cells", [])}
    mine: dict[tuple[int, int], tuple[int, ...]] = {}
    for col, row, k in view["route_lines"]:
        mine[col, row] = (*mine.get((col, row), ()), k)
    for col in range(cols):
        for row in range(rows):
            x, y = centre(col, row)
            cell = (col, row)
            drawn = _cell_svg(tiles.get(cell), cell, x, y, cell in docks, cell in marked, mine)
            parts.append(drawn)
    own = view["seat"]
    route = view["routes"][own] if own is not None else None
    parts += _ports_svg(board, centre, set(last.get("ports", [])), (own, route or []))
    parts += _ships_svg(view, board, centre)
    x, y = (width - side, 12.0) if side else (0.0, board_height)
    seats, used = _seats_svg(view, x, y, side or flow)
    parts.append(seats)
    y = max(board_height, y + used) if side else y + used
    key, used = svg.legend(12, y, width - 24, _legend_entries(own is not None))
    height = y + used + 8
    background = svg.tag("rect", {"width": width, "height": height, "fill": "#e8e1c8"})
    panels = (board_height - 10, 32 + lower) if view["narrow"] and width > flow else None
    return svg.document(width, height, _("Canal King"), background, *parts, key, panels=panels)


def _seats_svg(view: dict[str, JSON], x: float, y: float, width: float) -> tuple[str, float]:
    """The viewer's seat and the actions first, then the other seats, from (`x`, `y`) down
    within `width`; the markup and the height used."""
    own = view["seat"]
    parts, start = [], y
    if own is not None:
        drawn, used = _seat_svg(view, own, y, width, x)
        parts.append(drawn)
        y += used
    parts.append(_chips_svg(view["current_player"] is not None, x, y, width))
    y += max(30.0, svg.chip_rows_height(_chips(), 12, width)) + 20
    for seat in range(view["players"]):
        if seat != own:
            drawn, used = _seat_svg(view, seat, y, width, x)
            parts.append(drawn)
            y += used
    return "".join(parts), y - start


def _svg_status(view: dict[str, JSON]) -> str:
    pile = _("pile {count} tiles", count=view["pile"])
    return f"{turn_of(view['turn'], view['max_turns'], view['players'])} · {pile}"


def _edge_point(
    x: float, y: float, radius: float, edge: int, reach: float = 1.0
) -> tuple[float, float]:
    angle = math.radians(EDGE_ANGLES[edge])
    distance = radius * math.sqrt(3) / 2 * reach
    return (x + distance * math.cos(angle), y + distance * math.sin(angle))


def _lines_svg(
    lines: Sequence[Sequence[int]],
    x: float,
    y: float,
    radius: float,
    mine: tuple[int, ...] = (),
) -> list[str]:
    """Each canal line from one edge's midpoint to another's, bending through the centre; the
    lines `mine` (those reaching the viewer's route) edged in ink, under all the lines."""
    edged, drawn = [], []
    for k, (a, b) in enumerate(lines):
        (ax, ay), (bx, by) = _edge_point(x, y, radius, a), _edge_point(x, y, radius, b)
        path = f"M{ax:.1f},{ay:.1f} Q{x:.1f},{y:.1f} {bx:.1f},{by:.1f}"
        style = {"d": path, "fill": "none", "stroke-linecap": "round"}
        if k in mine:
            edged.append(svg.tag("path", {**style, "stroke": INK, "stroke-width": radius * 0.46}))
        drawn.append(
            svg.tag("path", {**style, "stroke": CANAL_BLUE, "stroke-width": radius * 0.28})
        )
    return edged + drawn


def _flag(colour: str, x: float, y: float) -> str:
    """A flag: a disc in its colour with the colour's letter."""
    return svg.group(
        {"class": "flag"},
        svg.tag("circle", {"cx": x, "cy": y, "r": 9, "fill": svg.colour(colour), "stroke": INK}),
        svg.text(x, y + 0.5, flag_letter(colour), _on(colour)),
    )


def flag_letter(colour: str) -> str:
    """The letter drawn on a flag of this colour."""
    letter = LETTERS.get(colour)
    return svg.letter(colour_name(colour)) if letter is None else _(letter)


def _on(colour: str) -> dict[str, object]:
    """A colour's letter drawn on it."""
    return {"font-size": 12, "font-weight": "bold", "fill": svg.ink_on(svg.colour(colour))}


def _special_mark(owner: int, x: float, y: float) -> str:
    """A special tile: a wooden square with its owner's seat number."""
    return svg.group(
        {"class": "special"},
        svg.tag(
            "rect",
            {"x": x - 9, "y": y - 9, "width": 18, "height": 18, "rx": 2, "fill": "#a0743c"},
        ),
        svg.text(x, y + 0.5, owner + 1, {"font-size": 12, "font-weight": "bold", "fill": "#fff"}),
    )


def _cell_svg(
    tile: dict[str, Any] | None,
    cell: tuple[int, int],
    x: float,
    y: float,
    dock: bool,
    last: bool,
    mine: dict[tuple[int, int], tuple[int, ...]],
) -> str:
    drawn = None
    if tile is not None:
        lines = tuple(map(tuple, tile["lines"]))
        drawn = (lines, tile["flag"], tile["special_owner"], mine.get(cell, ()))
    return _cell_drawing(drawn, cell, x, y, dock, last)


# A tile as a cell's drawing shows it: its lines, its flag, the owner of a special tile and
# which of its lines reach the viewer's route.
DrawnTile = tuple[tuple[tuple[int, ...], ...], str | None, int | None, tuple[int, ...]]


@cached_per_language(maxsize=4096)  # most cells look the same from one state to the next
def _cell_drawing(
    tile: DrawnTile | None,
    cell: tuple[int, int],
    x: float,
    y: float,
    dock: bool,
    last: bool,
) -> str:
    """A cell's drawing."""
    col, row = cell
    shape = svg.tag(
        "polygon",
        {
            "points": svg.hexagon(x, y, HEX - 0.5, pointy=False),
            "fill": TILED if tile else DOCK if dock else EMPTY,
            "stroke": "#9a8f6a",
        },
    )
    parts = [shape]
    where = f"{col},{row}"
    if tile is not None:
        lines, flag, special_owner, mine = tile
        parts += _lines_svg(lines, x, y, HEX, mine)
        if flag:
            parts.append(_flag(flag, x, y))
        if special_owner is not None:
            parts.append(_special_mark(special_owner, x, y))
    else:
        parts.append(svg.text(x, y, where, {"font-size": 12, "fill": "#7d7352"}))
    parts.append(svg.title(_cell_help(tile, where, dock)))
    attrs: dict[str, object] = {
        **svg.pick(where, _("cell {cell}", cell=where)),
        "data-cell": where,
        "data-centre": f"{x:.1f},{y:.1f},{HEX:g}",
    }
    if last:
        attrs["data-last"] = 1
        parts.append(svg.last_mark("polygon", {"points": svg.hexagon(x, y, HEX - 3, False)}))
    return svg.group(attrs, *parts)


def _cell_help(tile: DrawnTile | None, where: str, dock: bool) -> str:
    """What a cell is and what it does, for its help."""
    if tile is None and dock:
        return _("cell {cell}: a dock; a canal placed here must lead into its port", cell=where)
    if tile is None:
        return _("cell {cell}: empty; a tile placed here must fit the canals around it", cell=where)
    _lines, flag, owner, _mine = tile
    if owner is not None:
        return _(
            "cell {cell}: the special tile of seat {seat}; a ship of another colour stops on it "
            "and loses its next turn",
            cell=where,
            seat=owner,
        )
    if flag:
        return _(
            "cell {cell}: a canal tile; its flag ({colour}) stops every ship of that colour",
            cell=where,
            colour=colour_name(flag),
        )
    return _("cell {cell}: a canal tile", cell=where)


def _ports_svg(
    board: dict[str, Any], centre: Centre, marked: set[str], route: tuple[int | None, list[str]]
) -> list[str]:
    """The ports; those of the viewer's route (`route`: its seat and ports in order) ringed in
    its colour with their place on the route."""
    seat, stops = route
    parts = []
    for name in board["ports"]:
        x, y = _port_point(board, name, centre)
        attrs: dict[str, object] = {
            **svg.pick(f"sail {name}", _("port {port}", port=name)),
            "data-port": name,
        }
        help = _(
            "port {port}: routes start, call and end at ports; once your ship sails, click a "
            "port of your route to sail to it",
            port=name,
        )
        shapes = [
            svg.tag("circle", {"cx": x, "cy": y, "r": 14, "fill": "#f6d27a", "stroke": INK}),
            svg.text(x, y, name, {"font-weight": "bold", "font-size": 14}),
        ]
        if seat is not None and name in stops:
            place = stops.index(name) + 1
            shapes += _route_stop(seat, place, x, y)
            help += " · " + _("stop {place} of your route", place=place)
        shapes.append(svg.title(help))
        if name in marked:
            attrs["data-last"] = 1
            shapes.append(svg.last_mark("circle", {"cx": x, "cy": y, "r": 18}))
        parts.append(svg.group(attrs, *shapes))
    return parts


def _route_stop(seat: int, place: int, x: float, y: float, radius: float = 17) -> list[str]:
    """A port of the viewer's route: a ring in the seat's colour, and its place on the route."""
    ring = {"cx": x, "cy": y, "r": radius, "fill": "none", "stroke": svg.seat_colour(seat)}
    bx, by = x + radius * 0.82, y - radius * 0.76
    return [
        svg.tag("circle", {**ring, "stroke-width": 4}),
        svg.tag("circle", {"cx": bx, "cy": by, "r": 8, "fill": svg.seat_colour(seat)}),
        svg.text(bx, by + 0.5, place, _on_seat(seat)),
    ]


def _port_point(board: dict[str, Any], name: str, centre: Centre) -> tuple[float, float]:
    """Beyond the middle of the port's docks, outside the board."""
    points = []
    for col, row, edge in board["ports"][name]:
        x, y = centre(col, row)
        points.append(_edge_point(x, y, HEX, edge, 1.9))
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _ship(seat: int, x: float, y: float) -> list[str]:
    """A ship: a hull in its seat's colour, with the seat's number (from 1, as people count)."""
    return [
        svg.tag(
            "ellipse",
            {"cx": x, "cy": y, "rx": 12, "ry": 8, "fill": svg.seat_colour(seat), "stroke": INK},
        ),
        svg.text(x, y + 0.5, seat + 1, _on_seat(seat)),
    ]


def _on_seat(seat: int) -> dict[str, object]:
    return {"font-size": 12, "font-weight": "bold", "fill": svg.ink_on(svg.seat_colour(seat))}


def _ships_svg(view: dict[str, JSON], board: dict[str, Any], centre: Centre) -> list[str]:
    parts = []
    for seat, ship in enumerate(view["ships"]):
        if ship is None:
            continue
        at = ship["at"]
        x, y = _port_point(board, at, centre) if isinstance(at, str) else centre(*at)
        x += 12 * (seat % 3) - 12
        y += 16 + 10 * (seat // 3) if isinstance(at, str) else 12 + 8 * (seat // 3)
        if ship["skip_turn"]:
            said = _("seat {seat}'s ship (loses its next turn)", seat=seat)
        else:
            said = _("seat {seat}'s ship", seat=seat)
        parts.append(
            svg.group(
                {"data-ship": seat, "data-piece": f"ship-{seat}"},
                *_ship(seat, x, y),
                svg.title(said),
            )
        )
    return parts


def _seat_svg(
    view: dict[str, JSON], seat: int, y: float, width: float, x: float = 0.0
) -> tuple[str, float]:
    """A seat's panel at (`x`, `y`): its number, flag, name, colour, route and hand, within
    `width` (in a narrow drawing or a side column its words in lines under its name, its hand
    in rows); the height used."""
    to_move = view["current_player"] == seat
    colour = view["colours"][seat]
    top = y
    box = {"x": x + 12, "y": y - 2, "width": 18, "height": 18, "rx": 3}
    parts = [
        svg.tag("rect", {**box, "fill": svg.seat_colour(seat)}),
        svg.text(x + 21, y + 7.5, seat + 1, _on_seat(seat)),
    ]
    if colour:  # its flag beside its number
        parts.append(_flag(colour, x + 44, y + 7))
    line = " · ".join(_seat_words(view, seat)) + (" ◀" if to_move else "")
    left = x + (60 if colour else 38)
    name = [svg.seat_name(seat)]
    compact = view["narrow"] or width < SIDE_MIN
    bold: dict[str, object] = {"font-weight": "bold"}
    if compact:
        parts.append(svg.text_parts(left, y + 8, name, bold))
        words, lower = svg.heading(x + 12, y + 28, line, width - 20, 13, bold)
        parts.append(words)
        y += 20 + lower
    else:
        bold |= svg.fitted_with_name(" · " + line, width - left + x - 8, 13)
        parts.append(svg.text_parts(left, y + 8, [*name, svg.plain(" · " + line)], bold))
    step = 70 if compact else 78  # between hand tiles
    per_row = int((width - 72) // step) + 1
    tiles = [
        _hand_tile(
            tile["tile"],
            tuple(map(tuple, tile["lines"])),
            tile["flag"],
            *svg.in_rows(k, per_row, x + 42, y + 48, (step, 76)),
            to_move,
        )
        for k, tile in enumerate(view["hands"][seat])
    ]
    if not view["special_played"][seat]:  # beside the hand, played like a tile
        at = svg.in_rows(len(tiles), per_row, x + 42, y + 48, (step, 76))
        lines = tuple(map(tuple, view["special_lines"]))
        tiles.append(_special_tile(seat, lines, *at, to_move))
    parts.append(svg.group({"class": "hand", "data-hand": seat}, *tiles))
    rows = max(1, -(-len(tiles) // per_row))
    used = 104 + 76 * (rows - 1)
    return svg.group({"class": "seat", "data-seat": seat}, *parts), used + y - top


def _seat_words(view: dict[str, JSON], seat: int) -> list[str]:
    """What a seat's panel says of it: its colour and route, its calls, its special tile."""
    colour = view["colours"][seat]
    route = view["routes"][seat]
    ship = view["ships"][seat]
    said = [
        _("colour {colour}", colour=colour_name(colour) if colour else "?"),
        _("route {route}", route="-".join(route) if route else "?"),
    ]
    if route and ship is None:  # how far the canals have come to join it, and what is left
        joined = max((set(route) & set(ports) for ports in view["joined"]), key=len, default=set())
        if len(joined) > 1:
            left = ", ".join(port for port in route if port not in joined)
            said.append(
                _(
                    "{count} of {total} ports joined ({joined}); still to join: {left}",
                    count=len(joined),
                    total=len(route),
                    joined="-".join(port for port in route if port in joined),
                    left=left,
                )
                if left
                else _("all {total} ports joined: launch your ship", total=len(route))
            )
    if ship is not None:
        calls = ", ".join(ship["calls_done"]) or _("none yet")
        said.append(_("calls {calls}", calls=calls))
    if view["special_played"][seat]:
        said.append(_("special played"))
    return said


@cached_per_language(maxsize=4096)
def _hand_tile(
    name: str,
    lines: tuple[tuple[int, ...], ...],
    flag: str | None,
    x: float,
    ty: float,
    pick: bool,
) -> str:
    """A hand tile centred on (x, ty); `pick`: the seat is to move."""
    shown = shown_tile_name(name)
    flagged = [_flag(flag, x, ty)] if flag else []
    return _in_hand(
        name, shown, lines, x, ty, flagged, _("tile {name}", name=shown) if pick else None
    )


@cached_per_language(maxsize=256)
def _special_tile(
    seat: int, lines: tuple[tuple[int, ...], ...], x: float, ty: float, pick: bool
) -> str:
    """The seat's special tile before it is played: a straight with its wooden mark, picked
    and turned on the board like a hand tile (its colour stays secret)."""
    marks = [
        _special_mark(seat, x, ty),
        svg.title(_("special tile: a straight, once a game, on a free space or over a straight")),
    ]
    return _in_hand(
        "special", _("special"), lines, x, ty, marks, _("your special tile") if pick else None
    )


def _in_hand(
    token: str,
    label: str,
    lines: tuple[tuple[int, ...], ...],
    x: float,
    ty: float,
    marks: list[str],
    picked_as: str | None,
) -> str:
    """A tile of a hand centred on (x, ty): its hex, lines, `marks` and `label` under it;
    picked by `token` (said as `picked_as`, None: not to be picked) and previewed from its
    centre on the board."""
    body = [
        svg.tag(
            "polygon",
            {
                "points": svg.hexagon(x, ty, HAND_HEX, pointy=False),
                "fill": EMPTY,
                "stroke": "#9a8f6a",
            },
        ),
        svg.group({"class": "lines"}, *_lines_svg(lines, x, ty, HAND_HEX)),
        *marks,
        svg.text(x, ty + HAND_HEX + 12, label, svg.fitted(label, 64)),
    ]
    attrs: dict[str, object] = {"data-tile": token}
    if picked_as is not None:
        attrs.update(svg.pick(token, picked_as))
        attrs["data-centre"] = f"{x:.1f},{ty:.1f},{HAND_HEX:g}"
    return svg.group(attrs, *body)


@cached_per_language(maxsize=16)
def _chips_svg(playing: bool, x: float, y: float, width: float) -> str:
    """The one-word actions, while the game goes on."""
    if not playing:
        return ""
    helps = {word: _(help) for word, help in CHIP_HELP.items()}
    return svg.group({"class": "chips"}, *svg.chip_rows(_chips(), x + 12, y, x + width, helps))


def _chips() -> list[tuple[str, str | None]]:
    """The one-word actions and their labels, in the language spoken now."""
    return [(word, _(CHIPS[word])) for word in WORDS]


@cached_per_language(maxsize=None)
def _legend_entries(seated: bool) -> tuple[tuple[str, str], ...]:
    """The legend's symbols and their words (`seated`: for a player, not a spectator)."""
    hexagon = {"points": svg.hexagon(0, 0, 13, pointy=False), "stroke": "#9a8f6a"}
    canal = svg.tag("polygon", {**hexagon, "fill": TILED})
    yours = (
        canal + "".join(_lines_svg([[0, 3]], 0, 0, 13, (0,))),
        _("canal from your route's ports (edged in black)"),
    )
    return (
        (canal + "".join(_lines_svg([[0, 3]], 0, 0, 13)), _("canal (blue lines)")),
        *((yours,) if seated else ()),
        (svg.tag("polygon", {**hexagon, "fill": DOCK}), _("dock: canal must reach the port")),
        (
            svg.tag("circle", {"r": 13, "fill": "#f6d27a", "stroke": INK}),
            _("port (click to sail)"),
        ),
        (
            svg.tag("circle", {"r": 8, "fill": "#f6d27a", "stroke": INK})
            + "".join(_route_stop(0, 1, -2, 2, 11)),
            _("a port of your route, and its stop"),
        ),
        (_flag("red", 0, 0), _("flag (R red…): a ship of that colour stops")),
        (_special_mark(1, 0, 0), _("a special tile, with its player's number")),
        ("".join(_ship(1, 0, 0)), _("a ship, with its player's number")),
        (svg.last_mark("polygon", {"points": svg.hexagon(0, 0, 12, False)}), _("the last move")),
        (svg.text(0, 0, "2,3", {"font-size": 12}), _("column,row of a free space")),
        (
            svg.text(0, 0, "ST", {"font-size": 12}),
            _("a tile by its lines: S straight, G gentle curve, T tight curve, Y a fork"),
        ),
    )


DISPLAY = Display(build_view, last_played, render_text, render_svg)

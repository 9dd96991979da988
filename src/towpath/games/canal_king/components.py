"""Canal King's components, loaded from data/*.toml: the board and its ports, the tile set, the
route cards and the rule numbers, with the lookup tables the engine works from.

Geometry (rules/canal_king.md): flat-top hexes in odd-q offset coordinates, edges numbered
clockwise from north. A cell is an index `row * cols + col`; a *crossing* `cell * 6 + edge` is a
ship entering `cell` through `edge`. A tile on the board is a *code* `tile_type * 6 + rotation`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from towpath.core.datafile import builtin_toml, option_toml
from towpath.core.errors import GameError
from towpath.core.hexgrid import ODD_Q, Cell, opposite

PACKAGE = __package__ or "towpath.games.canal_king"
EDGES = 6
EDGE_NAMES = ODD_Q.directions
# Crossing targets that are not cells: a plain border edge; docks are -1 - port.
BORDER = -1_000_000
# The 15 possible lines, each joining two different edges; a tile's lines are a bit mask.
PAIRS = tuple((a, b) for a in range(EDGES) for b in range(a + 1, EDGES))
PAIR_BIT = {pair: 1 << n for n, pair in enumerate(PAIRS)}
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9]*$")


def line_bit(a: int, b: int) -> int:
    return PAIR_BIT[(min(a, b), max(a, b))]


@dataclass(frozen=True)
class Rules:
    hand_size: int
    swap_max: int
    max_turns: int
    winner_score: int


@dataclass(frozen=True)
class Port:
    name: str
    docks: tuple[tuple[int, int], ...]  # (cell, edge): the dock edge of a dock cell


@dataclass(frozen=True)
class Board:
    """The grid and its ports. `step[cell * 6 + edge]` is where a ship leaving `cell` by `edge`
    goes: the crossing into the neighbouring cell, -1 - port through a dock, or BORDER."""

    cols: int
    rows: int
    ports: tuple[Port, ...]
    cells: tuple[Cell, ...]  # (col, row) by cell index
    step: tuple[int, ...]
    dock_cells: frozenset[int]
    must_canal: tuple[int, ...]  # per cell, the edge mask of its docks
    must_terrain: tuple[int, ...]  # per cell, the edge mask of its plain border
    port_index: dict[str, int] = field(compare=False)

    @property
    def size(self) -> int:
        return self.cols * self.rows

    def cell(self, col: int, row: int) -> int | None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return row * self.cols + col
        return None

    def coords(self, cell: int) -> Cell:
        return self.cells[cell]


@dataclass(frozen=True)
class Kind:
    name: str
    lines: tuple[tuple[int, int], ...]
    count: int
    flagged_per_colour: int


@dataclass(frozen=True)
class TileSet:
    """Tile types are the distinct tiles: a kind and a flag (or none). The special tile is the
    last type. Per code (`type * 6 + rotation`): its line mask, edge mask and exits."""

    colours: tuple[str, ...]
    kinds: tuple[Kind, ...]  # the playing kinds, then the special tile's kind
    names: tuple[str, ...]
    kind_of: tuple[int, ...]
    flag_of: tuple[int, ...]  # colour index, or -1
    flags: tuple[str | None, ...]  # the flag's colour name, or None
    deck: tuple[int, ...]  # every playing tile's type, sorted
    lines: tuple[int, ...]  # per code
    edges: tuple[int, ...]  # per code
    exits: tuple[tuple[int, ...], ...]  # per code * 6 + entry edge: the edges a line joins to it
    canonical: tuple[int, ...]  # per kind * 6 + rotation: the least rotation with the same lines
    rotations: tuple[tuple[int, ...], ...]  # per kind: its distinct (canonical) rotations
    pairs: tuple[tuple[tuple[int, int], ...], ...]  # per code: its lines as edge pairs
    by_name: dict[str, int] = field(compare=False)  # lower-case name -> type

    @property
    def special(self) -> int:
        return len(self.names) - 1

    @property
    def special_kind(self) -> int:
        return len(self.kinds) - 1


@dataclass(frozen=True)
class Components:
    board: Board
    tiles: TileSet
    routes: tuple[tuple[int, int, int, int], ...]  # start, 1st call, 2nd call, final (ports)
    rules: Rules


def load_rules() -> Rules:
    data = builtin_toml(PACKAGE, "rules.toml")
    return Rules(
        hand_size=data["hand_size"],
        swap_max=data["swap_max"],
        max_turns=data["max_turns"],
        winner_score=data["winner_score"],
    )


def load_components(board: str | None, tiles: str | None, routes: str | None) -> Components:
    """The built-in components, with any of them replaced by the file an option names."""
    if board is None and tiles is None and routes is None:
        return builtin_components()
    loaded_board = (
        builtin_board()
        if board is None
        else build_board(option_toml(PACKAGE, board, "board.toml", "board"))
    )
    return Components(
        board=loaded_board,
        tiles=(
            builtin_tiles()
            if tiles is None
            else build_tiles(option_toml(PACKAGE, tiles, "tiles.toml", "tiles"))
        ),
        routes=build_routes(
            option_toml(PACKAGE, routes, "routes.toml", "routes"),
            loaded_board,
            "routes file" if routes else "built-in route cards (option routes sets others)",
        ),
        rules=load_rules(),
    )


@cache
def builtin_components() -> Components:
    board = builtin_board()
    return Components(
        board=board,
        tiles=builtin_tiles(),
        routes=build_routes(builtin_toml(PACKAGE, "routes.toml"), board),
        rules=load_rules(),
    )


@cache
def builtin_board() -> Board:
    return build_board(builtin_toml(PACKAGE, "board.toml"))


@cache
def builtin_tiles() -> TileSet:
    return build_tiles(builtin_toml(PACKAGE, "tiles.toml"))


# -- the board ---------------------------------------------------------------------------------


def build_board(data: dict[str, Any]) -> Board:
    cols, rows = data.get("cols"), data.get("rows")
    if not (_whole(cols, 1, 99) and _whole(rows, 1, 99)):
        raise GameError("board file: expected cols and rows, whole numbers from 1 to 99")
    assert isinstance(cols, int) and isinstance(rows, int)
    ports = _read_ports(data.get("ports"), cols, rows)
    docks = {(cell, edge): p for p, port in enumerate(ports) for cell, edge in port.docks}
    step: list[int] = []
    must_canal = [0] * (cols * rows)
    must_terrain = [0] * (cols * rows)
    for cell in range(cols * rows):
        for edge in range(EDGES):
            col, row = ODD_Q.neighbour((cell % cols, cell // cols), edge)
            if 0 <= col < cols and 0 <= row < rows:
                step.append((row * cols + col) * EDGES + opposite(edge))
            elif (cell, edge) in docks:
                step.append(-1 - docks[(cell, edge)])
                must_canal[cell] |= 1 << edge
            else:
                step.append(BORDER)
                must_terrain[cell] |= 1 << edge
    return Board(
        cols=cols,
        rows=rows,
        ports=ports,
        cells=tuple((cell % cols, cell // cols) for cell in range(cols * rows)),
        step=tuple(step),
        dock_cells=frozenset(cell for cell, _ in docks),
        must_canal=tuple(must_canal),
        must_terrain=tuple(must_terrain),
        port_index={port.name: p for p, port in enumerate(ports)},
    )


def _read_ports(raw: Any, cols: int, rows: int) -> tuple[Port, ...]:
    expected = (
        'board file: expected [[ports]] tables with name = "A" and docks = [[col, row, edge]]'
    )
    if not isinstance(raw, list) or not raw:
        raise GameError(expected)
    ports: list[Port] = []
    used: set[tuple[int, int]] = set()
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("docks"), list):
            raise GameError(expected)
        name = item.get("name")
        if not isinstance(name, str) or not _NAME.match(name) or len(name) > 8:
            raise GameError(f"board file: a port name must be letters and digits, got {name!r}")
        if any(port.name.lower() == name.lower() for port in ports):
            raise GameError(f"board file: two ports are named {name!r}")
        docks = tuple(_read_dock(dock, name, cols, rows) for dock in item["docks"])
        if not docks or used & set(docks) or len(set(docks)) != len(docks):
            raise GameError(f"board file: port {name} needs docks of its own")
        used |= set(docks)
        ports.append(Port(name, docks))
    return tuple(ports)


def _read_dock(raw: Any, name: str, cols: int, rows: int) -> tuple[int, int]:
    if not (isinstance(raw, list) and len(raw) == 3 and all(_whole(v, 0, 99) for v in raw)):
        raise GameError(f"board file: port {name}: expected docks as [col, row, edge], got {raw!r}")
    col, row, edge = raw
    outside = ODD_Q.neighbour((col, row), edge % EDGES)
    on_board = 0 <= outside[0] < cols and 0 <= outside[1] < rows
    if not (col < cols and row < rows and edge < EDGES) or on_board:
        raise GameError(f"board file: port {name}: dock {raw} must be a border edge of the board")
    return (row * cols + col, edge)


# -- the tiles ---------------------------------------------------------------------------------


def build_tiles(data: dict[str, Any]) -> TileSet:
    colours = data.get("colours")
    if (
        not isinstance(colours, list)
        or not colours
        or not all(isinstance(c, str) and _NAME.match(c) for c in colours)
        or len({c.lower() for c in colours}) != len(colours)
    ):
        raise GameError("tiles file: expected colours, a list of distinct names")
    kinds = [_read_kind(item, len(colours)) for item in _list(data.get("kinds"), "tiles", "kinds")]
    special = data.get("special")
    special_lines = _read_lines(special.get("lines") if isinstance(special, dict) else None, "")
    if len({kind.name.lower() for kind in kinds}) != len(kinds):
        raise GameError("tiles file: two kinds have the same name")
    kinds.append(Kind("special", special_lines, len(colours), 0))
    return _tile_tables(tuple(c.lower() for c in colours), tuple(kinds))


def _read_kind(raw: Any, colours: int) -> Kind:
    if not isinstance(raw, dict):
        raise GameError("tiles file: expected [[kinds]] tables")
    name, count, flagged = raw.get("name"), raw.get("count"), raw.get("flagged_per_colour", 0)
    if not isinstance(name, str) or not _NAME.match(name) or name.lower() == "special":
        raise GameError(f"tiles file: a kind's name must be letters and digits, got {name!r}")
    if not (_whole(count, 1, 9999) and _whole(flagged, 0, 9999)):
        raise GameError(f"tiles file: kind {name}: expected count ≥ 1 and flagged_per_colour ≥ 0")
    assert isinstance(count, int) and isinstance(flagged, int)
    if flagged * colours > count:
        raise GameError(f"tiles file: kind {name}: more flagged tiles than its count")
    return Kind(name.upper(), _read_lines(raw.get("lines"), f" kind {name}:"), count, flagged)


def _read_lines(raw: Any, where: str) -> tuple[tuple[int, int], ...]:
    expected = f"tiles file:{where} expected lines = [[edge, edge], ...] with edges 0 to 5"
    if not isinstance(raw, list) or not raw:
        raise GameError(expected)
    lines: list[tuple[int, int]] = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2 and all(_whole(e, 0, 5) for e in pair)):
            raise GameError(expected)
        a, b = min(pair), max(pair)
        if a == b or (a, b) in lines:
            raise GameError(f"{expected}, two different edges per line and each line once")
        lines.append((a, b))
    return tuple(lines)


def _tile_tables(colours: tuple[str, ...], kinds: tuple[Kind, ...]) -> TileSet:
    names: list[str] = []
    kind_of: list[int] = []
    flag_of: list[int] = []
    deck: list[int] = []
    for k, kind in enumerate(kinds[:-1]):
        plain = kind.count - kind.flagged_per_colour * len(colours)
        for flag in [-1] * (plain > 0) + list(range(len(colours))) * (kind.flagged_per_colour > 0):
            names.append(kind.name if flag < 0 else f"{kind.name}:{colours[flag]}")
            kind_of.append(k)
            flag_of.append(flag)
            deck += [len(names) - 1] * (plain if flag < 0 else kind.flagged_per_colour)
    names.append("special")
    kind_of.append(len(kinds) - 1)
    flag_of.append(-1)
    kind_masks = [[_rotated(kind.lines, r) for r in range(EDGES)] for kind in kinds]
    canonical = [masks.index(masks[r]) for masks in kind_masks for r in range(EDGES)]
    lines = [kind_masks[kind_of[t]][r] for t in range(len(names)) for r in range(EDGES)]
    return TileSet(
        colours=colours,
        kinds=kinds,
        names=tuple(names),
        kind_of=tuple(kind_of),
        flag_of=tuple(flag_of),
        flags=tuple(None if flag < 0 else colours[flag] for flag in flag_of),
        deck=tuple(deck),
        lines=tuple(lines),
        edges=tuple(_ends(mask) for mask in lines),
        exits=tuple(_exits(mask, entry) for mask in lines for entry in range(EDGES)),
        canonical=tuple(canonical),
        rotations=tuple(
            tuple(r for r in range(EDGES) if masks.index(masks[r]) == r) for masks in kind_masks
        ),
        pairs=tuple(tuple(p for p, bit in PAIR_BIT.items() if mask & bit) for mask in lines),
        by_name={name.lower(): t for t, name in enumerate(names[:-1])},
    )


def _rotated(lines: tuple[tuple[int, int], ...], rotation: int) -> int:
    mask = 0
    for a, b in lines:
        mask |= line_bit((a + rotation) % EDGES, (b + rotation) % EDGES)
    return mask


def _ends(lines: int) -> int:
    mask = 0
    for (a, b), bit in PAIR_BIT.items():
        if lines & bit:
            mask |= 1 << a | 1 << b
    return mask


def _exits(lines: int, entry: int) -> tuple[int, ...]:
    return tuple(b for b in range(EDGES) if b != entry and lines & line_bit(entry, b))


# -- the route cards ---------------------------------------------------------------------------


def build_routes(
    data: dict[str, Any], board: Board, source: str = "routes file"
) -> tuple[tuple[int, int, int, int], ...]:
    """The cards, each four different ports of the board: start, 1st call, 2nd call, final (a
    route "connects four ports", Aim of the game)."""
    expected = f'{source}: expected cards = [["A", "E", "H", "C"], ...], four different ports'
    cards: list[tuple[int, int, int, int]] = []
    for number, card in enumerate(_list(data.get("cards"), "routes", "cards"), start=1):
        if not (
            isinstance(card, list) and len(card) == 4 and all(isinstance(p, str) for p in card)
        ):
            raise GameError(f"{expected}; got {card!r}")
        unknown = [port for port in card if port not in board.port_index]
        if unknown:
            names = ", ".join(board.port_index)
            raise GameError(
                f"{source}: card {number} names port {unknown[0]!r}, not a port of the board "
                f"({names})"
            )
        if len(set(card)) != 4:
            raise GameError(f"{expected}; card {number} is {card!r}")
        start, first, second, final = (board.port_index[p] for p in card)
        cards.append((start, first, second, final))
    return tuple(cards)


def _list(raw: Any, source: str, what: str) -> list[Any]:
    if not isinstance(raw, list) or not raw:
        raise GameError(f"{source} file: expected a non-empty list of {what}")
    return raw


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

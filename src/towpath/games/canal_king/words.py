"""Canal King's actions in words, for the log and the list of legal actions.

Tiles are named by their lines (S a straight, G a gentle curve, T a tight curve), turns by
degrees clockwise, edges by compass points. Everything said here is public once the action is
played: hands are open, and a launch says nothing of the route.
"""

from __future__ import annotations

from typing import Any

from towpath.core.actions import Action, Words, a
from towpath.games.canal_king.actions import (
    LAUNCH,
    PASS,
    RETURN,
    SKIP,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
)
from towpath.games.canal_king.components import EDGES, Components

LINE_NAMES = {1: "tight curve", 2: "gentle curve", 3: "straight"}
COMPASS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def line_name(a: int, b: int) -> str:
    """A line by the edges it joins: e and e+3 a straight, e+2 a gentle, e+1 a tight curve."""
    gap = (b - a) % EDGES
    return LINE_NAMES[min(gap, EDGES - gap)]


def tile_words(parts: Components, name: str) -> str:
    """`S` "a straight (S)", `ST:red` "an ST tile (straight + tight curve) with a red flag"."""
    tiles = parts.tiles
    tile = tiles.by_name[name.lower()]
    kind = tiles.kinds[tiles.kind_of[tile]]
    lines = [line_name(a, b) for a, b in kind.lines]
    said = f"{a(lines[0])} ({kind.name})" if len(lines) == 1 else _several(kind.name, lines)
    flag = tiles.flags[tile]
    return said + (f" with {a(flag)} flag" if flag else "")


def _several(kind: str, lines: list[str]) -> str:
    article = "an" if kind[0] in "AEFHILMNORSX" else "a"
    return f"{article} {kind} tile ({' + '.join(lines)})"


def turned(rotation: int) -> str:
    return f", turned {60 * rotation}°" if rotation else ""


def board_tile_words(parts: Components, code: int) -> str:
    """The tile on the board with this code, by its lines (the special tile by its name)."""
    tiles = parts.tiles
    tile = code // EDGES
    if tile == tiles.special:
        return "a special tile"
    return tile_words(parts, tiles.names[tile])


def words(
    parts: Components, board: list[int], ship: dict[str, Any] | None, action: Action
) -> Words:
    """`action` of the seat whose ship is `ship`, played on `board` (before it)."""
    if isinstance(action, Place):
        where = f"{action.col},{action.row}"
        return Words(
            "place a tile",
            "placed",
            f"{tile_words(parts, action.tile)} on {where}{turned(action.rotation)}",
        )
    if isinstance(action, Replace):
        cell = parts.board.cell(action.col, action.row)
        code = -1 if cell is None else board[cell]  # -1: a free space, no tile to name
        old = board_tile_words(parts, code) if code >= 0 else "the tile"
        new = tile_words(parts, action.tile)
        return Words(
            "replace a tile",
            "replaced",
            f"{old} on {action.col},{action.row} with {new}{turned(action.rotation)}",
        )
    if isinstance(action, Swap):
        count = len(action.tiles)
        tiles = ", ".join(action.tiles)
        plural = "s" if count > 1 else ""
        return Words("swap tiles", "swapped", f"{count} tile{plural} ({tiles}) for new ones")
    if isinstance(action, Special):
        cell = parts.board.cell(action.col, action.row)
        over = " over the straight there" if cell is not None and board[cell] >= 0 else ""
        where = f"{action.col},{action.row}"
        return Words(
            "play the special tile",
            "played",
            f"their special tile on {where}{over}{turned(action.rotation)}",
        )
    if isinstance(action, SailToPort):
        return Words("sail", "sailed", f"to port {action.port}")
    if isinstance(action, SailToCell):
        entry = COMPASS[action.entry]
        return Words("sail", "sailed", f"to {action.col},{action.row}, in by its {entry} edge")
    return _word_words(parts, ship, action)


def _word_words(parts: Components, ship: dict[str, Any] | None, action: Action) -> Words:
    if action == RETURN and ship is not None:
        return Words(
            "return to port", "returned", f"to port {parts.board.ports[ship['last_port']].name}"
        )
    if action == LAUNCH:
        return Words("launch the ship", "launched", "their ship: their route is complete")
    if action == SKIP:
        return Words("lose the turn", "lost", "this turn (stopped on a special tile)")
    if action == PASS:
        return Words("pass", "passed", "(nothing else is possible)")
    return Words(str(action), "played", str(action))

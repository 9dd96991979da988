"""Canal King's actions and their notation.

Building: `place ST:red 3,4 r2` (a hand tile on a free space, turned 2 × 60° clockwise),
`replace TT 3,4 r0`, `swap G S:red`, `special 3,4 r1`. Sailing: `sail A` (stop in port A),
`sail 3,4 from NW` (stop on the tile at 3,4, entered by its north-west edge), `return` (to the
last port). Forced turns: `launch`, `skip`; and `pass` when nothing else is possible.

Rotations that give the same tile read as one action: `place S 3,4 r4` is `place S 3,4 r1`.
A cell off the board or a rotation past r5 names nothing: it is refused at once, by the rule
(`board`, `rotation`) that would refuse it in play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from towpath.core.actions import Action, read_number
from towpath.core.errors import GameError, IllegalAction, quote
from towpath.core.i18n import N_
from towpath.games.canal_king.components import EDGE_NAMES, EDGES, Components

NOTATION_HELP = N_(
    "place|replace TILE C,R rK · swap TILE... · special C,R rK · sail PORT · "
    "sail C,R from EDGE · return · pass · launch · skip "
    "(TILE like S or ST:red, K 0-5, EDGE N NE SE S SW NW)"
)
_CELL = re.compile(r"^(\d+),(\d+)$")
_ROTATION = re.compile(r"^r(\d+)$")


class Notated(Action):
    """A Canal King action, which spells its notation once: bots and tests hash and compare
    thousands of actions per turn, so both go by that text."""

    __slots__ = ("_hash", "_text")
    _text: str
    _hash: int

    def __post_init__(self) -> None:
        text = self.spell()
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash(text))

    def spell(self) -> str:
        raise NotImplementedError

    def notation(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._text == self._text


@dataclass(frozen=True, slots=True, eq=False)
class Place(Notated):
    """Put a hand tile on a free space, turned `rotation` × 60° clockwise."""

    tile: str
    col: int
    row: int
    rotation: int

    def spell(self) -> str:
        return f"place {self.tile} {self.col},{self.row} r{self.rotation}"


@dataclass(frozen=True, slots=True, eq=False)
class Replace(Notated):
    """Put a hand tile in place of a board tile whose lines it keeps."""

    tile: str
    col: int
    row: int
    rotation: int

    def spell(self) -> str:
        return f"replace {self.tile} {self.col},{self.row} r{self.rotation}"


@dataclass(frozen=True, slots=True, eq=False)
class Swap(Notated):
    """Discard these hand tiles (in tile-set order), then draw as many."""

    tiles: tuple[str, ...]

    def spell(self) -> str:
        return "swap " + " ".join(self.tiles)


@dataclass(frozen=True, slots=True, eq=False)
class Special(Notated):
    """Play the special tile on a free space or over a single straight."""

    col: int
    row: int
    rotation: int

    def spell(self) -> str:
        return f"special {self.col},{self.row} r{self.rotation}"


@dataclass(frozen=True, slots=True, eq=False)
class SailToPort(Notated):
    port: str

    def spell(self) -> str:
        return f"sail {self.port}"


@dataclass(frozen=True, slots=True, eq=False)
class SailToCell(Notated):
    """Sail to a stop on the tile at col,row, entering it by edge `entry`."""

    col: int
    row: int
    entry: int

    def spell(self) -> str:
        return f"sail {self.col},{self.row} from {EDGE_NAMES[self.entry]}"


@dataclass(frozen=True, slots=True, eq=False)
class Word(Notated):
    """A one-word action: return, pass, launch or skip."""

    word: str

    def spell(self) -> str:
        return self.word


RETURN, PASS, LAUNCH, SKIP = Word("return"), Word("pass"), Word("launch"), Word("skip")
WORDS = {word.word: word for word in (RETURN, PASS, LAUNCH, SKIP)}
_EDGE_INDEX = {name.lower(): edge for edge, name in enumerate(EDGE_NAMES)}


def parse(text: str, parts: Components) -> Action:
    """Read a notation; the tile set and board give the names of tiles and ports."""
    tokens = str(text).split()
    if not tokens:
        raise _bad(text, NOTATION_HELP)
    verb, rest = tokens[0].lower(), tokens[1:]
    if verb in WORDS and not rest:
        return WORDS[verb]
    if verb in ("place", "replace") and len(rest) == 3:
        tile = _tile(text, rest[0], parts)
        col, row = _cell(text, rest[1], parts, "board")
        kind = parts.tiles.kind_of[tile]
        rotation = _rotation(text, rest[2], parts, kind)
        name = parts.tiles.names[tile]
        return (Place if verb == "place" else Replace)(name, col, row, rotation)
    if verb == "special" and len(rest) == 2:
        col, row = _cell(text, rest[0], parts, "board")
        return Special(col, row, _rotation(text, rest[1], parts, parts.tiles.special_kind))
    if verb == "swap" and rest:
        tiles = sorted(_tile(text, token, parts) for token in rest)
        return Swap(tuple(parts.tiles.names[t] for t in tiles))
    if verb == "sail" and len(rest) == 1:
        port = parts.board.port_index.get(rest[0].upper())
        if port is None:
            raise _bad(text, f"expected a port, one of {', '.join(parts.board.port_index)}")
        return SailToPort(parts.board.ports[port].name)
    if verb == "sail" and len(rest) == 3 and rest[1].lower() == "from":
        col, row = _cell(text, rest[0], parts, "sail")
        entry = _EDGE_INDEX.get(rest[2].lower())
        if entry is None:
            raise _bad(text, "expected the entry edge as one of " + " ".join(EDGE_NAMES))
        return SailToCell(col, row, entry)
    raise _bad(text, NOTATION_HELP)


def _tile(text: str, token: str, parts: Components) -> int:
    tile = parts.tiles.by_name.get(token.lower())
    if tile is None:
        raise _bad(text, f"unknown tile {quote(token, 20)}, expected a tile like S or ST:red")
    return tile


def _cell(text: str, token: str, parts: Components, rule: str) -> tuple[int, int]:
    """The cell col,row, refused off the board by `rule` (the rule refusing it in play)."""
    match = _CELL.match(token)
    if match is None:
        raise _bad(text, f"expected a cell as col,row like 3,4, got {quote(token, 20)}")
    cols, rows = parts.board.cols, parts.board.rows
    col = read_number(match.group(1), 0, cols - 1)
    row = read_number(match.group(2), 0, rows - 1)
    if col is None or row is None:
        raise IllegalAction(
            f"bad Canal King action {quote(text)}: expected a cell of the board, col 0 to "
            f"{cols - 1} and row 0 to {rows - 1}",
            rule=rule,
        )
    return col, row


def _rotation(text: str, token: str, parts: Components, kind: int) -> int:
    """The rotation, as the least one giving the same tile."""
    match = _ROTATION.match(token.lower())
    if match is None:
        raise _bad(text, f"expected a rotation r0 to r5, got {quote(token, 20)}")
    rotation = read_number(match.group(1), 0, EDGES - 1)
    if rotation is None:
        raise IllegalAction(
            f"bad Canal King action {quote(text)}: expected a rotation r0 to r5, "
            f"got {quote(token, 20)}",
            rule="rotation",
        )
    return parts.tiles.canonical[kind * EDGES + rotation]


def _bad(text: str, expected: str) -> GameError:
    return GameError(f"bad Canal King action {quote(text)}: {expected}")

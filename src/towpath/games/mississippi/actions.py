"""Mississippi's actions and their notation: `r+1 f3`, `r-2 b4`, `f5`, `pass`.

`r±k` turns the boat k × 60° (+ clockwise, − anticlockwise) before the move; `r+3` is the
180° turn (`r-3` reads as the same action). `fN` spends N logs to go N open spaces downstream,
`bN` goes N open spaces upstream. N is at most the river's spaces and the finish: no move goes
further.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from towpath.core.actions import Action, read_number
from towpath.core.errors import GameError, quote
from towpath.core.i18n import N_

ROTATIONS = (0, 1, -1, 2, -2, 3)

NOTATION_HELP = N_("expected [r±k] fN or bN (k 1..3, N ≥ 1), or pass; for example 'r+1 f3'")
_PATTERN = re.compile(r"^(?:r([+-]?)([0-3])\s+)?([fb])(\d+)$")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """An optional rotation, then a forward or backward move of `spaces` open spaces."""

    rotation: int
    forward: bool
    spaces: int

    def notation(self) -> str:
        turn = f"r{self.rotation:+d} " if self.rotation else ""
        return f"{turn}{'f' if self.forward else 'b'}{self.spaces}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The turn of a boat in the start area with no logs: it cannot move."""

    def notation(self) -> str:
        return "pass"


PASS = Pass()


_LINES: dict[tuple[int, bool], list[Move]] = {}


def moves(rotation: int, forward: bool, count: int) -> list[Move]:
    """The moves of 1..count spaces with this rotation and direction, as shared objects."""
    line = _LINES.setdefault((rotation, forward), [])
    while len(line) < count:
        line.append(Move(rotation, forward, len(line) + 1))
    return line[:count]


@lru_cache(maxsize=4096)
def parse(text: str, most: int) -> Action:
    """Read an action; `most` is the river's spaces and the finish, the longest move."""
    cleaned = " ".join(str(text).strip().lower().split())
    if cleaned == "pass":
        return PASS
    match = _PATTERN.match(cleaned)
    if match is None:
        raise GameError(f"bad Mississippi action {quote(text)}: {NOTATION_HELP}")
    sign, steps, direction, spaces = match.groups()
    rotation = int(steps or 0) * (-1 if sign == "-" else 1)
    if rotation == -3:
        rotation = 3
    count = read_number(spaces, 0, most)
    if count is None:
        raise GameError(
            f"bad Mississippi action {quote(text)}: expected at most {most} spaces, in digits"
        )
    if count < 1:
        raise GameError(f"bad Mississippi action {quote(text)}: a move goes at least 1 space")
    return Move(rotation, direction == "f", count)

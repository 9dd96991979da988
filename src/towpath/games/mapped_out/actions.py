"""Mapped Out's actions and their notation.

Cards are named `S.P`: seat S (from 0), position P in that seat's row (from 1, left to right).
Cells are `X,Y` on the map grid (y grows downward: up is north on screen). Tiles are named by id.

    place 12 1,0      play tile 12 from hand onto cell (1, 0)
    reveal 2.4        reveal seat 2's card 4 (a Reveal tile's target, an Ultra Reveal pick)
    study 2.4         look at seat 2's face-down card 4
    swap 2.4 0.7      swap two cards (a Swap tile, Move Swap)
    orient 180        reveal the card upside-down (option choose_orientation)
    remove 1.3 / insert 3 / hands 2      the Remove, Draw and Hand Swap specials
    start|destroy|exchange|to|send|push X,Y   pick a cell for the step being resolved
    cork 12 1,0       fill a hole with tile 12 (Corker)
    go up             the direction of an Any or Jump card
    take 12           take the tile under the pawn, filling the hole with tile 12 (Muddled Waters)
    done              stop early (Destructor, Corker) or take no tile (Muddled Waters)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from towpath.core.actions import Action
from towpath.core.errors import GameError, quote
from towpath.core.grid import DIRECTIONS

NOTATION_HELP = (
    "place T X,Y; reveal|study|remove S.P; swap S.P S.P; orient 0|180; insert P; hands S; "
    "start|destroy|exchange|to|send|push X,Y; cork T X,Y; go up|down|left|right; take T; done"
)
CARD_VERBS = ("reveal", "study", "remove")
CELL_VERBS = ("start", "destroy", "exchange", "to", "send", "push")
ORIENTATIONS = (0, 180)

_INT = r"(-?\d{1,4})"
_NAT = r"(\d{1,3})"
_CELL = rf"{_INT},{_INT}"
_CARD = rf"{_NAT}\.{_NAT}"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name)
    for pattern, name in (
        (rf"^place {_NAT} {_CELL}$", "place"),
        (rf"^({'|'.join(CARD_VERBS)}) {_CARD}$", "pick"),
        (rf"^swap {_CARD} {_CARD}$", "swap"),
        (r"^orient (0|180)$", "orient"),
        (rf"^insert {_NAT}$", "insert"),
        (rf"^hands {_NAT}$", "hands"),
        (rf"^({'|'.join(CELL_VERBS)}) {_CELL}$", "point"),
        (rf"^cork {_NAT} {_CELL}$", "cork"),
        (rf"^go ({'|'.join(DIRECTIONS)})$", "go"),
        (rf"^take {_NAT}$", "take"),
        (r"^done$", "done"),
    )
)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Play a tile from hand onto an empty cell."""

    tile: int
    x: int
    y: int

    def notation(self) -> str:
        return f"place {self.tile} {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose a card of a row: to reveal it, study it or remove it."""

    verb: str
    seat: int
    pos: int

    def notation(self) -> str:
        return f"{self.verb} {self.seat}.{self.pos}"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Swap two cards: the first is the card the Swap tile names (or the earlier, for Move Swap)."""

    seat: int
    pos: int
    other_seat: int
    other_pos: int

    def notation(self) -> str:
        return f"swap {self.seat}.{self.pos} {self.other_seat}.{self.other_pos}"


@dataclass(frozen=True, slots=True)
class Orient(Action):
    """Reveal a directional card upright (0) or upside-down (180)."""

    degrees: int

    def notation(self) -> str:
        return f"orient {self.degrees}"


@dataclass(frozen=True, slots=True)
class Insert(Action):
    """Draw: the new face-down card joins the owner's row at this position."""

    pos: int

    def notation(self) -> str:
        return f"insert {self.pos}"


@dataclass(frozen=True, slots=True)
class HandSwap(Action):
    """Hand Swap: the card's owner swaps tile hands with this seat."""

    seat: int

    def notation(self) -> str:
        return f"hands {self.seat}"


@dataclass(frozen=True, slots=True)
class Point(Action):
    """Choose a cell for the step being resolved (the verb names the step)."""

    verb: str
    x: int
    y: int

    def notation(self) -> str:
        return f"{self.verb} {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Cork(Action):
    """Corker: fill the hole at a cell with a tile from hand."""

    tile: int
    x: int
    y: int

    def notation(self) -> str:
        return f"cork {self.tile} {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """The direction of an Any or Jump card."""

    direction: str

    def notation(self) -> str:
        return f"go {self.direction}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Muddled Waters: take the tile under the pawn and fill the hole with this hand tile."""

    tile: int

    def notation(self) -> str:
        return f"take {self.tile}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop early where the rules allow it, or take no tile."""

    def notation(self) -> str:
        return "done"


DONE = Done()


@lru_cache(maxsize=65536)
def parse(text: str) -> Action:
    cleaned = " ".join(str(text).strip().lower().split())
    for pattern, name in _PATTERNS:
        match = pattern.match(cleaned)
        if match is not None:
            return _build(name, match.groups())
    raise GameError(f"bad Mapped Out action {quote(text)}: expected {NOTATION_HELP}")


def _build(name: str, parts: tuple[str, ...]) -> Action:
    if name == "place":
        return place(int(parts[0]), int(parts[1]), int(parts[2]))
    if name == "pick":
        return pick(parts[0], int(parts[1]), int(parts[2]))
    if name == "swap":
        return Swap(*(int(part) for part in parts))
    if name == "orient":
        return Orient(int(parts[0]))
    if name == "insert":
        return Insert(int(parts[0]))
    if name == "hands":
        return HandSwap(int(parts[0]))
    if name == "point":
        return point(parts[0], int(parts[1]), int(parts[2]))
    if name == "cork":
        return Cork(int(parts[0]), int(parts[1]), int(parts[2]))
    if name == "go":
        return Go(parts[0])
    if name == "take":
        return Take(int(parts[0]))
    return DONE


# Shared action objects: legal-action lists are rebuilt at every step.
@lru_cache(maxsize=65536)
def place(tile: int, x: int, y: int) -> Place:
    return Place(tile, x, y)


class Placements(dict[tuple[int, int], Place]):
    """One tile's placements by cell, made on first use: looked up in C, a cell list at a time."""

    def __init__(self, tile: int) -> None:
        super().__init__()
        self.tile = tile

    def __missing__(self, cell: tuple[int, int]) -> Place:
        action = self[cell] = place(self.tile, *cell)
        return action


PLACEMENTS: dict[int, Placements] = {}


def placements_of(tile: int) -> Placements:
    known = PLACEMENTS.get(tile)
    if known is None:
        known = PLACEMENTS[tile] = Placements(tile)
    return known


@lru_cache(maxsize=16384)
def pick(verb: str, seat: int, pos: int) -> Pick:
    return Pick(verb, seat, pos)


@lru_cache(maxsize=65536)
def swap(seat: int, pos: int, other_seat: int, other_pos: int) -> Swap:
    return Swap(seat, pos, other_seat, other_pos)


@lru_cache(maxsize=16384)
def point(verb: str, x: int, y: int) -> Point:
    return Point(verb, x, y)

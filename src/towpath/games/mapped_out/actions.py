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

Every number names something of the game (`Bounds`): a tile in play, a seat, a card position
no further than the deck is long, a cell no further from the start tile than the map can grow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from towpath.core.actions import Action, read_number
from towpath.core.errors import GameError, quote
from towpath.core.grid import DIRECTIONS

NOTATION_HELP = (
    "place T X,Y; reveal|study|remove S.P; swap S.P S.P; orient 0|180; insert P; hands S; "
    "start|destroy|exchange|to|send|push X,Y; cork T X,Y; go up|down|left|right; take T; done"
)
CARD_VERBS = ("reveal", "study", "remove")
CELL_VERBS = ("start", "destroy", "exchange", "to", "send", "push")
ORIENTATIONS = (0, 180)

_INT = r"(-?\d+)"
_NAT = r"(\d+)"
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


@dataclass(frozen=True, slots=True)
class Bounds:
    """The numbers a game's notation may write: tile ids 0 to `tile` (the tiles in play), seats
    0 to `seats` - 1, card positions 1 to `cards` (no row holds more than the deck), cell
    coordinates from -`reach` to `reach` (the start tile is 0,0 and the map grows no further)."""

    tile: int
    seats: int
    cards: int
    reach: int


class _Reader:
    """The numbers of one notation, each read within its bounds or refused saying them."""

    def __init__(self, text: str, bounds: Bounds) -> None:
        self.text = text
        self.bounds = bounds

    def tile(self, word: str) -> int:
        return self._read(word, 0, self.bounds.tile, "a tile")

    def seat(self, word: str) -> int:
        return self._read(word, 0, self.bounds.seats - 1, "a seat")

    def card(self, word: str) -> int:
        return self._read(word, 1, self.bounds.cards, "a card position")

    def cell(self, x: str, y: str) -> tuple[int, int]:
        reach = self.bounds.reach
        return self._read(x, -reach, reach, "a cell's x"), self._read(
            y, -reach, reach, "a cell's y"
        )

    def _read(self, word: str, low: int, high: int, what: str) -> int:
        number = read_number(word, low, high)
        if number is None:
            raise GameError(
                f"bad Mapped Out action {quote(self.text)}: expected {what} from {low} to {high}"
            )
        return number


@lru_cache(maxsize=65536)
def parse(text: str, bounds: Bounds) -> Action:
    cleaned = " ".join(str(text).strip().lower().split())
    for pattern, name in _PATTERNS:
        match = pattern.match(cleaned)
        if match is not None:
            return _build(name, match.groups(), _Reader(text, bounds))
    raise GameError(f"bad Mapped Out action {quote(text)}: expected {NOTATION_HELP}")


def _build(name: str, parts: tuple[str, ...], read: _Reader) -> Action:
    if name == "place":
        return place(read.tile(parts[0]), *read.cell(parts[1], parts[2]))
    if name == "pick":
        return pick(parts[0], read.seat(parts[1]), read.card(parts[2]))
    if name == "swap":
        return Swap(
            read.seat(parts[0]), read.card(parts[1]), read.seat(parts[2]), read.card(parts[3])
        )
    if name == "orient":
        return Orient(int(parts[0]))
    if name == "insert":
        return Insert(read.card(parts[0]))
    if name == "hands":
        return HandSwap(read.seat(parts[0]))
    if name == "point":
        return point(parts[0], *read.cell(parts[1], parts[2]))
    if name == "cork":
        return Cork(read.tile(parts[0]), *read.cell(parts[1], parts[2]))
    if name == "go":
        return Go(parts[0])
    if name == "take":
        return Take(read.tile(parts[0]))
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

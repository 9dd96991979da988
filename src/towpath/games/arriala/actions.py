"""Arriala's actions and their notation.

A worker is written as its colour's letter, its number within its colour and where it stands:
`r2@12` (red worker 2 on canal space 12, towns included) or `y1@ch` (yellow worker 1 in a
vineyard). Every worker has its public number from the moment it is placed (r1, r2, ... in
placing order). Spaces count from 1. Actions paid with action points: `move r2@12 15`,
`to-vineyard r2@12 ch`, `to-canal r2@ch 15`, `place 15`, `river r1@12 b2`, `lock 20`, `draw`,
`end`. Cards are played with `play CARD ...`: `play move3 y2@12 16`, `play teleport r1@12 30`,
`play lock 20`, `play masterwork cacor`, `play to-vineyard-any y3@12 ch`, `play to-canal r1@ch 15`.

Read against a position, the short form `r@12` (no number) names the worker of that colour there
where it names one choice (see the game's `parse_action`); records written before workers were
numbered read it as the engine then played it (`parse_recorded`).
"""

from __future__ import annotations

from dataclasses import dataclass

from towpath.core.actions import Action, read_number
from towpath.core.errors import GameError, quote
from towpath.core.i18n import N_
from towpath.games.arriala.components import Layout, Rules, load_rules

NOTATION_HELP = N_(
    "move r2@12 15 · to-vineyard r2@12 ch · to-canal r2@ch 15 · place 15 · river r1@12 b2 · "
    "lock 20 · draw · end · play CARD ... (play move3 y2@12 16, play lock 20, "
    "play masterwork cacor); r2@12 is red worker 2 on space 12; spaces count from 1"
)

# Each colour is written by its first letter, in colour (seat) order.
LETTERS = "".join(colour[0] for colour in load_rules().colours)


UNNUMBERED = 0  # the short form `r@12`: the worker is found in the position (Arriala._read)


def worker_name(colour: int, number: int) -> str:
    """A worker as the notation writes it: colour letter and number, `r2`."""
    return f"{LETTERS[colour]}{number}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A canal move of a worker: by action points (card None), a move card or a teleport card."""

    colour: int
    number: int
    source: int
    target: int
    card: str | None = None

    def notation(self) -> str:
        verb = "move" if self.card is None else f"play {self.card}"
        worker = worker_name(self.colour, self.number)
        return f"{verb} {worker}@{self.source + 1} {self.target + 1}"


@dataclass(frozen=True, slots=True)
class ToVineyard(Action):
    colour: int
    number: int
    source: int
    vineyard: str
    card: str | None = None

    def notation(self) -> str:
        verb = "to-vineyard" if self.card is None else f"play {self.card}"
        worker = worker_name(self.colour, self.number)
        return f"{verb} {worker}@{self.source + 1} {self.vineyard}"


@dataclass(frozen=True, slots=True)
class ToCanal(Action):
    colour: int
    number: int
    vineyard: str
    target: int
    card: str | None = None

    def notation(self) -> str:
        verb = "to-canal" if self.card is None else f"play {self.card}"
        worker = worker_name(self.colour, self.number)
        return f"{verb} {worker}@{self.vineyard} {self.target + 1}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """A new worker from the reserve onto a free canal space."""

    target: int

    def notation(self) -> str:
        return f"place {self.target + 1}"


@dataclass(frozen=True, slots=True)
class River(Action):
    """A river structure: one of your canal workers onto a free blue space, for good."""

    colour: int
    number: int
    source: int
    blue: str

    def notation(self) -> str:
        return f"river {worker_name(self.colour, self.number)}@{self.source + 1} {self.blue}"


@dataclass(frozen=True, slots=True)
class Lock(Action):
    target: int
    card: str | None = None

    def notation(self) -> str:
        verb = "lock" if self.card is None else f"play {self.card}"
        return f"{verb} {self.target + 1}"


@dataclass(frozen=True, slots=True)
class BuildMasterwork(Action):
    card: str
    masterwork: str

    def notation(self) -> str:
        return f"play {self.card} {self.masterwork}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class End(Action):
    def notation(self) -> str:
        return "end"


DRAW = Draw()
END = End()
CACHE_SIZE = 1 << 16
# The action-point verbs and how many words follow each.
ARITY = {
    "end": 0,
    "draw": 0,
    "place": 1,
    "lock": 1,
    "move": 2,
    "to-vineyard": 2,
    "to-canal": 2,
    "river": 2,
}


class Notation:
    """Reads actions for one board; context-free (no state needed)."""

    def __init__(self, layout: Layout, rules: Rules) -> None:
        self.layout = layout
        self.rules = rules
        self.letters = {LETTERS[c]: c for c in range(len(rules.colours))}
        self.cache: dict[str, Action] = {}

    def parse(self, text: str) -> Action:
        action = self.cache.get(text)
        if action is None:
            cleaned = " ".join(str(text).strip().lower().split())
            action = self._parse(cleaned.split(" "), text)
            if len(self.cache) < CACHE_SIZE:
                self.cache[text] = action
        return action

    def _parse(self, words: list[str], text: str) -> Action:
        verb, args = words[0], words[1:]
        if verb == "play" and args:
            return self._play(args[0], args[1:], text)
        if len(args) != ARITY.get(verb, -1):
            raise self._error(text)
        if verb == "end":
            return END
        if verb == "draw":
            return DRAW
        if verb == "place":
            return Place(self._space(args[0], text))
        if verb == "lock":
            return Lock(self._space(args[0], text))
        if verb == "move":
            return self._move(args, None, text)
        if verb == "to-vineyard":
            return self._to_vineyard(args, None, text)
        if verb == "to-canal":
            return self._to_canal(args, None, text)
        return self._river(args, text)

    def _play(self, card: str, args: list[str], text: str) -> Action:
        kind = self.rules.cards.get(card)
        if kind is None:
            names = ", ".join(self.rules.cards)
            raise GameError(f"bad Arriala action {quote(text)}: expected a card: {names}")
        arity = 1 if kind.effect in ("lock", "masterwork") else 2
        if len(args) != arity:
            raise self._error(text)
        if kind.effect in ("move", "teleport"):
            return self._move(args, card, text)
        if kind.effect == "to-vineyard":
            return self._to_vineyard(args, card, text)
        if kind.effect == "to-canal":
            return self._to_canal(args, card, text)
        if kind.effect == "lock":
            return Lock(self._space(args[0], text), card)
        if args[0] not in self.layout.masterwork_index:
            names = ", ".join(self.layout.masterwork_index)
            raise GameError(f"bad Arriala action {quote(text)}: expected a masterwork: {names}")
        return BuildMasterwork(card, args[0])

    def _move(self, args: list[str], card: str | None, text: str) -> Move:
        colour, number, source = self._canal_worker(args[0], text)
        return Move(colour, number, source, self._space(args[1], text), card)

    def _to_vineyard(self, args: list[str], card: str | None, text: str) -> ToVineyard:
        colour, number, source = self._canal_worker(args[0], text)
        return ToVineyard(colour, number, source, self._vineyard(args[1], text), card)

    def _to_canal(self, args: list[str], card: str | None, text: str) -> ToCanal:
        colour, number, place = self._worker(args[0], text)
        vineyard = self._vineyard(place, text)
        return ToCanal(colour, number, vineyard, self._space(args[1], text), card)

    def _river(self, args: list[str], text: str) -> River:
        colour, number, source = self._canal_worker(args[0], text)
        if args[1] not in self.layout.blue_index:
            names = ", ".join(self.layout.blue_index)
            raise GameError(f"bad Arriala action {quote(text)}: expected a blue space: {names}")
        return River(colour, number, source, args[1])

    def _worker(self, word: str, text: str) -> tuple[int, int, str]:
        """Colour, number and place of a worker written `r2@12`; in the short form `r@12`, the
        number is UNNUMBERED, for the position to tell (Arriala._read)."""
        name, at, place = word.partition("@")
        letter, written = name[:1], name[1:]
        per = self.rules.workers_per_colour
        number = read_number(written, 1, per) if written else UNNUMBERED
        if not at or letter not in self.letters or number is None or not place:
            letters = "".join(self.letters)
            raise GameError(
                f"bad Arriala action {quote(text)}: expected a worker like r2@12 (colour letter "
                f"{letters}, its number from 1 to {per}, @, a space or vineyard)"
            )
        return self.letters[letter], number, place

    def _canal_worker(self, word: str, text: str) -> tuple[int, int, int]:
        colour, number, place = self._worker(word, text)
        return colour, number, self._space(place, text)

    def _space(self, word: str, text: str) -> int:
        length = self.layout.length
        space = read_number(word, 1, length)
        if space is None:
            raise GameError(
                f"bad Arriala action {quote(text)}: expected a space number from 1 to {length}"
            )
        return space - 1

    def _vineyard(self, word: str, text: str) -> str:
        if word not in self.layout.vineyard_index:
            names = ", ".join(self.layout.vineyard_index)
            raise GameError(f"bad Arriala action {quote(text)}: expected a vineyard: {names}")
        return word

    def _error(self, text: str) -> GameError:
        return GameError(f"bad Arriala action {quote(text)}: expected {NOTATION_HELP}")

"""Detour's actions and their notation.

A turn plays one card from the colour's hand:
- `move CARD N`: the card's move part, stopping after N ≥ 1 spaces (the tokens decide how far
  it could go; stopping after 0 spaces is the same as `pass CARD`).
- `detour COLOUR`: the Detour card's action, sending that colour's marker onto the detour.
- `backward N`: the Backward card's action, then its Train + Balloon move stopping after N ≥ 0.
- `block N`: the Block card's action, then its one-token move stopping after N ≥ 0 spaces (the
  token is the one the next space costs, so only the distance is a choice).
- `pass CARD`: the card played for no effect.
- `done`: after the first part of a card whose special ability allows both parts, end the turn
  without the second part.
Cards are named by their names in lower case, colours by their names. N is at most the
track's length (the most spaces from the start to the finish, the detours included).

A move is one action naming where it stops (its distance): the path ahead is fixed, so the
distance says everything, and the legal list stays a handful of actions per card. A special
ability's second part is a separate, optional action by the same colour, so the first part
never multiplies with the second in the legal list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from towpath.core.actions import Action, read_number
from towpath.core.errors import GameError, quote
from towpath.core.i18n import N_

NOTATION_HELP = N_(
    "expected move CARD N, pass CARD, detour COLOUR, backward N, block N or done; "
    "for example 'move voyage 3'"
)
_PATTERN = re.compile(r"^(move|pass|detour|backward|block|done)(?: (\w+))?(?: (\d+))?$")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A card's move part, stopping after `steps` spaces."""

    card: str
    steps: int

    def notation(self) -> str:
        return f"move {self.card} {self.steps}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """A card played for no effect."""

    card: str

    def notation(self) -> str:
        return f"pass {self.card}"


@dataclass(frozen=True, slots=True)
class SendOnDetour(Action):
    """The Detour action: the marker of `colour` leaves its branch space for the detour."""

    colour: str

    def notation(self) -> str:
        return f"detour {self.colour}"


@dataclass(frozen=True, slots=True)
class Backward(Action):
    """The Backward action: every marker two spaces back, then the card player's move."""

    steps: int

    def notation(self) -> str:
        return f"backward {self.steps}"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """The Block action: the next round is blocked; then the card player's one-token move."""

    steps: int

    def notation(self) -> str:
        return f"block {self.steps}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the turn without the second part a special ability allows."""

    def notation(self) -> str:
        return "done"


DONE = Done()


@lru_cache(maxsize=4096)
def parse(text: str, cards: tuple[str, ...], colours: tuple[str, ...], most: int) -> Action:
    """Read an action; `cards` and `colours` are the names this game knows, `most` the
    track's length, the most spaces a move may name."""
    cleaned = " ".join(str(text).strip().lower().split())
    match = _PATTERN.match(cleaned)
    if match is None:
        raise GameError(f"bad Detour action {quote(text)}: {NOTATION_HELP}")
    word, name, number = match.groups()
    if word == "done" and name is None and number is None:
        return DONE
    if word in ("move", "pass") and name in cards and (number is None) == (word == "pass"):
        if word == "pass":
            return Pass(name)
        steps = _steps(text, number, most)
        if steps >= 1:
            return Move(name, steps)
        raise GameError(f"bad Detour action {quote(text)}: a move goes at least 1 space")
    if word == "detour" and name in colours and number is None:
        return SendOnDetour(name)
    if word in ("backward", "block") and name is not None and name.isdigit() and number is None:
        steps = _steps(text, name, most)
        return Backward(steps) if word == "backward" else Block(steps)
    return _explain(text, word, cards, colours)


def _steps(text: str, number: str, most: int) -> int:
    steps = read_number(number, 0, most)
    if steps is None:
        raise GameError(
            f"bad Detour action {quote(text)}: expected at most {most} spaces, in digits"
        )
    return steps


def _explain(text: str, word: str, cards: tuple[str, ...], colours: tuple[str, ...]) -> Action:
    expected = {
        "move": f"move CARD N, CARD one of {', '.join(cards)}",
        "pass": f"pass CARD, CARD one of {', '.join(cards)}",
        "detour": f"detour COLOUR, COLOUR one of {', '.join(colours)}",
        "backward": "backward N",
        "block": "block N",
        "done": "done alone",
    }[word]
    raise GameError(f"bad Detour action {quote(text)}: expected {expected}")

"""Game options: each knows its default, its help text and how to read a value.

Values arrive as Python values (from `towpath.load(..., logs=12)` or a record) or as text (from
the command line, `--option logs=12`); `coerce` accepts both and names what it expected.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from towpath.core.errors import GameError
from towpath.core.i18n import N_

OptionValue = bool | int | str | list[int] | None


@dataclass(frozen=True)
class Option:
    name: str
    default: OptionValue
    help: str
    label: str = field(default="", kw_only=True)  # the option as a form shows it

    @property
    def shown(self) -> str:
        """The option's label, or its name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    def coerce(self, value: object) -> OptionValue:
        raise NotImplementedError

    def expected(self) -> str:
        raise NotImplementedError

    def fail(self, value: object) -> GameError:
        return GameError(f"option {self.name}: expected {self.expected()}, got {value!r}")


@dataclass(frozen=True)
class BoolOption(Option):
    def expected(self) -> str:
        return "true or false"

    def coerce(self, value: object) -> OptionValue:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            return value.lower() in ("true", "yes", "1")
        raise self.fail(value)


@dataclass(frozen=True)
class IntOption(Option):
    low: int
    high: int  # every number has a bound: a game set up by a stranger stays affordable
    allow_none: bool = False

    def expected(self) -> str:
        bound = f"from {self.low} to {self.high}"
        return f"a whole number {bound}" + (" (or none for the default)" if self.allow_none else "")

    def coerce(self, value: object) -> OptionValue:
        if value is None or (isinstance(value, str) and value.lower() in ("none", "default")):
            if self.allow_none:
                return None
            raise self.fail(value)
        number = _as_int(value)
        if number is None or not self.low <= number <= self.high:
            raise self.fail(value)
        return number


@dataclass(frozen=True)
class SeatOption(IntOption):
    """A seat, counted from 0 as everywhere in the engine (a form shows it counted from 1)."""


@dataclass(frozen=True)
class ChoiceOption(Option):
    choices: tuple[str, ...] = ()

    def expected(self) -> str:
        return "one of " + ", ".join(self.choices)

    def coerce(self, value: object) -> OptionValue:
        if isinstance(value, str) and value in self.choices:
            return value
        raise self.fail(value)


LENGTH_SPAN = 2  # a game's length limit may be set up to this many times its default


# Option words every game may take from here; the server translates an option's label and
# help with its game's catalogue, else with this package's.
STARTS = N_("the seat that starts")
UNFINISHED = N_("player turns before the game ends unfinished")


def first_player_option(most: int, help: str = STARTS) -> SeatOption:
    """The seat that starts, of a game for at most `most` players."""
    return SeatOption("first_player", 0, help, 0, most - 1, label=N_("First player"))


def turn_limit(default: int, help: str = UNFINISHED) -> IntOption:
    """The safety limit on a game's player turns (`max_turns`: see `length_limit`)."""
    return length_limit("max_turns", default, help, N_("Turn limit"))


def length_limit(name: str, default: int, help: str, label: str) -> IntOption:
    """A safety limit on a game's length (turns or rounds), from 1 to `LENGTH_SPAN` times its
    default: a game set up by a stranger ends within a few times its longest natural length."""
    return IntOption(name, default, help, 1, LENGTH_SPAN * default, label=label)


@dataclass(frozen=True)
class IntListOption(Option):
    length: int
    low: int
    high: int

    def expected(self) -> str:
        example = json.dumps(list(range(1, self.length + 1)))
        return (
            f"a list of {self.length} whole numbers from {self.low} to {self.high}, like {example}"
        )

    def coerce(self, value: object) -> OptionValue:
        if value is None or (isinstance(value, str) and value.lower() in ("none", "default")):
            return None
        items: object = value
        if isinstance(value, str):
            try:
                items = json.loads(value if value.strip().startswith("[") else f"[{value}]")
            except json.JSONDecodeError:
                raise self.fail(value) from None
        if not isinstance(items, Sequence) or isinstance(items, str) or len(items) != self.length:
            raise self.fail(value)
        numbers = [_as_int(item) for item in items]
        if any(n is None or not self.low <= n <= self.high for n in numbers):
            raise self.fail(value)
        return [n for n in numbers if n is not None]


@dataclass(frozen=True)
class FileOption(Option):
    """The path of a data file that replaces a default component (None: the built-in one)."""

    def expected(self) -> str:
        return "the path of a TOML file"

    def coerce(self, value: object) -> OptionValue:
        if value is None or (isinstance(value, str) and value.lower() in ("", "none", "default")):
            return None
        if isinstance(value, str):
            return value
        raise self.fail(value)


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def parse_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """Read `name=value` pairs from the command line."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise GameError(f"option {pair!r}: expected name=value")
        options[name.strip()] = value.strip()
    return options

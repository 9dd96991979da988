"""The two errors every part of towpath raises and catches."""

from __future__ import annotations


class GameError(Exception):
    """Bad input to a game: unknown game or option, bad notation, corrupt record.

    The message is one line that says what was expected.
    """


class IllegalAction(GameError):
    """An action the rules forbid in this position; the state is left untouched.

    `rule` names the rule that the action breaks (for example "logs" or "backward limit").
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        return (type(self), (str(self), self.rule))


def quote(text: object, limit: int = 40) -> str:
    """A short, single-line repr of user input for an error message."""
    shown = repr(str(text))
    return shown if len(shown) <= limit else shown[: limit - 4] + "...'"

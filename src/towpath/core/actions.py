"""The base of every game's actions."""

from __future__ import annotations


class Action:
    """A move a seat can make: frozen, hashable, and written as a short notation.

    Games subclass it with `@dataclass(frozen=True, slots=True)` and implement `notation()`;
    `Game.parse_action` reads the notation back. The notation is also the action's JSON form.
    """

    __slots__ = ()

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> str:
        return self.notation()

    def describe(self) -> str:
        """A short description for a person choosing among actions.

        By default the first line of the action type's docstring (empty without one).
        """
        doc = type(self).__doc__ or ""
        if doc.startswith(type(self).__name__ + "("):  # a dataclass's generated signature
            return ""
        return doc.strip().split("\n", 1)[0]

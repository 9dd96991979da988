"""The base of every game's actions, and the words people read about them."""

from __future__ import annotations

from dataclasses import dataclass

from towpath.core.i18n import translator

_, _n = translator(__name__)


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


def read_number(word: str, low: int, high: int) -> int | None:
    """The whole number `word` writes in ASCII digits (after a "-" where `low` is negative), if
    it lies from `low` to `high`; else None. A number longer than the bounds is refused unread:
    no notation costs time by the size of a number in it."""
    negative = low < 0 and word.startswith("-")
    body = word[1:] if negative else word
    if not (body.isascii() and body.isdigit()):
        return None
    digits = body.lstrip("0") or "0"
    if len(digits) > len(str(max(-low, high))):
        return None
    value = -int(digits) if negative else int(digits)
    return value if low <= value <= high else None


def turn_of(turn: int, limit: int, players: int) -> str:
    """The round being played, counted from 1, where `turn` counts the players' turns (one
    each in turn order makes a round): "Round 3"; in the last fifth of the turns before the
    safety limit stops the game unfinished, the turns too: "Round 121 · turn 481 of 600"
    (earlier, a player would read the limit as the game's length)."""
    shown = min(turn + 1, limit)
    played = (shown - 1) // players + 1
    if shown * 5 <= limit * 4:
        return _("Round {round}", round=played)
    return _("Round {round} · turn {turn} of {limit}", round=played, turn=shown, limit=limit)


@dataclass(frozen=True, slots=True)
class Words:
    """An action said in words (`State.words`), for people.

    `kind` groups it among the legal actions and names what a player may do ("place a tile");
    a log line is the player's name, `did`, then `what` ("Bob" "placed" "a straight on 1,7").
    Seats are written "seat N", which a client may replace by the seat's player's name.
    `story` is where the action moves pieces, step by step in the order the rules move them:
    (piece, place) pairs named as the game's drawing names them (`data-piece`, `data-place`),
    so that a client can show the move as it happened.
    """

    kind: str
    did: str
    what: str = ""
    story: tuple[tuple[str, str], ...] = ()

    def line(self, name: str) -> str:
        """The log line naming the player."""
        return " ".join(part for part in (name, self.did, self.what) if part)

    def to_json(self) -> dict[str, str | list[list[str]]]:
        told: dict[str, str | list[list[str]]] = {
            "kind": self.kind,
            "did": self.did,
            "what": self.what,
        }
        if self.story:
            told["story"] = [list(step) for step in self.story]
        return told

"""Mississippi's actions in words, for the log and the list of legal actions: where the boat
goes, how it turns and what it pays, then each boat the docking reactions send on, in order.
Nothing is hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from towpath.core.actions import Action, Words
from towpath.core.i18n import N_, translator
from towpath.games.mississippi.actions import Move
from towpath.games.mississippi.table import MississippiTable

_, n_ = translator(__name__)

START = 0
WON_BY = N_("The first boat across the finish wins.")
CUT_SHORT = N_(
    "The {limit}-turn limit ended the game before any boat crossed the finish: nobody wins."
)


class Sent(NamedTuple):
    """A boat a docking reaction sent on: its seat, and the space it came to."""

    seat: int
    end: int


def landing(spaces: list[int], seat: int, forward: bool, count: int, finish: int) -> int:
    """Where the boat of `seat` stops after `count` open spaces (occupied ones are jumped), at
    the furthest the finish or the start area."""
    here, step, end = spaces[seat], 1 if forward else -1, finish if forward else START
    while count and here != end:
        here += step
        if here in (START, finish) or here not in spaces:
            count -= 1
    return here


def boat_piece(seat: int) -> str:
    """A boat as the drawing names it (`data-piece`); its places are its spaces' numbers."""
    return f"boat-{seat}"


def destination(space: int, finish: int) -> str:
    """Where a boat comes to, with the way to it: "to space 9", "to the start area", "across the
    finish"."""
    if space == START:
        return _("to the start area")
    return _("across the finish") if space == finish else _("to space {space}", space=space)


def turn_words(game: MississippiTable, rotation: int) -> str:
    if not rotation:
        return ""
    way = _("clockwise") if rotation > 0 else _("anticlockwise")
    cost = game.rotation_cost(rotation)
    paid = n_("{count} log", "{count} logs", cost) if cost else _("free")
    return _(
        ", after turning {degrees}° {way} ({paid})", degrees=60 * abs(rotation), way=way, paid=paid
    )


def reactions(sent: Sequence[Sent], finish: int) -> str:
    """The boats docking sent on, in order: "; docking sent seat 1's boat on to space 14, then
    seat 0's boat on to space 17" (the page writes each seat's player for "seat N"); a boat sent
    on twice running is named once: "seat 1's boat on to space 8, then on to space 11"."""
    told = [
        _sent_on(boat, end, finish, bool(k) and sent[k - 1][0] == boat)
        for k, (boat, end) in enumerate(sent)
    ]
    return _("; docking sent {boats}", boats=_(", then ").join(told)) if told else ""


def _sent_on(boat: int, end: int, finish: int, again: bool) -> str:
    """One boat docking sent on: named, unless it is the boat sent on just before."""
    if again:
        return _("across the finish") if end == finish else _("on to space {space}", space=end)
    if end == finish:
        return _("seat {seat}'s boat across the finish", seat=boat)
    return _("seat {seat}'s boat on to space {space}", seat=boat, space=end)


def first_roll(rolled: int) -> str:
    """What a boat's first move adds: the die's roll, which set that side facing downstream."""
    return _(
        " (first turn: the die rolled {number}, so side {number} faced downstream)", number=rolled
    )


def words(
    game: MississippiTable,
    spaces: list[int],
    supply: int,
    seat: int,
    action: Action,
    sent: Sequence[Sent] = (),
) -> Words:
    """`action` of `seat` with the boats on `spaces` and `supply` logs in the supply; `sent`:
    the boats its docking reactions send on."""
    if not isinstance(action, Move):
        return Words(_("pass"), _("passed"), _("(no logs, in the start area)"))
    finish = game.river.finish
    target = landing(spaces, seat, action.forward, action.spaces, finish)
    story = ((boat_piece(seat), str(target)), *((boat_piece(b), str(end)) for b, end in sent))
    turn = turn_words(game, action.rotation)
    docking = reactions(sent, finish)
    to = destination(target, finish)
    if action.forward:
        went = n_(
            "{count} open space downstream {to} for {count} log",
            "{count} open spaces downstream {to} for {count} logs",
            action.spaces,
            to=to,
        )
        return Words(_("go downstream"), _("went"), went + turn + docking, story)
    gained = min(action.spaces, supply + game.rotation_cost(action.rotation))
    went = n_(
        "{count} open space upstream {to}",
        "{count} open spaces upstream {to}",
        action.spaces,
        to=to,
    )
    taking = n_(", taking {count} log", ", taking {count} logs", gained) if gained else ""
    return Words(_("go upstream"), _("went"), went + taking + turn + docking, story)

"""Mississippi's actions in words, for the log and the list of legal actions: where the boat
goes, how it turns and what it pays, then each boat the docking reactions send on, in order.
Nothing is hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from towpath.core.actions import Action, Words, counted
from towpath.games.mississippi.actions import Move
from towpath.games.mississippi.table import MississippiTable

START = 0


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


def place(space: int, finish: int) -> str:
    if space == START:
        return "the start area"
    return "across the finish" if space == finish else f"space {space}"


def turn_words(game: MississippiTable, rotation: int) -> str:
    if not rotation:
        return ""
    way = "clockwise" if rotation > 0 else "anticlockwise"
    cost = game.rotation_cost(rotation)
    paid = counted(cost, "log") if cost else "free"
    return f", after turning {60 * abs(rotation)}° {way} ({paid})"


def reactions(sent: Sequence[Sent], finish: int) -> str:
    """The boats docking sent on, in order: "; docking sent seat 1's boat on to space 14, then
    seat 0's boat on to space 17" (the page writes each seat's player for "seat N"); a boat sent
    on twice running is named once: "seat 1's boat on to space 8, then on to space 11"."""
    told = [
        ("" if k and sent[k - 1][0] == boat else f"seat {boat}'s boat ")
        + ("across the finish" if end == finish else f"on to space {end}")
        for k, (boat, end) in enumerate(sent)
    ]
    return "; docking sent " + ", then ".join(told) if told else ""


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
        return Words("pass", "passed", "(no logs, in the start area)")
    finish = game.river.finish
    target = landing(spaces, seat, action.forward, action.spaces, finish)
    story = ((boat_piece(seat), str(target)), *((boat_piece(b), str(end)) for b, end in sent))
    open_spaces = counted(action.spaces, "open space")
    turn = turn_words(game, action.rotation)
    if action.forward:
        logs = counted(action.spaces, "log")
        to = "across the finish" if target == finish else f"to {place(target, finish)}"
        docking = reactions(sent, finish)
        return Words(
            "go downstream",
            "went",
            f"{open_spaces} downstream {to} for {logs}{turn}{docking}",
            story,
        )
    gained = min(action.spaces, supply + game.rotation_cost(action.rotation))
    taking = f", taking {counted(gained, 'log')}" if gained else ""
    docking = reactions(sent, finish)
    return Words(
        "go upstream",
        "went",
        f"{open_spaces} upstream to {place(target, finish)}{taking}{turn}{docking}",
        story,
    )

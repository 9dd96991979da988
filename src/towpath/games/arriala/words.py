"""Arriala's actions in words, for the log and the list of legal actions: the worker by its
colour and number, places by space number and town, vineyards and masterworks by name, and what
the action costs. A card is named only once played (it is public then); a draw names no card."""

from __future__ import annotations

from towpath.core.actions import Action, Words
from towpath.games.arriala.actions import (
    BuildMasterwork,
    Draw,
    Lock,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
)
from towpath.games.arriala.components import CardType, Layout, Rules
from towpath.games.arriala.position import Position


def card_title(card: CardType) -> str:
    """A card as a player reads it: "Move 3", "Teleport", "To a vineyard (any colour)"."""
    titles = {
        "move": f"Move {card.reach}",
        "teleport": "Teleport",
        "lock": "Lock",
        "masterwork": "Masterwork",
        "to-vineyard": "To a vineyard",
        "to-canal": "Back to the canal",
    }
    return titles[card.effect] + (" (any colour)" if card.any_colour else "")


def space_name(layout: Layout, space: int) -> str:
    """A canal space from 0: `space 12`, or the town: `Moissac (23)`."""
    town = layout.town_name[space]
    return f"{town} ({space + 1})" if town else f"space {space + 1}"


def vineyard_name(layout: Layout, vineyard: str) -> str:
    return f"the {layout.board.vineyards[layout.vineyard_index[vineyard]].name} vineyard"


def worker(rules: Rules, colour: int, number: int) -> str:
    return f"{rules.colours[colour]} worker {number}"


def ap(cost: int) -> str:
    return f"{cost} AP"


def words(layout: Layout, rules: Rules, action: Action, cost: int) -> Words:
    """`action`, which costs `cost` action points."""
    name = getattr(action, "card", None)
    card = rules.cards[name] if name else None
    kind, did, what = _said(layout, rules, action)
    if card is not None:
        kind, did = "play a card", "played"
        what = f"{card_title(card)}: {what}"
    return Words(kind, did, f"{what} ({ap(cost)})" if cost else what)


def _said(layout: Layout, rules: Rules, action: Action) -> tuple[str, str, str]:
    if isinstance(action, Move):
        who = worker(rules, action.colour, action.number)
        route = f"from {space_name(layout, action.source)} to {space_name(layout, action.target)}"
        return "move a worker", "moved", f"{who} {route}"
    if isinstance(action, ToVineyard):
        who = worker(rules, action.colour, action.number)
        where = (
            f"from {space_name(layout, action.source)} to {vineyard_name(layout, action.vineyard)}"
        )
        return "send a worker to a vineyard", "sent", f"{who} {where}"
    if isinstance(action, ToCanal):
        who = worker(rules, action.colour, action.number)
        where = (
            f"from {vineyard_name(layout, action.vineyard)} to {space_name(layout, action.target)}"
        )
        return "bring a worker back to the canal", "brought", f"{who} {where}"
    if isinstance(action, Place):
        return (
            "place a new worker",
            "placed",
            f"a new worker on {space_name(layout, action.target)}",
        )
    if isinstance(action, River):
        who = worker(rules, action.colour, action.number)
        return (
            "build a river structure",
            "built",
            f"a river structure on {action.blue} with {who} from "
            f"{space_name(layout, action.source)} (+{rules.points.river} points)",
        )
    if isinstance(action, Lock):
        where = space_name(layout, action.target)
        return "build a lock", "built", f"a lock on {where} (+{rules.points.lock} point)"
    if isinstance(action, BuildMasterwork):
        work = layout.board.masterworks[layout.masterwork_index[action.masterwork]].name
        return "play a card", "built", f"the {work} (+{rules.points.masterwork} points)"
    if isinstance(action, Draw):
        return "draw a card", "drew", "a card"
    return "end the turn", "ended their turn", ""


def scoring(rules: Rules, before: Position, after: Position, direct: int) -> str:
    """What the rules scored after an action, said after it: each section it completed and who
    gained what (`direct`: the action's own points, not told again), and the end it brought."""
    layout = before.game.layout
    newly = [p for p in layout.open_spaces if after.scored[p] and not before.scored[p]]
    if not newly:
        return ""
    runs: list[list[int]] = []
    for p in newly:
        if runs and runs[-1][-1] == p - 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    names = [f"{run[0] + 1}–{run[-1] + 1}" if len(run) > 1 else f"{run[0] + 1}" for run in runs]
    gains = [now - was for now, was in zip(after.points, before.points, strict=True)]
    gains[before.player] -= direct
    told = ", ".join(f"{rules.colours[c]} +{gain}" for c, gain in enumerate(gains) if gain)
    ended = "; the canal is complete and the vineyards are scored" if after.over else ""
    sections = f"section{'s' if len(runs) > 1 else ''} {' and '.join(names)}"
    return f"; {sections} scored: {told or 'a tie, nobody scores'}{ended}"

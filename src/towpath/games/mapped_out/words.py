"""Mapped Out's actions in words, for the log and the list of legal actions.

Cards are named by their seat and position ("seat 2's card 4"), never by what a face-down card
is; a tile is told once it is played (then it lies open on the map).
"""

from __future__ import annotations

from typing import Any

from towpath.core.actions import Action, Words
from towpath.games.mapped_out.actions import (
    Cork,
    Go,
    HandSwap,
    Insert,
    Orient,
    Pick,
    Place,
    Point,
    Swap,
    Take,
)
from towpath.games.mapped_out.components import Tile

Step = dict[str, Any]
POINTS = {
    "start": ("move a pawn", "moved", "seat {owner}'s pawn to {cell}"),
    "destroy": ("remove a map tile", "removed", "the map tile on {cell}"),
    "exchange": ("swap two map tiles", "chose", "the tile on {cell} to swap places"),
    "to": ("choose a tile", "went", "to the tile on {cell}"),
    "send": ("send a pawn", "sent", "seat {seat}'s pawn to {cell}"),
    "push": ("push a pawn", "pushed", "seat {seat}'s pawn to {cell}"),
}


def tile_words(tile: Tile) -> str:
    """`tile #12 (Reveal 3 · fish 1, 1, 4)`."""
    fish = ", ".join(str(f) for f in tile.fish) or "none"
    special = f" · {tile.special.replace('_', ' ')}" if tile.special else ""
    return f"tile #{tile.id} ({tile.action.capitalize()} {tile.n} · fish {fish}{special})"


def card(seat: int, pos: int) -> str:
    return f"seat {seat}'s card {pos}"


def words(tiles: tuple[Tile, ...], step: Step, action: Action) -> Words:
    """`action` chosen at the pending `step` (the top of the state's steps)."""
    if isinstance(action, Place):
        where = f"{action.x},{action.y}"
        return Words("place a tile", "placed", f"{tile_words(tiles[action.tile])} on {where}")
    if isinstance(action, Pick):
        return _pick(step, action)
    if isinstance(action, Swap):
        first, second = card(action.seat, action.pos), card(action.other_seat, action.other_pos)
        return Words("swap two cards", "swapped", f"{first} with {second}")
    if isinstance(action, Orient):
        way = "upright" if action.degrees == 0 else "upside-down"
        return Words("turn the card", "turned", f"the card {way}")
    if isinstance(action, Insert):
        row = f"seat {step.get('owner')}'s row"
        return Words("place a drawn card", "put", f"a new face-down card at {action.pos} of {row}")
    if isinstance(action, HandSwap):
        owner = step.get("owner")
        return Words("swap hands", "had", f"seat {owner} swap tile hands with seat {action.seat}")
    if isinstance(action, Point):
        kind, did, what = POINTS[action.verb]
        cell = f"{action.x},{action.y}"
        return Words(
            kind, did, what.format(cell=cell, owner=step.get("owner"), seat=step.get("seat"))
        )
    if isinstance(action, Cork):
        filler = tile_words(tiles[action.tile])
        return Words("fill a hole", "filled", f"the hole at {action.x},{action.y} with {filler}")
    if isinstance(action, Go):
        return Words("choose a direction", "went", action.direction)
    if isinstance(action, Take):
        filler = tile_words(tiles[action.tile])
        return Words(
            "take a tile", "took", f"the tile under their pawn, filling the hole with {filler}"
        )
    if step.get("do") == "take":
        return Words("take no tile", "took", "no tile")
    return Words("stop", "stopped", "here (done)")


def _pick(step: Step, action: Pick) -> Words:
    target = card(action.seat, action.pos)
    if action.verb == "reveal":
        return Words("reveal a card", "revealed", target)
    if action.verb == "study":
        return Words("study a card", "studied", target)
    return Words("remove a card", "removed", f"card {action.pos} from seat {action.seat}'s row")

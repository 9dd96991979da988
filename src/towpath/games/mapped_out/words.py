"""Mapped Out's actions in words, for the log and the list of legal actions; what a seat is to
do next (the prompt), how the game ended, and the names of the components as people read them.

Cards are named by their seat and position ("seat 2's card 4"), never by what a face-down card
is; a tile is told once it is played (then it lies open on the map). Every word for people is
marked for translation (towpath.core.i18n): German keeps the token "seat N" where a player's
name goes, and the page writes the name there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towpath.core.actions import Action, Words
from towpath.core.i18n import N_, translator
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
from towpath.games.mapped_out.components import CardKind, Tile

_, n_ = translator(__name__)

Step = dict[str, Any]
POINTS = {
    "start": (N_("move a pawn"), N_("moved"), N_("seat {owner}'s pawn to {cell}")),
    "destroy": (N_("remove a map tile"), N_("removed"), N_("the map tile on {cell}")),
    "exchange": (N_("swap two map tiles"), N_("chose"), N_("the tile on {cell} to swap places")),
    "to": (N_("choose a tile"), N_("went"), N_("to the tile on {cell}")),
    "send": (N_("send a pawn"), N_("sent"), N_("seat {seat}'s pawn to {cell}")),
    "push": (N_("push a pawn"), N_("pushed"), N_("seat {seat}'s pawn to {cell}")),
}

# The names of the components as people read them, by their names in the data files.
ACTIONS = {"reveal": N_("Reveal"), "swap": N_("Swap"), "study": N_("Study")}  # a tile's action
MOVES = {  # a movement card's move (a Match card names its fish: see `move_name`)
    "left": N_("left"),
    "right": N_("right"),
    "up": N_("up"),
    "down": N_("down"),
    "any": N_("any"),
    "nothing": N_("nothing"),
    "jump": N_("jump"),
    "copy": N_("copy"),
    "invert": N_("invert"),
}
MATCH = "match:fish"  # a Match card's move as its kind's name writes it: match:fish2
# A movement card's reveal special (Unclear Instructions), written as in the data files: a card
# shows it with spaces for the underscores.
CARD_SPECIALS = {
    "fishless": N_("fishless"),
    "fishful": N_("fishful"),
    "remove": N_("remove"),
    "draw": N_("draw"),
    "hand_swap": N_("hand_swap"),
    "move_swap": N_("move_swap"),
    "ultra_reveal": N_("ultra_reveal"),
    "change_start": N_("change_start"),
}
TILE_SPECIALS = {  # a map tile's special (Lands Unknown)
    "island": N_("island"),
    "tunnel": N_("tunnel"),
    "go_home": N_("go home"),
    "teleporter": N_("teleporter"),
    "destructor": N_("destructor"),
    "swapper": N_("swapper"),
    "corker": N_("corker"),
    "score": N_("score"),
    "superscore": N_("superscore"),
    "combo": N_("combo"),
}


def action_name(action: str) -> str:
    """A tile's action as the tile shows it: `Reveal`."""
    return _(ACTIONS[action])


def move_name(move: str) -> str:
    """A card's move as the card shows it: `left`, `match:fish2`."""
    if move.startswith(MATCH):
        return _("match:fish{fish}", fish=move[len(MATCH) :])
    return _(MOVES[move]) if move in MOVES else move


def card_special_name(special: str) -> str:
    """A card's reveal special as the card shows it: `ultra reveal`."""
    return _(CARD_SPECIALS[special]).replace("_", " ") if special in CARD_SPECIALS else special


def card_name(name: str) -> str:
    """A card kind's name (`left`, `match:fish2`, `up+ultra_reveal`) as people read it."""
    move, _plus, special = name.partition("+")
    if not special:
        return move_name(move)
    said = _(CARD_SPECIALS[special]) if special in CARD_SPECIALS else special
    return f"{move_name(move)}+{said}"


def tile_special_name(special: str) -> str:
    """A map tile's special: `go home`."""
    return _(TILE_SPECIALS[special]) if special in TILE_SPECIALS else special.replace("_", " ")


def tile_words(tile: Tile) -> str:
    """`a Reveal 3 tile (fish 1, 1, 4)`: a tile as its face shows it."""
    return _("a {tile}", tile=tile_face(action_name(tile.action), tile.n, tile.fish, tile.special))


def tile_face(action: str, n: int, fish: Sequence[int], special: str | None) -> str:
    """What a tile's face shows: `Reveal 3 tile (fish 1, 1, 4 · go home)`."""
    said = {"action": action, "n": n, "fish": ", ".join(map(str, fish)) or _("none")}
    if special:
        return _(
            "{action} {n} tile (fish {fish} · {special})",
            special=tile_special_name(special),
            **said,
        )
    return _("{action} {n} tile (fish {fish})", **said)


def card(seat: int, pos: int) -> str:
    return _("seat {seat}'s card {pos}", seat=seat, pos=pos)


def words(tiles: tuple[Tile, ...], step: Step, action: Action) -> Words:
    """`action` chosen at the pending `step` (the top of the state's steps)."""
    if isinstance(action, Place):
        where = f"{action.x},{action.y}"
        placed = _("{tile} on {cell}", tile=tile_words(tiles[action.tile]), cell=where)
        return Words(_("place a tile"), _("placed"), placed)
    if isinstance(action, Pick):
        return _pick(step, action)
    if isinstance(action, Swap):
        first, second = card(action.seat, action.pos), card(action.other_seat, action.other_pos)
        return Words(
            _("swap two cards"),
            _("swapped"),
            _("{first} with {second}", first=first, second=second),
        )
    if isinstance(action, Orient):
        way = _("the card upright") if action.degrees == 0 else _("the card upside-down")
        return Words(_("turn the card"), _("turned"), way)
    if isinstance(action, Insert):
        put = _(
            "a new face-down card at {pos} of seat {owner}'s row",
            pos=action.pos,
            owner=step.get("owner"),
        )
        return Words(_("place a drawn card"), _("put"), put)
    if isinstance(action, HandSwap):
        had = _(
            "seat {owner} swap tile hands with seat {seat}",
            owner=step.get("owner"),
            seat=action.seat,
        )
        return Words(_("swap hands"), _("had"), had)
    if isinstance(action, Point):
        kind, did, what = POINTS[action.verb]
        cell = f"{action.x},{action.y}"
        said = _(what, cell=cell, owner=step.get("owner"), seat=step.get("seat"))
        return Words(_(kind), _(did), said)
    if isinstance(action, Cork):
        filler, hole = tile_words(tiles[action.tile]), f"{action.x},{action.y}"
        filled = _("the hole at {cell} with {tile}", cell=hole, tile=filler)
        return Words(_("fill a hole"), _("filled"), filled)
    if isinstance(action, Go):
        return Words(_("choose a direction"), _("went"), _(MOVES[action.direction]))
    if isinstance(action, Take):
        filler = tile_words(tiles[action.tile])
        took = _("the tile under their pawn, filling the hole with {tile}", tile=filler)
        return Words(_("take a tile"), _("took"), took)
    if step.get("do") == "take":
        return Words(_("take no tile"), _("took"), _("no tile"))
    return Words(_("stop"), _("stopped"), _("here (done)"))


def _pick(step: Step, action: Pick) -> Words:
    target = card(action.seat, action.pos)
    if action.verb == "reveal":
        return Words(_("reveal a card"), _("revealed"), target)
    if action.verb == "study":
        return Words(_("study a card"), _("studied"), target)
    removed = _("card {pos} from seat {seat}'s row", pos=action.pos, seat=action.seat)
    return Words(_("remove a card"), _("removed"), removed)


def prompt(kinds: tuple[CardKind, ...], step: Step) -> str:
    """What the seat `step["by"]` is to do at the pending decision `step`: `play a tile from
    hand onto the map` (the headline's "next: …")."""
    do = step["do"]
    if do == "place":
        return _("play a tile from hand onto the map")
    if do == "reveal":
        return _("choose whose card {n} to reveal", n=step["n"])
    if do == "swap":
        return _("swap some player's card {n} with another card", n=step["n"])
    if do == "study":
        left = step["left"]
        return n_(
            "study {count} more face-down card(s)", "study {count} more face-down card(s)", left
        )
    if do == "orient":
        return _(
            "turn card {seat}.{pos} upright (0) or upside-down (180)",
            seat=step["seat"],
            pos=step["pos"],
        )
    if do == "remove":
        return _("remove a card from seat {owner}'s row", owner=step["owner"])
    if do == "insert":
        return _("choose where a new card joins seat {owner}'s row", owner=step["owner"])
    if do == "hands":
        return _("choose who swaps tile hands with seat {owner}", owner=step["owner"])
    if do == "move_swap":
        return _("swap two revealed cards")
    if do == "ultra":
        left = step["left"]
        return n_(
            "reveal {count} more face-down card(s)", "reveal {count} more face-down card(s)", left
        )
    if do == "start":
        return _("move seat {owner}'s pawn to an adjacent tile", owner=step["owner"])
    if do == "destroy":
        return n_(
            "remove up to {count} more map tiles (no pawn on them), or done",
            "remove up to {count} more map tiles (no pawn on them), or done",
            step["left"],
        )
    if do == "exchange":
        if step["first"] is None:
            return _("choose two map tiles to swap places: the first")
        return _("choose the second tile to swap places with the first")
    if do == "cork":
        return _("fill a hole with a tile from hand, or done")
    if do == "go":
        shown = move_name(kinds[step["kind"]].move)
        return _("choose the direction of the {card} card", card=shown[:1].upper() + shown[1:])
    if do == "match":
        return _("choose among the nearest tiles with fish {fish}", fish=step["fish"])
    if do == "send":
        return _("send seat {seat}'s pawn to another tile", seat=step["seat"])
    if do == "push":
        return _("push seat {seat}'s pawn to an adjacent tile", seat=step["seat"])
    if do == "take":
        return _("take the tile under your pawn (filling the hole from hand), or done")
    raise ValueError(f"no words for the step {do!r}")


def ending_words(muddled_waters: bool) -> str:
    """How the game ended: every walk done, the best fish type scores."""
    if muddled_waters:
        return _("Every walk is done: the best fish type of the score piles scores, the most wins.")
    return _("Every walk is done: the best fish type of the visited tiles scores, the most wins.")

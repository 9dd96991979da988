"""Canal King's actions in words, for the log and the list of legal actions, and the game's end.

Tiles are named by their lines (S a straight, G a gentle curve, T a tight curve), turns by
degrees clockwise, edges by compass points. Everything said here is public once the action is
played: hands are open, and a launch says nothing of the route.

Every word for people is marked for translation (towpath.core.i18n); colours are said in whole
phrases (`FLAGGED`), since German adjectives take their endings from the noun and its case.
"""

from __future__ import annotations

from typing import Any

from towpath.core.actions import Action, Words
from towpath.core.i18n import N_, translator
from towpath.games.canal_king.actions import (
    LAUNCH,
    PASS,
    RETURN,
    SKIP,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
)
from towpath.games.canal_king.components import EDGES, Components

_, n_ = translator(__name__)

LINE_NAMES = {1: N_("tight curve"), 2: N_("gentle curve"), 3: N_("straight")}
# A tile of one line, by its line: "a straight (S)".
ONE_LINE = {
    1: N_("a tight curve ({kind})"),
    2: N_("a gentle curve ({kind})"),
    3: N_("a straight ({kind})"),
}
# The edge a ship sails in by, by its number: "its north edge".
EDGE_WORDS = (
    N_("north edge"),
    N_("north-east edge"),
    N_("south-east edge"),
    N_("south edge"),
    N_("south-west edge"),
    N_("north-west edge"),
)

# The colours of flags and special tiles a tile set may name (the built-in set's six and the
# other colours a drawing knows, towpath.core.svg.COLOURS), each said alone ("colour red")...
COLOUR_NAMES = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("purple"),
    "orange": N_("orange"),
    "black": N_("black"),
    "white": N_("white"),
    "brown": N_("brown"),
    "grey": N_("grey"),
    "pink": N_("pink"),
}
# ... and as a tile's flag ("a straight (S) with a red flag"): a colour not known here is said
# in the phrases of `flagged`.
FLAGGED = {
    "red": N_("{tile} with a red flag"),
    "yellow": N_("{tile} with a yellow flag"),
    "green": N_("{tile} with a green flag"),
    "blue": N_("{tile} with a blue flag"),
    "purple": N_("{tile} with a purple flag"),
    "orange": N_("{tile} with an orange flag"),
    "black": N_("{tile} with a black flag"),
    "white": N_("{tile} with a white flag"),
    "brown": N_("{tile} with a brown flag"),
    "grey": N_("{tile} with a grey flag"),
    "pink": N_("{tile} with a pink flag"),
}

WON_BY = N_("The first ship to reach its final port with both calls made wins.")
CUT_SHORT = N_(
    "The {limit}-turn limit ended the game before any ship finished its route: nobody wins."
)


def colour_name(colour: str) -> str:
    """A colour in words ("red"); a colour a tile set names that is not known here, as named."""
    known = COLOUR_NAMES.get(colour)
    return colour if known is None else _(known)


def shown_tile_name(name: str) -> str:
    """A tile's name as a drawing shows it: the notation's name ("ST:red") with its flag's
    colour in words."""
    kind, _colon, flag = name.partition(":")
    return f"{kind}:{colour_name(flag)}" if flag else name


def line_name(a: int, b: int) -> str:
    """A line by the edges it joins: e and e+3 a straight, e+2 a gentle, e+1 a tight curve."""
    return _(LINE_NAMES[_gap(a, b)])


def _gap(a: int, b: int) -> int:
    gap = (b - a) % EDGES
    return min(gap, EDGES - gap)


def tile_words(parts: Components, name: str) -> str:
    """`S` "a straight (S)", `ST:red` "an ST tile (straight + tight curve) with a red flag"."""
    tiles = parts.tiles
    tile = tiles.by_name[name.lower()]
    kind = tiles.kinds[tiles.kind_of[tile]]
    if len(kind.lines) == 1:
        said = _(ONE_LINE[_gap(*kind.lines[0])], kind=kind.name)
    else:
        said = _several(kind.name, [line_name(a, b) for a, b in kind.lines])
    flag = tiles.flags[tile]
    return said if not flag else flagged(said, flag)


def flagged(tile: str, flag: str) -> str:
    """A tile in words with its flag: "a straight (S) with a red flag"."""
    known = FLAGGED.get(flag)
    if known is not None:
        return _(known, tile=tile)
    if flag[:1].lower() in "aeiou":
        return _("{tile} with an {colour} flag", tile=tile, colour=flag)
    return _("{tile} with a {colour} flag", tile=tile, colour=flag)


def _several(kind: str, lines: list[str]) -> str:
    joined = " + ".join(lines)
    if kind[0] in "AEFHILMNORSX":
        return _("an {kind} tile ({lines})", kind=kind, lines=joined)
    return _("a {kind} tile ({lines})", kind=kind, lines=joined)


def board_tile_words(parts: Components, code: int) -> str:
    """The tile on the board with this code, by its lines (the special tile by its name)."""
    tiles = parts.tiles
    tile = code // EDGES
    if tile == tiles.special:
        return _("a special tile")
    return tile_words(parts, tiles.names[tile])


def words(
    parts: Components, board: list[int], ship: dict[str, Any] | None, action: Action
) -> Words:
    """`action` of the seat whose ship is `ship`, played on `board` (before it)."""
    if isinstance(action, Place):
        tile = tile_words(parts, action.tile)
        where = f"{action.col},{action.row}"
        degrees = 60 * action.rotation
        if degrees:
            what = _("{tile} on {cell}, turned {degrees}°", tile=tile, cell=where, degrees=degrees)
        else:
            what = _("{tile} on {cell}", tile=tile, cell=where)
        return Words(_("place a tile"), _("placed"), what)
    if isinstance(action, Replace):
        return _replace_words(parts, board, action)
    if isinstance(action, Swap):
        return Words(
            _("swap tiles"),
            _("swapped"),
            n_(
                "{tiles} for a new one",
                "{tiles} for {count} new ones",
                len(action.tiles),
                tiles=", ".join(tile_words(parts, tile) for tile in action.tiles),
            ),
        )
    if isinstance(action, Special):
        return _special_words(parts, board, action)
    if isinstance(action, SailToPort):
        return Words(_("sail"), _("sailed"), _("to port {port}", port=action.port))
    if isinstance(action, SailToCell):
        where, edge = f"{action.col},{action.row}", _(EDGE_WORDS[action.entry])
        return Words(
            _("sail"), _("sailed"), _("to {cell}, in by its {edge}", cell=where, edge=edge)
        )
    return _word_words(parts, ship, action)


def _replace_words(parts: Components, board: list[int], action: Replace) -> Words:
    cell = parts.board.cell(action.col, action.row)
    code = -1 if cell is None else board[cell]  # -1: a free space, no tile to name
    old = board_tile_words(parts, code) if code >= 0 else _("the tile")
    new = tile_words(parts, action.tile)
    where = f"{action.col},{action.row}"
    degrees = 60 * action.rotation
    if degrees:
        what = _(
            "{old} on {cell} with {new}, turned {degrees}°",
            old=old,
            cell=where,
            new=new,
            degrees=degrees,
        )
    else:
        what = _("{old} on {cell} with {new}", old=old, cell=where, new=new)
    return Words(_("replace a tile"), _("replaced"), what)


def _special_words(parts: Components, board: list[int], action: Special) -> Words:
    cell = parts.board.cell(action.col, action.row)
    over = cell is not None and board[cell] >= 0
    where = f"{action.col},{action.row}"
    degrees = 60 * action.rotation
    if over and degrees:
        what = _(
            "the special tile on {cell} over the straight there, turned {degrees}°",
            cell=where,
            degrees=degrees,
        )
    elif over:
        what = _("the special tile on {cell} over the straight there", cell=where)
    elif degrees:
        what = _("the special tile on {cell}, turned {degrees}°", cell=where, degrees=degrees)
    else:
        what = _("the special tile on {cell}", cell=where)
    return Words(_("play the special tile"), _("played"), what)


def _word_words(parts: Components, ship: dict[str, Any] | None, action: Action) -> Words:
    if action == RETURN and ship is not None:
        port = parts.board.ports[ship["last_port"]].name
        return Words(_("return to port"), _("returned"), _("to port {port}", port=port))
    if action == LAUNCH:
        return Words(_("launch the ship"), _("launched"), _("their ship: their route is complete"))
    if action == SKIP:
        return Words(_("lose the turn"), _("lost"), _("this turn (stopped on a special tile)"))
    if action == PASS:
        return Words(_("pass"), _("passed"), _("(nothing else is possible)"))
    return Words(str(action), _("played"), str(action))

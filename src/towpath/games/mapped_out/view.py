"""Mapped Out seen from a seat: what it may know as plain data, and that data drawn as text.

A card's identity appears only to a seat that knows it: revealed, studied, or known to all after
a hard_reveal flip. Who knows which face-down card is public (Study actions are seen by all), and
so is which cards belong to whose see_cards set. Hand tiles appear to their holder and to seats
that held them before a Hand Swap; for the rest, only counts. Who knows which hand tile is
public (Hand Swaps are seen by all), so every hand lists it for its hidden tiles too.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from typing import Any

from towpath.core import svg
from towpath.core.game import JSON, Display, copy_plain
from towpath.core.grid import OPPOSITE
from towpath.core.i18n import N_, cached_per_language, translator
from towpath.games.mapped_out.actions import Cork, Pick, Place, Point, Swap
from towpath.games.mapped_out.cards import ARMED, KIND, KNOWN, SET_OF, TURN, UP, Card
from towpath.games.mapped_out.cells import cell_of, reading_order
from towpath.games.mapped_out.components import Tile
from towpath.games.mapped_out.position import Position
from towpath.games.mapped_out.scoring import fish_totals
from towpath.games.mapped_out.steps import DECISIONS
from towpath.games.mapped_out.words import (
    action_name,
    card_name,
    card_special_name,
    move_name,
    tile_face,
    tile_special_name,
)
from towpath.games.mapped_out.words import card as card_words

_, n_ = translator(__name__)

WIDTH = 80
CELL = 6  # characters per map cell
ACTION_CODES = {"reveal": "R", "swap": "X", "study": "S"}
SPECIAL_CODES = {
    "island": "is",
    "tunnel": "tu",
    "go_home": "gh",
    "teleporter": "te",
    "destructor": "de",
    "swapper": "sw",
    "corker": "co",
    "superscore": "su",
    "combo": "cb",
}
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}


def build_view(state: Position, seat: int | None, everything: bool = False) -> dict[str, JSON]:
    """What `seat` may know; `everything`: every card and hand tile too (the game's end, a
    replay)."""
    game = state.game
    mask = -1 if everything else 1 << state.bit(seat)
    top = state.steps[-1] if state.steps else None
    return {
        "game": game.id,
        "players": game.players,
        "seat": seat,
        "phase": state.phase,
        "current_player": state.current_player,
        "step": copy_plain(top),
        "prompt": DECISIONS[top["do"]].prompt(state, top) if top else None,
        "rows": [[_card(state, card, mask, everything) for card in row] for row in state.rows],
        "map": _map(state),
        "placement_margin": _placement_margin(state),
        "start": _start(state),
        "pawns": [list(pawn) for pawn in state.pawns],
        # The spec's shape: the viewer's own tiles, a count for every other hand.
        "hands": [
            [_tile(state.tile(t)) for t in hand] if everything or owner == seat else len(hand)
            for owner, hand in enumerate(state.hands)
        ],
        # Everything known of every hand (tiles seen through a Hand Swap or a mass reveal).
        "hand_details": [_hand(state, hand, mask) for hand in state.hands],
        "pile": len(state.pile),
        "deck": len(state.deck),
        "discards": [_card(state, card, mask, everything) for card in state.discards],
        "removed_tiles": [_tile(state.tile(t)) for t in state.removed],
        "paths": [[_entry(state, entry) for entry in path] for path in state.paths],
        "muddled_waters": game.muddled_waters,  # each seat scores its pile, not its walk
        "score_piles": [[_tile(state.tile(t)) for t in pile] for pile in state.piles],
        "inverted": list(state.inverted),
        "walker": state.player if state.phase == "walk" else None,
        "scores": state.scores(),
        # Per seat, how many fish of each type its scored tiles hold: the best type scores.
        "scored_fish": [
            fish_totals(state.scored_tiles(seat), game.rules) for seat in range(game.players)
        ],
        "known_set": _known_set(state, seat),
    }


def last_played(state: Position) -> JSON:
    """Where the last action was played: map cells and cards ("S.P")."""
    action = state.history[-1]
    cells: list[list[int]] = []
    cards: list[str] = []
    if isinstance(action, Place | Point | Cork):
        cells.append([action.x, action.y])
    elif isinstance(action, Pick):
        cards.append(f"{action.seat}.{action.pos}")
    elif isinstance(action, Swap):
        cards += [f"{action.seat}.{action.pos}", f"{action.other_seat}.{action.other_pos}"]
    return {"action": str(action), "cells": cells, "cards": cards}


def _map(state: Position) -> list[dict[str, JSON]]:
    tiles = state.game.tiles
    entries = sorted((reading_order(cell_of(cell)), tile) for cell, tile in state.board.items())
    return [{"cell": [x, y], **_tile(tiles[tile])} for (y, x), tile in entries]


def _placement_margin(state: Position) -> int:
    """How many cells beyond the map's bounding box a tile may go: free_placement's margin in
    the build phase, else 0 (a tile touches the map). The boards draw that far."""
    game = state.game
    return game.rules.free_placement_margin if game.free_placement and state.phase == "build" else 0


def _seats(state: Position, mask: int) -> list[int]:
    return list(state.game.seats_in[mask])


def _card(state: Position, card: Card, mask: int, everything: bool) -> dict[str, JSON]:
    game = state.game
    view: dict[str, JSON] = {
        "revealed": card[UP],
        "card": game.card_names[card[KIND]] if everything or card[KNOWN] & mask else None,
        "orientation": card[TURN],
        "known_by": list(game.seats_in[card[KNOWN]]),
        "armed": card[ARMED],
    }
    if state.game.see_cards:
        view["set_of"] = card[SET_OF] if card[SET_OF] >= 0 else None
    return view


def _tile(tile: Tile) -> dict[str, JSON]:
    return {
        "tile": tile.id,
        "fish": list(tile.fish),
        "action": [tile.action, tile.n],
        "special": tile.special,
        "value": tile.value,
    }


def _hand(state: Position, hand: list[int], mask: int) -> dict[str, JSON]:
    seen = state.tile_seen
    hidden = sorted(seen[t] for t in hand if not seen[t] & mask)
    return {
        "count": len(hand),
        "tiles": [
            {**_tile(state.tile(t)), "known_by": _seats(state, seen[t])}
            for t in hand
            if seen[t] & mask
        ],
        "hidden_known_by": [_seats(state, m) for m in hidden],
    }


def _entry(state: Position, entry: list[Any]) -> dict[str, JSON]:
    x, y, tile, kind, armed = entry
    name = state.game.kinds[kind].name if kind >= 0 else None
    return {"cell": [x, y], "tile": tile, "card": name, "armed": armed}


def _start(state: Position) -> list[int] | None:
    cell = state.tile_cell(state.start_tile)
    return None if cell is None else list(cell_of(cell))


def _known_set(state: Position, seat: int | None) -> list[str] | None:
    """see_cards: the names of the cards the seat saw before its row was laid (order unknown)."""
    if seat is None or not state.game.see_cards:
        return None
    cards = [c for row in state.rows for c in row] + state.discards
    return sorted(state.kind(c).name for c in cards if c[SET_OF] == seat)


# -- text -----------------------------------------------------------------------------------------


def render_text(view: dict[str, JSON]) -> str:
    lines = [_headline(view), ""]
    lines += _map_lines(view)
    lines += _legend(view)
    for seat in range(view["players"]):
        lines += _seat_lines(view, seat)
    return "\n".join(line.rstrip() for line in lines)


def _legend(view: dict[str, JSON]) -> list[str]:
    specials = {entry["special"] for entry in view["map"]} - {None}
    named = [
        "+n/-n score" if special == "score" else f"{SPECIAL_CODES[special]} {special}"
        for special in sorted(specials)
    ]
    lines = [
        "tiles: [fish (- none) · R/X/S n: reveal/swap/study n · * start · pawns by seat",
        "cards: ? face down · (card) face down, known to you · arrow: moves · ! armed",
    ]
    if named:
        lines += _wrapped("specials: ", " · ".join(named).replace("_", " "))
    return [*lines, ""]


def _headline(view: dict[str, JSON]) -> str:
    phase = {"build": "building the map", "walk": "the walk", "over": "game over"}[view["phase"]]
    head = f"Mapped Out · {phase} · pile {view['pile']} tiles · deck {view['deck']} cards"
    if view["current_player"] is None:
        scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(view["scores"]))
        return f"{head}\nFinal scores: {scores}"
    return f"{head}\nSeat {view['current_player']} to {view['prompt']}."


def _map_lines(view: dict[str, JSON]) -> list[str]:
    tiles = {tuple(entry["cell"]): entry for entry in view["map"]}
    pawns: dict[tuple[int, int], str] = {}
    for seat, cell in enumerate(view["pawns"]):
        pawns[tuple(cell)] = pawns.get(tuple(cell), "") + str(seat)
    start = tuple(view["start"]) if view["start"] is not None else None
    margin = view["placement_margin"]
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    min_x, max_x = min(xs) - margin, max(xs) + margin
    per_strip = (WIDTH - 5) // CELL
    lines: list[str] = []
    for left in range(min_x, max_x + 1, per_strip):
        columns = range(left, min(left + per_strip, max_x + 1))
        lines.append("     " + "".join(f"{x:>{CELL - 1}} " for x in columns))
        for y in range(min(ys) - margin, max(ys) + margin + 1):
            cells = [
                _cell_text(tiles.get((x, y)), pawns.get((x, y), ""), (x, y) == start)
                for x in columns
            ]
            for part in range(3):
                label = f"{y:>4} " if part == 1 else "     "
                line = label + "".join(text[part].ljust(CELL) for text in cells)
                if part == 1 or line.strip():  # a row of empty cells takes one line
                    lines.append(line)
        lines.append("")
    return lines


def _cell_text(tile: dict[str, Any] | None, pawns: str, start: bool) -> list[str]:
    if tile is None:
        return ["", "  .", pawns]
    fish = "".join(str(f) for f in tile["fish"]) or "-"
    action, n = tile["action"]
    special = tile["special"]
    code = f"{tile['value']:+d}" if special == "score" else SPECIAL_CODES.get(special, "")
    return [f"[{fish}", f"{ACTION_CODES[action]}{n}{code}", ("*" if start else "") + pawns]


def _seat_lines(view: dict[str, JSON], seat: int) -> list[str]:
    hand = view["hand_details"][seat]
    you = " (you)" if view["seat"] == seat else ""
    x, y = view["pawns"][seat]
    lines = [
        f"Seat {seat}{you}: pawn at {x},{y} · {hand['count']} tiles in hand · "
        f"score {view['scores'][seat]:g}" + (" · inverted" if view["inverted"][seat] else "")
    ]
    cards = [_card_text(pos, card) for pos, card in enumerate(view["rows"][seat], start=1)]
    lines += _wrapped("  cards: ", "  ".join(cards) or "(none)")
    if view["seat"] == seat and view["known_set"] is not None:
        lines += _wrapped("  your set: ", ", ".join(view["known_set"]))
    for tile in hand["tiles"]:
        lines.append("  hand " + _tile_text(tile))
    path = view["paths"][seat]
    if path:
        steps = " ".join(f"{e['cell'][0]},{e['cell'][1]}" for e in path)
        lines += _wrapped("  walked: ", steps)
    pile = view["score_piles"][seat]
    if pile:
        lines += _wrapped("  score pile: ", ", ".join(_tile_text(t) for t in pile))
    return [*lines, ""]


def _card_text(pos: int, card: dict[str, Any]) -> str:
    name = card["card"]
    if not card["revealed"]:
        return f"{pos}:?" if name is None else f"{pos}:({name})"
    text = f"{pos}:{name}"
    move = name.partition("+")[0]
    if move in ARROWS and card["orientation"] is not None:
        text += ARROWS[move if card["orientation"] == 0 else OPPOSITE[move]]
    return text + ("!" if card["armed"] else "")


def _tile_text(tile: dict[str, Any]) -> str:
    action, n = tile["action"]
    special = tile["special"]
    extra = f" {special}" + (f" {tile['value']:+d}" if special == "score" else "")
    return f"tile {tile['tile']}: fish {tile['fish']} {action} {n}" + (extra if special else "")


def _wrapped(prefix: str, text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix))


# -- SVG --------------------------------------------------------------------------------------

TILE = 70.0
FISH_FILL = ("#e67e22", "#16a085", "#8e44ad", "#c0392b", "#2980b9", "#7f8c8d")
START = "#b7791f"  # the start tile's edge
CARD_W, CARD_H = 82.0, 56.0
NARROW_CARD_W = 68.0  # a phone's: a row of 8 in two lines of 4, read left to right
ROW_PITCH = (CARD_W + 6, CARD_H + 8)  # between the cards of a row
HAND_PITCH = (TILE + 6, TILE + 6)  # between the tiles of a hand
SEA, FACE_DOWN, KNOWN_DOWN = "#dfeaf2", "#7c8ea0", "#d6c9f0"
# Chips shown at the steps that take them.
CHIPS = {
    "orient": (("orient 0", N_("upright")), ("orient 180", N_("upside-down"))),
    "go": (
        ("go up", N_("↑ up")),
        ("go right", N_("→ right")),
        ("go down", N_("↓ down")),
        ("go left", N_("← left")),
    ),
}
PHASES = {"build": N_("Building the map"), "walk": N_("The walk"), "over": N_("Game over")}
DONE_STEPS = ("destroy", "cork", "take")


def render_svg(view: dict[str, JSON]) -> str:
    """The map of tiles with the pawns, each seat's row of cards and hand, the chips of the
    step at hand and a legend.

    Clickable: a hand tile (its id, as in `place 12 1,0`), a cell of the map or an empty cell
    as far from it as a tile may go (at least beside it: `1,0`), a card (`2.4`), a seat's name
    (`hands 2`), a gap of a row (`insert 3`) while a drawn card is placed, and the chips
    `done`, `orient 0|180` and `go DIRECTION` at the steps that take them.
    """
    cells = [tuple(entry["cell"]) for entry in view["map"]] + [tuple(p) for p in view["pawns"]]
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    margin = max(1, view["placement_margin"])
    min_x, min_y = min(xs) - margin, min(ys) - margin
    columns, rows = max(xs) + margin + 1 - min_x, max(ys) + margin + 1 - min_y
    map_width = 32 + columns * TILE
    width = max(map_width, svg.NARROW if view["narrow"] else 24 + 8 * (CARD_W + 6))
    headline, lower = svg.heading(12, 20, _svg_headline(view), svg.flow_width(view, width) - 24)
    left, top = 16.0, 50.0 + lower

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        return (left + (cell[0] - min_x) * TILE, top + (cell[1] - min_y) * TILE)

    last = view.get("last_played") or {}
    parts = [headline]
    parts += _grid(view, columns, rows, (min_x, min_y), at, last)
    y = below = top + rows * TILE + 20
    flow = svg.flow_width(view, width)  # the width below the map
    marked = set(last.get("cards", []))
    chips, used = _chips(view, y, flow)  # next to the map, where the walk is
    if chips:
        parts.append(chips)
        y += used + 14
    for seat in range(view["players"]):
        seat_part, used = _seat_svg(view, seat, y, marked, flow)
        parts.append(seat_part)
        y += used
    key, used = svg.legend(12, y + 8, flow - 24, _legend_entries())
    height = y + 8 + used + 8
    background = svg.tag("rect", {"width": width, "height": height, "fill": SEA})
    panels = (below - 6, top - 16) if view["narrow"] and width > flow else None
    return svg.document(width, height, "Mapped Out", background, *parts, key, panels=panels)


def _svg_headline(view: dict[str, JSON]) -> str:
    phase, pile = _(PHASES[view["phase"]]), view["pile"]
    if view["current_player"] is None:
        return _("{phase} · pile {count} tiles", phase=phase, count=pile)
    return _(
        "{phase} · pile {count} tiles · next: {prompt}",
        phase=phase,
        count=pile,
        prompt=view["prompt"],
    )


def _grid(
    view: dict[str, JSON],
    columns: int,
    rows: int,
    corner: tuple[int, int],
    at: Any,
    last: dict[str, Any],
) -> list[str]:
    """The map's cells, the walks and the pawns, each a part of the drawing of its own (a page
    is sent only the parts that changed)."""
    tiles = {tuple(entry["cell"]): entry for entry in view["map"]}
    start = tuple(view["start"]) if view["start"] is not None else None
    marked = {tuple(cell) for cell in last.get("cells", [])}
    free = view["placement_margin"] > 0  # free placement: every cell drawn may take a tile
    parts = []
    for gy in range(corner[1], corner[1] + rows):
        for gx in range(corner[0], corner[0] + columns):
            cell = (gx, gy)
            x, y = at(cell)
            tile = tiles.get(cell)
            if tile is None and not free and not _touches(cell, tiles):
                continue  # open sea: no tile may go there

            drawn = None
            if tile is not None:
                drawn = (tuple(tile["action"]), tile["special"], tile["value"], tuple(tile["fish"]))
            parts.append(_cell_svg(cell, x, y, drawn, cell == start, cell in marked))
    parts += _paths(view, at)
    placed: dict[tuple[int, int], int] = {}
    together = Counter((px, py) for px, py in view["pawns"])
    for seat, (px, py) in enumerate(view["pawns"]):
        x, y = at((px, py))
        k = placed.get((px, py), 0)
        placed[(px, py)] = k + 1
        step = min(18.0, 46.0 / max(1, together[(px, py)] - 1))
        pawn = _pawn(seat, x + 12 + step * k, y + TILE - 11)
        parts.append(svg.group({"data-pawn": seat, "data-piece": f"pawn-{seat}"}, *pawn))
    return parts


def _touches(cell: tuple[int, int], tiles: dict[Any, Any]) -> bool:
    """Whether a cell touches a tile of the map edge to edge (where a tile may be placed)."""
    x, y = cell
    return any(near in tiles for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))


# A map tile as its cell's drawing shows it: its action, special, value and fish.
DrawnTile = tuple[tuple[str, int], str | None, int, tuple[int, ...]]


@cached_per_language(maxsize=4096)  # most cells look the same from one state to the next
def _cell_svg(
    cell: tuple[int, int],
    x: float,
    y: float,
    tile: DrawnTile | None,
    start: bool,
    last: bool,
) -> str:
    gx, gy = cell
    where = f"{gx},{gy}"
    attrs: dict[str, object] = {
        **svg.pick(where, _("cell {cell}", cell=where)),
        "data-cell": where,
    }
    if tile is None:
        outline = {"x": x + 4, "y": y + 4, "width": TILE - 8, "height": TILE - 8, "rx": 4}
        dashed = {"fill": "none", "stroke": "#9bb3c4", "stroke-dasharray": "3 3"}
        label = {"font-size": 12, "fill": "#6f8798"}  # as an action's words name the cell
        drawn = [
            svg.tag("rect", {**outline, **dashed}),
            svg.text(x + TILE / 2, y + TILE / 2, where, label),
        ]
    else:
        action, special, value, fish = tile
        shown = {"action": action, "special": special, "value": value, "fish": fish}
        drawn = _tile_svg(shown, x, y, start)
    if last:
        attrs["data-last"] = 1
        box = {"x": x + 1, "y": y + 1, "width": TILE - 2, "height": TILE - 2}
        drawn.append(svg.last_mark("rect", box))
    return svg.group(attrs, *drawn)


DASHES = ("none", "8 4", "2 3", "10 3 2 3", "5 5")


def _paths(view: dict[str, JSON], at: Any) -> list[str]:
    """Each seat's walk so far: a line in its colour, dashed its own way, through the tiles it
    stood on (each seat's a little apart)."""
    lines = []
    for seat, path in enumerate(view["paths"]):
        if len(path) < 2:
            continue
        shift = 18 + 8 * seat
        points = " ".join(
            f"{x + shift:.1f},{y + shift:.1f}"
            for x, y in (at(tuple(entry["cell"])) for entry in path)
        )
        style = {
            "points": points,
            "fill": "none",
            "stroke": svg.seat_colour(seat),
            "stroke-width": 3,
            "stroke-opacity": 0.7,  # the fish under it stay readable
            "stroke-dasharray": DASHES[seat % len(DASHES)],
            "pointer-events": "none",
            "data-path": seat,
        }
        lines.append(svg.tag("polyline", style))
    return lines


def _pawn(seat: int, x: float, y: float) -> list[str]:
    """A pawn: a square in its seat's colour with the seat's number (from 1, as people count),
    so that it is not taken for a fish (a disc)."""
    fill = svg.seat_colour(seat)
    square = {"x": x - 8.5, "y": y - 8.5, "width": 17, "height": 17, "rx": 3}
    return [
        svg.tag("rect", {**square, "fill": fill, "stroke": svg.INK, "stroke-width": 1.5}),
        svg.text(x, y + 0.5, seat + 1, {"font-weight": "bold", "fill": svg.ink_on(fill)}),
        svg.title(_("seat {seat}'s pawn", seat=seat)),
    ]


def _fish(kind: int, x: float, y: float) -> str:
    """A fish of type `kind`: a disc in its colour with its number."""
    fill = FISH_FILL[(kind - 1) % len(FISH_FILL)]
    return svg.tag("circle", {"cx": x, "cy": y, "r": 8, "fill": fill}) + svg.text(
        x, y + 0.5, kind, {"fill": "#ffffff", "font-weight": "bold"}
    )


def _tile_svg(tile: dict[str, Any], x: float, y: float, start: bool) -> list[str]:
    action, n = tile["action"]
    special = tile["special"]
    extra = f"{tile['value']:+d}" if special == "score" else tile_special_name(special or "")
    box = {"x": x + 2, "y": y + 2, "width": TILE - 4, "height": TILE - 4, "rx": 4}
    edge = {"stroke": START, "stroke-width": 3} if start else {"stroke": "#8a7a55"}
    label = f"{action_name(action)} {n}"
    room = TILE - 14  # the label's width inside the tile
    parts = [
        svg.tag("rect", {**box, "fill": "#fff8e6", **edge}),
        svg.text(x + 6, y + 12, label, {"text-anchor": "start", **svg.fitted(label, room)}),
    ]
    if extra:
        italic = {"text-anchor": "start", "font-style": "italic", **svg.fitted(extra, room)}
        parts.append(svg.text(x + 6, y + 26, extra, italic))
    fish_y = y + (40 if extra else 33)
    parts += [_fish(kind, x + 13 + 17 * k, fish_y) for k, kind in enumerate(tile["fish"])]
    if not tile["fish"]:
        no_fish = {"text-anchor": "start", "fill": "#777"}
        parts.append(svg.text(x + 8, fish_y, _("no fish"), no_fish))
    return parts


def _seat_svg(
    view: dict[str, JSON], seat: int, y: float, marked: set[str], width: float
) -> tuple[str, float]:
    """A seat's header, row of cards and hand, in rows within `width`; the height used."""
    header, used = _seat_header(view, seat, y)
    parts = [header]
    top = y + used
    if any(view["scored_fish"][seat]):  # what its score is made of, once it scores
        scored, scored_used = _scored_fish(view, seat, top, width)
        parts.append(scored)
        top += scored_used
    cards = view["rows"][seat]
    wide = NARROW_CARD_W if view["narrow"] else CARD_W
    pitch = (wide + 6, ROW_PITCH[1])
    per_row = max(1, int((width - 12) // pitch[0]))
    places = [svg.in_rows(k, per_row, 12, top, pitch) for k in range(max(len(cards), 8) + 1)]
    for pos, card in enumerate(cards, start=1):
        last = f"{seat}.{pos}" in marked
        parts.append(_card_svg(seat, pos, card, (*places[pos - 1], wide), last))
    step = view["step"] or {}
    if step.get("do") == "insert" and step.get("owner") == seat:
        parts += _insert_gaps(places[: len(cards) + 1])
    if step.get("do") == "reveal" and step["n"] > len(cards):  # a Reveal of a card not there
        x, y_at = places[step["n"] - 1]
        parts.append(_no_card(seat, step["n"], x, y_at, wide))
    row_lines = max(1, -(-(len(cards) + (step.get("do") == "insert")) // per_row))
    hand_y = top + ROW_PITCH[1] * row_lines + 2
    hand, hand_used = _hand_svg(view, seat, hand_y, width)
    parts.append(hand)
    return svg.group({"class": "seat", "data-seat": seat}, *parts), hand_y - y + hand_used


def _seat_header(view: dict[str, JSON], seat: int, y: float) -> tuple[str, float]:
    """A seat's pawn, name, score and hand size (in a narrow drawing its words under its
    name), which swaps hands with it when clicked; the height above its row of cards."""
    you = " " + _("(you)") if view["seat"] == seat else ""
    points = f"{view['scores'][seat]:g}"
    count = view["hand_details"][seat]["count"]
    said = [n_("{count} tile in hand", "{count} tiles in hand", count)]
    if view["phase"] != "build":  # nothing scores while the map is built
        said.insert(0, _("score {score}", score=points))
    if view["inverted"][seat]:
        said.append(_("directions inverted"))
    line = " · ".join(said) + (" ◀" if view["current_player"] == seat else "")
    bold = {"font-weight": "bold"}
    name = [svg.seat_name(seat), svg.plain(you)]
    words = [svg.text_parts(36, y + 9, [*name, svg.plain(" · " + line)], bold)]
    if view["narrow"]:
        words = [
            svg.text_parts(36, y + 9, name, bold),
            svg.text(36, y + 27, line, {"text-anchor": "start", **bold}),
        ]
    header = svg.group(
        {**svg.pick(f"hands {seat}", _("swap hands with seat {seat}", seat=seat))},
        *_pawn(seat, 21, y + 9),
        *words,
    )
    return header, 24.0 + 18 * bool(view["narrow"])


LINE = 22.0  # between the lines of a seat's scored fish


def _scored_fish(view: dict[str, JSON], seat: int, y: float, width: float) -> tuple[str, float]:
    """How many fish of each type the seat's scored tiles hold, the best in bold, and the
    points its specials and cards add (what its score is made of), in lines within `width`;
    the height used."""
    totals, score = view["scored_fish"][seat], view["scores"][seat]
    best, top = max(totals, default=0), y
    said = (
        _("fish in the score pile:") if view["muddled_waters"] else _("fish on the tiles walked:")
    )
    parts = [svg.text(12, y + 9, said, {"text-anchor": "start"})]
    x = 20 + svg.label_width(said)
    for kind, count in enumerate(totals, start=1):
        if not count:
            continue
        counted = f"×{count}"
        wide = 22 + svg.label_width(counted)
        if x + wide > width:
            x, y = 20.0, y + LINE
        bold = {"font-weight": "bold"} if count == best else {}
        parts += [
            _fish(kind, x, y + 9),
            svg.text(x + 11, y + 9, counted, {"text-anchor": "start", **bold}),
        ]
        x += wide + 8
    bonus = score - best
    points, shown = f"{bonus:g}", f"{score:g}"
    if bonus:
        extra = _("+{points} bonus", points=points)
        if x + svg.label_width(extra) > width:
            x, y = 20.0, y + LINE
        parts.append(svg.text(x, y + 9, extra, {"text-anchor": "start"}))
    why = _(
        "score {score}: the most fish of one type ({best}) and {bonus} bonus points",
        score=shown,
        best=best,
        bonus=points,
    )
    return svg.group({"data-scored": seat}, svg.title(why), *parts), y + LINE + 2 - top


def _hand_svg(view: dict[str, JSON], seat: int, y: float, width: float) -> tuple[str, float]:
    """A seat's hand from `y`, in rows within `width`: the tiles it may show, then how many
    are hidden; the height used."""
    details = view["hand_details"][seat]
    hand = view["hands"][seat]
    tiles = hand if isinstance(hand, list) else details["tiles"]
    per_line = max(1, int((width - 12) // HAND_PITCH[0]))
    drawn = [
        _hand_tile(tile, *svg.in_rows(k, per_line, 12, y, HAND_PITCH), isinstance(hand, list))
        for k, tile in enumerate(tiles)
    ]
    hidden = details["count"] - len(tiles)
    if hidden > 0:
        said = n_("{count} hidden tile", "{count} hidden tiles", hidden)
        wide = max(120.0, svg.label_width(said) + 16)
        x, top = svg.in_rows(len(tiles), per_line, 12, y, HAND_PITCH)
        if x + wide > width:
            x, top = 12, top + HAND_PITCH[1]
        drawn.append(svg.card(x, top, wide, 40, said, None, "#b8c4cc"))
    lines = -(-(len(tiles) + (hidden > 0)) // per_line) if details["count"] else 0
    used = HAND_PITCH[1] * lines + (16 if lines else 12)
    return svg.group({"class": "hand", "data-hand": seat}, *drawn), used


def _no_card(seat: int, pos: int, x: float, y: float, wide: float) -> str:
    """The empty place of a card a Reveal may name (it reveals nothing)."""
    box = {"x": x, "y": y, "width": wide, "height": CARD_H, "rx": 5}
    dashed = {"fill": "none", "stroke": svg.INK, "stroke-dasharray": "4 3"}
    return svg.group(
        {
            **svg.pick(f"{seat}.{pos}", _("seat {seat}'s place {pos}, empty", seat=seat, pos=pos)),
            "data-card": f"{seat}.{pos}",
        },
        svg.tag("rect", {**box, **dashed}),
        svg.text(x + wide / 2, y + CARD_H / 2, _("no card"), svg.fitted(_("no card"), wide - 8)),
    )


def _insert_gaps(places: list[tuple[float, float]]) -> list[str]:
    """Where a drawn card may join the row: before each card and after the last (`places`:
    where each place of the row is drawn)."""
    gaps = []
    for pos, (x, y) in enumerate(places, start=1):
        gaps.append(
            svg.group(
                svg.pick(f"insert {pos}", _("place {pos} of your row", pos=pos)),
                svg.tag(
                    "rect",
                    {"x": x - 6, "y": y - 2, "width": 8, "height": CARD_H + 4, "fill": "#f6d27a"},
                ),
            )
        )
    return gaps


def _card_svg(
    seat: int, pos: int, card: dict[str, Any], place: tuple[float, float, float], last: bool
) -> str:
    """A card of a row at (x, y, width): its place (seat.position), and what it is if the
    viewer knows."""
    x, y, wide = place
    name = card["card"]
    move, _plus, special = (name or "").partition("+")
    label = move_name(move) if move else "?"
    turned = card["orientation"] == 180 and move in ARROWS  # it moves the opposite way
    if name is not None and move in ARROWS:  # the way it moves (while unrevealed, as printed)
        way = OPPOSITE[move] if turned else move
        label = f"{move_name(way)} {ARROWS[way]}"
    fill = "#fffdf5" if card["revealed"] else (KNOWN_DOWN if name is not None else FACE_DOWN)
    ink = "#ffffff" if fill == FACE_DOWN else svg.INK
    attrs: dict[str, object] = {
        **svg.pick(f"{seat}.{pos}", card_words(seat, pos)),
        "data-card": f"{seat}.{pos}",
    }
    knowers = ", ".join(f"seat {k}" for k in card["known_by"])
    known = _("known by {seats}", seats=knowers) if knowers else _("known by nobody")
    box = {"x": x, "y": y, "width": wide, "height": CARD_H, "rx": 5}
    parts = [
        svg.tag("rect", {**box, "fill": fill, "stroke": svg.INK}),
        svg.text(x + 5, y + 11, pos, {"text-anchor": "start", "fill": ink}),
        svg.text(
            x + wide / 2,
            y + 29,
            label,
            {"font-weight": "bold", "fill": ink, **svg.fitted(label, wide - 8)},
        ),
    ]
    if special:
        special_name = card_special_name(special)
        fitted = svg.fitted(special_name, wide - 8)
        parts.append(svg.text(x + wide / 2, y + 45, special_name, {"fill": ink, **fitted}))
    elif turned:  # the arrow above is already the way it moves
        said = _("upside down")
        italic = {"font-style": "italic", **svg.fitted(said, wide - 8)}
        parts.append(svg.text(x + wide / 2, y + 45, said, italic))
    if card["armed"]:
        parts.append(svg.text(x + wide - 6, y + 11, "!", {"text-anchor": "end", "fill": "#c0392b"}))
        parts.append(
            svg.tag("rect", {**box, "fill": "none", "stroke": "#c0392b", "stroke-width": 3})
        )
    if not card["revealed"] and name is not None:
        parts.append(svg.text(x + wide - 6, y + 11, "?", {"text-anchor": "end", "fill": ink}))
    named = card_name(name) if name is not None else _("face down")
    if turned:
        named = _("{card}, upside down", card=named)
    parts.append(svg.title(f"{card_words(seat, pos)}: {named} · {known}"))
    if last:
        attrs["data-last"] = 1
        parts.append(svg.last_mark("rect", box))
    return svg.group(attrs, *parts)


def _hand_tile(tile: dict[str, Any], x: float, y: float, own: bool) -> str:
    """A tile of a hand, named by its face (its number is only the notation's)."""
    attrs: dict[str, object] = {"data-tile": tile["tile"]}
    if own:
        action, n = tile["action"]
        face = tile_face(action_name(action), n, tile["fish"], tile["special"])
        attrs.update(svg.pick(str(tile["tile"]), face))
    return svg.group(attrs, *_tile_svg(tile, x - 2, y - 2, False))


def _chips(view: dict[str, JSON], y: float, width: float) -> tuple[str, float]:
    """The chips of the step at hand, in rows within `width`; the height used."""
    step = str((view["step"] or {}).get("do"))
    chips: list[tuple[str, str | None]] = [
        (tokens, _(label)) for tokens, label in CHIPS.get(step, ())
    ]
    if step in DONE_STEPS:
        chips.append(("done", _("take no tile") if step == "take" else _("done")))
    if view["current_player"] is None or not chips:
        return "", 0.0
    drawn = svg.group({"class": "chips"}, *svg.chip_rows(chips, 12, y, width))
    return drawn, svg.chip_rows_height(chips, 12, width)


@cached_per_language(maxsize=None)
def _legend_entries() -> tuple[tuple[str, str], ...]:
    """The legend's entries."""
    card = {"x": -12, "y": -14, "width": 24, "height": 28, "rx": 3, "stroke": svg.INK}
    return (
        (_fish(1, 0, 0), _("fish of type 1 (to 4)")),
        (
            svg.tag("rect", {**card, "fill": "#fff8e6", "width": 28, "x": -14}),
            _("a tile: when played, Reveal, Swap or Study card N; its fish"),
        ),
        (
            svg.tag(
                "rect",
                {"x": -9, "y": -9, "width": 18, "height": 18, "rx": 3, "fill": "#fff8e6"}
                | {"stroke": START, "stroke-width": 3},
            ),
            _("start tile (its gold edge)"),
        ),
        ("".join(_pawn(1, 0, 0)), _("a pawn, with its player's number")),
        (
            svg.tag(
                "line",
                {
                    "x1": -13,
                    "x2": 13,
                    "stroke": svg.seat_colour(1),
                    "stroke-width": 3,
                    "stroke-dasharray": DASHES[1],
                },
            ),
            _("a player's walk, in their colour"),
        ),
        (
            svg.tag("rect", {**card, "fill": FACE_DOWN}) + svg.text(0, 0, "?", {"fill": "#fff"}),
            _("face down"),
        ),
        (svg.tag("rect", {**card, "fill": KNOWN_DOWN}), _("face down, known to you")),
        (
            svg.text(0, 0, "!", {"fill": "#c0392b", "font-weight": "bold"}),
            _("armed (scores in the walk)"),
        ),
        (svg.last_mark("rect", card), _("the last move")),
        (svg.text(0, 0, "2,-1", {"font-size": 12}), _("column,row of an empty cell")),
    )


DISPLAY = Display(build_view, last_played, render_text, render_svg)

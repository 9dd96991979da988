"""Mapped Out seen from a seat: what it may know as plain data, and that data drawn as text.

A card's identity appears only to a seat that knows it: revealed, studied, or known to all after
a hard_reveal flip. Who knows which face-down card is public (Study actions are seen by all), and
so is which cards belong to whose see_cards set. Hand tiles appear to their holder and to seats
that held them before a Hand Swap; for the rest, only counts. Who knows which hand tile is
public (Hand Swaps are seen by all), so every hand lists it for its hidden tiles too.
"""

from __future__ import annotations

import textwrap
from typing import Any

from towpath.core import svg
from towpath.core.game import JSON, copy_plain
from towpath.core.grid import OPPOSITE
from towpath.games.mapped_out.cards import ARMED, KIND, KNOWN, SET_OF, TURN, UP, Card
from towpath.games.mapped_out.cells import cell_of, reading_order
from towpath.games.mapped_out.components import Tile
from towpath.games.mapped_out.position import Position
from towpath.games.mapped_out.steps import DECISIONS

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


def build_view(state: Position, seat: int | None) -> dict[str, JSON]:
    game = state.game
    mask = 1 << state.bit(seat)
    top = state.steps[-1] if state.steps else None
    return {
        "game": game.id,
        "players": game.players,
        "seat": seat,
        "phase": state.phase,
        "current_player": state.current_player,
        "step": copy_plain(top),
        "prompt": DECISIONS[top["do"]].prompt(state, top) if top else None,
        "rows": [[_card(state, card, mask) for card in row] for row in state.rows],
        "map": _map(state),
        "placement_margin": _placement_margin(state),
        "start": _start(state),
        "pawns": [list(pawn) for pawn in state.pawns],
        # The spec's shape: the viewer's own tiles, a count for every other hand.
        "hands": [
            [_tile(state.tile(t)) for t in hand] if owner == seat else len(hand)
            for owner, hand in enumerate(state.hands)
        ],
        # Everything known of every hand (tiles seen through a Hand Swap or a mass reveal).
        "hand_details": [_hand(state, hand, mask) for hand in state.hands],
        "pile": len(state.pile),
        "deck": len(state.deck),
        "discards": [_card(state, card, mask) for card in state.discards],
        "removed_tiles": [_tile(state.tile(t)) for t in state.removed],
        "paths": [[_entry(state, entry) for entry in path] for path in state.paths],
        "score_piles": [[_tile(state.tile(t)) for t in pile] for pile in state.piles],
        "inverted": list(state.inverted),
        "walker": state.player if state.phase == "walk" else None,
        "scores": state.scores(),
        "known_set": _known_set(state, seat),
    }


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


def _card(state: Position, card: Card, mask: int) -> dict[str, JSON]:
    game = state.game
    view: dict[str, JSON] = {
        "revealed": card[UP],
        "card": game.card_names[card[KIND]] if card[KNOWN] & mask else None,
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

TILE = 50.0
FISH_FILL = ("#e67e22", "#16a085", "#8e44ad", "#c0392b", "#2980b9", "#7f8c8d")
CHIPS = ("done", "orient 0", "orient 180", "go up", "go right", "go down", "go left")


def render_svg(view: dict[str, JSON]) -> str:
    """The map of tiles with the pawns, each seat's row of cards, and the hands.

    Clickable: a hand tile (its id, as in `place 12 1,0`), a cell of the map or an empty cell
    as far from it as a tile may go (at least beside it: `1,0`), a card (`2.4`), a seat's name
    (`hands 2`), and the chips `done`, `orient 0|180` and `go DIRECTION`.
    """
    cells = [tuple(entry["cell"]) for entry in view["map"]] + [tuple(p) for p in view["pawns"]]
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    margin = max(1, view["placement_margin"])
    min_x, min_y = min(xs) - margin, min(ys) - margin
    columns, rows = max(xs) + margin + 1 - min_x, max(ys) + margin + 1 - min_y
    left, top = 20.0, 56.0

    def at(cell: tuple[int, int]) -> tuple[float, float]:
        return (left + (cell[0] - min_x) * TILE, top + (cell[1] - min_y) * TILE)

    parts = [svg.text(12, 22, _svg_headline(view), {"text-anchor": "start", "font-size": 15})]
    parts.append(_grid(view, columns, rows, min_x, min_y, at))
    map_width = left * 2 + columns * TILE
    width = max(map_width, 760.0)
    y = top + rows * TILE + 24
    for seat in range(view["players"]):
        parts.append(_seat_svg(view, seat, y))
        y += 136
    parts.append(_chips(y, width))
    height = y + 50
    background = svg.tag("rect", {"width": width, "height": height, "fill": "#dfeaf2"})
    return svg.document(width, height, "Mapped Out", background, *parts)


def _svg_headline(view: dict[str, JSON]) -> str:
    if view["current_player"] is None:
        return "Game over · " + " · ".join(f"seat {s}: {v:g}" for s, v in enumerate(view["scores"]))
    return f"{view['phase']} · seat {view['current_player']} to {view['prompt']}"


def _grid(view: dict[str, JSON], columns: int, rows: int, min_x: int, min_y: int, at: Any) -> str:
    tiles = {tuple(entry["cell"]): entry for entry in view["map"]}
    start = tuple(view["start"]) if view["start"] is not None else None
    parts = []
    for gy in range(min_y, min_y + rows):
        for gx in range(min_x, min_x + columns):
            cell = (gx, gy)
            x, y = at(cell)
            tile = tiles.get(cell)
            attrs = {**svg.pick(f"{gx},{gy}", f"cell {gx},{gy}"), "data-cell": f"{gx},{gy}"}
            if tile is None:
                parts.append(
                    svg.group(
                        attrs,
                        svg.tag(
                            "rect",
                            {
                                "x": x + 3,
                                "y": y + 3,
                                "width": TILE - 6,
                                "height": TILE - 6,
                                "rx": 4,
                                "fill": "none",
                                "stroke": "#9bb3c4",
                                "stroke-dasharray": "3 3",
                            },
                        ),
                    )
                )
                continue
            parts.append(svg.group(attrs, *_tile_svg(tile, x, y, cell == start)))
    for seat, (px, py) in enumerate(view["pawns"]):
        x, y = at((px, py))
        parts.append(
            svg.tag(
                "circle",
                {
                    "cx": x + 12 + 9 * seat,
                    "cy": y + TILE - 10,
                    "r": 6,
                    "fill": svg.seat_colour(seat),
                    "stroke": svg.INK,
                    "data-pawn": seat,
                },
            )
        )
    return svg.group({"class": "map"}, *parts)


def _tile_svg(tile: dict[str, Any], x: float, y: float, start: bool) -> list[str]:
    action, n = tile["action"]
    special = tile["special"]
    code = f"{tile['value']:+d}" if special == "score" else SPECIAL_CODES.get(special, "")
    parts = [
        svg.tag(
            "rect",
            {
                "x": x + 2,
                "y": y + 2,
                "width": TILE - 4,
                "height": TILE - 4,
                "rx": 4,
                "fill": "#fff8e6" if not start else "#ffe9a8",
                "stroke": "#8a7a55",
            },
        ),
        svg.text(x + TILE - 12, y + 12, f"{ACTION_CODES[action]}{n}", {"font-size": 9}),
        svg.text(x + 12, y + TILE / 2 + 2, code, {"font-size": 9, "fill": "#7a2d00"}),
        svg.title(_tile_text(tile)),
    ]
    for k, fish in enumerate(tile["fish"]):
        parts.append(
            svg.tag(
                "circle",
                {
                    "cx": x + 10 + 9 * k,
                    "cy": y + 11,
                    "r": 4,
                    "fill": FISH_FILL[fish % len(FISH_FILL)],
                },
            )
        )
    return parts


def _seat_svg(view: dict[str, JSON], seat: int, y: float) -> str:
    you = " (you)" if view["seat"] == seat else ""
    details = view["hand_details"][seat]
    label = f"Seat {seat}{you} · score {view['scores'][seat]:g} · {details['count']} tiles" + (
        " · inverted" if view["inverted"][seat] else ""
    )
    parts = [
        svg.group(
            {**svg.pick(f"hands {seat}", f"swap hands with seat {seat}")},
            svg.tag(
                "rect",
                {
                    "x": 12,
                    "y": y,
                    "width": 16,
                    "height": 16,
                    "rx": 3,
                    "fill": svg.seat_colour(seat),
                },
            ),
            svg.text(34, y + 8, label, {"text-anchor": "start", "font-weight": "bold"}),
        ),
    ]
    cards = view["rows"][seat]
    for pos, card in enumerate(cards, start=1):
        parts.append(_card_svg(seat, pos, card, 12 + 62 * (pos - 1), y + 22))
    for pos in range(1, len(cards) + 2):  # where a drawn card may join the row
        parts.append(
            svg.group(
                svg.pick(f"insert {pos}", f"insert at {pos}"),
                svg.tag(
                    "rect",
                    {
                        "x": 62 * (pos - 1) + 5,
                        "y": y + 24,
                        "width": 5,
                        "height": 36,
                        "fill": "#dfeaf2",
                        "stroke": "#9bb3c4",
                    },
                ),
            )
        )
    hand = view["hands"][seat]
    tiles = hand if isinstance(hand, list) else details["tiles"]
    hand_parts = [
        _hand_tile(tile, 12 + 54 * k, y + 72, isinstance(hand, list))
        for k, tile in enumerate(tiles)
    ]
    hidden = details["count"] - len(tiles)
    if hidden > 0:
        hand_parts.append(
            svg.card(
                12 + 54 * len(tiles), y + 72, 90, 36, f"{hidden} hidden tiles", None, "#b8c4cc"
            )
        )
    parts.append(svg.group({"class": "hand", "data-hand": seat}, *hand_parts))
    return svg.group({"class": "seat", "data-seat": seat}, *parts)


def _card_svg(seat: int, pos: int, card: dict[str, Any], x: float, y: float) -> str:
    name = card["card"]
    label = name if name is not None else "?"
    if card["revealed"] and name is not None:
        move = name.partition("+")[0]
        if move in ARROWS and card["orientation"] is not None:
            label += ARROWS[move if card["orientation"] == 0 else OPPOSITE[move]]
    fill = "#fffdf5" if card["revealed"] else ("#d6c9f0" if name is not None else "#7c8ea0")
    attrs = {**svg.pick(f"{seat}.{pos}", f"card {seat}.{pos}"), "data-card": f"{seat}.{pos}"}
    known = "known by " + (", ".join(map(str, card["known_by"])) or "nobody")
    return svg.group(
        attrs,
        svg.tag(
            "rect",
            {
                "x": x,
                "y": y,
                "width": 56,
                "height": 40,
                "rx": 5,
                "fill": fill,
                "stroke": "#c0392b" if card["armed"] else svg.INK,
            },
        ),
        svg.text(x + 28, y + 16, label[:10], {"font-size": 9}),
        svg.text(x + 28, y + 31, f"{seat}.{pos}", {"font-size": 8, "fill": "#555"}),
        svg.title(f"card {seat}.{pos}: {name or 'face down'} · {known}"),
    )


def _hand_tile(tile: dict[str, Any], x: float, y: float, own: bool) -> str:
    attrs = {**svg.pick(str(tile["tile"]), f"tile {tile['tile']}"), "data-tile": tile["tile"]}
    body = _tile_svg(tile, x - 2, y - 2, False)
    label = svg.text(x + TILE / 2 - 2, y + TILE - 12, f"#{tile['tile']}", {"font-size": 8})
    return svg.group(attrs if own else {"data-tile": tile["tile"]}, *body, label)


def _chips(y: float, width: float) -> str:
    parts = []
    x = 12.0
    for chip in CHIPS:
        parts.append(svg.chip(x, y, chip))
        x += svg.chip_width(chip) + 8
    return svg.group({"class": "chips"}, *parts)

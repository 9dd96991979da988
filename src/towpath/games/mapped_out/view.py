"""Mapped Out seen from a seat: what it may know as plain data, and that data drawn as text.

A card's identity appears only to a seat that knows it: revealed, studied, or known to all after
a hard_reveal flip. Who knows which face-down card is public (Study actions are seen by all), and
so is which cards belong to whose see_cards set. Hand tiles appear to their holder and to seats
that held them before a Hand Swap; for the rest, only counts. Who knows which hand tile is
public (Hand Swaps are seen by all), so every hand lists it for its hidden tiles too.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from towpath.core.game import JSON, copy_plain
from towpath.core.grid import OPPOSITE
from towpath.games.mapped_out.cards import ARMED, KIND, KNOWN, SET_OF, TURN, UP, Card
from towpath.games.mapped_out.cells import cell_of, reading_order
from towpath.games.mapped_out.steps import DECISIONS

if TYPE_CHECKING:
    from towpath.games.mapped_out.components import Tile
    from towpath.games.mapped_out.state import MappedOutState

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


def build_view(state: MappedOutState, seat: int | None) -> dict[str, JSON]:
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


def _map(state: MappedOutState) -> list[dict[str, JSON]]:
    tiles = state.game.tiles
    entries = sorted((reading_order(cell_of(cell)), tile) for cell, tile in state.board.items())
    return [{"cell": [x, y], **_tile(tiles[tile])} for (y, x), tile in entries]


def _seats(state: MappedOutState, mask: int) -> list[int]:
    return list(state.game.seats_in[mask])


def _card(state: MappedOutState, card: Card, mask: int) -> dict[str, JSON]:
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


def _hand(state: MappedOutState, hand: list[int], mask: int) -> dict[str, JSON]:
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


def _entry(state: MappedOutState, entry: list[Any]) -> dict[str, JSON]:
    x, y, tile, kind, armed = entry
    name = state.game.kinds[kind].name if kind >= 0 else None
    return {"cell": [x, y], "tile": tile, "card": name, "armed": armed}


def _start(state: MappedOutState) -> list[int] | None:
    cell = state.tile_cell(state.start_tile)
    return None if cell is None else list(cell_of(cell))


def _known_set(state: MappedOutState, seat: int | None) -> list[str] | None:
    """see_cards: the names of the cards the seat saw before its row was laid (order unknown)."""
    if seat is None or not state.game.see_cards:
        return None
    cards = [c for row in state.rows for c in row] + state.discards
    return sorted(state.kind(c).name for c in cards if c[SET_OF] == seat)


# -- text -----------------------------------------------------------------------------------------


def render_text(view: dict[str, JSON]) -> str:
    lines = [_headline(view), ""]
    lines += _map_lines(view)
    lines += [
        "fish: digits are fish types · R/X/S n: reveal/swap/study n · * start tile",
        "",
    ]
    for seat in range(view["players"]):
        lines += _seat_lines(view, seat)
    return "\n".join(line.rstrip() for line in lines)


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
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    per_strip = (WIDTH - 5) // CELL
    lines: list[str] = []
    for left in range(min(xs), max(xs) + 1, per_strip):
        columns = range(left, min(left + per_strip, max(xs) + 1))
        lines.append("     " + "".join(f"{x:>{CELL - 1}} " for x in columns))
        for y in range(min(ys), max(ys) + 1):
            cells = [
                _cell_text(tiles.get((x, y)), pawns.get((x, y), ""), (x, y) == start)
                for x in columns
            ]
            for part in range(3):
                label = f"{y:>4} " if part == 1 else "     "
                lines.append(label + "".join(text[part].ljust(CELL) for text in cells))
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
    you = "  (you)" if view["seat"] == seat else ""
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

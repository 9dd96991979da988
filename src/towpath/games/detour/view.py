"""Detour seen from a seat: what a seat sees of the position (everything: nothing is hidden),
and the circuit, its detours, the markers and the hands as text and SVG drawn from a view
alone; the text at most 76 columns wide (an 80-column terminal with a frame)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from towpath.core import svg
from towpath.core.game import JSON, Display
from towpath.core.i18n import N_, cached_per_language, translator
from towpath.games.detour.actions import Backward, SendOnDetour
from towpath.games.detour.position import Position
from towpath.games.detour.words import detour_space, named

_, n_ = translator(__name__)

ROW_SPACES = 6
ORDINALS = ("1st", "2nd", "3rd", "4th")
# Where a finished marker came in, as the drawing says it.
FINISHED = (N_("finished 1st"), N_("finished 2nd"), N_("finished 3rd"), N_("finished 4th"))


def build_view(state: Position, seat: int | None, everything: bool = False) -> dict[str, JSON]:
    """The whole position, alike for every seat: Detour's hands are played in the open."""
    game = state.game
    over = state.winners is not None
    return {
        "game": game.id,
        "players": game.players,
        "seat": seat,
        "round": state.round,
        "max_rounds": game.max_rounds,
        "first_player": state.first,
        "current_player": state.current_player,
        "to_play": None if over else state.colour,
        "order": list(game.round_order[state.first]),
        "turn": state.turn,
        "blocked": state.blocked,
        "block_next": state.block_next,
        "pending": None
        if state.pending is None
        else {"card": game.cards[state.pending["card"]].name, "part": state.pending["part"]},
        "colours": list(game.colours),
        "markers": [marker_view(state, colour) for colour in range(len(state.nodes))],
        "hands": [[game.cards[key].name for key in hand] for hand in state.hands],
        "cards": [
            {"name": c.name, "move": list(c.move), "rank": c.rank, "action": c.action}
            for c in game.card_set.cards
        ],
        "finished": list(state.finished),
        "winners": None if state.winners is None else list(state.winners),
        "map": game.map_view(),
    }


def last_played(state: Position) -> JSON:
    """The last action: the colour that played it and the markers it moved."""
    colour = state.last_colour()
    assert colour is not None
    action = state.history[-1]
    moved = [colour]
    if isinstance(action, SendOnDetour):
        moved = [state.game.colours.index(action.colour)]
    elif isinstance(action, Backward):
        moved = list(range(len(state.nodes)))
    names = state.game.colours
    return {
        "colour": names[colour],
        "seat": state.game.owner[colour],
        "action": str(action),
        "markers": [names[c] for c in moved],
    }


def marker_view(state: Position, colour: int) -> dict[str, JSON]:
    board, node = state.game.map, state.nodes[colour]
    space, detour = board.space_on_path(node)
    return {
        "space": space,
        "detour": board.detours[detour].name if detour >= 0 else None,
        "finished": node == board.finish,
        "owner": state.game.owner[colour],
        "map_position": board.position[node],
    }


def render_text(view: dict[str, JSON]) -> str:
    return "\n".join(
        [
            *_headline(view),
            "",
            *_main_path(view),
            *_detours(view),
            "",
            *_marker_table(view),
        ]
    )


def _headline(view: dict[str, JSON]) -> list[str]:
    lines = [
        f"Round {view['round']} of at most {view['max_rounds']} · "
        f"first player: seat {view['first_player']}"
    ]
    if view["blocked"] and view["winners"] is None:
        lines.append("Blocked round: no move parts; action parts (and their moves) still work.")
    if view["block_next"] and view["winners"] is None:
        lines.append("A Block was played: the next round is blocked.")
    lines.append(_status(view))
    return lines


def _status(view: dict[str, JSON]) -> str:
    colours: list[str] = view["colours"]
    if view["winners"] is not None:
        seats = " and ".join(f"seat {seat}" for seat in view["winners"])
        verb = "win" if len(view["winners"]) > 1 else "wins"
        if view["finished"]:
            first = colours[view["finished"][0]]
            return f"Game over: {seats} {verb} ({first} finished first)."
        return f"Game over at the round limit: {seats} {verb} (farthest marker)."
    colour = colours[view["to_play"]]
    line = f"To play: seat {view['current_player']} with {colour}"
    pending = view["pending"]
    if pending is not None:
        line += f", the {pending['part']} part of the {pending['card']} card too (or done)"
    return line + "."


def _initials(view: dict[str, JSON]) -> list[str]:
    return [name[0].upper() for name in view["colours"]]


def _cost(cost: list[str], symbols: dict[str, str]) -> str:
    return "".join(symbols[transport] for transport in cost)


def _main_path(view: dict[str, JSON]) -> list[str]:
    board = view["map"]
    symbols: dict[str, str] = board["symbols"]
    legend = ", ".join(f"{symbol} {name}" for name, symbol in symbols.items())
    branches = {d["branch"]: ">" for d in board["detours"]}
    merges = {d["merge"]: "<" for d in board["detours"]}
    initials = _initials(view)
    here: dict[int, str] = {}
    for colour, marker in enumerate(view["markers"]):
        if marker["detour"] is None and not marker["finished"]:
            here[marker["space"]] = here.get(marker["space"], "") + initials[colour]
    cells = []
    for space, cost in enumerate(board["costs"]):
        flags = ("*" if space in board["blue"] else "") + branches.get(space, merges.get(space, ""))
        text = "go" if space == 0 else _cost(cost, symbols)
        cells.append(f"{space:>2} {text:<2}{flags:<2}{here.get(space, ''):<4}")
    rows = [" ".join(cells[i : i + ROW_SPACES]).rstrip() for i in range(0, len(cells), ROW_SPACES)]
    finish = " + ".join(board["costs"][0])
    last = len(board["costs"]) - 1
    return [
        f"Costs: {legend} · * blue area · > detour leaves, < merges",
        f"Space 0 (go) is the start; finishing, from {last} into go, costs {finish}",
        *rows,
    ]


def _detours(view: dict[str, JSON]) -> list[str]:
    board = view["map"]
    symbols: dict[str, str] = board["symbols"]
    initials = _initials(view)
    lines = []
    for detour in board["detours"]:
        here: dict[int, str] = {}
        for colour, marker in enumerate(view["markers"]):
            if marker["detour"] == detour["name"]:
                here[marker["space"]] = here.get(marker["space"], "") + initials[colour]
        spaces = [
            f"{k}:{_cost(cost, symbols)}{'[' + here[k] + ']' if k in here else ''}"
            for k, cost in enumerate(detour["costs"], start=1)
        ]
        beside = ",".join(str(p) for p in detour["beside"])
        lines.append(
            f"{detour['name']} {detour['branch']}>{detour['merge']}: {' '.join(spaces)}"
            f"  (beside {beside})"
        )
    return lines


def _marker_table(view: dict[str, JSON]) -> list[str]:
    lines = ["colour   seat  where            hand (rank)"]
    ranks = {card["name"]: card["rank"] for card in view["cards"]}
    for colour, (name, marker, hand) in enumerate(
        zip(view["colours"], view["markers"], view["hands"], strict=True)
    ):
        if marker["finished"]:
            where = f"finished {ORDINALS[view['finished'].index(colour)]}"
        elif marker["detour"] is not None:
            where = f"{marker['detour']} space {marker['space']}"
        else:
            where = f"space {marker['space']}"
        cards = " ".join(f"{card}({ranks[card]})" for card in hand) or "-"
        mark = "  ◀" if view["to_play"] == colour else ""
        lines.append(f"{name:<8} {marker['owner']:>4}  {where:<16} {cards}{mark}")
    return lines


# -- SVG --------------------------------------------------------------------------------------

CELL = 58.0
TRANSPORT_FILL = {"Train": "#555555", "Boat": "#2f6db3", "Balloon": "#c0392b"}
# Each transport's picture, white on its disc, drawn about (0, 0).
PICTURES = {
    "Train": "M-5.5 2.5V-2H-1.5V-5H2.5V-2H5.5V2.5Z"
    "M-4.5 3.2a1.3 1.3 0 1 0 2.6 0ZM1.9 3.2a1.3 1.3 0 1 0 2.6 0Z",
    "Boat": "M-6 1.5H6L3.8 4.8H-3.8ZM-0.6 0.8V-5.8L4.6 0.8Z",
    "Balloon": "M0-6.2a4.3 4.3 0 0 1 4.3 4.3C4.3 0.6 1.6 2.2 1 3.2H-1C-1.6 2.2-4.3 0.6-4.3-1.9"
    "A4.3 4.3 0 0 1 0-6.2ZM-1.4 4H1.4V6.2H-1.4Z",
}
# What each action part does, for a card's help.
ACTION_PARTS = {
    "detour": N_("send a marker onto a detour"),
    "backward": N_("every marker goes back"),
    "block": N_("block the next round's move parts"),
}
BLUE_AREA = "#bcd9f0"
DETOUR_RED = "#c0392b"
CARD_W, CARD_H = 140.0, 46.0
CARD_PITCH = (CARD_W + 8, CARD_H + 8)  # between the cards of a hand
Place = tuple[str | None, int]  # (detour name or None, space)
Cell = tuple[float, float]  # (column, row) of the board's grid


def render_svg(view: dict[str, JSON]) -> str:
    """The main path around the board, each detour inside beside the spaces it runs along (a
    red line from its branch to its merge), the markers, every colour's hand and a legend.
    Clickable: a card of the colour to play (its name in lower case), a space ahead of its
    marker (the distance, as in `move voyage 3`), a marker (its colour, for the Detour action)
    and the `done` chip."""
    board = view["map"]
    left = 16.0
    length = len(board["costs"])
    ring = _ring(length, int((svg.NARROW - 2 * left) // CELL) if view["narrow"] else length)
    lanes = _lanes(board, ring)
    cols = max(x for x, _ in ring) + 1
    rows = max(y for _, y in ring) + 1
    headline, lower = _svg_headline(view)
    top = 56.0 + lower
    width = max(left * 2 + cols * CELL, svg.NARROW if view["narrow"] else 0)
    parts = [headline]
    # The viewer's own colours first; on a phone above the board, their cards in reach.
    order = sorted(
        range(len(view["colours"])), key=lambda c: view["markers"][c]["owner"] != view["seat"]
    )
    mine = [c for c in order if view["markers"][c]["owner"] == view["seat"]]
    if view["narrow"] and mine:
        hands, used = _hands(view, top - 12, width, mine)
        parts.append(hands)
        top += used + 4
        order = order[len(mine) :]

    def at(cell: Cell) -> tuple[float, float]:
        return (left + cell[0] * CELL, top + cell[1] * CELL)

    last = view.get("last_played") or {}
    distances = _distances(view, len(board["costs"]))
    for detour in board["detours"]:
        parts.append(_detour_line(detour, ring, lanes[detour["name"]], at))
    for space, cost in enumerate(board["costs"]):
        x, y = at(ring[space])
        name = "go" if space == 0 else str(space)
        label = _("go") if space == 0 else name
        blue = space in board["blue"]
        parts.append(_space(view, name, label, cost, x, y, blue, distances.get((None, space))))
    for detour in board["detours"]:
        parts += _detour(view, detour, lanes[detour["name"]], at, distances)
    parts += _markers(view, ring, lanes, at, set(last.get("markers", [])))
    hands, used = _hands(view, top + rows * CELL + 24, width, order)
    parts.append(hands)
    y = top + rows * CELL + 24 + used + 24
    symbols = tuple(view["map"]["symbols"].items())
    key, used = svg.legend(12, y, width - 24, _legend_entries(symbols))
    height = y + used + 8
    background = svg.tag("rect", {"width": width, "height": height, "fill": svg.LAND})
    return svg.document(width, height, "Detour", background, *parts, key)


def _svg_headline(view: dict[str, JSON]) -> tuple[str, float]:
    """The round and the first player, then whether a round is blocked: one line, or in a
    narrow drawing a line each; the markup and the height of the lines after the first."""
    heading = _("Round {round} of at most {limit}", round=view["round"], limit=view["max_rounds"])
    first = [svg.plain(_("first player:") + " "), svg.seat_name(view["first_player"])]
    blocked = []
    if view["blocked"] and view["winners"] is None:
        blocked.append(_("blocked round: no move parts"))
    elif view["block_next"] and view["winners"] is None:
        blocked.append(_("the next round is blocked"))
    size = {"font-size": 14}
    if not view["narrow"]:
        said = [svg.plain(heading + " · "), *first, *(svg.plain(" · " + b) for b in blocked)]
        return svg.text_parts(12, 20, said, size), 0.0
    lines = [svg.text(12, 20, heading, {"text-anchor": "start", **size})]
    lines.append(svg.text_parts(12, 40, first, size))
    lines += [svg.text(12, 60, b, {"text-anchor": "start", **size}) for b in blocked]
    return "".join(lines), 20.0 * (len(lines) - 1)


def _ring(length: int, most: int) -> list[Cell]:
    """Cells around a rectangle, clockwise from the top left corner, one per main-path space:
    at most `most` columns (at least 4), the rectangle a little wider than high if it may."""
    cols = max(4, min(most, round(length / 2.8)))
    rows = max(3, -(-(length - 2 * cols) // 2) + 2)
    return _rectangle(cols, rows, 0)[:length]


def _rectangle(cols: int, rows: int, depth: int) -> list[Cell]:
    """The cells around a rectangle of cols × rows cells whose top left cell is (depth, depth),
    clockwise from that corner."""
    left, top, right, bottom = depth, depth, depth + cols - 1, depth + rows - 1
    cells = [(float(x), float(top)) for x in range(left, right + 1)]
    if rows == 1:
        return cells
    cells += [(float(right), float(y)) for y in range(top + 1, bottom)]
    cells += [(float(x), float(bottom)) for x in range(right, left - 1, -1)]
    return cells + [(float(left), float(y)) for y in range(bottom - 1, top, -1)]


def _distances(view: dict[str, JSON], length: int) -> dict[Place, int]:
    """Spaces ahead of the marker to play, by (detour or None, space): how many steps away."""
    if view["to_play"] is None or view["winners"] is not None:
        return {}
    marker = view["markers"][view["to_play"]]
    if marker["finished"]:
        return {}
    route: list[Place] = []
    space, detour = marker["space"], marker["detour"]
    if detour is not None:
        info = next(d for d in view["map"]["detours"] if d["name"] == detour)
        route += [(detour, k) for k in range(space + 1, len(info["costs"]) + 1)]
        space = info["merge"] - 1
    route += [(None, s % length) for s in range(space + 1, length + 1)]
    return {place: steps for steps, place in enumerate(route, start=1)}


TRANSPORT_R = 10.0  # a transport's disc; its picture is drawn for a disc of 8
TRANSPORT_PITCH = 2 * TRANSPORT_R + 3


def _transport(transport: str, symbol: str, x: float, y: float) -> str:
    """A transport: a disc in its colour with its picture (a map's own transport: its letter)."""
    disc = {"cx": x, "cy": y, "r": TRANSPORT_R, "fill": TRANSPORT_FILL.get(transport)}
    if transport in PICTURES:
        grown = f"translate({x} {y}) scale({TRANSPORT_R / 8})"
        picture = svg.tag("path", {"d": PICTURES[transport], "fill": "white", "transform": grown})
    else:
        picture = svg.text(x, y, symbol, {"fill": "white", "font-size": 12, "font-weight": "bold"})
    return svg.group({"class": "transport"}, svg.tag("circle", disc), picture)


def _space(
    view: dict[str, JSON],
    name: str,
    label: str,
    cost: list[str],
    x: float,
    y: float,
    blue: bool,
    distance: int | None,
) -> str:
    symbols = view["map"]["symbols"]
    shown = tuple((transport, symbols[transport]) for transport in cost)
    return _space_drawing(name, label, shown, x, y, blue, distance)


@cached_per_language(maxsize=4096)  # most spaces look the same from one state to the next
def _space_drawing(
    name: str,
    label: str,
    cost: tuple[tuple[str, str], ...],
    x: float,
    y: float,
    blue: bool,
    distance: int | None,
) -> str:
    """A space named `name` (`label` as the reader reads it); `cost`: the transports a step
    onto it costs, each with its symbol."""
    attrs: dict[str, object] = {"data-space": name}
    if distance:
        ahead = n_(
            "space {name}: {count} space on",
            "space {name}: {count} spaces on",
            distance,
            name=label,
        )
        attrs.update(svg.pick(str(distance), ahead))
    shape = {
        "x": x + 2,
        "y": y + 2,
        "width": CELL - 4,
        "height": CELL - 4,
        "rx": 6,
        "fill": BLUE_AREA if blue else "#fbf8ee",
        "stroke": "#776",
    }
    parts = [
        svg.tag("rect", shape),
        svg.text(x + 7, y + 13, label, {"text-anchor": "start", "fill": "#444"}),
    ]
    if blue:
        parts.append(svg.text(x + CELL - 8, y + 13, "≈", {"text-anchor": "end", "fill": "#2f5f8f"}))
    pitch = min(TRANSPORT_PITCH, (CELL - 30) / max(1, len(cost) - 1))  # a long cost closes up
    parts += [
        _transport(transport, symbol, x + 15 + pitch * k, y + CELL - 14)
        for k, (transport, symbol) in enumerate(cost)
    ]
    costs = " + ".join(named(transport) for transport, _symbol in cost)
    parts.append(svg.title(f"{label}: {costs}" + (" · " + _("blue area") if blue else "")))
    return svg.group(attrs, *parts)


def _lanes(board: dict[str, Any], ring: list[Cell]) -> dict[str, list[Cell]]:
    """Where each detour's spaces are drawn, by detour name: a lane inside the main path,
    centred between the cells inside its branch and its merge. A lane that would cross another
    detour's moves one ring further in (a map too small for its detours overlaps them)."""
    cols = int(max(x for x, _ in ring)) + 1
    rows = int(max(y for _, y in ring)) + 1
    taken: set[Cell] = set()
    lanes = {}
    for detour in board["detours"]:
        tries = [
            _lane(ring, detour, _rectangle(cols - 2 * depth, rows - 2 * depth, depth))
            for depth in range(1, (min(cols, rows) + 1) // 2)
        ]
        fits = [lane for lane in tries if len(set(lane)) == len(lane) and taken.isdisjoint(lane)]
        lanes[detour["name"]] = (fits or tries)[0]
        taken.update(lanes[detour["name"]])
    return lanes


def _lane(ring: list[Cell], detour: dict[str, Any], inner: list[Cell]) -> list[Cell]:
    """A detour's cells on one inner rectangle (again from its start if it is too short)."""
    length = len(detour["costs"])
    left, top = inner[0]
    right, bottom = max(x for x, _ in inner), max(y for _, y in inner)

    def inside(space: int) -> int:
        x, y = ring[space]
        return inner.index((min(max(x, left), right), min(max(y, top), bottom)))

    start = inside(detour["branch"])
    span = (inside(detour["merge"]) - start) % len(inner) + 1
    start += (span - length) // 2
    return [inner[(start + k) % len(inner)] for k in range(length)]


def _detour_line(detour: dict[str, Any], ring: list[Cell], lane: list[Cell], at: Any) -> str:
    """The red line of a detour: from its branch space through its spaces to its merge."""
    cells = [ring[detour["branch"]], *lane, ring[detour["merge"]]]
    points = " ".join(f"{x + CELL / 2:.1f},{y + CELL / 2:.1f}" for x, y in map(at, cells))
    return svg.tag(
        "polyline",
        {"points": points, "fill": "none", "stroke": DETOUR_RED, "stroke-width": 5},
    )


def _detour(
    view: dict[str, JSON],
    detour: dict[str, Any],
    lane: list[Cell],
    at: Any,
    distances: dict[Place, int],
) -> list[str]:
    parts = []
    for k, (cost, cell) in enumerate(zip(detour["costs"], lane, strict=True), start=1):
        x, y = at(cell)
        distance = distances.get((detour["name"], k))
        name = detour_space(detour["name"], k)
        parts.append(_space(view, name, name, cost, x, y, False, distance))
    return parts


def _marker(name: str, x: float, y: float) -> list[str]:
    """A marker: a disc in its colour with the colour's letter."""
    fill = svg.colour(name)
    return [
        svg.tag("circle", {"cx": x, "cy": y, "r": 8.5, "fill": fill, "stroke": svg.INK}),
        svg.text(x, y + 0.5, svg.letter(name), {"fill": svg.ink_on(fill), "font-weight": "bold"}),
    ]


def _markers(
    view: dict[str, JSON],
    ring: list[Cell],
    lanes: dict[str, list[Cell]],
    at: Any,
    marked: set[str],
) -> list[str]:
    parts = []
    stack: dict[Place, int] = {}
    sharing = Counter((m["detour"], m["space"]) for m in view["markers"])
    # The marker to play is drawn last, over any it shares its space with.
    order = sorted(range(len(view["markers"])), key=lambda c: c == view["to_play"])
    for colour in order:
        marker = view["markers"][colour]
        place = (marker["detour"], marker["space"])
        if marker["detour"] is None:
            x, y = at(ring[marker["space"]])
        else:
            x, y = at(lanes[marker["detour"]][marker["space"] - 1])
        k = stack.get(place, 0)
        stack[place] = k + 1
        cx, cy = x + 10 + k * min(17.0, 38.0 / max(1, sharing[place] - 1)), y + 27
        name = view["colours"][colour]
        # A finished marker stands at the start, out of play: nothing picks it.
        picked = (
            {} if marker["finished"] else svg.pick(name, _("{colour} marker", colour=named(name)))
        )
        attrs: dict[str, object] = {**picked, "data-marker": name, "data-piece": f"marker-{name}"}
        drawn = _marker(name, cx, cy)
        if colour == view["to_play"]:
            drawn.append(
                svg.tag("circle", {"cx": cx, "cy": cy, "r": 12, "fill": "none", "stroke": svg.INK})
            )
        if name in marked:
            attrs["data-last"] = 1
            drawn.append(svg.last_mark("circle", {"cx": cx, "cy": cy, "r": 14}))
        said = f"{named(name)} (seat {marker['owner']})"
        if marker["finished"]:
            said += " · " + _where(marker, view["finished"], colour)
        parts.append(svg.group(attrs, *drawn, svg.title(said)))
    return parts


def _hands(
    view: dict[str, JSON], top: float, width: float, colours: list[int]
) -> tuple[str, float]:
    """The hands of `colours`, their cards in rows within `width`, with the chips of a card
    half played where the colour to play is among them; the markup and the height used."""
    cards = {card["name"]: card for card in view["cards"]}
    symbols = view["map"]["symbols"]
    per_row = max(1, int((width - 4) // CARD_PITCH[0]))
    parts = []
    y = top
    for colour in colours:
        name, hand = view["colours"][colour], view["hands"][colour]
        marker = view["markers"][colour]
        where = _where(marker, view["finished"], colour)
        mark = " · " + _("to play") + " ◀" if colour == view["to_play"] else ""
        parts += _marker(name, 22, y + 8)
        said = [svg.plain(f"{named(name)} · "), svg.seat_name(marker["owner"])]
        bold = {"font-weight": "bold"}
        if view["narrow"]:  # where the marker is goes on a line of its own
            parts.append(svg.text_parts(40, y + 8, said, bold))
            parts.append(svg.text(40, y + 26, where + mark, {"text-anchor": "start", **bold}))
            y += 18
        else:
            parts.append(svg.text_parts(40, y + 8, [*said, svg.plain(f" · {where}{mark}")], bold))
        live = colour == view["to_play"]
        drawn = [
            _card(cards[card], symbols, *svg.in_rows(k, per_row, 12, y + 24, CARD_PITCH), live)
            for k, card in enumerate(hand)
        ]
        if not hand:
            drawn.append(svg.text(12, y + 46, _("no card in hand"), {"text-anchor": "start"}))
        parts.append(svg.group({"class": "hand", "data-hand": colour}, *drawn))
        y += 38 + CARD_H + CARD_PITCH[1] * (max(1, -(-len(hand) // per_row)) - 1)
    chips = _chips(view, y, width) if view["to_play"] in colours else ""
    parts.append(chips)
    return svg.group({"class": "hands"}, *parts), y - top + 36 * bool(chips)


def _where(marker: dict[str, Any], finished: list[int], colour: int) -> str:
    if marker["finished"]:
        return _(FINISHED[finished.index(colour)])
    space = marker["space"]
    if marker["detour"] is not None:
        space = detour_space(marker["detour"], space)
    return _("space {space}", space=space)


def _card(card: dict[str, Any], symbols: dict[str, str], x: float, y: float, live: bool) -> str:
    """A card: its name and rank, its move part's transports, its action."""
    name = named(card["name"])
    attrs: dict[str, object] = {"data-card": card["name"]}
    if live:
        attrs.update(svg.pick(card["name"].lower(), _("card {card}", card=name)))
    box = {"x": x, "y": y, "width": CARD_W, "height": CARD_H, "rx": 5, "fill": "#fffdf5"}
    label = _("{card} · rank {rank}", card=name, rank=card["rank"])
    parts = [
        svg.tag("rect", {**box, "stroke": svg.INK}),
        svg.text(x + 8, y + 12, label, {"text-anchor": "start"}),
        svg.title(_card_help(card, name)),
    ]
    parts += [
        _transport(transport, symbols[transport], x + 18 + TRANSPORT_PITCH * k, y + 33)
        for k, transport in enumerate(card["move"])
    ]
    return svg.group(attrs, *parts)


def _card_help(card: dict[str, Any], name: str) -> str:
    """A card's hover help: its move part, its action part, and what its rank is for."""
    transports = " + ".join(named(transport) for transport in card["move"])
    if card["action"] in ACTION_PARTS:
        return _(
            "{card}: move with {transports}, or {action} · rank {rank}: markers finishing in "
            "one round are parted by ranks in hand",
            card=name,
            transports=transports,
            action=_(ACTION_PARTS[card["action"]]),
            rank=card["rank"],
        )
    return _(
        "{card}: move with {transports} · rank {rank}: markers finishing in one round are "
        "parted by ranks in hand",
        card=name,
        transports=transports,
        rank=card["rank"],
    )


def _chips(view: dict[str, JSON], y: float, width: float) -> str:
    pending = view["pending"]
    if pending is None:
        return ""
    card = named(pending["card"])
    if pending["part"] == "move":
        label = _("{card}: its move part too", card=card)
    else:
        label = _("{card}: its action part too", card=card)
    chips = [(pending["card"].lower(), label), ("done", _("done (skip it)"))]
    return svg.group({"class": "chips"}, *svg.chip_rows(chips, 12, y, width))


@cached_per_language(maxsize=16)
def _legend_entries(symbols: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The legend's entries, with the map's transports (`symbols`: name and symbol)."""
    entries = [
        (_transport(name, symbol, 0, 0), _("{transport}: a space costs it", transport=named(name)))
        for name, symbol in symbols
    ]
    area = {"x": -12, "y": -12, "width": 24, "height": 24, "rx": 4, "stroke": "#776"}
    line = {"x1": -13, "y1": 0, "x2": 13, "y2": 0, "stroke": DETOUR_RED, "stroke-width": 5}
    return (
        *entries,
        (svg.tag("rect", {**area, "fill": BLUE_AREA}) + svg.text(0, 0, "≈"), _("blue area")),
        (svg.tag("line", line), _("detour (D1.2: its 2nd space)")),
        ("".join(_marker("yellow", 0, 0)), _("marker (Y yellow…)")),
        (svg.last_mark("circle", {"r": 12}), _("moved by the last card")),
    )


DISPLAY = Display(build_view, last_played, render_text, render_svg)

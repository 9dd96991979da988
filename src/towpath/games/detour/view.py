"""Detour seen from a seat: the circuit, its detours, the markers and the hands, as text drawn
from a view alone, at most 76 columns wide (an 80-column terminal with a frame)."""

from __future__ import annotations

from typing import Any

from towpath.core import svg
from towpath.core.game import JSON

ROW_SPACES = 6
ORDINALS = ("1st", "2nd", "3rd", "4th")


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

CELL = 56.0
TRANSPORT_FILL = {"Train": "#6d6d6d", "Boat": "#2f6db3", "Balloon": "#c0392b"}


def render_svg(view: dict[str, JSON]) -> str:
    """The main path around the board, each detour inside beside the spaces it runs along, the
    markers, and every colour's hand. Clickable: a card of the colour to play (its name in lower
    case), a space ahead of its marker (the distance, as in `move voyage 3`), a marker (its
    colour, for the Detour action) and the `done` chip."""
    board = view["map"]
    ring = _ring(len(board["costs"]))
    cols = max(x for x, _ in ring) + 1
    rows = max(y for _, y in ring) + 1
    left, top = 20.0, 60.0

    def at(cell: tuple[float, float]) -> tuple[float, float]:
        return (left + cell[0] * CELL, top + cell[1] * CELL)

    distances = _distances(view, len(board["costs"]))
    parts = [svg.text(12, 22, _status(view), {"text-anchor": "start", "font-size": 15})]
    for space, cost in enumerate(board["costs"]):
        x, y = at(ring[space])
        parts.append(
            _space(
                view, str(space), cost, x, y, space in board["blue"], distances.get((None, space))
            )
        )
    for detour in board["detours"]:
        parts += _detour(view, detour, ring, at, distances)
    parts += _markers(view, ring, at)
    width = left * 2 + cols * CELL
    hands_top = top + rows * CELL + 20
    parts.append(_hands(view, hands_top, width))
    height = hands_top + 40 * len(view["colours"]) + 60
    background = svg.tag("rect", {"width": width, "height": height, "fill": svg.LAND})
    return svg.document(width, height, "Detour", background, *parts)


def _ring(length: int) -> list[tuple[float, float]]:
    """Cells around a rectangle, clockwise from the top left corner, one per main-path space."""
    cols = max(4, round(length / 2.8))
    rows = max(3, -(-(length - 2 * cols) // 2) + 2)
    cells = [(float(x), 0.0) for x in range(cols)]
    cells += [(float(cols - 1), float(y)) for y in range(1, rows - 1)]
    cells += [(float(x), float(rows - 1)) for x in range(cols - 1, -1, -1)]
    cells += [(0.0, float(y)) for y in range(rows - 2, 0, -1)]
    return cells[:length]


def _inward(ring: list[tuple[float, float]], space: int) -> tuple[float, float]:
    x, y = ring[space]
    cx = (max(c[0] for c in ring)) / 2
    cy = (max(c[1] for c in ring)) / 2
    return (
        x + (cx > x) - (cx < x) if abs(cx - x) > abs(cy - y) * 2 else x,
        y + (cy > y) - (cy < y),
    )


def _distances(view: dict[str, JSON], length: int) -> dict[tuple[str | None, int], int]:
    """Spaces ahead of the marker to play, by (detour or None, space): how many steps away."""
    if view["to_play"] is None or view["winners"] is not None:
        return {}
    marker = view["markers"][view["to_play"]]
    if marker["finished"]:
        return {}
    route: list[tuple[str | None, int]] = []
    space, detour = marker["space"], marker["detour"]
    if detour is not None:
        info = next(d for d in view["map"]["detours"] if d["name"] == detour)
        route += [(detour, k) for k in range(space + 1, len(info["costs"]) + 1)]
        space = info["merge"] - 1
    route += [(None, s % length) for s in range(space + 1, length + 1)]
    return {place: steps for steps, place in enumerate(route, start=1)}


def _space(
    view: dict[str, JSON],
    label: str,
    cost: list[str],
    x: float,
    y: float,
    blue: bool,
    distance: int | None,
) -> str:
    symbols = view["map"]["symbols"]
    attrs: dict[str, object] = svg.pick(str(distance), f"{distance} spaces on") if distance else {}
    shape = svg.tag(
        "rect",
        {
            "x": x + 2,
            "y": y + 2,
            "width": CELL - 4,
            "height": CELL - 4,
            "rx": 6,
            "fill": "#bcd9f0" if blue else "#fbf8ee",
            "stroke": "#776",
        },
    )
    icons = [
        svg.group(
            None,
            svg.tag(
                "circle",
                {
                    "cx": x + 14 + 14 * k,
                    "cy": y + CELL - 16,
                    "r": 6,
                    "fill": TRANSPORT_FILL.get(transport, "#999"),
                },
            ),
            svg.text(
                x + 14 + 14 * k,
                y + CELL - 16,
                symbols[transport],
                {"fill": "white", "font-size": 8},
            ),
        )
        for k, transport in enumerate(cost)
    ]
    name = "go" if label == "0" else label
    return svg.group(
        {**attrs, "data-space": label},
        shape,
        svg.text(x + 12, y + 12, name, {"font-size": 9, "fill": "#555"}),
        *icons,
        svg.title(f"{name}: {' + '.join(cost)}"),
    )


def _detour_cells(ring: list[tuple[float, float]], beside: list[int]) -> list[tuple[float, float]]:
    """Where each detour space is drawn: inside the ring next to the main space it runs beside;
    spaces beside the same main space stack further inside."""
    cells = []
    seen: dict[int, int] = {}
    for space in beside:
        ix, iy = _inward(ring, space)
        rx, ry = ring[space]
        shift = seen.get(space, 0)
        seen[space] = shift + 1
        cells.append((ix + shift * (ix - rx), iy + shift * (iy - ry)))
    return cells


def _detour(
    view: dict[str, JSON],
    detour: dict[str, Any],
    ring: list[tuple[float, float]],
    at: Any,
    distances: dict[tuple[str | None, int], int],
) -> list[str]:
    parts = []
    cells = _detour_cells(ring, detour["beside"])
    for k, (cost, cell) in enumerate(zip(detour["costs"], cells, strict=True), start=1):
        x, y = at(cell)
        parts.append(
            _space(
                view, f"{detour['name']}.{k}", cost, x, y, False, distances.get((detour["name"], k))
            )
        )
    bx, by = at(_inward(ring, detour["branch"]))
    parts.append(
        svg.text(
            bx + CELL / 2,
            by - 4,
            f"{detour['name']} from {detour['branch']} to {detour['merge']}",
            {"font-size": 9, "fill": "#7a4b00"},
        )
    )
    return parts


def _markers(view: dict[str, JSON], ring: list[tuple[float, float]], at: Any) -> list[str]:
    parts = []
    stack: dict[tuple[str | None, int], int] = {}
    for colour, marker in enumerate(view["markers"]):
        if marker["finished"]:
            continue
        place = (marker["detour"], marker["space"])
        if marker["detour"] is None:
            x, y = at(ring[marker["space"]])
        else:
            info = next(d for d in view["map"]["detours"] if d["name"] == marker["detour"])
            x, y = at(_detour_cells(ring, info["beside"])[marker["space"] - 1])
        k = stack.get(place, 0)
        stack[place] = k + 1
        name = view["colours"][colour]
        parts.append(
            svg.group(
                {**svg.pick(name, f"{name} marker"), "data-marker": name},
                svg.tag(
                    "circle",
                    {
                        "cx": x + 16 + 12 * (k % 3),
                        "cy": y + 26 + 8 * (k // 3),
                        "r": 8,
                        "fill": svg.colour(name),
                        "stroke": svg.INK,
                        "stroke-width": 2.5 if colour == view["to_play"] else 1,
                    },
                ),
                svg.title(f"{name} (seat {marker['owner']})"),
            )
        )
    return parts


def _hands(view: dict[str, JSON], top: float, width: float) -> str:
    ranks = {card["name"]: card for card in view["cards"]}
    parts = [
        svg.text(
            12,
            top,
            "Hands (cards are ranked; the colour to play is marked ◀)",
            {"text-anchor": "start", "font-weight": "bold"},
        )
    ]
    for colour, (name, hand) in enumerate(zip(view["colours"], view["hands"], strict=True)):
        y = top + 14 + 40 * colour
        marker = view["markers"][colour]
        mark = " ◀" if colour == view["to_play"] else ""
        parts.append(svg.tag("circle", {"cx": 22, "cy": y + 15, "r": 8, "fill": svg.colour(name)}))
        parts.append(
            svg.text(36, y + 15, f"{name} · seat {marker['owner']}{mark}", {"text-anchor": "start"})
        )
        cards = []
        for k, card in enumerate(hand):
            attrs = svg.pick(card.lower(), card) if colour == view["to_play"] else {}
            cost = "+".join(t[0] for t in ranks[card]["move"])
            cards.append(
                svg.card(
                    190 + 134 * k,
                    y,
                    128,
                    30,
                    f"{card} ({ranks[card]['rank']}) {cost}",
                    {**attrs, "data-card": card},
                )
            )
        parts.append(svg.group({"class": "hand", "data-hand": colour}, *cards))
    chip_y = top + 14 + 40 * len(view["colours"])
    parts.append(svg.chip(width - 90, chip_y, "done"))
    pending = view["pending"]
    if pending is not None:  # the second part of a card already played
        label = f"{pending['card']}: {pending['part']} part"
        parts.append(
            svg.chip(width - 110 - svg.chip_width(label), chip_y, pending["card"].lower(), label)
        )
    return svg.group({"class": "hands"}, *parts)

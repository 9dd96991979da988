"""Arriala seen from a seat: the view (only what that seat may know) and its text rendering."""

from __future__ import annotations

import textwrap
from typing import Any

from towpath.core import svg
from towpath.core.game import JSON
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.position import Position
from towpath.games.arriala.sections import lock_counts, section_ids, winners

WIDTH = 80
LEGEND = "Canal: . free  L lock  x closed  * scored section  (spaces count from 1)"


def build_view(state: Position, seat: int | None) -> dict[str, JSON]:
    game = state.game
    layout, rules = game.layout, game.rules
    colours = list(rules.colours[: layout.colours])
    placed = Placed(state, colours)
    sections = section_ids(state)
    scored = [s for p, s in enumerate(sections) if s is not None and state.scored[p]]
    built = lock_counts(state)
    return {
        "game": game.id,
        "players": game.players,
        "colours": colours,
        "virtual": None if layout.virtual is None else colours[layout.virtual],
        "current_player": state.current_player,
        "turn": state.turn,
        "max_turns": game.max_turns,
        "ap_left": state.ap,
        "scores": list(state.points),
        "spaces": _spaces(state, placed.on_space, sections),
        "scored_sections": list(dict.fromkeys(scored)),
        "stretches": _stretches(state, built),
        "locks_left": rules.locks_total - sum(built),
        "vineyards": placed.vineyards,
        "vineyard_info": [
            {"id": v.id, "name": v.name, "places": v.places, "points": v.points}
            for i, v in enumerate(layout.board.vineyards)
            if layout.vineyard_in_play[i]
        ],
        "blue": placed.blue,
        "blue_info": _blue_info(state),
        "masterworks": [
            {"id": m.id, "name": m.name, "builder": None if by is None else colours[by]}
            for m, by in zip(layout.board.masterworks, state.masterworks, strict=True)
        ],
        "reserve": placed.reserve,
        "hands": [
            list(hand) if other == seat else len(hand) for other, hand in enumerate(state.hands)
        ],
        "pile": len(state.pile),
        "discards": list(state.discards),
        "reshuffled": None if state.reshuffled is None else list(state.reshuffled),
        "marks": _marks(state, colours),
        "over": state.over,
        "winners": [colours[c] for c in winners(state)] if state.over else [],
    }


class Placed:
    """Every worker as the view shows it, `{"colour": colour, "number": n}`, where it stands:
    on each canal space, in each vineyard in play, on each blue space; and the reserves."""

    def __init__(self, state: Position, colours: list[str]) -> None:
        layout, board = state.game.layout, state.game.layout.board
        self.on_space: list[list[JSON]] = [[] for _ in range(layout.length)]
        self.vineyards: dict[str, list[JSON]] = {
            v.name: [] for i, v in enumerate(board.vineyards) if layout.vineyard_in_play[i]
        }
        self.blue: list[JSON] = [None] * len(layout.blue_in_play)
        self.reserve = [0] * layout.colours
        for worker, place in enumerate(state.where):
            colour = state.colour_of(worker)
            shown = {"colour": colours[colour], "number": state.number_of(worker)}
            if place < 0:
                self.reserve[colour] += 1
            elif place < layout.length:
                self.on_space[place].append(shown)
            elif place < layout.blue_base:
                self.vineyards[board.vineyards[place - layout.length].name].append(shown)
            else:
                self.blue[place - layout.blue_base] = shown


def _spaces(state: Position, on_space: list[list[JSON]], sections: list[str | None]) -> list[JSON]:
    layout = state.game.layout
    return [
        {
            "number": p + 1,
            "town": layout.town_name[p],
            "workers": on_space[p],
            "lock": state.locks[p],
            "section": sections[p],
            "in_play": layout.in_play[p],
        }
        for p in range(layout.length)
    ]


def _stretches(state: Position, built: list[int]) -> list[JSON]:
    layout, board = state.game.layout, state.game.layout.board
    return [
        {
            "from": board.towns[i],
            "to": board.towns[i + 1],
            "first": stretch.first + 1,
            "spaces": stretch.spaces,
            "locks": built[i],
            "max_locks": stretch.max_locks,
            "in_play": layout.in_play[stretch.first],
        }
        for i, stretch in enumerate(board.stretches)
    ]


def _blue_info(state: Position) -> list[JSON]:
    layout, board = state.game.layout, state.game.layout.board
    return [
        {
            "id": blue_id(b),
            "beside": f"{board.towns[s]}–{board.towns[s + 1]}",
            "in_play": layout.blue_in_play[b],
        }
        for b, s in enumerate(board.blue_stretches)
    ]


def _marks(state: Position, colours: list[str]) -> list[JSON]:
    """What each worker may no longer do this turn, by colour and number (workers without
    restrictions are left out)."""
    layout = state.game.layout

    def place(code: int) -> str:
        if code >= layout.blue_base:
            return blue_id(code - layout.blue_base)
        return layout.place_name(code)

    return [
        {
            "colour": colours[state.colour_of(worker)],
            "number": state.number_of(worker),
            "at": place(state.where[worker]),
            "moved": state.moved[worker],
            "from_canal": state.from_canal[worker],
            "barred": sorted(place(code) for code in state.barred[worker]),
            "left": sorted(place(code) for code in state.left[worker]),
        }
        for worker in range(len(state.where))
        if state.where[worker] >= 0
        and (
            state.moved[worker]
            or state.from_canal[worker]
            or state.barred[worker]
            or state.left[worker]
        )
    ]


def worker_token(worker: dict[str, Any]) -> str:
    """A worker of the view as the notation writes it: `r2`."""
    return f"{worker['colour'][0]}{worker['number']}"


# -- text -----------------------------------------------------------------------------------------


def render_text(view: dict[str, JSON]) -> str:
    return "\n".join(
        [
            _headline(view),
            _score_track(view),
            LEGEND,
            *_canal_lines(view),
            *_vineyard_lines(view),
            _blue_line(view),
            _masterwork_line(view),
            _reserve_line(view),
            *_cards_lines(view),
            *([] if view["over"] else _marks_lines(view)),
        ]
    )


def _headline(view: dict[str, JSON]) -> str:
    turn = f"Arriala · turn {min(view['turn'] + 1, view['max_turns'])} of {view['max_turns']}"
    if view["over"]:
        winners = view["winners"]
        if not winners:
            return f"{turn} · game over"
        if view["virtual"] in winners:
            return f"{turn} · game over: the virtual player leads, nobody wins"
        return f"{turn} · game over: {' and '.join(winners)} won"
    colour = view["colours"][view["current_player"]]
    return f"{turn} · {colour} (seat {view['current_player']}) to play, {view['ap_left']} AP left"


def _score_track(view: dict[str, JSON]) -> str:
    entries = []
    for colour, points in zip(view["colours"], view["scores"], strict=True):
        virtual = " (virtual)" if colour == view["virtual"] else ""
        entries.append(f"{colour}{virtual} {points}")
    return "Score track: " + " · ".join(entries)


def _canal_lines(view: dict[str, JSON]) -> list[str]:
    spaces = view["spaces"]
    scored = set(view["scored_sections"])
    blue_beside = {info["beside"]: info["id"] for info in view["blue_info"] if info["in_play"]}
    lines = [_town_line(spaces[0])]
    for stretch in view["stretches"]:
        cells = spaces[stretch["first"] - 1 : stretch["first"] - 1 + stretch["spaces"]]
        numbers = "".join(f"{cell['number']:>3} " for cell in cells)
        marks = "".join(_cell(cell, scored) for cell in cells)
        if stretch["in_play"]:
            info = f"locks {stretch['locks']}/{stretch['max_locks']}"
            beside = f"{stretch['from']}–{stretch['to']}"
            if beside in blue_beside:
                index = [b["id"] for b in view["blue_info"]].index(blue_beside[beside])
                holder = view["blue"][index]
                info += f" · {blue_beside[beside]} " + (worker_token(holder) if holder else "free")
        else:
            info = "closed"
        lines += [f"    {numbers}", f"    {marks}   {info}"]
        lines.append(_town_line(spaces[stretch["first"] - 1 + stretch["spaces"]]))
    return lines


def _town_line(space: dict[str, JSON]) -> str:
    if not space["in_play"]:
        return f"{space['number']:>3} {space['town']} (out of play)"
    workers = " ".join(worker_token(worker) for worker in space["workers"]) or "-"
    return f"{space['number']:>3} {space['town']}: {workers}"


def _cell(space: dict[str, JSON], scored: set[str]) -> str:
    if not space["in_play"]:
        mark = "x"
    elif space["lock"]:
        mark = "L"
    elif space["workers"]:
        mark = worker_token(space["workers"][0])
    else:
        mark = "."
    star = "*" if space["section"] in scored else " "
    return f"{mark:>3}{star}"


def _vineyard_lines(view: dict[str, JSON]) -> list[str]:
    lines = []
    for info in view["vineyard_info"]:
        workers = view["vineyards"][info["name"]]
        places = [worker_token(w) for w in workers] + ["."] * (info["places"] - len(workers))
        lines.append(
            f"Vineyard {info['name']} ({info['id']}, {info['points']} points): {' '.join(places)}"
        )
    return lines


def _blue_line(view: dict[str, JSON]) -> str:
    entries = [
        f"{info['id']} {worker_token(holder) if holder else 'free'}"
        for info, holder in zip(view["blue_info"], view["blue"], strict=True)
        if info["in_play"]
    ]
    return "River structures (3 points): " + " · ".join(entries)


def _masterwork_line(view: dict[str, JSON]) -> str:
    entries = [f"{m['id']} {m['builder'] or 'unbuilt'}" for m in view["masterworks"]]
    return "Masterworks: " + " · ".join(entries) + f" · locks left {view['locks_left']}"


def _reserve_line(view: dict[str, JSON]) -> str:
    entries = [f"{c} {n}" for c, n in zip(view["colours"], view["reserve"], strict=True)]
    return "Reserve: " + " · ".join(entries)


def _cards_lines(view: dict[str, JSON]) -> list[str]:
    hands = []
    for seat, hand in enumerate(view["hands"]):
        colour = view["colours"][seat]
        held = ", ".join(hand) or "no cards" if isinstance(hand, list) else f"{hand} cards"
        hands.append(f"{colour}: {held}")
    cards = f"Cards: pile {view['pile']}, discards {len(view['discards'])} · " + " · ".join(hands)
    return textwrap.wrap(cards, WIDTH, subsequent_indent="  ")


def _marks_lines(view: dict[str, JSON]) -> list[str]:
    notes = []
    for mark in view["marks"]:
        said = []
        if mark["moved"]:
            said.append("moved")
        if mark["from_canal"]:
            said.append("came from the canal")
        if mark["left"]:
            said.append("left " + ", ".join(mark["left"]))
        if mark["barred"]:
            said.append("not back to " + ", ".join(mark["barred"]))
        notes.append(f"{worker_token(mark)}@{mark['at']} {', '.join(said)}")
    if not notes:
        return []
    return textwrap.wrap("This turn: " + "; ".join(notes), WIDTH, subsequent_indent="  ")


# -- SVG --------------------------------------------------------------------------------------

PER_ROW = 14  # canal spaces per row of the drawing (rows snake left and right)
SPACE = 52.0  # pitch of a canal space
BOX = 44.0  # side of a canal space


def render_svg(view: dict[str, JSON]) -> str:
    """The canal snaking in rows, then vineyards, river structures, masterworks and hands.

    Clickable: a worker (`r2@12`, `y1@ch`), a canal space (`15`), a vineyard (`ch`), a river
    structure (`b2`), a masterwork (`masterwork cacor`), a card of the seat's hand
    (`play move3`), and the `draw` and `end` chips.
    """
    width = 24 + PER_ROW * SPACE
    rows = -(-len(view["spaces"]) // PER_ROW)
    top = 50.0
    parts = [svg.text(12, 22, _headline(view), {"text-anchor": "start", "font-size": 15})]
    parts += [
        _space_svg(view, space, *_space_at(index, top))
        for index, space in enumerate(view["spaces"])
    ]
    y = top + rows * SPACE + 20
    parts.append(_vineyards_svg(view, y))
    parts.append(_blue_svg(view, y + 92))
    parts.append(_masterworks_svg(view, y + 150))
    parts.append(_players_svg(view, y + 208, width))
    height = y + 208 + 46 * len(view["colours"]) + 70
    background = svg.tag("rect", {"width": width, "height": height, "fill": svg.LAND})
    return svg.document(width, height, "Arriala: Canal de Garonne", background, *parts)


def _space_at(index: int, top: float) -> tuple[float, float]:
    row, column = divmod(index, PER_ROW)
    if row % 2:
        column = PER_ROW - 1 - column
    return (12 + column * SPACE, top + row * SPACE)


def _space_svg(view: dict[str, JSON], space: dict[str, Any], x: float, y: float) -> str:
    number = space["number"]
    fill = "#d9b98a" if space["town"] else svg.WATER
    if space["section"] in view["scored_sections"]:
        fill = "#b7d7a8"
    if not space["in_play"]:
        fill = "#bbbbbb"
    parts = [
        svg.tag(
            "rect",
            {
                "x": x,
                "y": y,
                "width": BOX,
                "height": BOX,
                "rx": 6,
                "fill": fill,
                "stroke": "#5a6f80",
            },
        ),
        svg.text(x + 8, y + 9, number, {"font-size": 9, "fill": "#34495e"}),
    ]
    if space["town"]:
        parts.append(svg.text(x + BOX / 2, y + BOX - 6, space["town"][:10], {"font-size": 7}))
        parts.append(svg.title(space["town"]))
    if space["lock"]:
        parts.append(
            svg.tag(
                "rect",
                {
                    "x": x + 4,
                    "y": y + BOX / 2 - 4,
                    "width": BOX - 8,
                    "height": 8,
                    "fill": "#5b3a1e",
                },
            )
        )
    attrs = {**svg.pick(str(number), f"space {number}"), "data-space": number}
    workers = [
        _worker(worker, str(number), x + 14 + 16 * (k % 2), y + 18 + 14 * (k // 2))
        for k, worker in enumerate(space["workers"])
    ]
    return svg.group({"class": "space"}, svg.group(attrs, *parts), *workers)


def _worker(worker: dict[str, Any], at: str, x: float, y: float) -> str:
    """A worker a person may click: its token names it and where it stands, `r2@12`."""
    token = f"{worker_token(worker)}@{at}"
    return svg.group(
        {**svg.pick(token, f"worker {token}"), "data-worker": token},
        *_worker_mark(worker, x, y),
        svg.title(f"{worker['colour']} worker {worker_token(worker)} at {at}"),
    )


def _worker_mark(worker: dict[str, Any], x: float, y: float) -> tuple[str, str]:
    """A worker's disc in its colour, with its number on it."""
    disc = {"cx": x, "cy": y, "r": 7, "fill": svg.colour(worker["colour"]), "stroke": svg.INK}
    number = {"font-size": 8, "fill": "#ffffff" if worker["colour"] != "yellow" else svg.INK}
    return svg.tag("circle", disc), svg.text(x, y, worker["number"], number)


def _vineyards_svg(view: dict[str, JSON], y: float) -> str:
    parts = [svg.text(12, y, "Vineyards", {"text-anchor": "start", "font-weight": "bold"})]
    x = 12.0
    for info in view["vineyard_info"]:
        workers = view["vineyards"][info["name"]]
        width = 30 + 22 * info["places"]
        box = svg.group(
            {**svg.pick(info["id"], f"vineyard {info['name']}"), "data-vineyard": info["id"]},
            svg.tag(
                "rect",
                {
                    "x": x,
                    "y": y + 12,
                    "width": width,
                    "height": 60,
                    "rx": 8,
                    "fill": "#c9dba0",
                    "stroke": "#5c7a29",
                },
            ),
            svg.text(
                x + width / 2,
                y + 24,
                f"{info['name']} ({info['id']}) · {info['points']} points",
                {"font-size": 10},
            ),
        )
        places = [
            svg.tag(
                "circle",
                {
                    "cx": x + 26 + 22 * k,
                    "cy": y + 50,
                    "r": 8,
                    "fill": "none",
                    "stroke": "#5c7a29",
                    "stroke-dasharray": "2 2",
                },
            )
            for k in range(info["places"])
        ]
        on = [
            _worker(worker, info["id"], x + 26 + 22 * k, y + 50) for k, worker in enumerate(workers)
        ]
        parts += [box, *places, *on]
        x += width + 16
    return svg.group({"class": "vineyards"}, *parts)


def _blue_svg(view: dict[str, JSON], y: float) -> str:
    parts = [
        svg.text(
            12, y, "River structures (3 points)", {"text-anchor": "start", "font-weight": "bold"}
        )
    ]
    x = 12.0
    for info, holder in zip(view["blue_info"], view["blue"], strict=True):
        if not info["in_play"]:
            continue
        parts.append(
            svg.group(
                {**svg.pick(info["id"], f"river structure {info['id']}"), "data-blue": info["id"]},
                svg.tag(
                    "rect",
                    {
                        "x": x,
                        "y": y + 10,
                        "width": 150,
                        "height": 36,
                        "rx": 6,
                        "fill": "#7fb2e5",
                        "stroke": "#2f5f8f",
                    },
                ),
                svg.text(x + 50, y + 28, f"{info['id']} {info['beside']}", {"font-size": 8}),
                svg.title(f"{info['id']} beside {info['beside']}"),
            )
        )
        if holder:
            parts += _worker_mark(holder, x + 132, y + 28)
        x += 160
    return svg.group({"class": "blue"}, *parts)


def _masterworks_svg(view: dict[str, JSON], y: float) -> str:
    parts = [
        svg.text(
            12,
            y,
            f"Masterworks · locks left {view['locks_left']}",
            {"text-anchor": "start", "font-weight": "bold"},
        )
    ]
    for k, work in enumerate(view["masterworks"]):
        x = 12 + 250 * k
        builder = work["builder"]
        parts.append(
            svg.group(
                svg.pick(f"masterwork {work['id']}", work["name"]),
                svg.tag(
                    "rect",
                    {
                        "x": x,
                        "y": y + 10,
                        "width": 236,
                        "height": 36,
                        "rx": 6,
                        "fill": svg.colour(builder) if builder else "#f3ead2",
                        "stroke": svg.INK,
                    },
                ),
                svg.text(x + 118, y + 28, f"{work['name']}" + (f" · {builder}" if builder else "")),
            )
        )
    return svg.group({"class": "masterworks"}, *parts)


def _players_svg(view: dict[str, JSON], y: float, width: float) -> str:
    parts = [
        svg.text(
            12,
            y,
            f"Hands · pile {view['pile']} · discards {len(view['discards'])}",
            {"text-anchor": "start", "font-weight": "bold"},
        )
    ]
    hands: list[JSON] = view["hands"]
    for seat, colour in enumerate(view["colours"]):
        row = y + 14 + 46 * seat
        hand = hands[seat] if seat < len(hands) else None  # the virtual player holds no cards
        virtual = " (virtual)" if colour == view["virtual"] else ""
        label = f"{colour}{virtual}: {view['scores'][seat]} pts · reserve {view['reserve'][seat]}"
        parts.append(
            svg.tag("circle", {"cx": 22, "cy": row + 18, "r": 8, "fill": svg.colour(colour)})
        )
        parts.append(svg.text(36, row + 18, label, {"text-anchor": "start"}))
        cards = []
        if isinstance(hand, list):
            for k, name in enumerate(hand):
                attrs = {**svg.pick(f"play {name}", f"play {name}"), "data-card": name}
                cards.append(svg.card(220 + 72 * k, row, 66, 36, name, attrs))
        elif hand is not None:
            cards.append(svg.card(220, row, 66, 36, f"{hand} cards", None, "#c8bfa6"))
        parts.append(svg.group({"class": "hand", "data-hand": seat}, *cards))
    y_chips = y + 14 + 46 * len(view["colours"])
    parts.append(svg.chip(width - 150, y_chips, "draw"))
    parts.append(svg.chip(width - 80, y_chips, "end"))
    return svg.group({"class": "players"}, *parts)

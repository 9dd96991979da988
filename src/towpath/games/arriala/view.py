"""Arriala seen from a seat: the view (only what that seat may know), its text rendering (for the
terminal, in English) and its drawing (for the browser, in the language spoken: words marked for
translation, towpath.core.i18n)."""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import Any

from towpath.core import svg
from towpath.core.actions import turn_of
from towpath.core.game import JSON, Display
from towpath.core.i18n import N_, cached_per_language, translator
from towpath.games.arriala.actions import BuildMasterwork, River, ToCanal, ToVineyard
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.position import Position
from towpath.games.arriala.sections import lock_counts, section_ids, winners
from towpath.games.arriala.words import colour_name

_, n_ = translator(__name__)

WIDTH = 80
LEGEND = "Canal: . free  L lock  x closed  * scored section  (spaces count from 1)"


def build_view(state: Position, seat: int | None, everything: bool = False) -> dict[str, JSON]:
    """What `seat` may know; `everything`: every hand too (the game's end, a replay)."""
    game = state.game
    layout, rules = game.layout, game.rules
    colours = list(rules.colours[: layout.colours])
    placed = Placed(state, colours)
    sections = section_ids(state)
    scored = [s for p, s in enumerate(sections) if s is not None and state.scored[p]]
    built = lock_counts(state)
    hands = [
        list(hand) if everything or other == seat else len(hand)
        for other, hand in enumerate(state.hands)
    ]
    return {
        "game": game.id,
        "players": game.players,
        "seat": seat,
        "colours": colours,
        "virtual": None if layout.virtual is None else colours[layout.virtual],
        "current_player": state.current_player,
        "turn": state.turn,
        "max_turns": game.max_turns,
        "ap_left": state.ap,
        "scores": list(state.points),
        "spaces": _spaces(state, placed.on_space, sections),
        "scored_sections": list(dict.fromkeys(scored)),
        "score_table": list(layout.board.score_table),
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
        "hands": hands,
        # What the cards shown in hands do (for drawing them).
        "card_info": {
            name: {
                "name": name,
                "effect": rules.cards[name].effect,
                "reach": rules.cards[name].reach,
                "any_colour": rules.cards[name].any_colour,
            }
            for hand in hands
            if isinstance(hand, list)
            for name in hand
        },
        "pile": len(state.pile),
        "discards": list(state.discards),
        "reshuffled": None if state.reshuffled is None else list(state.reshuffled),
        "marks": _marks(state, colours),
        "over": state.over,
        "winners": [colours[c] for c in winners(state)] if state.over else [],
    }


def last_played(state: Position) -> JSON:
    """The places the last action touched: canal spaces (from 1), vineyard and blue ids,
    masterwork ids."""
    action = state.history[-1]
    spaces = [getattr(action, name) + 1 for name in ("source", "target") if hasattr(action, name)]
    return {
        "action": str(action),
        "spaces": spaces,
        "vineyards": [action.vineyard] if isinstance(action, ToVineyard | ToCanal) else [],
        "blue": [action.blue] if isinstance(action, River) else [],
        "masterworks": [action.masterwork] if isinstance(action, BuildMasterwork) else [],
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
    turn = f"Arriala · {turn_of(view['turn'], view['max_turns'], view['players']).lower()}"
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
        if isinstance(hand, list):
            held = ", ".join(hand) or "no cards"
        else:  # the terminal's words are English only
            held = f"{hand} card" if hand == 1 else f"{hand} cards"
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

PER_ROW = 11  # canal spaces per row of the drawing (rows snake left and right)
NARROW_PER_ROW = 4  # in a phone's drawing: the canal as wide as the panels below it
SPACE = 66.0  # pitch of a canal space
BOX = 58.0  # side of a canal space
ROW_PITCH = 88.0  # a row of spaces and the band under it for town names
DRAWN_WIDTH = 24 + PER_ROW * SPACE
WORKER = 9.0  # a worker's half size
SECTION = "#3b7bb0"  # the bar under a section still to score
LABEL = {"font-size": 12, "fill": "#2c5a80"}
# Each colour's workers have a shape of their own, so no one needs to tell the colours apart.
SHAPES = {"red": "circle", "yellow": "square", "green": "triangle", "violet": "diamond"}
TOWN, CANAL, SCORED, CLOSED = "#d9b98a", svg.WATER, "#b7d7a8", "#bbbbbb"
CARD_W, CARD_H = 104.0, 44.0
CARD_FACES = {  # a card's two lines, by its effect (a line None: whose worker it moves)
    "move": (N_("Move {reach}"), N_("any worker")),
    "teleport": (N_("Teleport"), N_("yours, anywhere")),
    "lock": (N_("Lock"), N_("build one")),
    "masterwork": (N_("Masterwork"), N_("if you are last")),
    "to-vineyard": (N_("To vineyard"), None),
    "to-canal": (N_("To canal"), None),
}
CARD_HELP = {  # what a card does, for its help, by its effect
    "move": N_("move a worker of any colour up to {reach} spaces along the canal, for 1 AP"),
    "teleport": N_("move one of your workers on the canal to any free canal space, for 1 AP"),
    "lock": N_("build a lock (+1 point) for 1 AP instead of 4"),
    "masterwork": N_(
        "build a masterwork (+5 points), only if you are last on the score track, for 1 AP"
    ),
    "to-vineyard": N_("send a worker from the canal to a vineyard, for 1 AP"),
    "to-canal": N_("bring a worker from a vineyard back to the canal, for 1 AP"),
}
CHIPS = (
    ("place", N_("place a worker")),
    ("lock", N_("build a lock")),
    ("draw", N_("draw")),
    ("end", N_("end")),
)


def render_svg(view: dict[str, JSON]) -> str:
    """The canal snaking in rows, then vineyards, river structures, masterworks, each colour's
    score, reserve and hand, the action chips and a legend.

    Clickable: a worker (`r2@12`, `y1@ch`), a canal space (`15`), a vineyard (`ch`), a river
    structure (`b2`), a masterwork (`masterwork cacor`), a card of the seat's hand
    (`play move3`), and the chips `place`, `lock`, `draw` and `end`.
    """
    last = view.get("last_played") or {}
    width = svg.flow_width(view, DRAWN_WIDTH)  # the drawing's, and its panels' below the canal
    per_row = NARROW_PER_ROW if view["narrow"] else PER_ROW
    rows = -(-len(view["spaces"]) // per_row)
    headline, lower = _svg_headline(view)
    top = 48.0 + lower
    parts = [headline]
    marked = set(last.get("spaces", []))
    for index, space in enumerate(view["spaces"]):
        x, y = _space_at(index, top, per_row)
        parts.append(_space_svg(view, space, (x, y, width), space["number"] in marked))
    parts += _section_bars(view, top, per_row)
    y = top + rows * ROW_PITCH + 8
    own = view["seat"]
    if own is not None:  # the viewer's hand and the actions first, just under the canal
        drawn, used = _players_svg(view, y, [own], width)
        chips, chips_used = _chips(view, y + used, width)
        parts += [drawn, chips]
        y += used + chips_used
    for panel, key in PANELS:
        drawn, used = panel(view, y, set(last.get(key, [])), width)
        parts.append(drawn)
        y += used
    others = [seat for seat in range(len(view["colours"])) if seat != own]
    drawn, used = _players_svg(view, y, others, width, own is not None)
    parts.append(drawn)
    y += used
    if own is None:
        chips, used = _chips(view, y, width)
        parts.append(chips)
        y += used
    key, used = svg.legend(12, y, width - 24, _legend_entries())
    height = y + used + 8
    background = svg.tag("rect", {"width": width, "height": height, "fill": svg.LAND})
    return svg.document(width, height, "Arriala: Canal de Garonne", background, *parts, key)


SEAT = "\x00"  # where a seat's name goes in a phrase, which the drawing writes as `svg.seat_name`


def _svg_headline(view: dict[str, JSON]) -> tuple[str, float]:
    """The turn, who is to play and their action points: one line, or in a narrow drawing a
    line each; the markup and the height of the lines after the first."""
    turn = turn_of(view["turn"], view["max_turns"], view["players"])
    seat = view["current_player"]
    if seat is None:
        return _headline_line(0, turn, None), 0.0
    playing = n_(
        "{colour} ({seat}) to play · {count} action point left",
        "{colour} ({seat}) to play · {count} action points left",
        view["ap_left"],
        colour=colour_name(view["colours"][seat]),
        seat=SEAT,
    )
    dots = "●" * view["ap_left"]
    if not view["narrow"]:
        return _headline_line(0, f"{turn} · {playing} {dots}", seat), 0.0
    lines = [f"{turn} {dots}", *playing.split(" · ")]
    drawn = "".join(_headline_line(k, line, seat) for k, line in enumerate(lines))
    return drawn, 20.0 * (len(lines) - 1)


def _headline_line(k: int, said: str, seat: int | None) -> str:
    """The `k`th line of the headline, its seat (`SEAT`) written as the seat's name."""
    before, mark, after = said.partition(SEAT)
    parts = [svg.plain(before)]
    if mark and seat is not None:
        parts += [svg.seat_name(seat), svg.plain(after)]
    return svg.text_parts(12, 20 + 20 * k, parts, {"font-size": 14})


def _space_at(index: int, top: float, per_row: int) -> tuple[float, float]:
    """Where the `index`th canal space is drawn, the rows snaking left and right."""
    row, column = divmod(index, per_row)
    if row % 2:
        column = per_row - 1 - column
    return (12 + column * SPACE, top + row * ROW_PITCH)


def worker_mark(colour: str, number: object, x: float, y: float, size: float = WORKER) -> str:
    """A worker: its colour's shape in its colour, with its number."""
    fill = svg.colour(colour)
    shape = SHAPES.get(colour, "circle")
    style = {"fill": fill, "stroke": svg.INK}
    if shape == "square":
        body = svg.tag(
            "rect", {"x": x - size, "y": y - size, "width": 2 * size, "height": 2 * size, **style}
        )
    elif shape == "triangle":
        points = f"{x},{y - size - 2} {x + size + 2},{y + size} {x - size - 2},{y + size}"
        body = svg.tag("polygon", {"points": points, **style})
    elif shape == "diamond":
        points = f"{x},{y - size - 2} {x + size + 2},{y} {x},{y + size + 2} {x - size - 2},{y}"
        body = svg.tag("polygon", {"points": points, **style})
    else:
        body = svg.tag("circle", {"cx": x, "cy": y, "r": size, **style})
    lower = 2 if shape == "triangle" else 0.5
    label = {"font-size": 12, "font-weight": "bold", "fill": svg.ink_on(fill)}
    return body + svg.text(x, y + lower, number, label)


def _worker(worker: dict[str, Any], at: str, x: float, y: float, said: str) -> str:
    """A worker a person may click: its token names it and where it stands, `r2@12`;
    `said` says it and the place in words."""
    token = f"{worker_token(worker)}@{at}"
    return svg.group(
        {
            **svg.pick(token, said),
            "data-worker": token,
            "data-piece": f"worker-{worker_token(worker)}",
        },
        worker_mark(worker["colour"], worker["number"], x, y),
        svg.title(said),
    )


def _space_svg(
    view: dict[str, JSON], space: dict[str, Any], at: tuple[float, float, float], last: bool
) -> str:
    """A canal space drawn at (x, y) of `at`, in a drawing as wide as its third number."""
    scored = space["section"] in view["scored_sections"]
    number = space["number"]
    workers = tuple(
        (
            worker["colour"],
            worker["number"],
            _(
                "{colour} worker {number} on space {space}",
                colour=colour_name(worker["colour"]),
                number=worker["number"],
                space=number,
            ),
        )
        for worker in space["workers"]
    )
    drawn = (number, space["town"], space["lock"], space["in_play"], scored, workers)
    help = _space_help(space, scored)
    stretch = _stretch_of(view, number)
    if stretch is not None and not space["town"] and space["in_play"]:
        help += " · " + _(
            "locks between {start} and {end}: {built} of {most}",
            start=stretch["from"],
            end=stretch["to"],
            built=stretch["locks"],
            most=stretch["max_locks"],
        )
    return _space_drawing(drawn, help, at, last)


def _stretch_of(view: dict[str, JSON], number: int) -> dict[str, Any] | None:
    """The stretch between two towns that holds canal space `number` (from 1)."""
    for stretch in view["stretches"]:
        if stretch["first"] <= number < stretch["first"] + stretch["spaces"]:
            return stretch  # type: ignore[no-any-return]
    return None


def _space_help(space: dict[str, Any], scored: bool) -> str:
    """What a space is, for the hint: its section and whether it was scored, a lock, a town."""
    number = space["number"]
    if space["town"]:
        return _(
            "{town} ({space}): a town, room for any number of workers",
            town=space["town"],
            space=number,
        )
    if not space["in_play"]:
        return _("space {space}: out of play", space=number)
    if space["lock"]:
        return _("space {space}: a lock, between two sections", space=number)
    section = space["section"].replace("-", "–")
    if scored:
        return _("space {space} · section {section}, scored", space=number, section=section)
    return _("space {space} · section {section}, scored once full", space=number, section=section)


# A space as its drawing shows it: its number, town, lock, whether it is in play and scored,
# and its workers (colour, number, the worker and its place in words).
DrawnSpace = tuple[int, str | None, bool, bool, bool, tuple[tuple[str, int, str], ...]]


@lru_cache(maxsize=4096)  # most spaces look the same from one state to the next
def _space_drawing(space: DrawnSpace, help: str, at: tuple[float, float, float], last: bool) -> str:
    number, town, lock, in_play, scored, workers = space
    x, y, width = at
    fill = CLOSED if not in_play else TOWN if town else SCORED if scored else CANAL
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
        svg.text(x + 5, y + 10, number, {"text-anchor": "start", "fill": "#34495e"}),
    ]
    if scored:
        parts.append(svg.text(x + BOX - 5, y + 10, "✓", {"text-anchor": "end"}))
    if not in_play:
        parts.append(svg.text(x + BOX - 6, y + 10, "×", {"text-anchor": "end"}))
    if town:
        parts.append(_town_name(town, x, y, width))
    if lock:
        parts.append(_lock(x + BOX / 2, y + BOX / 2 + 6))
    attrs: dict[str, object] = {**svg.pick(str(number), help), "data-space": number}
    if last:
        attrs["data-last"] = 1
        parts.append(
            svg.last_mark("rect", {"x": x - 2, "y": y - 2, "width": BOX + 4, "height": BOX + 4})
        )
    marks = [
        _worker(
            {"colour": colour, "number": n},
            str(number),
            x + 12 + 17 * (k % 3),
            y + 31 + 17 * (k // 3),
            said,
        )
        for k, (colour, n, said) in enumerate(workers)
    ]
    return svg.group({"class": "space"}, svg.group(attrs, *parts), *marks)


def _section_bars(view: dict[str, JSON], top: float, per_row: int) -> list[str]:
    """Under the spaces of each section still to score, a bar from its first space to its last
    in each row it runs through (a town or a lock between two sections breaks it), and under
    its longest run what the most workers there score once it is full."""
    runs: dict[str, list[list[int]]] = {}  # a section's indices, a list per row
    for index, space in enumerate(view["spaces"]):
        section = space["section"]
        if section is None or section in view["scored_sections"] or not space["in_play"]:
            continue
        rows = runs.setdefault(section, [])
        if rows and rows[-1][-1] == index - 1 and (index % per_row):
            rows[-1].append(index)
        else:
            rows.append([index])
    parts = []
    for section, rows in runs.items():
        spaces = sum(len(row) for row in rows)
        points = view["score_table"][spaces - 1]
        help = _(
            "section {section}: {spaces} spaces; when every space holds a worker, the most "
            "workers there score {points}",
            section=section.replace("-", "–"),
            spaces=spaces,
            points=points,
        )
        longest = max(rows, key=len)
        if len(longest) >= 3:
            said = n_("{count} point when full", "{count} points when full", points)
        else:
            said = n_("{count} point", "{count} points", points)
        for row in rows:
            xs = [_space_at(index, top, per_row)[0] for index in row]
            y = _space_at(row[0], top, per_row)[1] + BOX + 2
            bar = {"x": min(xs) + 4, "y": y, "width": max(xs) - min(xs) + BOX - 8, "height": 4}
            drawn = [svg.tag("rect", {**bar, "rx": 2, "fill": SECTION}), svg.title(help)]
            if row is longest:
                drawn.append(svg.text((min(xs) + max(xs) + BOX) / 2, y + 14, said, LABEL))
            parts.append(svg.group({"class": "section"}, *drawn))
    return parts


def _town_name(name: str, x: float, y: float, width: float) -> str:
    """A town's name under its space, kept inside the drawing (`width` wide)."""
    half = 3.6 * len(name)
    middle = min(max(x + BOX / 2, 6 + half), width - 6 - half)
    return svg.text(middle, y + BOX + 13, name, {"font-weight": "bold", "fill": "#5b3a1e"})


def _lock(x: float, y: float) -> str:
    """A lock: two gates across the canal."""
    gate = {"y": y - 10, "width": 6, "height": 20, "fill": "#5b3a1e"}
    return svg.tag("rect", {**gate, "x": x - 12}) + svg.tag("rect", {**gate, "x": x + 6})


def _title(y: float, said: str, width: float) -> tuple[str, float]:
    """A panel's title, in lines within `width`; the markup and the height below its first."""
    return svg.heading(12, y + 8, said, width - 24, 13, {"font-weight": "bold"})


def _vineyards_svg(
    view: dict[str, JSON], y: float, marked: set[str], width: float
) -> tuple[str, float]:
    """The vineyards, in rows within `width`; the markup and the height used."""
    title, lower = _title(y, _("Vineyards"), width)
    parts = [title]
    infos = view["vineyard_info"]
    widths = [max(32 + 24 * info["places"], 150) for info in infos]
    places = svg.flow(widths, 12, y + lower, width - 12, 14, 80)
    for info, wide, (x, top) in zip(infos, widths, places, strict=True):
        parts += _vineyard(view, info, x, top, wide, info["id"] in marked)
    return svg.group({"class": "vineyards"}, *parts), places[-1][1] - y + 104 if places else 34


def _vineyard(
    view: dict[str, JSON], info: dict[str, Any], x: float, y: float, width: float, marked: bool
) -> list[str]:
    """A vineyard's box with its places, and the workers in it."""
    workers = view["vineyards"][info["name"]]
    attrs: dict[str, object] = {
        **svg.pick(info["id"], _("vineyard {vineyard}", vineyard=info["name"])),
        "data-vineyard": info["id"],
    }
    box = {"x": x, "y": y + 20, "width": width, "height": 72, "rx": 8}
    said = _(
        "{vineyard} ({id}) · {points} pts",
        vineyard=info["name"],
        id=info["id"],
        points=info["points"],
    )
    drawn = [
        svg.tag("rect", {**box, "fill": "#c9dba0", "stroke": "#5c7a29"}),
        svg.text(x + width / 2, y + 34, said, svg.fitted(said, width - 8, 13)),
    ]
    if marked:
        attrs["data-last"] = 1
        drawn.append(svg.last_mark("rect", box))
    places = [
        svg.tag(
            "circle",
            {
                "cx": x + 22 + 24 * k,
                "cy": y + 66,
                "r": 10,
                "fill": "none",
                "stroke": "#5c7a29",
                "stroke-dasharray": "2 2",
            },
        )
        for k in range(info["places"])
    ]
    on = [
        _worker(
            worker,
            info["id"],
            x + 22 + 24 * k,
            y + 66,
            _(
                "{colour} worker {number} in the {vineyard} vineyard",
                colour=colour_name(worker["colour"]),
                number=worker["number"],
                vineyard=info["name"],
            ),
        )
        for k, worker in enumerate(workers)
    ]
    return [svg.group(attrs, *drawn, *places), *on]


def _blue_svg(view: dict[str, JSON], y: float, marked: set[str], width: float) -> tuple[str, float]:
    """The river structures in play, in rows within `width`; the markup and the height used."""
    note = _("+{points} points; a worker stays there for good", points=3)
    title, lower = _title(y, _("River structures") + " · " + note, width)
    parts = [title]
    shown = [
        (info, holder)
        for info, holder in zip(view["blue_info"], view["blue"], strict=True)
        if info["in_play"]
    ]
    places = svg.flow([172.0] * len(shown), 12, y + lower, width - 12, 8, 56)
    for (info, holder), (x, top) in zip(shown, places, strict=True):
        parts.append(_structure(info, holder, x, top, info["id"] in marked))
    used = places[-1][1] - y + 84 if places else 34 + lower
    return svg.group({"class": "blue"}, *parts), used


def _structure(
    info: dict[str, Any], holder: dict[str, Any] | None, x: float, y: float, marked: bool
) -> str:
    """A river structure's box, with the worker that holds it."""
    attrs: dict[str, object] = {
        **svg.pick(info["id"], _("river structure {blue}", blue=info["id"])),
        "data-blue": info["id"],
    }
    box = {"x": x, "y": y + 20, "width": 172, "height": 48, "rx": 6}
    drawn = [
        svg.tag("rect", {**box, "fill": "#7fb2e5", "stroke": "#2f5f8f"}),
        svg.text(x + 8, y + 35, f"{info['id']} ≈", {"text-anchor": "start", "font-weight": "bold"}),
        svg.text(x + 8, y + 54, info["beside"], {"text-anchor": "start"}),
        svg.title(_("{blue} beside {stretch}", blue=info["id"], stretch=info["beside"])),
    ]
    if marked:
        attrs["data-last"] = 1
        drawn.append(svg.last_mark("rect", box))
    if holder:
        drawn.append(worker_mark(holder["colour"], holder["number"], x + 154, y + 35))
    return svg.group(attrs, *drawn)


def _masterworks_svg(
    view: dict[str, JSON], y: float, marked: set[str], width: float
) -> tuple[str, float]:
    """The masterworks, in rows within `width`; the markup and the height used."""
    said = [
        _("Masterworks"),
        _("+5 points, for the last player"),
        _("locks left {locks}", locks=view["locks_left"]),
    ]
    title, lower = _title(y, " · ".join(said), width)
    parts = [title]
    works = view["masterworks"]
    places = svg.flow([238.0] * len(works), 12, y + lower, width - 12, 12, 48)
    for work, (x, top) in zip(works, places, strict=True):
        builder = work["builder"]
        name = _(work["name"])
        attrs: dict[str, object] = dict(svg.pick(f"masterwork {work['id']}", name))
        box = {"x": x, "y": top + 20, "width": 238, "height": 40, "rx": 6}
        drawn = [
            svg.tag("rect", {**box, "fill": "#f3ead2", "stroke": svg.INK}),
            svg.text(x + 10, top + 40, name, {"text-anchor": "start"}),
        ]
        if builder:
            drawn.append(worker_mark(builder, "★", x + 222, top + 40))
        if work["id"] in marked:
            attrs["data-last"] = 1
            drawn.append(svg.last_mark("rect", box))
        parts.append(svg.group(attrs, *drawn))
    used = places[-1][1] - y + 80 if places else 34 + lower
    return svg.group({"class": "masterworks"}, *parts), used


PANELS = (
    (_vineyards_svg, "vineyards"),
    (_blue_svg, "blue"),
    (_masterworks_svg, "masterworks"),
)


def _card_svg(card: dict[str, Any], x: float, y: float) -> str:
    name = card["name"]
    title, line = CARD_FACES[card["effect"]]
    if line is None:
        line = N_("any worker") if card["any_colour"] else N_("your worker")
    face = _(title, reach=card["reach"])
    attrs = {**svg.pick(f"play {name}", _("card: {card}", card=face)), "data-card": name}
    box = {"x": x, "y": y, "width": CARD_W, "height": CARD_H, "rx": 5}
    bold = {"font-weight": "bold", **svg.fitted(face, CARD_W - 8, 13)}
    does = _(CARD_HELP[card["effect"]], reach=card["reach"])
    return svg.group(
        attrs,
        svg.tag("rect", {**box, "fill": "#fffdf5", "stroke": svg.INK}),
        svg.text(x + CARD_W / 2, y + 14, face, bold),
        svg.text(x + CARD_W / 2, y + 32, _(line)),
        svg.title(_("card {card}: {does}", card=face, does=does)),
    )


def _players_svg(
    view: dict[str, JSON], y: float, seats: list[int], width: float, others: bool = False
) -> tuple[str, float]:
    """The score, reserve and hand of each of `seats` (by colour), within `width`, under the
    pile and discards (or, for the `others` than the viewer, "Other players"); the height
    used."""
    title = (
        _("Other players")
        if others
        else n_(
            "Players · pile {count} cards · discards {discards}",
            "Players · pile {count} cards · discards {discards}",
            view["pile"],
            discards=len(view["discards"]),
        )
    )
    parts = [svg.text(12, y + 8, title, {"text-anchor": "start", "font-weight": "bold"})]
    hands: list[JSON] = view["hands"]
    row = y + 28
    per_row = int((width - 18) // (CARD_W + 6))
    for seat in seats:
        colour = view["colours"][seat]
        hand = hands[seat] if seat < len(hands) else None  # the virtual player holds no cards
        virtual = colour == view["virtual"]
        who = [svg.plain(f"{colour_name(colour)} · ")]
        who += [svg.plain(_("virtual player"))] if virtual else [svg.seat_name(seat)]
        score = n_(
            "{count} point · reserve {reserve}",
            "{count} points · reserve {reserve}",
            view["scores"][seat],
            reserve=view["reserve"][seat],
        )
        who.append(svg.plain(f" · {score}"))
        if seat == view["current_player"]:
            who.append(svg.plain(" ◀"))
        parts.append(worker_mark(colour, "", 22, row))
        fit = svg.fitted_with_name(f"{colour_name(colour)} ·  · {score} ◀", width - 48, 13, 8)
        parts.append(svg.text_parts(40, row, who, {"font-weight": "bold", **fit}))
        cards = []
        if isinstance(hand, list):
            for k, name in enumerate(hand):
                place = svg.in_rows(k, per_row, 12, row + 18, (CARD_W + 6, 50))
                cards.append(_card_svg(view["card_info"][name], *place))
            lines = max(1, -(-len(hand) // per_row))
        elif hand is not None:
            box = {"x": 12, "y": row + 18, "width": CARD_W, "height": CARD_H, "rx": 5}
            hidden = svg.tag("rect", {**box, "fill": "#c8bfa6", "stroke": svg.INK})
            said = svg.text(12 + CARD_W / 2, row + 40, n_("{count} card", "{count} cards", hand))
            cards.append(svg.group({"data-hidden-hand": seat}, hidden, said))
            lines = 1
        else:
            lines = 0
        parts.append(svg.group({"class": "hand", "data-hand": seat}, *cards))
        row += 30 + 50 * lines
    return svg.group({"class": "players"}, *parts), row - y


def _chips(view: dict[str, JSON], y: float, width: float) -> tuple[str, float]:
    """The action chips, in rows within `width`; the markup and the height used."""
    if view["current_player"] is None:
        return "", 50.0
    chips: list[tuple[str, str | None]] = [(tokens, _(label)) for tokens, label in CHIPS]
    drawn = svg.group({"class": "chips"}, *svg.chip_rows(chips, 12, y, width))
    return drawn, svg.chip_rows_height(chips, 12, width) + 20


@cached_per_language(maxsize=None)
def _legend_entries() -> tuple[tuple[str, str], ...]:
    """The legend."""
    square = {"x": -12, "y": -12, "width": 24, "height": 24, "rx": 4, "stroke": "#5a6f80"}
    shapes = _("red worker 2 (shapes: ● red ■ yellow ▲ green ◆ violet)")
    return (
        (worker_mark("red", 2, 0, 0), shapes),
        (svg.tag("rect", {**square, "fill": TOWN}), _("town")),
        (svg.tag("rect", {**square, "fill": CANAL}), _("canal space")),
        (
            svg.tag("rect", {"x": -12, "y": -2.5, "width": 24, "height": 5, "fill": SECTION}),
            _("a section still to score"),
        ),
        (svg.tag("rect", {**square, "fill": SCORED}) + svg.text(0, 0, "✓"), _("scored section")),
        (svg.tag("rect", {**square, "fill": CLOSED}) + svg.text(0, 0, "×"), _("out of play")),
        (svg.tag("rect", {**square, "fill": CANAL}) + _lock(0, 0), _("lock")),
        (svg.last_mark("rect", square), _("the last move")),
    )


DISPLAY = Display(build_view, last_played, render_text, render_svg)

"""Mississippi seen from a seat: what a seat sees of the position (everything: the game has no
secrets), and the river as text and SVG, drawn from a view alone."""

from __future__ import annotations

import math
from dataclasses import dataclass

from towpath.core import svg
from towpath.core.actions import turn_of
from towpath.core.game import JSON, Display
from towpath.core.hexgrid import ODD_R
from towpath.core.i18n import cached_per_language, translator
from towpath.core.race import race_status
from towpath.games.mississippi.components import facing_numbers
from towpath.games.mississippi.position import Position
from towpath.games.mississippi.words import boat_piece

_, n_ = translator(__name__)

CELL_WIDTH = 4


def build_view(state: Position, seat: int | None, everything: bool = False) -> dict[str, JSON]:
    """The whole position, alike for every seat: nothing in Mississippi is hidden."""
    game = state.game
    return {
        "game": game.id,
        "players": game.players,
        "current_player": state.current_player,
        "turn": state.turn,
        "max_turns": game.max_turns,
        "boats": [
            {
                "space": state.spaces[boat],
                "logs": state.logs[boat],
                "sides": None if facing is None else facing_numbers(game.side_numbers, facing),
                "started": state.started[boat],
            }
            for boat, facing in enumerate(state.facing)
        ],
        "supply": state.supply,
        "backward_limit": game.rules.backward_limit,
        "river_length": game.river.length,
        "river": [list(cell) for cell in game.river.cells],
        "winner": state.winner,
    }


def last_played(state: Position) -> JSON:
    """The last action and the boat that made it."""
    return {"seat": state.last_mover(), "action": str(state.history[-1])}


def render_text(view: dict[str, JSON]) -> str:
    boats: list[dict[str, JSON]] = view["boats"]
    length: int = view["river_length"]
    turn = turn_of(view["turn"], view["max_turns"], view["players"])
    headline = f"{turn} · supply {view['supply']} logs"
    legend = f"Downstream from space 1 to {length}, then the finish; [n] is boat n."
    return "\n".join(
        [
            headline,
            race_status(view, "Boat", "crossed the finish"),
            "",
            *_river_lines(view),
            legend,
            "",
            *_boat_table(boats, length, view),
        ]
    )


def _river_lines(view: dict[str, JSON]) -> list[str]:
    """Each hex is a 4-character cell: its space number, or [n] where boat n floats.

    Odd rows are shifted right by half a cell, as in odd-r hex coordinates.
    """
    cells = [tuple(cell) for cell in view["river"]]
    space_at = {cell: space for space, cell in enumerate(cells, start=1)}
    boat_at = {boat["space"]: seat for seat, boat in enumerate(view["boats"])}
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    lines = []
    for row in range(min(rows), max(rows) + 1):
        line = " " * (CELL_WIDTH // 2) if row & 1 else ""
        for col in range(min(cols), max(cols) + 1):
            space = space_at.get((col, row))
            if space is None:
                line += " " * CELL_WIDTH
            elif space in boat_at:
                line += f"[{boat_at[space]}]".rjust(CELL_WIDTH)
            else:
                line += f"{space}".rjust(CELL_WIDTH)
        lines.append(line.rstrip())
    return lines


def _boat_table(boats: list[dict[str, JSON]], length: int, view: dict[str, JSON]) -> list[str]:
    """One row a boat; `sides` are the numbers it shows toward E, SE, SW, W, NW, NE."""
    directions = "".join(name.rjust(3) for name in ODD_R.directions)
    lines = [f"{'boat':<6}{'space':<8}{'logs':>4}  sides:{directions}"]
    for seat, boat in enumerate(boats):
        space = boat["space"]
        where = "start" if space == 0 else "finish" if space == length + 1 else str(space)
        sides = boat["sides"]
        numbers = "".join(f"{n:>3}" for n in sides) if sides is not None else "  not rolled yet"
        marker = "  ◀ to move" if view["current_player"] == seat else ""
        lines.append(f"{f'[{seat}]':<6}{where:<8}{boat['logs']:>4}        {numbers}{marker}")
    return lines


# -- SVG --------------------------------------------------------------------------------------

HEX = 26.0  # hex radius in SVG units
TURNS = (("r-2", "↺ 120°"), ("r-1", "↺ 60°"), ("r+1", "↻ 60°"), ("r+2", "↻ 120°"), ("r+3", "180°"))
ROW = 40.0  # height of a boat's row under the river


def render_svg(view: dict[str, JSON]) -> str:
    """The river as pointy-top hexes, the boats with their side numbers, a row per boat, the
    turn chips and a legend. Clickable: each space the boat to move can reach, by its move
    (`fN`/`bN`, drawn for the seat to move only), the turn chips `r±k` and `pass`; the boat to
    move turns in the preview. Its words are in the language spoken (the drawings kept for
    reuse are kept per language)."""
    river = _river(tuple((col, row) for col, row in view["river"]))
    last = view.get("last_played") or {}
    parts = [river.drawing]
    parts.append(svg.text(12, 20, _headline(view), {"text-anchor": "start", "font-size": 14}))
    for seat, boat in enumerate(view["boats"]):
        parts.append(_boat(view, seat, boat, river.places, last.get("seat") == seat))
    for space, move in _move_picks(view).items() if view["picking"] else ():
        x, y = river.places[space]
        pick = svg.pick(move, _move_label(move, space))
        parts.append(svg.group(pick, river.targets[space], _logs_mark(view, move, x, y)))
    y = river.below
    flow = svg.flow_width(view, river.width)  # the width below the river
    moving = view["current_player"]
    chips, used = "", 0.0
    if moving is not None:
        boat = view["boats"][moving]
        passing = boat["started"] or not boat["logs"]
        chips, used = _chips(boat["started"], passing, y, flow)
    if chips:  # first, next to the river where the boat turns (a phone's too)
        parts.append(chips)
        y += used + 22
    parts.append(_boat_rows(view, y, flow))
    y += ROW * len(view["boats"]) + 20
    key, used = svg.legend(12, y, flow - 24, _legend_entries())
    height = y + used + 8
    background = svg.tag("rect", {"width": river.width, "height": height, "fill": svg.LAND})
    panels = (river.below - 8, 29.0) if view["narrow"] and river.width > flow else None
    return svg.document(river.width, height, "Mississippi", background, *parts, key, panels=panels)


def _headline(view: dict[str, JSON]) -> str:
    turn = turn_of(view["turn"], view["max_turns"], view["players"])
    return n_(
        "{turn} · supply {count} log", "{turn} · supply {count} logs", view["supply"], turn=turn
    )


@dataclass(frozen=True)
class RiverDrawing:
    """What does not change during a game: where each space is drawn, and the water itself."""

    places: list[tuple[float, float]]  # space 0 (the start area) to the finish
    width: float
    below: float  # where the boat rows start
    drawing: str
    targets: list[str]  # per space, a see-through outline to click for a move there


@cached_per_language(maxsize=16)
def _river(cells: tuple[tuple[int, int], ...]) -> RiverDrawing:
    """The river of `cells`."""
    centres = [_centre(cell) for cell in cells]
    start, finish = _beyond(centres[1], centres[0]), _beyond(centres[-2], centres[-1])
    xs = [x for x, _ in [*centres, start, finish]]
    ys = [y for _, y in [*centres, start, finish]]
    dx, dy = HEX * 3.6 - min(xs), 56 - min(ys)
    places = [(x + dx, y + dy) for x, y in [start, *centres, finish]]
    width = max(xs) + dx + HEX * 2.5
    below = max(ys) + dy + HEX * 2
    ends = (0, len(places) - 1)
    parts = [_space(space, x, y, space in ends) for space, (x, y) in enumerate(places)]
    targets = [_target(space, x, y, space in ends) for space, (x, y) in enumerate(places)]
    return RiverDrawing(places, width, below, "".join(parts), targets)


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    col, row = cell
    width = HEX * math.sqrt(3)
    return (col * width + (row & 1) * width / 2, row * HEX * 1.5)


def _beyond(before: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """A place one step past `end`, away from `before` (the start area, the finish)."""
    return (2 * end[0] - before[0], 2 * end[1] - before[1])


def _logs_mark(view: dict[str, JSON], move: str, x: float, y: float) -> str:
    """What a space's move does to the logs of the boat to move, under its number: "−3"
    going downstream (a log a space, where it has them), "+2" going upstream (a log a space
    while the supply lasts)."""
    count = int(move[1:])
    down = move.startswith("f")
    if down and count > view["boats"][view["current_player"]]["logs"]:
        return ""
    said = f"−{count}" if down else f"+{min(count, view['supply'])}"
    style = {"font-size": 12, "font-weight": "bold", "fill": "#8b1e1e" if down else "#1e6b2e"}
    return svg.text(x, y + 13, said, style)


def _move_label(move: str, space: int) -> str:
    """A reachable space in words: "space 9: 4 open spaces downstream"."""
    count = int(move[1:])
    if move.startswith("f"):
        return n_(
            "space {space}: {count} open space downstream",
            "space {space}: {count} open spaces downstream",
            count,
            space=space,
        )
    return n_(
        "space {space}: {count} open space upstream",
        "space {space}: {count} open spaces upstream",
        count,
        space=space,
    )


def _move_picks(view: dict[str, JSON]) -> dict[int, str]:
    """Per space, the move (`fN` or `bN`) that brings the boat to move there."""
    seat = view["current_player"]
    if seat is None:
        return {}
    finish = view["river_length"] + 1
    taken = {boat["space"] for boat in view["boats"] if 0 < boat["space"] < finish}
    here = view["boats"][seat]["space"]
    picks: dict[int, str] = {}
    count = 0
    for space in range(here + 1, finish + 1):
        if space == finish or space not in taken:
            count += 1
            picks[space] = f"f{count}"
    count = 0
    for space in range(here - 1, -1, -1):
        if here > 0 and count < view["backward_limit"] and (space == 0 or space not in taken):
            count += 1
            picks[space] = f"b{count}"
    return picks


def _space(space: int, x: float, y: float, end: bool) -> str:
    """A space of the river, or its start area or finish: a place a boat may come to (its
    `data-place` and centre for a client's motion)."""
    place = {"data-space": space, "data-place": space, "data-centre": f"{x:.1f},{y:.1f}"}
    if end:
        label = _("start") if space == 0 else _("finish")
        meaning = (
            _("the start area") if space == 0 else _("the finish: the first boat across it wins")
        )
        return svg.group(
            place,
            _box(x, y, "#cfe3c8", svg.INK),
            svg.text(x - HEX * 1.1 - 4, y, label, {"text-anchor": "end"}),
            svg.title(meaning),
        )
    hexagon = svg.tag(
        "polygon",
        {"points": svg.hexagon(x, y, HEX - 1), "fill": svg.WATER, "stroke": "#5a8fb5"},
    )
    number = svg.text(x, y, space, {"font-size": 12, "fill": "#2c5573"})
    return svg.group(place, hexagon, number, svg.title(_("river space {space}", space=space)))


def _box(x: float, y: float, fill: str, stroke: str) -> str:
    return svg.tag(
        "rect",
        {
            "x": x - HEX * 1.1,
            "y": y - HEX,
            "width": HEX * 2.2,
            "height": HEX * 2,
            "rx": 8,
            "fill": fill,
            "stroke": stroke,
        },
    )


def _target(space: int, x: float, y: float, end: bool) -> str:
    if end:
        return _box(x, y, "transparent", "none")
    return svg.tag(
        "polygon",
        {
            "points": svg.hexagon(x, y, HEX - 1),
            "fill": "transparent",
            "stroke": "none",
            "data-target": space,
        },
    )


def _boat(
    view: dict[str, JSON],
    seat: int,
    boat: dict[str, JSON],
    places: list[tuple[float, float]],
    last: bool,
) -> str:
    x, y = places[boat["space"]]
    if boat["space"] in (0, len(places) - 1):  # boats share the start area and the finish
        sharing = [s for s, b in enumerate(view["boats"]) if b["space"] == boat["space"]]
        index = sharing.index(seat)
        x += (index % 3 - 1) * HEX * 0.8
        y += (index // 3 - 0.5) * HEX * 0.8
        return _boat_disc(seat, x, y, last)
    sides = tuple(boat["sides"] or ())
    return _boat_hexagon(seat, x, y, sides, view["current_player"] == seat, last)


def _boat_attrs(seat: int, last: bool) -> dict[str, object]:
    """A boat's group: its seat, its name as a piece that moves, and whether it moved last."""
    return {"data-boat": seat, "data-piece": boat_piece(seat), "data-last": 1 if last else None}


@cached_per_language(maxsize=4096)
def _boat_disc(seat: int, x: float, y: float, last: bool) -> str:
    """A boat in the start area or the finish."""
    attrs = _boat_attrs(seat, last)
    marks = [svg.last_mark("circle", {"cx": x, "cy": y, "r": 13})] if last else []
    on = svg.ink_on(svg.seat_colour(seat))
    disc = {"cx": x, "cy": y, "r": 10, "fill": svg.seat_colour(seat), "stroke": svg.INK}
    return svg.group(
        attrs,
        svg.tag("circle", disc),
        svg.text(x, y + 0.5, seat + 1, {"fill": on, "font-size": 12, "font-weight": "bold"}),
        *marks,
        svg.title(_("seat {seat}'s boat", seat=seat)),
    )


@cached_per_language(maxsize=4096)
def _boat_hexagon(
    seat: int, x: float, y: float, sides: tuple[int, ...], turning: bool, last: bool
) -> str:
    """A boat on the river with its side numbers; `turning`: it is to move."""
    attrs = _boat_attrs(seat, last)
    if turning:
        attrs["data-turning"] = 1
        attrs["data-centre"] = f"{x:.1f},{y:.1f},{HEX:g}"
    parts = [
        svg.tag(
            "polygon",
            {
                "points": svg.hexagon(x, y, HEX * 0.95),
                "fill": svg.seat_colour(seat),
                "stroke": svg.INK,
                "stroke-width": 2.5 if turning else 1,
            },
        ),
        svg.tag("circle", {"cx": x, "cy": y, "r": 7.5, "fill": "#ffffff", "stroke": svg.INK}),
        svg.text(x, y + 0.5, seat + 1, {"font-size": 12, "font-weight": "bold"}),
    ]
    parts += _side_labels(seat, x, y, HEX * 0.64, sides, {"font-weight": "bold"})
    if last:
        parts.append(svg.last_mark("polygon", {"points": svg.hexagon(x, y, HEX + 3)}))
    if turning:
        title = _("seat {seat}'s boat, to move: each side shows its number", seat=seat)
    else:
        title = _("seat {seat}'s boat: each side shows its number", seat=seat)
    parts.append(svg.title(title))
    return svg.group(attrs, *parts)


def _boat_rows(view: dict[str, JSON], top: float, width: float) -> str:
    finish = view["river_length"] + 1
    rows = []
    for seat, boat in enumerate(view["boats"]):
        space = boat["space"]
        where = (
            _("start area")
            if space == 0
            else _("finished")
            if space == finish
            else _("space {space}", space=space)
        )
        moving = view["current_player"] == seat
        y = top + ROW * seat + 14
        sides = tuple(boat["sides"] or ())
        said = (where, boat["logs"], moving)
        rows.append(_boat_row(seat, y, said, sides, width, bool(view["narrow"])))
    return svg.group({"class": "boats"}, *rows)


@cached_per_language(maxsize=4096)
def _boat_row(
    seat: int,
    y: float,
    said: tuple[str, int, bool],
    sides: tuple[int, ...],
    width: float,
    narrow: bool,
) -> str:
    """A boat's row under the river: its seat, its side numbers as it faces (once rolled),
    where it is, its logs and whether it is to move (`said`); in a narrow drawing its words
    in two lines, else narrowed to `width` where a name of 12 letters would pass it."""
    where, logs, moving = said
    on = svg.ink_on(svg.seat_colour(seat))
    parts = [
        svg.tag("circle", {"cx": 22, "cy": y, "r": 11, "fill": svg.seat_colour(seat)}),
        svg.text(22, y + 0.5, seat + 1, {"fill": on, "font-weight": "bold"}),
    ]
    left = 42
    if sides:
        parts.append(_side_numbers(seat, 60, y, sides))
        left = 84
    told = n_("{where} · {count} log", "{where} · {count} logs", logs, where=where)
    told += _(" ◀ to move") if moving else ""
    if narrow:
        parts.append(svg.text_parts(left, y - 8, [svg.seat_name(seat)]))
        parts.append(svg.text(left, y + 9, told, {"text-anchor": "start"}))
    else:
        fit = svg.fitted_with_name(" · " + told, width - left - 8)
        parts.append(svg.text_parts(left, y, [svg.seat_name(seat), svg.plain(" · " + told)], fit))
    return "".join(parts)


def _side_labels(
    seat: int,
    x: float,
    y: float,
    reach: float,
    sides: tuple[int, ...],
    attrs: svg.Attrs | None = None,
) -> list[str]:
    """A boat's side numbers around (x, y), `reach` from it, each toward the side it is on."""
    style = {"fill": svg.ink_on(svg.seat_colour(seat)), "font-size": 12, **(attrs or {})}
    return [
        svg.text(
            x + reach * math.cos(math.radians(60 * direction)),
            y + reach * math.sin(math.radians(60 * direction)) + 0.5,
            number,
            style,
        )
        for direction, number in enumerate(sides)
    ]


def _side_numbers(seat: int, x: float, y: float, sides: tuple[int, ...]) -> str:
    """A boat in small beside its row: its side numbers as it faces on the river."""
    size = 19.0
    numbers = _side_labels(seat, x, y, size * 0.62, sides)
    shape = {"points": svg.hexagon(x, y, size), "fill": svg.seat_colour(seat), "stroke": svg.INK}
    facing = _("the sides of seat {seat}'s boat, as it faces", seat=seat)
    return svg.group({"class": "sides"}, svg.tag("polygon", shape), *numbers, svg.title(facing))


@cached_per_language(maxsize=16)
def _chips(turning: bool, passing: bool, y: float, width: float) -> tuple[str, float]:
    """The chips of the boat to move: its turns (it turns before it moves; never on its first
    turn) and `pass` (on a first turn, only for a boat without logs); the markup and the
    height of their rows."""
    if not (turning or passing):
        return "", 0.0
    label = _("Turn:") if turning else _("Or:")
    said = svg.text(12, y + 15, label, {"text-anchor": "start"})
    chips = [*(TURNS if turning else ()), *((("pass", _("pass")),) if passing else ())]
    x = max(56.0, 20 + svg.label_width(label))  # the chips start after their label
    drawn = svg.group({"class": "chips"}, said, *svg.chip_rows(chips, x, y, width))
    return drawn, svg.chip_rows_height(chips, x, width)


@cached_per_language(maxsize=None)
def _legend_entries() -> tuple[tuple[str, str], ...]:
    """The legend."""
    boat = svg.tag("polygon", {"points": svg.hexagon(0, 0, 13), "fill": svg.seat_colour(1)})
    number = svg.text(0, 0.5, "2", {"fill": "white", "font-weight": "bold"})
    side = svg.text(0, 0, "4", {"font-weight": "bold"})
    water = svg.tag("polygon", {"points": svg.hexagon(0, 0, 13), "fill": svg.WATER})
    last = svg.last_mark("polygon", {"points": svg.hexagon(0, 0, 13)})
    return (
        (boat + number, _("a boat, in its player's colour and number")),
        (side, _("a boat's side number, facing that way")),
        (water, _("river space")),
        (last, _("the boat that moved last")),
    )


DISPLAY = Display(build_view, last_played, render_text, render_svg)

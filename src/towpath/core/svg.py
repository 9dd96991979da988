"""Drawing a view as SVG: escaped elements, seat colours and the conventions of the web client.

An element a person may click carries `data-pick="TOKENS"` (see `pick`): a run of words of the
notation of the actions it stands for, such as `r2@24` for a worker or `place 27` for a hand tile.
The web client keeps the legal actions whose notation contains every run clicked so far (a run
clicked twice must be there twice) and, when one is left, names it and asks for a confirm (or
plays it, if the player chose so); when a few are left (at most `OFFERED`), or the runs make up
a whole action, it offers them by name. So a renderer
only has to name what it draws in the words of its game's notation. Other attributes the
client reads:
- `data-last="1"` on what the last action touched (drawn with `last_mark`);
- `data-centre="X,Y,R"` on a piece that can be shown turned (its centre and size) and on the
  places it can go: where the actions left differ only in a turn word, the client previews
  each turn: `rK` (K × 60° clockwise) draws the picked piece on the picked place, turned;
  `r+K` / `r-K` turns the piece marked `data-turning` in place;
- `<tspan data-seat-name="N">`: a seat, which the client writes as its player's name;
- `data-piece="ID"` on a piece that moves (a group with no `transform` of its own) and
  `data-place="ID"` on a place it may come to (with `data-centre`): between two drawings the
  client slides each piece from where it stood to where it stands, through the places of the
  last move's story (`Words.story`) one step after another.
Text is at least 12 units high and a drawing is shown at least at its own size (the page
scrolls the board), so no text is smaller than 12 px. A drawing asked for `narrow` (a phone's)
keeps what can flow (hands, rows of buttons, panels, the legend) within `NARROW` units from
its left edge, so only a board that cannot flow needs the page to scroll it sideways.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from html import escape

from towpath.core.i18n import cached_per_language, translator

_, n_ = translator(__name__)

Attrs = Mapping[str, object]
OFFERED = 10  # the most actions the web client offers by name once picks have narrowed them
NARROW = 312  # the width a narrow drawing flows within: a phone's board box at 360 px is 323


def flow_width(view: Mapping[str, object], width: float) -> float:
    """The width a drawing's panels flow within: `width`, or at most `NARROW` in a narrow
    drawing (see `towpath.core.game.Game.render_svg`)."""
    return min(width, NARROW) if view.get("narrow") else width


COLOURS = {
    "red": "#d1453b",
    "yellow": "#e8b923",
    "green": "#3a9a4f",
    "blue": "#3a6fc4",
    "black": "#333333",
    "white": "#f4f1e8",
    "orange": "#e07b27",
    "purple": "#8a4fb0",
    "brown": "#8b5a2b",
    "grey": "#8c8c8c",
    "pink": "#e377c2",
}
SEAT_COLOURS = ("#d1453b", "#3a6fc4", "#3a9a4f", "#e8b923", "#8a4fb0", "#e07b27")
WATER = "#9cc9e6"
LAND = "#e9e4d0"
INK = "#2b2b2b"


LIGHT = {"#e8b923", "#e07b27", "#f4f1e8", "#e377c2", "#f6d27a"}


def ink_on(fill: str) -> str:
    """Text drawn on `fill`: dark on the light colours, white on the others."""
    return INK if fill in LIGHT else "#ffffff"


def colour(name: str) -> str:
    """The fill for a colour named in a view (unknown names are used as CSS colours)."""
    return COLOURS.get(name, name)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def tag(name: str, attrs: Attrs | None = None, *children: str) -> str:
    """An element; attributes with the value None are left out, values are escaped."""
    written = _written(attrs)
    if not children:
        return f"<{name}{written}/>"
    return f"<{name}{written}>{''.join(children)}</{name}>"


def _written(attrs: Attrs | None) -> str:
    return "".join(
        f' {key}="{_attr(value)}"' for key, value in (attrs or {}).items() if value is not None
    )


def _attr(value: object) -> str:
    """An attribute value, escaped; numbers are written short (boards are drawn often)."""
    if isinstance(value, float):
        return f"{value:.1f}".removesuffix(".0")
    if isinstance(value, int):
        return str(value)
    written = str(value)
    return escape(written, quote=True) if _SPECIAL.search(written) else written


_SPECIAL = re.compile("[&<>\"']")


def text(x: float, y: float, content: object, attrs: Attrs | None = None) -> str:
    """Centred text (pass text-anchor to change it)."""
    base: dict[str, object] = {
        "x": x,
        "y": y,
        "text-anchor": "middle",
        "dominant-baseline": "central",
    }
    return tag("text", {**base, **attrs} if attrs else base, escape(str(content), quote=False))


def title(content: object) -> str:
    """A tooltip for the enclosing element."""
    return tag("title", None, escape(str(content)))


def pick(tokens: str, label: str | None = None) -> dict[str, object]:
    """Attributes that make an element clickable for the actions whose notation has `tokens`."""
    return {"class": "pick", "data-pick": tokens, "aria-label": label or tokens}


def group(attrs: Attrs | None, *children: str) -> str:
    return tag("g", attrs, *children) if children else ""


class Drawing(str):
    """A whole drawing that keeps its `parts`: its opening tag with its title, each of its
    top-level elements, and its closing tag, which joined make the drawing. A client that
    keeps the parts it was sent needs only the new ones (the server's state messages)."""

    parts: tuple[str, ...]


def document(
    width: float,
    height: float,
    heading: str,
    *children: str,
    panels: tuple[float, float] | None = None,
) -> Drawing:
    """The whole drawing, scaled to its container by the viewBox. `panels`: in a narrow
    drawing wider than `NARROW`, where the parts that flow start (all below it lies within
    `NARROW` units) and how high the heading is (all above it lies within `NARROW` too): the
    web client keeps both in view while the board between them scrolls sideways."""
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {_attr(float(width))} {_attr(float(height))}",
        "width": _attr(float(width)),
        "height": _attr(float(height)),
        "class": "board",
        "role": "group",
        "aria-label": heading,
        "font-family": "system-ui, sans-serif",
        "font-size": 13,
        "data-panels": None
        if panels is None
        else f"{_attr(panels[0])},{NARROW},{_attr(panels[1])}",
    }
    parts = (f"<svg{_written(attrs)}>{title(heading)}", *filter(None, children), "</svg>")
    whole = Drawing("".join(parts))
    whole.parts = parts
    return whole


def parts_of(drawing: str) -> tuple[str, ...]:
    """A drawing's parts (see `Drawing`); one, the whole, for a drawing made otherwise."""
    return drawing.parts if isinstance(drawing, Drawing) else (drawing,)


def text_parts(x: float, y: float, parts: list[str], attrs: Attrs | None = None) -> str:
    """Text made of parts already written as markup (see `seat_name`, `plain`)."""
    base: dict[str, object] = {"x": x, "y": y, "dominant-baseline": "central"}
    return tag("text", {**base, **attrs} if attrs else base, *parts)


def plain(content: object) -> str:
    """Escaped text, a part of `text_parts`."""
    return escape(str(content), quote=False)


def seat_name(seat: int, said: str | None = None) -> str:
    """A seat within `text_parts`: the client writes its player's name there."""
    return tag("tspan", {"data-seat-name": seat}, plain(said or _("Seat {n}", n=seat + 1)))


LAST = "#111111"


def last_mark(shape: str, attrs: Attrs) -> str:
    """The outline marking what the last action touched: a ring of black dots (a shape, not a
    colour, so every eye tells it, and not the dashes of what may be picked), drawn over the
    element."""
    style = {
        "fill": "none",
        "stroke": LAST,
        "stroke-width": 4,
        "stroke-dasharray": "0.1 6",
        "stroke-linecap": "round",
        "class": "last-mark",
        "pointer-events": "none",
    }
    return tag(shape, {**attrs, **style})


def letter(name: str) -> str:
    """A colour's letter, drawn on things of that colour for whoever cannot tell colours."""
    return name[:1].upper()


@cached_per_language(maxsize=64)  # a board's legend is the same from state to state
def legend(
    x: float, y: float, width: float, entries: tuple[tuple[str, str], ...]
) -> tuple[str, float]:
    """A legend: each entry a symbol drawn around (0, 0) within 28 × 28 units, and its text;
    entries flow in rows across `width`. Returns the markup and the height used."""
    parts = [text(x, y + 8, _("Legend"), {"text-anchor": "start", "font-weight": "bold"})]
    row_y, left = y + 34, x
    for symbol, said in entries:
        needed = 40 + 7.2 * len(said)
        if left > x and left + needed > x + width:
            row_y, left = row_y + 34, x
        parts.append(tag("g", {"transform": f"translate({left + 14:.1f},{row_y:.1f})"}, symbol))
        fit = fitted(said, width - 40, 13)  # a text longer than a row is narrowed to it
        parts.append(text(left + 34, row_y, said, {"text-anchor": "start", **fit}))
        left += needed + 12
    return group({"class": "legend"}, *parts), row_y - y + 24


def hexagon(cx: float, cy: float, radius: float, pointy: bool = True) -> str:
    """The points attribute of a regular hexagon centred on (cx, cy)."""
    corners = _POINTY if pointy else _FLAT
    return " ".join(f"{cx + radius * dx:.1f},{cy + radius * dy:.1f}" for dx, dy in corners)


def _corners(start: int) -> tuple[tuple[float, float], ...]:
    return tuple(
        (math.cos(math.radians(start + 60 * k)), math.sin(math.radians(start + 60 * k)))
        for k in range(6)
    )


_POINTY = _corners(30)
_FLAT = _corners(0)


def card(
    x: float,
    y: float,
    width: float,
    height: float,
    label: str,
    attrs: Attrs | None = None,
    fill: str = "#fffdf5",
) -> str:
    """A card: a rounded rectangle with a centred label."""
    return group(
        attrs,
        tag(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
                "rx": 5,
                "fill": fill,
                "stroke": INK,
            },
        ),
        text(x + width / 2, y + height / 2, label),
    )


def chip(x: float, y: float, tokens: str, label: str | None = None, help: str | None = None) -> str:
    """A rounded button at (x, y) (its top left corner) that picks `tokens`; `help` says what
    it does."""
    shown = label or tokens
    width = chip_width(shown)
    return group(
        pick(tokens, shown),
        title(help) if help else "",
        tag(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": 30,
                "rx": 15,
                "fill": "#fffdf5",
                "stroke": INK,
            },
        ),
        text(x + width / 2, y + 15, shown, {"font-size": 14}),
    )


def chip_width(label: str) -> float:
    return 22.0 + 8.2 * len(label)


def chip_rows(
    chips: Sequence[tuple[str, str | None]],
    x: float,
    y: float,
    width: float = math.inf,
    helps: Mapping[str, str] | None = None,
) -> list[str]:
    """Chips (tokens, label) side by side from (x, y), a new row where one would pass `width`;
    `helps`: what each does, by its tokens."""
    places = _chip_places([label or tokens for tokens, label in chips], x, y, width)
    placed = zip(chips, places, strict=True)
    said = helps or {}
    return [chip(cx, cy, tokens, label, said.get(tokens)) for (tokens, label), (cx, cy) in placed]


def chip_rows_height(chips: Sequence[tuple[str, str | None]], x: float, width: float) -> float:
    """The height `chip_rows` takes for these chips (30 a row, 6 between rows)."""
    places = _chip_places([label or tokens for tokens, label in chips], x, 0.0, width)
    return max((y for _, y in places), default=0.0) + 30


def _chip_places(
    labels: Sequence[str], x: float, y: float, width: float
) -> list[tuple[float, float]]:
    return flow([chip_width(label) for label in labels], x, y, width, 8, 36)


def in_rows(
    k: int, per_row: int, x: float, y: float, pitch: tuple[float, float]
) -> tuple[float, float]:
    """Where the `k`th of boxes laid `per_row` to a row from (x, y) goes, `pitch` apart."""
    row, column = divmod(k, per_row)
    return x + pitch[0] * column, y + pitch[1] * row


def flow(
    widths: Sequence[float], x: float, y: float, width: float, gap: float, pitch: float
) -> list[tuple[float, float]]:
    """Where boxes of `widths` go side by side from (x, y), `gap` apart, a new row `pitch`
    lower where one would pass `width`."""
    places, left = [], x
    for shown in widths:
        if x > left and x + shown > width:
            x, y = left, y + pitch
        places.append((x, y))
        x += shown + gap
    return places


def heading(
    x: float, y: float, said: str, width: float, size: float = 14, attrs: Attrs | None = None
) -> tuple[str, float]:
    """A heading at (x, y), broken at its " · " into lines of at most `width` (a part longer
    than a line is narrowed to it); the markup and the height of the lines after the first
    (20 units each)."""
    lines: list[str] = []
    for part in said.split(" · "):
        if lines and label_width(f"{lines[-1]} · {part}", size) <= width:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    style = {"text-anchor": "start", "font-size": size, **(attrs or {})}
    drawn = [
        text(x, y + 20 * k, line, {**style, **fitted(line, width, size)})
        for k, line in enumerate(lines)
    ]
    return "".join(drawn), 20.0 * (len(lines) - 1)


def label_width(text: str, size: float = 12) -> float:
    """About how wide `text` is drawn at `size` units (a sans-serif's average letter)."""
    return 0.6 * size * len(text)


def fitted_with_name(
    words: str, width: float, size: float = 12, letters: int = 12
) -> dict[str, object]:
    """`fitted` for a line of `words` that also holds a seat's name (`seat_name`), which the
    page writes as its player's name: the name is reckoned at `letters` letters."""
    return fitted("N" * letters + words, width, size)


def fitted(text: str, width: float, size: float = 12) -> dict[str, object]:
    """Attributes that narrow `text` to `width` where it would be wider (its letters squeezed,
    their height kept: a longer word of another language still fits its box)."""
    if label_width(text, size) <= width:
        return {}
    return {"textLength": round(width, 1), "lengthAdjust": "spacingAndGlyphs"}

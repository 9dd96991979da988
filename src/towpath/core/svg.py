"""Drawing a view as SVG: escaped elements, seat colours and the click convention.

An element a person may click carries `data-pick="TOKENS"` (see `pick`): a run of words of the
notation of the actions it stands for, such as `r2@24` for a worker or `place 27` for a hand tile.
The web client keeps the legal actions whose notation contains every run clicked so far and
plays the action when one is left, so a renderer only has to name what it draws in the words of
its game's notation.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from html import escape

Attrs = Mapping[str, object]

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


def colour(name: str) -> str:
    """The fill for a colour named in a view (unknown names are used as CSS colours)."""
    return COLOURS.get(name, name)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def tag(name: str, attrs: Attrs | None = None, *children: str) -> str:
    """An element; attributes with the value None are left out, values are escaped."""
    written = "".join(
        f' {key}="{_attr(value)}"' for key, value in (attrs or {}).items() if value is not None
    )
    if not children:
        return f"<{name}{written}/>"
    return f"<{name}{written}>{''.join(children)}</{name}>"


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


def document(width: float, height: float, heading: str, *children: str) -> str:
    """The whole drawing, scaled to its container by the viewBox."""
    attrs = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {_attr(float(width))} {_attr(float(height))}",
        "class": "board",
        "role": "img",
        "font-family": "system-ui, sans-serif",
        "font-size": 12,
    }
    return tag("svg", attrs, title(heading), *children)


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
        text(x + width / 2, y + height / 2, label, {"font-size": 11}),
    )


def chip(x: float, y: float, tokens: str, label: str | None = None) -> str:
    """A rounded button at (x, y) (its top left corner) that picks `tokens`."""
    shown = label or tokens
    width = chip_width(shown)
    return group(
        pick(tokens, shown),
        tag(
            "rect",
            {
                "x": x,
                "y": y,
                "width": width,
                "height": 26,
                "rx": 13,
                "fill": "#fffdf5",
                "stroke": INK,
            },
        ),
        text(x + width / 2, y + 13, shown),
    )


def chip_width(label: str) -> float:
    return 18.0 + 7.5 * len(label)

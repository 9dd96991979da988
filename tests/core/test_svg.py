"""A drawing keeps its top-level parts, which joined make the whole drawing."""

from __future__ import annotations

from towpath.core import svg


def test_a_document_keeps_its_parts_and_they_make_the_whole() -> None:
    box = svg.tag("rect", {"width": 4, "height": 2})
    label = svg.text(1, 1, "a & b")
    drawing = svg.document(10, 5, "Board", box, svg.group(None), label)
    parts = svg.parts_of(drawing)
    assert "".join(parts) == drawing
    assert parts[1:] == (box, label, "</svg>"), "an empty group is no part"
    assert parts[0].startswith("<svg ") and parts[0].endswith("<title>Board</title>")


def test_a_drawing_made_otherwise_is_one_part() -> None:
    assert svg.parts_of("<svg/>") == ("<svg/>",)
    assert svg.parts_of(svg.document(1, 1, "x") + "") == (svg.document(1, 1, "x"),)

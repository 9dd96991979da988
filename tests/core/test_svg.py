"""A drawing keeps its top-level parts, which joined make the whole drawing; headings and
boxes flow within a width."""

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


def test_a_heading_breaks_at_its_dots_into_lines_of_the_width() -> None:
    said = "Turn 3 of 40 · pile 21 tiles · next: play a tile"
    one, lower = svg.heading(12, 20, said, 1000)
    assert lower == 0 and one.count("<text") == 1 and "textLength" not in one
    lines, lower = svg.heading(12, 20, said, 200)
    assert lower == 40 and lines.count("<text") == 3
    assert ">Turn 3 of 40 · pile 21 tiles<" not in lines, "a line fits its width"
    narrowed, lower = svg.heading(12, 20, "a part far too long for its line", 100)
    assert lower == 0 and 'textLength="100"' in narrowed


def test_boxes_flow_in_rows_within_the_width() -> None:
    assert svg.flow([100, 100, 100], 10, 5, 320, 10, 40) == [(10, 5), (120, 5), (10, 45)]
    assert svg.flow([100, 100, 100], 10, 5, 330, 10, 40)[2] == (230, 5), "a box may end on the edge"
    assert svg.flow([500], 10, 5, 330, 10, 40) == [(10, 5)], "a box wider than a row has one"


def test_a_narrow_document_says_where_its_panels_start() -> None:
    drawing = svg.document(600, 900, "Board", panels=(412.5, 32))
    assert f'data-panels="412.5,{svg.NARROW},32"' in drawing
    assert "data-panels" not in svg.document(600, 900, "Board")

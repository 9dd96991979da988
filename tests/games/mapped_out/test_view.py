"""The view's keys and the terminal rendering: map grid, fish, actions, pawns and every row."""

from __future__ import annotations

from tests.games.mapped_out.helpers import act, position, walking

ROW = ["left", "right", "up", "down", "any", "nothing", "up", "down"]


def test_the_view_has_the_keys_of_the_spec() -> None:
    view = position(board={(0, 0): 32}, hands=[[14], [25]], pile=[4]).view(0)
    for name in ["rows", "map", "pawns", "hands", "phase", "scores"]:
        assert name in view
    assert view["map"] == [
        {
            "cell": [0, 0],
            "tile": 32,
            "fish": [1, 1, 2],
            "action": ["reveal", 2],
            "special": None,
            "value": 0,
        }
    ]
    assert view["phase"] == "build" and view["pawns"] == [[0, 0], [0, 0]]
    assert set(view["rows"][0][0]) >= {"revealed", "card", "orientation"}


def test_the_text_shows_the_map_pawns_and_every_row() -> None:
    rows = [["+left", "left", "up"], ["-right", "down"]]
    state = position(rows=rows, board={(0, 0): 32, (1, 0): 13}, hands=[[14], [25]], pile=[4])
    act(state, "place 14 2,0")
    state.rows[1][1][3] |= 1  # seat 0 studied seat 1's second card
    text = state.render_text(0)
    assert "Seat 0 to choose whose card 3 to reveal." in text
    assert "[112" in text and "R2" in text and "X4" in text and "R3" in text
    assert "*01" in text, "the start tile holds both pawns"
    assert "Seat 0 (you): pawn at 0,0" in text and "Seat 1: pawn at 0,0" in text
    assert "cards: 1:left←  2:?  3:?" in text
    assert "cards: 1:right←  2:(down)" in text, "an upside-down Right moves left"
    assert "hand tile" not in state.render_text(None)
    assert "(down)" not in state.render_text(1), "seat 1 never studied its own card"


def test_a_wide_map_is_drawn_in_strips_within_80_columns() -> None:
    board = {(x, 0): x + 10 for x in range(-10, 11)}
    state = walking(rows=[["+right"] * 12, ["+left"] * 12], board=board)
    text = state.render_text(None)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "Final scores" in text and "walked: 0,0 1,0 2,0" in text
    headers = [line.split() for line in text.splitlines() if line.strip().startswith("-10")]
    strips = [line.split() for line in text.splitlines() if line.strip().startswith("2 ")]
    assert headers and strips and strips[0][-1] == "10", "every column is drawn, in strips"


def test_the_legend_names_the_specials_on_the_map() -> None:
    board = {(0, 0): 32, (1, 0): 42, (2, 0): 53, (3, 0): 49}  # island, score +2, go home
    state = position(board=board, hands=[[14], [25]], pile=[4], lands_unknown=True)
    text = state.render_text(0)
    assert "R2is" in text and "X5+2" in text and "X2gh" in text
    assert "specials: gh go home · is island · +n/-n score" in text
    assert "specials:" not in position(board={(0, 0): 32}, hands=[[14], [25]]).render_text(0)


def test_the_boards_draw_every_cell_a_free_tile_may_go_to() -> None:
    board = {(0, 0): 2, (1, 0): 3}
    state = position(board=board, hands=[[14], [25]], pile=[4], free_placement=True)
    assert state.view(0)["placement_margin"] == 4
    svg = state.render_svg(0)
    for cell in ["-4,-4", "5,4", "-4,4", "5,-4"]:
        assert f'data-pick="{cell}"' in svg, f"cell {cell} can be clicked"
    for cell in ["-5,0", "6,0", "0,-5", "0,5"]:
        assert f'data-cell="{cell}"' not in svg
    lines = state.render_text(0).splitlines()
    assert [str(x) for x in range(-4, 6)] in [line.split() for line in lines]
    rows = [line.split()[0] for line in lines if line.startswith("  ") and "." in line]
    assert rows == [str(y) for y in range(-4, 5)], "a row of empty cells takes one line"
    assert max(len(line) for line in lines) <= 80


def test_without_free_placement_the_boards_draw_the_cells_beside_the_map() -> None:
    state = position(board={(0, 0): 2, (1, 0): 3}, hands=[[14], [25]], pile=[4])
    assert state.view(0)["placement_margin"] == 0
    svg = state.render_svg(0)
    assert 'data-cell="-1,0"' in svg and 'data-cell="2,0"' in svg and 'data-cell="1,1"' in svg
    assert 'data-cell="-1,-1"' not in svg and 'data-cell="2,1"' not in svg, "a corner: no edge"
    assert 'data-cell="-2,0"' not in svg and 'data-cell="3,0"' not in svg
    walked = walking(board={(0, 0): 2}, rows=[["+up"], ["+down"]], free_placement=True)
    assert walked.view(None)["placement_margin"] == 0, "no tile is placed in the walk"


def test_each_seat_is_shown_the_fish_its_score_is_made_of() -> None:
    board = {(0, 0): 32, (1, 0): 14}  # fish 1 1 2 | fish 2 2
    state = walking(rows=[["+right", "+left"], ["+nothing"]], board=board)
    view = state.view(1)
    assert view["scored_fish"] == [[2, 3, 0, 0], [2, 1, 0, 0]], "distinct tiles, once each"
    drawing = state.render_svg(1)
    assert "<title>score 3: the most fish of one type (3) and 0 bonus points</title>" in drawing
    scored = drawing[drawing.index('data-scored="0"') : drawing.index('data-scored="1"')]
    assert 'font-weight="bold">×3</text>' in scored, "the best type stands out"
    assert ">×2</text>" in scored and "bonus</text>" not in scored
    building = position(board=board).render_svg(0)
    assert "data-scored" not in building, "nothing scores while the map is built"

"""Components, setup, options, data files, the turn limit, results and saved states."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import towpath
from tests.games.canal_king.helpers import position
from towpath.core.errors import GameError
from towpath.games.canal_king.components import BORDER, builtin_components
from towpath.games.canal_king.state import CanalKingState

# The spec's tables (rules/canal_king.md, Components), written out independently of the data.
SPEC_KINDS = {
    "S": ([(0, 3)], 28, 2),
    "G": ([(0, 2)], 28, 2),
    "T": ([(0, 1)], 18, 1),
    "SS": ([(0, 3), (1, 4)], 6, 0),
    "ST": ([(0, 3), (1, 2)], 8, 1),
    "GG": ([(0, 2), (3, 5)], 8, 0),
    "TT": ([(0, 1), (3, 4)], 8, 0),
    "TG": ([(0, 1), (2, 4)], 6, 0),
    "YSG": ([(0, 3), (0, 2)], 6, 0),
    "YST": ([(0, 3), (0, 1)], 4, 0),
    "YGG": ([(0, 2), (0, 4)], 3, 0),
    "SSS": ([(0, 3), (1, 4), (2, 5)], 3, 0),
    "TTT": ([(0, 1), (2, 3), (4, 5)], 6, 0),
    "STT": ([(0, 3), (1, 2), (4, 5)], 5, 0),
    "GGG": ([(0, 2), (2, 4), (0, 4)], 3, 0),
}
SPEC_PORTS = {
    "A": [(1, 0, 0), (2, 0, 0)],
    "B": [(4, 0, 0), (5, 0, 0)],
    "C": [(7, 0, 0), (8, 0, 0)],
    "D": [(9, 2, 2), (9, 3, 2)],
    "E": [(9, 5, 2), (9, 6, 2)],
    "F": [(7, 7, 3), (8, 7, 3)],
    "G": [(4, 7, 3), (5, 7, 3)],
    "H": [(1, 7, 3), (2, 7, 3)],
    "I": [(0, 5, 4), (0, 6, 4)],
    "J": [(0, 1, 4), (0, 2, 4)],
}
SPEC_CARDS = [
    "AEHC",
    "BGID",
    "CHJF",
    "DJBG",
    "EAGI",
    "FCIB",
    "GDAH",
    "HBEJ",
    "IFCA",
    "JEGB",
    "AFJD",
    "DHBI",
]
SPEC_NEIGHBOURS = {  # N NE SE S SW NW
    0: [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)],
    1: [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)],
}
COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")


def test_the_default_tile_set_is_the_spec_table() -> None:
    tiles = builtin_components().tiles
    assert tiles.colours == COLOURS
    assert len(tiles.deck) == 140
    found: dict[str, tuple[list[tuple[int, int]], int, int]] = {}
    for kind in tiles.kinds[:-1]:
        in_deck = [t for t in tiles.deck if tiles.kinds[tiles.kind_of[t]] is kind]
        flags = Counter(tiles.flags[t] for t in in_deck if tiles.flags[t] is not None)
        assert len(set(flags.values())) <= 1 and set(flags) in (set(), set(COLOURS)), kind.name
        found[kind.name] = (sorted(kind.lines), len(in_deck), max(flags.values(), default=0))
    assert found == {name: (sorted(lines), n, f) for name, (lines, n, f) in SPEC_KINDS.items()}
    assert tiles.kinds[-1].lines == ((0, 3),), "the special tile is a single straight"


def test_distinct_rotations_of_the_kinds() -> None:
    tiles = builtin_components().tiles
    distinct = {kind.name: len(tiles.rotations[k]) for k, kind in enumerate(tiles.kinds)}
    assert distinct["S"] == 3 and distinct["SSS"] == 1 and distinct["TTT"] == 2
    assert distinct["GGG"] == 2 and distinct["G"] == 6 and distinct["special"] == 3


def test_the_default_board_ports_and_cards_are_the_spec_tables() -> None:
    parts = builtin_components()
    board = parts.board
    assert (board.cols, board.rows) == (10, 8)
    assert {
        port.name: [(*board.coords(cell), edge) for cell, edge in port.docks]
        for port in board.ports
    } == SPEC_PORTS
    names = [port.name for port in board.ports]
    assert ["".join(names[p] for p in card) for card in parts.routes] == SPEC_CARDS
    assert len(board.dock_cells) == 20


def test_the_board_steps_by_the_spec_neighbour_offsets() -> None:
    board = builtin_components().board
    docks = {dock: -1 - p for p, places in enumerate(SPEC_PORTS.values()) for dock in places}
    for cell, (col, row) in enumerate(board.cells):
        for edge, (dc, dr) in enumerate(SPEC_NEIGHBOURS[col % 2]):
            target = board.step[cell * 6 + edge]
            other = board.cell(col + dc, row + dr)
            if other is not None:
                assert target == other * 6 + (edge + 3) % 6, (col, row, edge)
            else:
                assert target == docks.get((col, row, edge), BORDER), (col, row, edge)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_five_open_tiles_a_colour_and_a_route(players: int) -> None:
    state = towpath.load("canal_king", players).new_state(3)
    assert isinstance(state, CanalKingState)
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.pile) == 140 - 5 * players
    assert len(set(state.colours)) == players and len(set(state.routes)) == players
    view = state.view(1)
    assert all(len(hand) == 5 for hand in view["hands"]), "hands are open"
    assert state.current_player == 0


def test_option_first_player() -> None:
    assert towpath.load("canal_king", 3, first_player=2).new_state(1).current_player == 2
    with pytest.raises(GameError, match="first_player"):
        towpath.load("canal_king", 2, first_player=2)


def test_the_turn_limit_ends_the_game_with_no_winner() -> None:
    state = towpath.load("canal_king", 2, max_turns=3).new_state(1)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [0.0, 0.0] and state.scores() == [0.0, 0.0]
    assert "turn limit" in state.render_text(None)


def test_a_building_player_with_nothing_to_do_passes() -> None:
    state = position(hands=[[], ["S"]], specials={0: (4, 4, 0)})
    assert [str(a) for a in state.legal_actions()] == ["pass"]


def test_replacement_data_files_are_loaded(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text(
        "cols = 3\nrows = 2\n"
        + "".join(
            f'[[ports]]\nname = "{name}"\ndocks = [{dock}]\n'
            for name, dock in [
                ("W", "[0, 0, 0]"),
                ("X", "[2, 0, 0]"),
                ("Y", "[2, 1, 3]"),
                ("Z", "[0, 1, 3]"),
            ]
        ),
        "utf-8",
    )
    routes = tmp_path / "routes.toml"
    routes.write_text('cards = [["W", "X", "Y", "Z"], ["Z", "Y", "X", "W"]]\n', "utf-8")
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        'colours = ["red", "blue"]\n[special]\nlines = [[0, 3]]\n'
        '[[kinds]]\nname = "S"\nlines = [[0, 3]]\ncount = 20\nflagged_per_colour = 1\n',
        "utf-8",
    )
    game = towpath.load("canal_king", 2, board=str(board), routes=str(routes), tiles=str(tiles))
    state = game.new_state(1)
    view = state.view(0)
    assert view["board"]["cols"] == 3 and view["board"]["rows"] == 2
    assert view["board"]["ports"] == {
        "W": [[0, 0, 0]],
        "X": [[2, 0, 0]],
        "Y": [[2, 1, 3]],
        "Z": [[0, 1, 3]],
    }
    assert view["routes"][0] in (["W", "X", "Y", "Z"], ["Z", "Y", "X", "W"])
    assert {tile["tile"] for hand in view["hands"] for tile in hand} <= {"S", "S:red", "S:blue"}
    assert "X" in state.render_text(0)


@pytest.mark.parametrize(
    ("option", "text", "fragment"),
    [
        ("board", "cols = 0\nrows = 3\n", "expected cols and rows"),
        ("board", "cols = 3\nrows = 3\n", "expected [[ports]]"),
        ("board", 'cols = 3\nrows = 3\n[[ports]]\nname = "A"\ndocks = [[1, 1, 0]]\n', "border"),
        ("tiles", "colours = []\n", "expected colours"),
        ("tiles", 'colours = ["red"]\n', "expected a non-empty list of kinds"),
        (
            "tiles",
            'colours = ["red"]\n[special]\nlines = [[0, 3]]\n[[kinds]]\nname = "S"\n'
            "lines = [[0, 0]]\ncount = 1\n",
            "two different edges",
        ),
        ("routes", 'cards = [["A", "B", "C"]]\n', "four different ports"),
        ("routes", 'cards = [["A", "B", "A", "D"]]\n', "card 1 is ['A', 'B', 'A', 'D']"),
        (
            "routes",
            'cards = [["A", "B", "C", "D"], ["A", "B", "C", "Q"]]\n',
            "card 2 names port 'Q'",
        ),
        ("routes", "cards = 3\n", "expected a non-empty list of cards"),
        ("routes", "not = [toml", "not valid TOML"),
    ],
)
def test_bad_data_files_are_one_line_errors(
    tmp_path: Path, option: str, text: str, fragment: str
) -> None:
    path = tmp_path / "data.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(GameError) as error:
        towpath.load("canal_king", 2, **{option: str(path)})
    assert fragment in str(error.value) and "\n" not in str(error.value)


def test_a_variant_name_loads_only_the_files_the_variant_has() -> None:
    with pytest.raises(
        GameError, match=r"^option tiles: the built-in variant 'small' has no tiles"
    ):
        towpath.load("canal_king", 2, tiles="small")


def test_a_board_whose_ports_the_built_in_cards_do_not_name_asks_for_cards() -> None:
    with pytest.raises(GameError) as error:
        towpath.load("canal_king", 2, board="small")
    assert str(error.value) == (
        "built-in route cards (option routes sets others): card 1 names port 'H', not a port "
        "of the board (A, B, C, D, E, F)"
    )
    assert towpath.load("canal_king", 2, board="small", routes="small").new_state(0)


def test_too_few_colours_or_cards_for_the_players(tmp_path: Path) -> None:
    routes = tmp_path / "routes.toml"
    routes.write_text('cards = [["A", "B", "C", "D"], ["B", "C", "D", "E"]]\n', "utf-8")
    with pytest.raises(GameError, match="3 players need 3 cards"):
        towpath.load("canal_king", 3, routes=str(routes))
    assert towpath.load("canal_king", 2, routes=str(routes)).new_state(0)


def test_a_saved_state_continues_and_a_tampered_one_is_refused() -> None:
    state = towpath.load("canal_king", 3).new_state(5)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    data = json.loads(state.to_json())
    assert towpath.from_json(state.to_json()).to_json() == state.to_json()
    for field, value in [
        ("constraints", [0] * 80),
        ("board", [-1] * 80),
        ("colours", [0, 0, 1]),
        ("ships", [1, 2, 3]),
        ("groups", [0] * 10),
        ("hands", [[0], [0], [0]]),
        ("specials", [5, 5, 5]),
    ]:
        broken = json.dumps({**data, "state": {**data["state"], field: value}})
        with pytest.raises(GameError, match="corrupt state"):
            towpath.from_json(broken)


def test_clone_copies_every_field() -> None:
    state = towpath.load("canal_king", 3).new_state(5)
    copy = state.clone()
    assert copy.snapshot() == state.snapshot() and set(copy.snapshot()) == set(state.fields)
    copy.apply(copy.legal_actions()[0])
    assert copy.to_json() != state.to_json()
    assert towpath.from_json(state.to_json()).snapshot() == state.snapshot()

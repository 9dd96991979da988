"""Components, setup, options, data files, the turn limit, results and saved states."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import towpath
from tests.games.canal_king.helpers import position
from towpath.core.errors import GameError
from towpath.games.canal_king.components import builtin_components
from towpath.games.canal_king.state import CanalKingState


def test_the_default_tile_set_has_140_tiles_and_36_flags() -> None:
    tiles = builtin_components().tiles
    assert len(tiles.deck) == 140
    kinds = Counter(tiles.kinds[tiles.kind_of[t]].name for t in tiles.deck)
    assert kinds["S"] == 28 and kinds["G"] == 28 and kinds["T"] == 18 and kinds["GGG"] == 3
    flags = Counter(tiles.flag_of[t] for t in tiles.deck if tiles.flag_of[t] >= 0)
    assert flags == dict.fromkeys(range(6), 6), "2 S, 2 G, 1 T and 1 ST per colour"


def test_distinct_rotations_of_the_kinds() -> None:
    tiles = builtin_components().tiles
    distinct = {kind.name: len(tiles.rotations[k]) for k, kind in enumerate(tiles.kinds)}
    assert distinct["S"] == 3 and distinct["SSS"] == 1 and distinct["TTT"] == 2
    assert distinct["GGG"] == 2 and distinct["G"] == 6 and distinct["special"] == 3


def test_the_route_cards_and_ports() -> None:
    parts = builtin_components()
    names = [port.name for port in parts.board.ports]
    assert names == list("ABCDEFGHIJ") and len(parts.routes) == 12
    assert [names[p] for p in parts.routes[0]] == ["A", "E", "H", "C"]
    assert len(parts.board.dock_cells) == 20


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
        'cols = 3\nrows = 2\n[[ports]]\nname = "X"\ndocks = [[0, 0, 0]]\n'
        '[[ports]]\nname = "Y"\ndocks = [[2, 1, 3]]\n',
        "utf-8",
    )
    routes = tmp_path / "routes.toml"
    routes.write_text('cards = [["X", "Y", "X", "Y"], ["Y", "X", "Y", "X"]]\n', "utf-8")
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        'colours = ["red", "blue"]\n[special]\nlines = [[0, 3]]\n'
        '[[kinds]]\nname = "S"\nlines = [[0, 3]]\ncount = 20\nflagged_per_colour = 1\n',
        "utf-8",
    )
    game = towpath.load("canal_king", 2, board=str(board), routes=str(routes), tiles=str(tiles))
    state = game.new_state(1)
    view = state.view(0)
    assert view["board"] == {"cols": 3, "rows": 2, "ports": {"X": [[0, 0, 0]], "Y": [[2, 1, 3]]}}
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
        ("routes", 'cards = [["A", "B", "C"]]\n', "naming the board's ports"),
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

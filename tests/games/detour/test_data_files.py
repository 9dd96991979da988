"""Replacing the map and the cards through the options `map` and `cards`."""

from __future__ import annotations

from pathlib import Path

import pytest

import towpath
from tests.games.detour.helpers import act, notations, play_round_out, position
from towpath.core.errors import GameError
from towpath.games.detour.state import DetourState

SMALL_MAP = """
tile_spaces = 2
finish_cost = "Train"
costs = ["Train", "Boat", "Train", "Boat", "Boat"]
blue = [2]

[[detours]]
name = "R1"
branch = 1
merge = 4
costs = ["Balloon", "Balloon"]
"""

THREE_CARDS = """
[[cards]]
name = "Hop"
move = ["Train"]
rank = 5
action = "none"

[[cards]]
name = "Skip"
move = ["Boat", "Train"]
rank = 1
action = "detour"

[[cards]]
name = "Back"
move = ["Boat"]
rank = 2
action = "backward"

[backward]
spaces = 1
move = ["Boat"]

[block]
move_choices = [["Train"]]
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def play_randomly(state: towpath.State, seed: int) -> None:
    bot = towpath.agent("random", seed=seed)
    while not state.is_terminal():
        state.apply(bot.choose(state))


def test_a_replacement_map_sets_costs_blue_areas_and_detours(tmp_path: Path) -> None:
    game = towpath.load("detour", 3, map=write(tmp_path, "map.toml", SMALL_MAP))
    board = game.map  # type: ignore[attr-defined]
    assert board.length == 6 and board.last_tile == 4
    assert board.detours[0].beside == (2, 3), "left out, the map positions follow the formula"
    state = game.new_state(0)
    assert isinstance(state, DetourState)
    state.nodes = [1, 1, 0]
    assert "detour yellow" in notations(state)
    act(state, "detour yellow")
    assert state.view(None)["markers"][0]["detour"] == "R1"
    view = state.view(None)["map"]
    assert view["blue"] == [2] and view["detours"][0]["beside"] == [2, 3]
    for seed in range(20):
        play_randomly(game.new_state(seed), seed)


def test_replacement_cards_change_the_hand_and_the_cycle(tmp_path: Path) -> None:
    game = towpath.load("detour", 2, cards=write(tmp_path, "cards.toml", THREE_CARDS))
    state = game.new_state(0)
    assert isinstance(state, DetourState)
    assert state.view(None)["hands"][0] == ["Hop", "Skip", "Back"]
    assert notations(state)[:3] == ["move hop 1", "pass hop", "move skip 1"]
    for _ in range(4 * 3):
        act(state, f"pass {state.hands[state.colour][0]}")
    assert state.round == 4 and state.hands == [["hop", "skip", "back"]] * 4
    assert not [n for n in notations(state) if n.startswith("block")], "no Block card"
    for seed in range(20):
        play_randomly(game.new_state(seed), seed)


def test_a_detour_space_beside_the_last_tile_counts_as_on_it_for_rule_1(tmp_path: Path) -> None:
    # Spaces 0-5 in tiles of 2: the last tile is 4-5. D9's only space lies beside 4.
    board = SMALL_MAP.partition("[[detours]]")[0].replace("blue = [2]", "blue = []")
    board += '[[detours]]\nname = "D9"\nbranch = 3\nmerge = 5\ncosts = ["Balloon"]\n'
    state = position(["5", "5", "D9:1", "5"], players=2, map=write(tmp_path, "map.toml", board))
    assert state.game.map.detours[0].beside == (4,)
    act(state, "move voyage 1")  # yellow: space 0 costs Train
    play_round_out(state)
    assert state.finished == [0]
    assert state.returns() == [1.0, 0.0], "green is last on the track, yet on the last tile"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("costs = 3", "expected costs"),
        ('tile_spaces = 3\nfinish_cost = "Train"\ncosts = ["Plane"]\nblue = []', "cost like"),
        ('finish_cost = "Train"\ncosts = ["Train"]\nblue = []', "tile_spaces"),
        ('tile_spaces = 1\nfinish_cost = "Train"\ncosts = ["Train"]\nblue = [5]', "blue areas"),
        (SMALL_MAP.replace("merge = 4", "merge = 9"), "branch < merge"),
        (SMALL_MAP + SMALL_MAP.split("blue = [2]")[1], "distinct"),
        (SMALL_MAP.replace('costs = ["Balloon", "Balloon"]', "costs = []"), "at least one"),
        (SMALL_MAP + "beside = [9, 9]", "beside"),
        ("costs = [", "not valid TOML"),
    ],
)
def test_bad_map_files_give_one_line_errors(tmp_path: Path, text: str, fragment: str) -> None:
    with pytest.raises(GameError) as error:
        towpath.load("detour", 3, map=write(tmp_path, "bad.toml", text))
    assert fragment in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "expected [[cards]]"),
        (THREE_CARDS.replace('"Hop"', '"two words"'), "one-word name"),
        (THREE_CARDS.replace('"Hop"', '"Skip"'), "same name"),
        (THREE_CARDS.replace('"none"', '"teleport"'), "action"),
        (THREE_CARDS.replace('"none"', '"backward"'), "at most one card"),
        (THREE_CARDS.replace('move = ["Train"]', 'move = ["Rocket"]'), "unknown transport"),
        (THREE_CARDS.replace("spaces = 1", "spaces = -1"), "[backward] spaces"),
        (THREE_CARDS.replace('move_choices = [["Train"]]', "move_choices = []"), "move_choices"),
    ],
)
def test_bad_card_files_give_one_line_errors(tmp_path: Path, text: str, fragment: str) -> None:
    with pytest.raises(GameError) as error:
        towpath.load("detour", 3, cards=write(tmp_path, "bad.toml", text))
    assert fragment in str(error.value) and "\n" not in str(error.value)

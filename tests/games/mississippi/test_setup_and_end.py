"""Setup, the start roll, options, the turn limit, scores and views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import towpath
from tests.games.mississippi.helpers import act, position
from towpath.core.errors import GameError, quote


@pytest.mark.parametrize(("players", "logs"), [(2, 30), (3, 20), (4, 15), (5, 12), (6, 10)])
def test_logs_by_player_count_and_an_empty_supply(players: int, logs: int) -> None:
    view = towpath.load("mississippi", players).new_state(1).view(None)
    assert [boat["logs"] for boat in view["boats"]] == [logs] * players
    assert view["supply"] == 0


def test_option_logs_overrides_the_count() -> None:
    view = towpath.load("mississippi", 3, logs=7).new_state(1).view(0)
    assert [boat["logs"] for boat in view["boats"]] == [7, 7, 7]


def test_the_die_sets_the_rolled_number_downstream_at_each_first_turn() -> None:
    rolls = set()
    for seed in range(60):
        state = towpath.load("mississippi", 3).new_state(seed)
        boats = state.view(None)["boats"]
        assert boats[1]["sides"] is None and boats[2]["sides"] is None, "rolled when due"
        sides = boats[0]["sides"]
        assert sides is not None
        downstream = sides[0]  # the river runs east at space 1
        assert sides == [(downstream - 1 + d) % 6 + 1 for d in range(6)]
        rolls.add(downstream)
        state.apply(state.legal_actions()[0])
        assert state.view(None)["boats"][1]["sides"] is not None
        assert state.view(None)["boats"][2]["sides"] is None
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_first_player_option_starts_with_that_seat() -> None:
    state = towpath.load("mississippi", 4, first_player=2).new_state(5)
    assert state.current_player == 2
    state.apply(state.legal_actions()[0])
    assert state.current_player == 3
    state.apply(state.legal_actions()[0])
    assert state.current_player == 0


def test_first_player_must_be_a_seat() -> None:
    with pytest.raises(GameError, match="first_player"):
        towpath.load("mississippi", 3, first_player=3)


def test_side_numbers_option() -> None:
    game = towpath.load("mississippi", 2, side_numbers="6,5,4,3,2,1")
    assert game.options["side_numbers"] == [6, 5, 4, 3, 2, 1]
    sides = game.new_state(0).view(None)["boats"][0]["sides"]
    assert sorted(sides) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(GameError, match="side_numbers"):
        towpath.load("mississippi", 2, side_numbers=[1, 2, 3])


def test_with_side_numbers_the_number_rolled_faces_downstream() -> None:
    # The same seed rolls the same number whatever the boat's numbers: on the default boat the
    # roll is the number downstream (east at space 1), so it must be on a reversed boat too.
    reversed_sides = [6, 5, 4, 3, 2, 1]
    rolled = set()
    for seed in range(40):
        default = towpath.load("mississippi", 2).new_state(seed).view(None)["boats"][0]["sides"]
        game = towpath.load("mississippi", 2, side_numbers=reversed_sides)
        sides = game.new_state(seed).view(None)["boats"][0]["sides"]
        assert sides[0] == default[0], "the number rolled faces downstream"
        clockwise = reversed_sides.index(sides[0])
        assert sides == [reversed_sides[(clockwise + d) % 6] for d in range(6)]
        rolled.add(sides[0])
    assert rolled == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize(
    ("side_numbers", "side_for_roll"),
    [
        # a number on several sides: the first of them clockwise from side 1
        ([2, 2, 3, 4, 5, 6], {1: 0, 2: 0, 3: 2, 4: 3, 5: 4, 6: 5}),
        # a number the boat does not carry: the side at the rolled position
        ([10, 0, 0, 0, 0, 0], {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}),
    ],
)
def test_a_roll_on_custom_side_numbers_turns_the_decided_side_downstream(
    side_numbers: list[int], side_for_roll: dict[int, int]
) -> None:
    seen = set()
    for seed in range(40):
        roll = towpath.load("mississippi", 2).new_state(seed).view(None)["boats"][0]["sides"][0]
        game = towpath.load("mississippi", 2, side_numbers=side_numbers)
        sides = game.new_state(seed).view(None)["boats"][0]["sides"]
        side = side_for_roll[roll]
        assert sides == [side_numbers[(side + d) % 6] for d in range(6)]
        seen.add(roll)
    assert seen == {1, 2, 3, 4, 5, 6}


def test_the_turn_limit_ends_the_game_with_no_winner() -> None:
    state = towpath.load("mississippi", 2, max_turns=3).new_state(0)
    for _ in range(3):
        assert not state.is_terminal()
        state.apply(state.legal_actions()[-1])
    assert state.is_terminal() and state.current_player is None
    assert state.returns() == [0.0, 0.0]
    assert state.scores() == [float(boat["space"]) for boat in state.view(None)["boats"]]
    assert "turn limit" in state.render_text(0)


def test_scores_are_progress_and_returns_reward_the_winner() -> None:
    state = position([84, 40, 0], logs=[3, 3, 3])
    assert state.scores() == [84.0, 40.0, 0.0]
    assert state.returns() == [0.0, 0.0, 0.0]
    act(state, "f1")
    assert state.scores() == [85.0, 40.0, 0.0] and state.returns() == [1.0, 0.0, 0.0]


def test_view_has_the_keys_of_the_spec() -> None:
    state = position([5, 0], logs=[4, 6], supply=3)
    view = state.view(1)
    assert view["boats"][0] == {"space": 5, "logs": 4, "sides": [1, 2, 3, 4, 5, 6], "started": True}
    assert view["supply"] == 3 and view["river_length"] == 84
    assert view == state.view(None) == state.view(0), "Mississippi hides nothing"


def test_text_rendering_shows_boats_on_the_river_and_in_the_start_area() -> None:
    state = position([5, 0, 85], logs=[4, 6, 1])
    text = state.render_text(0)
    assert "[0]" in text.splitlines()[3], "boat 0 on space 5, in the first river row"
    assert "start" in text and "finish" in text
    assert "Boat 0 to move" in text


def write_river(tmp_path: Path, cells: str) -> str:
    path = tmp_path / "river.toml"
    path.write_text(f"cells = {cells}\n", encoding="utf-8")
    return str(path)


def test_a_custom_river_file(tmp_path: Path) -> None:
    river = write_river(tmp_path, "[[0, 0], [1, 0], [2, 0], [2, 1], [1, 1]]")
    game = towpath.load("mississippi", 2, river=river, logs=5)
    state = game.new_state(3)
    assert state.view(0)["river_length"] == 5
    bot = towpath.agent("random", seed=3)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.0, 0.0])


def test_the_start_roll_faces_down_a_custom_river_that_starts_westward(tmp_path: Path) -> None:
    # The same seed rolls the same number: it faces east on the default river, west here.
    river = write_river(tmp_path, "[[5, 0], [4, 0], [3, 0], [3, 1]]")
    for seed in range(12):
        default = towpath.load("mississippi", 2).new_state(seed).view(0)["boats"][0]["sides"]
        custom = towpath.load("mississippi", 2, river=river).new_state(seed).view(0)
        assert custom["boats"][0]["sides"] == default[3:] + default[:3]


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ("[[0, 0], [2, 0]]", "neighbouring"),
        ("[[0, 0]]", "at least 2"),
        ("[[0, 0], [1, 0], [0, 0]]", "twice"),
        ('"east"', "cells"),
        ("[[0, 0], [1, 0, 2]]", "cells"),
    ],
)
def test_a_bad_river_file_is_refused(tmp_path: Path, cells: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        towpath.load("mississippi", 2, river=write_river(tmp_path, cells))


def test_a_missing_or_broken_river_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="cannot read"):
        towpath.load("mississippi", 2, river=str(tmp_path / "none.toml"))
    broken = tmp_path / "broken.toml"
    broken.write_text("cells = [[0, 0", encoding="utf-8")
    with pytest.raises(GameError, match="not valid TOML"):
        towpath.load("mississippi", 2, river=str(broken))


@pytest.mark.parametrize("text", ["f0", "r+4 f1", "r+1", "forward 3", "b-1", "r+1 r+1 f1"])
def test_bad_notation_says_what_was_expected(text: str) -> None:
    game = towpath.load("mississippi", 2)
    with pytest.raises(GameError, match=r"expected|at least"):
        game.parse_action(text)


@pytest.mark.parametrize("text", ["r+1 f3", "r-2 b4", "f5", "pass", "r+3 b1"])
def test_notation_round_trips(text: str) -> None:
    game = towpath.load("mississippi", 2)
    assert str(game.parse_action(text)) == text
    assert str(game.parse_action(text.upper())) == text


def saved(state: towpath.State, **changes: object) -> str:
    data = json.loads(state.to_json())
    data["state"].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"spaces": [3, 3, 0]}, "two boats"),
        ({"logs": [15, 4, 5], "supply": 0}, "add up to the 45 dealt"),
        ({"started": [True, "yes", False]}, "true or false"),
        ({"facing": [0, None, None]}, "start roll"),
        ({"spaces": [4, 1, 9]}, "start roll"),
        ({"facing": [0, 5, None]}, "the boat to move"),
        ({"spaces": [85, 1, 0]}, "winner"),
        ({"winner": 1}, "winner"),
    ],
)
def test_a_saved_state_that_no_game_reaches_is_refused(
    changes: dict[str, object], message: str
) -> None:
    state = towpath.load("mississippi", 3, logs=15).new_state(2)
    state.apply(state.legal_actions()[3])  # seat 0 leaves the start area
    state.apply(state.legal_actions()[0])  # seat 1 too; seat 2 is rolled, yet to move
    assert towpath.from_json(saved(state)).to_json() == state.to_json()
    with pytest.raises(GameError, match=message):
        towpath.from_json(saved(state, **changes))


@pytest.mark.parametrize(
    "text", ["f86", "b999999999999", "f9999999", "r+1 b86", "f" + "9" * 5000, "b" + "1" * 90]
)
def test_a_move_longer_than_the_river_is_refused_as_it_is_read(text: str) -> None:
    # The default river: 84 spaces and the finish, the longest move there is.
    game = towpath.load("mississippi", 2)
    with pytest.raises(GameError) as error:
        game.parse_action(text, game.new_state(0))
    assert (
        str(error.value)
        == f"bad Mississippi action {quote(text)}: expected at most 85 spaces, in digits"
    )
    assert str(game.parse_action("f85")) == "f85" and str(game.parse_action("b085")) == "b85"

"""Views, the text rendering, notation, corrupt saved states and the terminal client."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import towpath
from tests.games.detour.helpers import act, position
from towpath.core.errors import GameError
from towpath.games.detour.actions import Backward, Block, Move, Pass, SendOnDetour
from towpath.games.detour.state import DetourState

SPEC_KEYS = {"markers", "hands", "first_player", "blocked", "block_next", "finished", "round"}


def test_a_view_has_the_spec_keys_and_marker_fields() -> None:
    state = position(["F", "D1:3", "12", "0"], blocked=True, block_next=True, first=2, to_play=2)
    view = state.view(1)
    assert set(view) >= SPEC_KEYS
    assert view["markers"] == [
        {"space": 0, "detour": None, "finished": True, "owner": 0, "map_position": 36},
        {"space": 3, "detour": "D1", "finished": False, "owner": 1, "map_position": 8},
        {"space": 12, "detour": None, "finished": False, "owner": 2, "map_position": 12},
        {"space": 0, "detour": None, "finished": False, "owner": 3, "map_position": 0},
    ]
    assert view["hands"][0] == ["Detour", "Backward", "Block", "Voyage"]
    assert (view["first_player"], view["blocked"], view["block_next"]) == (2, True, True)
    assert view["finished"] == [0] and view["round"] == 1
    assert view["to_play"] == 2 and view["current_player"] == 2


def test_two_player_views_name_the_owner_of_each_colour() -> None:
    view = towpath.load("detour", 2).new_state(0).view(0)
    assert [m["owner"] for m in view["markers"]] == [0, 1, 0, 1]
    assert view["colours"] == ["yellow", "red", "green", "blue"]


def test_nothing_is_hidden_every_seat_sees_the_same() -> None:
    state = position(["3", "D2:1", "12"])
    act(state, "move voyage 1")
    views = [state.view(seat) for seat in [None, 0, 1, 2]]
    for view in views:
        view.pop("seat")
    assert all(view == views[0] for view in views)
    assert json.loads(json.dumps(views[0])) == views[0]


def test_pending_second_part_shows_in_the_view() -> None:
    state = position(["D1:3", "16", "0"])
    act(state, "detour red")
    assert state.view(None)["pending"] == {"card": "Detour", "part": "move"}
    assert "the move part of the Detour card too" in state.render_text(None)


def test_the_rendering_shows_circuit_detours_blue_areas_markers_and_hands() -> None:
    state = position(["F", "D1:3", "11", "11"], block_next=True, to_play=2)
    text = state.render_text(0)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 76
    assert "11 t * GB" in text, "green and blue on blue area 11"
    assert " 5 t >" in text and "10 a <" in text, "D1 leaves 5 and merges into 10"
    assert "D1 5>10: 1:a 2:b 3:a[R] 4:t 5:b 6:a  (beside 6,7,8,8,9,9)" in text
    assert "finished 1st" in text and "D1 space 3" in text
    assert "Detour(1) Backward(2) Block(3) Voyage(4)" in text
    assert "the next round is blocked" in text
    assert "To play: seat 2 with green." in text
    assert "finishing, from 35 into go, costs Balloon + Train" in text


def test_the_rendering_names_the_winner() -> None:
    state = position(["34", "0", "0"], block_next=True)
    act(state, "move voyage 2")
    act(state, "block 1")
    act(state, "pass voyage")
    text = state.render_text(None)
    assert "Game over: seat 0 wins (yellow finished first)." in text
    assert "locked" not in text, "no word of blocked rounds once the game is over"
    state = position(["9", "9", "0"], max_rounds=1)
    for _ in range(3):
        act(state, "pass voyage")
    assert "round limit: seat 0 and seat 1 win" in state.render_text(None)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("move voyage 3", Move("voyage", 3)),
        ("  MOVE   Detour 1 ", Move("detour", 1)),
        ("pass block", Pass("block")),
        ("detour red", SendOnDetour("red")),
        ("backward 0", Backward(0)),
        ("block 1", Block(1)),
    ],
)
def test_notation_reads_back(text: str, action: object) -> None:
    game = towpath.load("detour", 3)
    assert game.parse_action(text) == action
    assert game.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("move", "move CARD N"),
        ("move voyage", "move CARD N"),
        ("move voyage 0", "at least 1 space"),
        ("move voyage 999999999999", "expected at most 53 spaces"),
        ("move detour 54", "expected at most 53 spaces"),
        ("backward 999999999999", "expected at most 53 spaces"),
        ("block " + "9" * 5000, "expected at most 53 spaces"),
        ("backward ²", "expected at most 53 spaces"),
        ("move chess 1", "detour, backward, block, voyage"),
        ("pass", "pass CARD"),
        ("detour purple", "yellow, red, green"),
        ("detour blue", "yellow, red, green"),  # 3 players: no blue marker
        ("backward x", "backward N"),
        ("block", "block N"),
        ("done 1", "done alone"),
        ("fly 3", "expected move CARD N"),
    ],
)
def test_bad_notation_is_a_one_line_error(text: str, fragment: str) -> None:
    with pytest.raises(GameError) as error:
        towpath.load("detour", 3).parse_action(text)
    assert fragment in str(error.value) and "\n" not in str(error.value)


def corrupt(state_json: str, **fields: object) -> str:
    data = json.loads(state_json)
    data["state"].update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(
    "fields",
    [
        {"nodes": [0, 0]},
        {"nodes": [0, 0, 999]},
        {"hands": [["voyage", "detour"], [], []]},
        {"hands": [["detour", "detour"], [], []]},
        {"finished": [1]},
        {"first": 3},
        {"round": 0},
        {"turn": 3},
        {"blocked": 1},
        {"pending": {"card": "voyage"}},
        {"winners": []},
    ],
)
def test_corrupt_saved_states_are_refused(fields: dict[str, object]) -> None:
    text = towpath.load("detour", 3).new_state(0).to_json()
    assert towpath.from_json(text).to_json() == text
    with pytest.raises(GameError, match="corrupt state"):
        towpath.from_json(corrupt(text, **fields))


def play_in_terminal(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "towpath", "play", "detour", "--players", "2", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )


def test_a_person_plays_a_two_player_game_to_a_winner_in_the_terminal() -> None:
    result = play_in_terminal("--delay", "0", stdin="help\nfly\n99\nmove voyage 9\n" + "1\n" * 3000)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert "Actions: expected move CARD N" in out
    assert "bad Detour action 'fly'" in out
    assert "(rule: transports)" in out
    assert "Game over: seat" in out and " won." in out


def farthest_or_first(state: DetourState) -> int:
    """Seat 0 takes the action that goes farthest, seat 1 the first one listed."""
    actions = state.legal_actions()
    if state.current_player == 1:
        return 0
    steps = [getattr(action, "steps", 0) for action in actions]
    return steps.index(max(steps))


def test_two_people_race_to_the_finish_in_the_terminal() -> None:
    # Both seats type action numbers; the answers come from the same game played here.
    state = towpath.load("detour", 2).new_state(3)
    assert isinstance(state, DetourState)
    answers = []
    while not state.is_terminal():
        pick = farthest_or_first(state)
        answers.append(f"{pick + 1}\n")
        state.apply(state.legal_actions()[pick])
    assert state.finished and not state.ended_by_limit()
    winner = state.returns().index(1.0)
    result = play_in_terminal("--seed", "3", "--seat", "1=human", stdin="".join(answers))
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    first = state.game.colours[state.finished[0]]
    assert f"Game over: seat {winner} wins ({first} finished first)." in out
    assert f"Game over: seat {winner} won." in out
    assert "finished 1st" in out

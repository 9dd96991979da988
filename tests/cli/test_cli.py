"""The `towpath` command, run as a user runs it: a real process with real input."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import towpath


def towpath_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "towpath", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )


def listed_per_prompt(out: str, kinds: set[str], prompt: str = "seat 0> ") -> list[list[str]]:
    """The numbered actions (`12 place S 1,0 r0`, a number and a kind) printed after each
    prompt, up to the next one: the first block is what came before the first prompt."""
    return [
        [number for number, kind in NUMBERED.findall(block) if kind in kinds]
        for block in out.split(prompt)
    ]


NUMBERED = re.compile(r"(?:^|\s)(\d+) ([\w-]+)")


def one_line_error(result: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


def test_games_lists_ids_player_counts_and_options() -> None:
    result = towpath_cli("games")
    assert result.returncode == 0
    for text in ["mississippi", "Mississippi", "2-6", "max_turns", "500"]:
        assert text in result.stdout


def test_bots_play_a_whole_game() -> None:
    result = towpath_cli(
        "play", "mississippi", "-p", "3", "--seat", "0=random", "--delay", "0", "--seed", "4"
    )
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout
    assert "seed 4" in result.stdout


def test_the_game_opens_with_who_sits_where_and_how_long_each_bot_thinks() -> None:
    result = towpath_cli(
        "play", "mississippi", "-p", "4", "--seat", "2=hard", "--seat", "3=random",
        "--delay", "0", "--seed", "4", stdin="quit",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    seats = next(line for line in result.stdout.splitlines() if line.startswith("Seats: "))
    assert seats == (
        "Seats: 0 you · 1 normal bot (thinks up to a second a move)"
        " · 2 hard bot (searches up to 2 s a move) · 3 random bot"
    )


def test_a_person_plays_with_numbers_and_notation_and_saves(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    script = "\n".join(["help", "xyz", "999", "f31", "r+1 f1", "2", f"save {record}", "f1", "quit"])
    result = towpath_cli(
        "play", "mississippi", "-p", "2", "--delay", "0", "--seed", "7", stdin=script
    )
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "Actions: expected [r±k] fN or bN" in out
    assert "Type the start of actions (such as f1) to list those" in out
    assert "bad Mississippi action 'xyz'" in out
    assert "expected an action number from 1 to 30" in out
    assert "(rule: logs)" in out
    assert "(rule: first turn)" in out
    assert "seat 0 (you): f2 · went 2 open spaces downstream to space 2 for 2 logs" in out
    assert "Game left unfinished." in out and result.returncode == 0
    saved = json.loads(record.read_text())
    assert saved["actions"][0] == "f2" and len(saved["actions"]) == 2
    assert towpath.replay(saved).to_json()


def test_a_person_answering_with_numbers_plays_a_whole_game() -> None:
    # 250 answers reach the default limit of 500 turns with two players, if nobody wins first.
    result = towpath_cli(
        "play", "mississippi", "-p", "2", "--delay", "0", "--seed", "5", stdin="1\n" * 250
    )
    assert result.returncode == 0, result.stderr
    assert re.search(r"Game over: (no winner|seat \d won)\.", result.stdout)
    assert "Game left unfinished." not in result.stdout


def test_a_person_plays_to_a_win_on_a_short_custom_river(tmp_path: Path) -> None:
    river = tmp_path / "river.toml"
    river.write_text("cells = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [4, 1], [3, 1], [2, 1]]\n")
    args = ["play", "mississippi", "-p", "3", "--delay", "0", "--seed", "3", "-o", f"river={river}"]
    unwritable = tmp_path / "no_such_folder" / "game.json"
    script = f"board\nlist\nsave\nsave {unwritable}\n" + "1\n" * 30
    result = towpath_cli(*args, stdin=script)
    assert result.returncode == 0, result.stderr
    assert "save: expected a file name" in result.stdout
    assert "save: cannot write" in result.stdout
    won = re.search(r"Game over: seat (\d) won\.", result.stdout)
    assert won is not None, result.stdout[-2000:]
    final_board = result.stdout.rsplit("boat  space", 1)[1]
    assert re.search(rf"\[{won.group(1)}\]\s+finish", final_board), "the winner crossed the finish"


def test_end_of_input_leaves_the_game_without_a_traceback() -> None:
    result = towpath_cli("play", "mississippi", "--delay", "0", "--seed", "1")
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["play", "chess"], ["unknown game 'chess'", "mississippi"]),
        (["play", "mississippi", "-p", "9"], ["2 to 6 players"]),
        (["play", "mississippi", "-o", "logs=many"], ["option logs", "whole number"]),
        (["play", "mississippi", "-o", "colour=red"], ["no option 'colour'", "max_turns"]),
        (["play", "mississippi", "-o", "logs"], ["expected name=value"]),
        (["play", "mississippi", "--seat", "one=random"], ["expected SEAT=AGENT"]),
        (["play", "mississippi", "--seat", "7=random"], ["seats are 0 to 3"]),
        (["play", "mississippi", "--seat", "1=wizard"], ["unknown agent 'wizard'", "random"]),
        (["play", "mississippi", "--seat", "1=random:depth=3"], ["does not take"]),
        (["bench", "--game", "chess", "--seconds", "1"], ["unknown game"]),
        (["bench", "--seconds", "0"], ["--seconds", "above 0"]),
        (["bench", "--workers", "0", "--strength"], ["--workers", "greater than or equal to 1"]),
        (["bench", "--strength", "--opponent", "smart"], ["--opponent smart", "random or greedy"]),
        (["play", "mississippi", "-o", "river=/no/such/river.toml"], ["cannot read river file"]),
        (["play", "mississippi", "-p", "3", "-o", "first_player=3"], ["first_player", "0 to 2"]),
        (["play", "mississippi", "-o", "side_numbers=1,2"], ["side_numbers", "6 whole numbers"]),
        (["play", "mississippi", "--players", "three"], ["--players", "valid integer"]),
        (["play", "mississippi", "--delay", "-1"], ["--delay", "greater than or equal to 0"]),
        (["play", "mississippi", "--colour", "red"], ["No such option: --colour"]),
        (["play"], ["Missing argument"]),
        (["sail"], ["No such command 'sail'"]),
        (["play", "mississippi", "--seat", "1=random:seed=3"], ["seed comes from the game's seed"]),
        (
            ["play", "mississippi", "--seat", "1=mcts:seconds=soon"],
            ["bot setting seconds: expected a number above 0 to 10, got 'soon'"],
        ),
        (
            ["play", "mississippi", "--seat", "1=mcts:depth=1000000"],
            ["bot setting depth: expected an integer from 0 to 30"],
        ),
        (["serve", "--archive-after", "soon"], ["expected a duration such as 7d"]),
        (["serve", "--log-level", "loud"], ["--log-level: expected one of"]),
        (
            ["play", "mississippi", "--seat", "1=greedy:shortlist=500"],
            ["bot setting shortlist: expected an integer from 1 to 64"],
        ),
    ],
)
def test_bad_command_lines_get_one_line_errors(args: list[str], fragments: list[str]) -> None:
    one_line_error(towpath_cli(*args), *fragments)


def save_record(tmp_path: Path, actions: int) -> Path:
    state = towpath.load("mississippi", 3).new_state(11)
    bot = towpath.agent("random", seed=2)
    for _ in range(actions):
        state.apply(bot.choose(state))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record()))
    return path


def test_replay_to_the_end(tmp_path: Path) -> None:
    result = towpath_cli("replay", str(save_record(tmp_path, 6)), "--to-end")
    assert result.returncode == 0, result.stderr
    assert "after action 6 of 6" in result.stdout


def test_replay_steps_back_and_forth(tmp_path: Path) -> None:
    path = save_record(tmp_path, 6)
    result = towpath_cli("replay", str(path), "--seat", "1", stdin="n\n\np\n5\nend\nzzz\nq\n")
    out = result.stdout
    assert result.returncode == 0, result.stderr
    positions = [line for line in out.splitlines() if "after action" in line]
    assert [p.split("after action ")[1][:1] for p in positions] == ["0", "1", "2", "1", "5", "6"]
    assert "expected one of" in out


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not JSON"),
        ('{"game": "mississippi"}', "players"),
        ('{"game": "mississippi", "players": 3, "seed": 1, "actions": ["f1", "zz"]}', "action 2"),
        ('{"game": "go", "players": 3, "seed": 1, "actions": []}', "unknown game"),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_replay_of_a_corrupt_record_is_one_line(
    tmp_path: Path, content: str, fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    one_line_error(towpath_cli("replay", str(path)), fragment)


def test_replay_for_a_seat_that_is_not_at_the_table_is_one_line(tmp_path: Path) -> None:
    one_line_error(towpath_cli("replay", str(save_record(tmp_path, 2)), "--seat", "3"), "0 to 2")


def test_replay_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    one_line_error(towpath_cli("replay", str(tmp_path / "none.json")), "cannot read")


def test_bench_prints_json() -> None:
    result = towpath_cli("bench", "--seconds", "0.2", "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["speed"]
    assert {row["game"] for row in rows} == set(towpath.game_ids())
    assert all(row["games"] >= 1 and row["actions_per_second"] > 0 for row in rows)
    assert all(row["mcts_iterations_per_second"] > 0 for row in rows)


def test_bench_strength_table() -> None:
    args = ["bench", "-g", "mississippi", "--seconds", "0.1", "--strength"]
    result = towpath_cli(*args, "--strength-games", "2", "--mcts-seconds", "0.05")
    assert result.returncode == 0, result.stderr
    assert "95% interval" in result.stdout
    assert result.stdout.count("mississippi") == 3, "one speed row and two pairings"
    told = [line for line in result.stderr.splitlines() if "wins," in line]
    assert [line.split(":")[1] for line in told] == [" mcts against random", " mcts against greedy"]
    assert all("(seat 0: " in line and " of 1; seat 1: " in line for line in told)
    seats = [line.split("│")[4].strip() for line in result.stdout.splitlines() if "│" in line]
    assert seats[-6:] == ["both", "0", "1", "both", "0", "1"]


def test_bench_refuses_an_unknown_clock_in_one_line() -> None:
    result = towpath_cli("bench", "--strength", "--mcts-clock", "sundial")
    one_line_error(result, "bench --mcts-clock sundial: expected wall or cpu")


def test_bench_strength_against_one_opponent_per_seat_as_json() -> None:
    args = ["bench", "-g", "mississippi", "--seconds", "0.1", "--strength", "--json"]
    result = towpath_cli(
        *args,
        "--strength-games",
        "3",
        "--mcts-seconds",
        "0.02",
        "--opponent",
        "greedy",
        "--mcts-clock",
        "cpu",
    )
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)["strength"]
    assert (row["opponent"], row["games"]) == ("greedy", 3)
    assert [seat["games"] for seat in row["seats"]] == [2, 1]
    assert sum(seat["wins"] for seat in row["seats"]) == row["wins"]


def test_bench_strength_given_its_duel_record_again_plays_no_game(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    args = ["bench", "-g", "mississippi", "--seconds", "0.1", "--strength", "--json"]
    args += ["--strength-games", "2", "--mcts-seconds", "0.02", "--duels", str(kept)]
    first = towpath_cli(*args)
    assert first.returncode == 0, first.stderr
    assert len(kept.read_text().splitlines()) == 4, "two games against each opponent"
    again = towpath_cli(*args)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["strength"] == json.loads(first.stdout)["strength"]
    assert len(kept.read_text().splitlines()) == 4


def test_bench_refuses_a_corrupt_duel_record_in_one_line(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    kept.write_text("{}\n")
    result = towpath_cli("bench", "-g", "mississippi", "--strength", "--duels", str(kept))
    one_line_error(result, "line 1: expected a JSON object with a game's pairing")

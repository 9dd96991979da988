"""`towpath play arriala`: a person plays a whole 2-player game against a bot, with the
virtual player on the board."""

from __future__ import annotations

import os
import subprocess
import sys


def test_a_person_plays_a_whole_two_player_game() -> None:
    script = "\n".join(
        ["move r@9 99", "lock 3", "place 12", "play masterwork cacor"] + ["end"] * 20
    )
    command = ["play", "arriala", "--players", "2", "--delay", "0", "--seed", "3"]
    result = subprocess.run(
        [sys.executable, "-m", "towpath", *command, "-o", "max_turns=30"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "100"},
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert "green (virtual) 0" in out and "Grisolles (out of play)" in out
    assert "expected a space number from 1 to 42" in out
    assert "(rule: in play)" in out and "(rule: card in hand)" in out
    assert "seat 0 (you): place 12" in out
    assert "Game over" in out and "turn 30 of 30 · game over" in out

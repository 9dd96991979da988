"""A person plays a whole game at the terminal against random bots (input piped in)."""

from __future__ import annotations

import os
import subprocess
import sys

OPTIONS = ["--option", "lands_unknown=true", "--delay", "0", "--seed", "5"]


def test_a_person_plays_a_whole_game_with_lands_unknown() -> None:
    script = "\n".join(["help", "swim", "list", "board", *["1"] * 3000])
    result = subprocess.run(
        [sys.executable, "-m", "towpath", "play", "mapped_out", "--players", "3", *OPTIONS],
        input=script,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "COLUMNS": "100"},
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert "bad Mapped Out action 'swim'" in out
    assert "Actions: place T X,Y" in out
    assert "seat 0 (you): place" in out
    assert "Game over" in out and "Final scores" in out

"""`towpath play arriala --players 2`: a person plays whole games against the random bot, with
the virtual player on the board, as a real process reading real input."""

from __future__ import annotations

import codecs
import os
import re
import select
import subprocess
import sys
import time

import towpath
from tests.games.arriala.helpers import builder_choice
from towpath.core.rng import Rng
from towpath.games.arriala.state import ArrialaState

COMMAND = [sys.executable, "-m", "towpath", "play", "arriala", "--players", "2", "--delay", "0"]
COMMAND += ["--seat", "1=random"]  # the person's play is what is tested: the quickest bot
ENV = {**os.environ, "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}
PROMPT = "seat 0> "
PLAYED = re.compile(r"^seat (\d) \((you|random)\): (.+?)(?: ·.*)?$")  # the notation, then its words
TIME_LIMIT = 120.0


def test_a_person_plays_a_whole_two_player_game() -> None:
    script = "\n".join(
        ["move r1@9 99", "lock 3", "place 12", "play masterwork cacor"] + ["end"] * 20
    )
    result = subprocess.run(
        [*COMMAND, "--seed", "3", "-o", "max_turns=30"],
        input=script,
        capture_output=True,
        text=True,
        timeout=TIME_LIMIT,
        check=False,
        env=ENV,
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert "green (virtual) 0" in out and "Grisolles (out of play)" in out
    assert "expected a space number from 1 to 42" in out
    assert "(rule: in play)" in out and "(rule: card in hand)" in out
    assert "seat 0 (you): place 12" in out
    assert "Game over" in out and "turn 30 of 30 · game over" in out


def play_in_the_terminal(seed: int) -> tuple[ArrialaState, str, str]:
    """Run the command; answer every prompt with the number of the builder's choice, worked out
    on a copy of the game that follows the actions the command reports. The copy, and the
    command's output and errors."""
    mirror = towpath.load("arriala", 2).new_state(seed)
    assert isinstance(mirror, ArrialaState)
    rng = Rng(seed)
    process = subprocess.Popen(
        [*COMMAND, "--seed", str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    assert process.stdin and process.stdout and process.stderr
    decoder = codecs.getincrementaldecoder("utf-8")()
    out, pending, chosen = [], "", None
    deadline = time.monotonic() + TIME_LIMIT
    try:
        while True:
            wait = max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([process.stdout], [], [], wait)
            assert ready, "the command stopped answering"
            chunk = os.read(process.stdout.fileno(), 1 << 16)
            if not chunk:
                break
            pending += decoder.decode(chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                out.append(line)
                played = PLAYED.match(line)
                if played:
                    action = mirror.game.parse_action(played[3], mirror)
                    if played[2] == "you":
                        assert action == chosen, line
                    mirror.apply(action)
            if pending.startswith(PROMPT):
                pending = pending[len(PROMPT) :]
                chosen = builder_choice(mirror, rng)
                number = mirror.legal_actions().index(chosen) + 1
                process.stdin.write(f"{number}\n".encode())
                process.stdin.flush()
        out.append(pending)
        assert process.wait(timeout=TIME_LIMIT) == 0
    finally:
        process.kill()
        process.stdin.close()
    errors = process.stderr.read().decode()
    process.stdout.close()
    process.stderr.close()
    return mirror, "\n".join(out), errors


def test_a_person_plays_a_two_player_game_until_the_canal_is_complete() -> None:
    mirror, out, errors = play_in_the_terminal(seed=2)
    assert "Traceback" not in out + errors
    assert mirror.is_terminal() and not mirror.ended_by_limit(), "the canal is complete"
    red, yellow, green = mirror.points
    assert f"Score track: red {red} · yellow {yellow} · green (virtual) {green}" in out
    ended = re.search(r"Arriala · round (\d+) · game over", out)
    assert ended and int(ended[1]) == mirror.turn // 2 + 1 < 150, "two turns a round"
    assert out.rstrip().endswith(f"Scores: seat 0: {red}, seat 1: {yellow}")
    assert mirror.view(None)["winners"], "a winner, or the virtual player leading"

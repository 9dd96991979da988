"""The compiled modules (towpath.core.compiled): built for every module pyproject.toml names, and
playing exactly as their Python source does, which TOWPATH_PURE_PYTHON runs instead."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import towpath
from towpath.agents.mcts import MCTSAgent
from towpath.core import compiled

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    "towpath." + module.replace("/", ".")
    for module in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["towpath"][
        "compiled"
    ]
]


def in_python(code: str) -> str:
    """What `code` prints in a process that runs towpath's Python source only."""
    env = {**os.environ, compiled.PURE_PYTHON: "1"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout


def digests() -> dict[str, str]:
    """Per game (2 players): a seeded random game to its end, a few greedy actions and a few
    MCTS choices, each action, view and final position hashed."""
    found = {}
    for game_id in towpath.game_ids():
        game = towpath.load(game_id, 2)
        digest = hashlib.sha256()
        state, rng = game.new_state(seed=5), random.Random(5)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        digest.update(state.to_json().encode())
        state = game.new_state(seed=6)
        bots = [towpath.agent("greedy", seed=1), MCTSAgent(seed=2, iterations=40)]
        for _ in range(8):
            if state.is_terminal():
                break
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
            digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
        digest.update(state.to_json().encode())
        found[game_id] = digest.hexdigest()
    return found


def test_every_listed_module_is_compiled() -> None:
    assert MODULES
    missing = [name for name in MODULES if not compiled.is_compiled(importlib.import_module(name))]
    assert not missing, f"not compiled (build them: make, or pip install -e .): {missing}"


def test_pure_python_runs_every_module_from_its_source() -> None:
    code = f"import importlib; print(*(importlib.import_module(m).__file__ for m in {MODULES!r}))"
    assert all(path.endswith(".py") for path in in_python(code).split())


def test_the_compiled_modules_play_as_their_source_does() -> None:
    code = "import json; from tests.core.test_compiled import digests; print(json.dumps(digests()))"
    assert json.loads(in_python(code)) == digests()

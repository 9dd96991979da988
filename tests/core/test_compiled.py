"""The compiled modules (towpath.core.compiled): built for every module pyproject.toml names, and
playing exactly as their Python source does, which TOWPATH_PURE_PYTHON runs instead."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

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


KERNELS = sorted((ROOT / "src" / "towpath").rglob("_*.pyx"))


def test_every_kernel_pins_the_python_twin_it_mirrors_as_it_stands() -> None:
    assert KERNELS, "the kernels are found"
    for kernel in KERNELS:
        twin, path, digest = compiled.pin_of(kernel)
        now = compiled.twin_digest(twin.read_text(), path)
        assert now == digest, (
            f"{twin.name}'s {path} changed since {kernel.name} was made to mirror it: bring the "
            f"kernel up to date, then pin {now} in its '# twin:' line"
        )


def test_a_twin_is_judged_by_its_syntax_not_its_comments_or_layout() -> None:
    source = "class A:\n    def f(self, x):\n        return x + 1\n"
    digest = compiled.twin_digest(source, "A.f")
    relaid = "class A:\n\n    def f(self, x):  # one more\n        return (x + 1)\n"
    assert compiled.twin_digest(relaid, "A.f") == digest
    assert compiled.twin_digest(source.replace("+ 1", "+ 2"), "A.f") != digest


def test_a_kernel_whose_twin_changed_is_refused_and_its_importer_runs_the_twin(
    tmp_path: Path,
) -> None:
    twin = "def step(x):\n    return x + 1\n"
    (tmp_path / "walk.py").write_text(twin)
    built = tmp_path / "_walk.cpython-311-x86_64-linux-gnu.so"
    pin = f"# twin: walk.step {compiled.twin_digest(twin, 'step')}\n"
    (tmp_path / "_walk.pyx").write_text('"""A kernel."""\n' + pin)
    assert compiled.stale_kernel("towpath.games.x._walk", built) is None, "it matches: it loads"
    (tmp_path / "walk.py").write_text(twin.replace("+ 1", "+ 2"))
    with warnings.catch_warnings(record=True) as heard:
        warnings.simplefilter("always")
        spec = compiled.stale_kernel("towpath.games.x._walk", built)
    assert spec is not None and spec.loader is not None
    assert "walk.step, which changed since" in str(heard[0].message)
    with pytest.raises(ImportError, match="the Python runs instead"):
        importlib.util.module_from_spec(spec)

"""A lean install: the engines, bots, terminal client and the researchers' door need none of
the web server's or the balance lab's packages (pyproject's `server` and `lab` extras), and a
command that does names the extra to install in one line."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

SERVER = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "psycopg", "markdown_it")
LAB = ("pandas", "pyarrow", "matplotlib", "jinja2", "ray")
# Python run as if the extras were not installed: importing any of their modules fails.
WITHOUT_EXTRAS = f"""
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {set(SERVER + LAB)!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
"""


def lean(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS + code],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_core_dependencies_leave_the_server_and_the_lab_to_their_extras() -> None:
    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
    core = " ".join(project["dependencies"]).replace("-", "_")
    assert not [name for name in SERVER + LAB if name in core]
    extras = project["optional-dependencies"]
    assert {"server", "lab", "rl"} <= set(extras)


def test_the_researchers_door_and_the_bots_run_without_the_extras() -> None:
    played = lean(
        "import numpy as np\n"
        "import towpath\n"
        "from towpath.interop import gymnasium, openspiel, pettingzoo\n"
        "env = pettingzoo.env('detour', players=2)\n"
        "env.reset(seed=1)\n"
        "for _ in range(20):\n"
        "    env.step(int(np.flatnonzero(env.last()[0]['action_mask'])[0]))\n"
        "state = towpath.load('mississippi', 2).new_state(3)\n"
        "state.apply(towpath.agent('greedy').choose(state))\n"
        "print('played', len(env.game_state.history), len(state.history))\n"
    )
    assert played.returncode == 0, played.stderr
    assert played.stdout.strip() == "played 20 1"


@pytest.mark.parametrize(
    ("args", "extra"),
    [(["serve"], "server"), (["simulate", "detour", "--games", "2"], "lab")],
)
def test_a_command_without_its_extra_names_it_in_one_line(args: list[str], extra: str) -> None:
    ran = lean(
        f"import sys\nsys.argv = ['towpath', *{args!r}]\nfrom towpath.cli.main import main\nmain()"
    )
    assert ran.returncode == 2
    assert ran.stderr.count("\n") == 1, ran.stderr
    assert f"this command needs pip install 'towpath[{extra}]'" in ran.stderr

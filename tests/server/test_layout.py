"""The server by its jobs: every module is one a newcomer can read through, and the package's
docstring maps each of them (see `towpath.server`)."""

from __future__ import annotations

import re
from pathlib import Path

import towpath.server

SERVER = Path(towpath.server.__file__).parent
MOST_LINES = 450


def test_no_server_module_is_over_450_lines() -> None:
    long = {
        path.name: lines
        for path in SERVER.glob("*.py")
        if (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert long == {}, "split a module by its jobs"


def test_the_package_docstring_names_every_module() -> None:
    named = set(re.findall(r"`(\w+)", towpath.server.__doc__ or ""))  # `room`, `lobby.Lobby`
    unnamed = [p.stem for p in SERVER.glob("*.py") if p.stem not in named | {"__init__"}]
    assert unnamed == []

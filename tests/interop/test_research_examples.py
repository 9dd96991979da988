"""The examples of the researchers' door (docs/research.md) run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def examples() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def test_the_pettingzoo_and_openspiel_examples_run() -> None:
    found = examples()
    assert len(found) == 2
    for code in found:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(PAGE), "exec"), {})
        assert printed.getvalue()

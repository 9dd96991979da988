"""The README's examples of the researchers' door run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def examples() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Researchers:", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_the_pettingzoo_and_openspiel_examples_run() -> None:
    found = examples()
    assert len(found) == 2
    for code in found:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(README), "exec"), {})
        assert printed.getvalue()

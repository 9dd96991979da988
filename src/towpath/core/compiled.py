"""Compiled modules. `pip install` compiles the engines' and bots' hottest modules with Cython,
from their Python source as it stands (the list: `[tool.towpath] compiled` in pyproject.toml),
and builds kernels written for Cython (`_*.pyx`) that mirror a Python function step for step
(`allowed` says whether they may run). Each is optional: where one was not built, its Python
runs. The Python runs everywhere with TOWPATH_PURE_PYTHON set (the tests compare the two).

`towpath/__init__.py` and `towpath/core/__init__.py` import this module first, so that its
finder is in place before any compiled module is imported. In a source tree (an editable
install), a compiled module older than its source is not used: the source runs, with a warning
to build again (`make` does).
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

PURE_PYTHON = "TOWPATH_PURE_PYTHON"
SOURCE_TREE = (Path(__file__).resolve().parents[3] / "pyproject.toml").is_file()


def allowed() -> bool:
    """Whether compiled code may run (TOWPATH_PURE_PYTHON unset or empty): the modules that use
    a kernel ask when they are imported."""
    return not os.environ.get(PURE_PYTHON)


def is_compiled(module: ModuleType) -> bool:
    """Whether a module was loaded from a compiled extension rather than its Python source."""
    return isinstance(getattr(module, "__loader__", None), ExtensionFileLoader)


class SourceFinder(MetaPathFinder):
    """Finds a towpath module in its Python source where an extension module was built of it,
    when the Python is to run: always with TOWPATH_PURE_PYTHON, else where the extension is
    older than its source (in a source tree)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if not fullname.startswith("towpath."):
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or not spec.origin:
            return None
        built = Path(spec.origin)
        source = built.with_name(fullname.rpartition(".")[2] + ".py")
        if not source.is_file():
            return None  # a kernel: it has no source of its own (see `allowed`)
        if allowed():
            if not SOURCE_TREE or source.stat().st_mtime <= built.stat().st_mtime:
                return None
            warnings.warn(
                f"{fullname}: its compiled module is older than its source, which runs instead"
                " (build it again: make, or pip install -e .)",
                stacklevel=2,
            )
        return spec_from_file_location(fullname, source)


if SOURCE_TREE or not allowed():
    sys.meta_path.insert(0, SourceFinder())

"""Compiled modules. `pip install` compiles the engines' and bots' hottest modules with Cython,
from their Python source as it stands (the list: `[tool.towpath] compiled` in pyproject.toml),
and builds kernels written for Cython (`_*.pyx`) that mirror a Python function step for step
(`allowed` says whether they may run). Each is optional: where one was not built, its Python
runs. The Python runs everywhere with TOWPATH_PURE_PYTHON set (the tests compare the two).

`towpath/__init__.py` and `towpath/core/__init__.py` import this module first, so that its
finder is in place before any compiled module is imported. In a source tree (an editable
install), a compiled module older than its source is not used: the source runs, with a warning
to build again (`make` does).

A kernel pins the Python function it mirrors (its *twin*) by a line of its source,
`# twin: MODULE.FUNCTION DIGEST` (MODULE the file beside it, FUNCTION a dotted path in it, DIGEST
`twin_digest` of the function as the kernel was last made to match it). In a source tree a
kernel whose twin changed since is not used: the twin runs, with a warning to bring the kernel
and its pin up to date (`tests/core/test_compiled.py` checks every pin).
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import Loader, MetaPathFinder
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
        if not source.is_file():  # a kernel: it has no Python source of its own
            return stale_kernel(fullname, built) if SOURCE_TREE else None
        if allowed():
            if not SOURCE_TREE or source.stat().st_mtime <= built.stat().st_mtime:
                return None
            warnings.warn(
                f"{fullname}: its compiled module is older than its source, which runs instead"
                " (build it again: make, or pip install -e .)",
                stacklevel=2,
            )
        return spec_from_file_location(fullname, source)


PIN = re.compile(r"^# twin: (\w+)\.([\w.]+) ([0-9a-f]{16})$", re.MULTILINE)


def twin_digest(source: str, path: str) -> str:
    """A digest of the function at dotted `path` (`Class.method` or `function`) in Python
    `source`: of its syntax tree, so that comments and layout do not count."""
    node: ast.AST = ast.parse(source)
    for name in path.split("."):
        found = [
            n
            for n in getattr(node, "body", [])
            if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name == name
        ]
        if not found:
            raise LookupError(f"no {path} in the twin's source")
        node = found[0]
    return hashlib.sha256(ast.dump(node).encode()).hexdigest()[:16]


def pin_of(kernel: Path) -> tuple[Path, str, str]:
    """A kernel's twin (its module's file and the function's dotted path) and pinned digest."""
    found = PIN.search(kernel.read_text())
    if found is None:
        raise LookupError(
            f"{kernel.name} pins no twin: expected a line '# twin: MODULE.FUNCTION DIGEST'"
        )
    module, path, digest = found.groups()
    return kernel.with_name(f"{module}.py"), path, digest


class StaleKernel(Loader):
    """Refuses to load a kernel whose twin changed: its importer runs the twin instead."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        raise ImportError(self.reason)

    def exec_module(self, module: ModuleType) -> None:  # never reached
        raise ImportError(self.reason)


def stale_kernel(fullname: str, built: Path) -> ModuleSpec | None:
    """None where the kernel matches its twin (it loads as built), else a spec that refuses it."""
    kernel = built.with_name(fullname.rpartition(".")[2] + ".pyx")
    twin, path, digest = pin_of(kernel)
    if twin_digest(twin.read_text(), path) == digest:
        return None
    reason = f"{fullname} mirrors {twin.stem}.{path}, which changed since: the Python runs instead"
    warnings.warn(f"{reason} (update {kernel.name} and its twin pin)", stacklevel=3)
    return ModuleSpec(fullname, StaleKernel(reason))


if SOURCE_TREE or not allowed():
    sys.meta_path.insert(0, SourceFinder())

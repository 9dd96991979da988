"""The packages' imports flow one way: no module of towpath takes part in an import cycle (inside
a game package, between core, agents and the games, or anywhere else), and core, the bots and
each game import only the layers below them.

Imports are read from the source with `ast`, every one of them: those inside functions and
under `if TYPE_CHECKING:` count as much as those at the top of a module. `from package import
Name`, where Name is not a module, imports the package's `__init__`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import towpath

SOURCE = Path(towpath.__file__).parent
GAMES = sorted(p.name for p in (SOURCE / "games").iterdir() if (p / "__init__.py").exists())
Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def import_graph() -> Graph:
    """Every towpath module and the towpath modules it imports."""
    paths = {module_name(path): path for path in SOURCE.rglob("*.py")}
    return {name: set(imported(name, path, set(paths))) for name, path in paths.items()}


def imported(name: str, path: Path, modules: set[str]) -> Iterator[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in modules:
                    yield target
                elif base in modules:
                    yield base


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), or of one module
    that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def within(prefixes: tuple[str, ...]) -> Graph:
    """The import graph among the modules under `prefixes` (packages included)."""

    def inside(name: str) -> bool:
        return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)

    graph = import_graph()
    return {
        name: {target for target in targets if inside(target)}
        for name, targets in graph.items()
        if inside(name)
    }


def test_the_graph_sees_imports_under_type_checking_and_in_functions() -> None:
    graph = import_graph()
    # towpath/__init__.py imports the balance lab under TYPE_CHECKING and inside a function.
    assert "towpath.sim.runner" in graph["towpath"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_inside_a_game_package(game: str) -> None:
    assert cycles(within((f"towpath.games.{game}",))) == []


def test_no_import_cycle_among_core_agents_and_the_games() -> None:
    assert cycles(within(("towpath.core", "towpath.agents", "towpath.games"))) == []


def test_no_import_cycle_anywhere() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.parametrize(
    ("layer", "may_import"),
    [
        ("towpath.core", ("towpath.core",)),
        ("towpath.agents", ("towpath.core", "towpath.agents")),
        *((f"towpath.games.{game}", ("towpath.core", f"towpath.games.{game}")) for game in GAMES),
    ],
)
def test_each_layer_imports_only_the_layers_below(layer: str, may_import: tuple[str, ...]) -> None:
    outside = {
        f"{name} imports {target}"
        for name, targets in within((layer,)).items()
        for target in import_graph()[name]
        if not any(target == ok or target.startswith(ok + ".") for ok in may_import)
    }
    assert sorted(outside) == []

"""One package per game; each registers itself when imported."""

from __future__ import annotations

import importlib
import pkgutil

_discovered = False


def discover() -> None:
    """Import every game package under towpath.games, once."""
    global _discovered  # noqa: PLW0603 - a once-only import guard
    if _discovered:
        return
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            importlib.import_module(f"{__name__}.{module.name}")
    _discovered = True

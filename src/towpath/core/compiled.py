"""Compiled kernels. A game may build its hottest loop as a C extension (Cython, built by
`pip install`) beside the pure-Python code it mirrors step for step; the pure code runs where
the extension was not built, or where TOWPATH_PURE_PYTHON is set (the tests run it that way
too, and compare the two)."""

from __future__ import annotations

import os

PURE_PYTHON = "TOWPATH_PURE_PYTHON"


def allowed() -> bool:
    """Whether compiled kernels may be used (TOWPATH_PURE_PYTHON unset or empty)."""
    return not os.environ.get(PURE_PYTHON)

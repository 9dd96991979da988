"""Bounded caches: plain dicts that are emptied when full, so that what a game keeps (actions,
tables) stays bounded over millions of games."""

from __future__ import annotations

from typing import TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


def remember(cache: dict[Key, Value], key: Key, value: Value, bound: int) -> Value:
    """`value`, kept in `cache` under `key`; a cache holding `bound` entries is emptied first."""
    if len(cache) >= bound:
        cache.clear()
    cache[key] = value
    return value

"""Game id -> Game class. Game packages register themselves when imported."""

from __future__ import annotations

from typing import TypeVar

from towpath.core.errors import GameError
from towpath.core.game import Game

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}


def register(cls: G) -> G:
    """Class decorator: make a Game available under its `id`."""
    existing = _GAMES.get(cls.id)
    if existing is not None and existing is not cls:
        raise GameError(f"two games claim the id {cls.id!r}")
    _GAMES[cls.id] = cls
    return cls


def game_ids() -> list[str]:
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game]:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        valid = ", ".join(game_ids()) or "none registered"
        raise GameError(f"unknown game {game_id!r}; expected one of: {valid}") from None

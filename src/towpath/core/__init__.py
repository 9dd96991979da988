"""What every game shares, and nothing game-specific."""

from towpath.core import compiled  # noqa: F401 - first: it chooses compiled modules or source
from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, Game, State
from towpath.core.rng import Rng

__all__ = ["JSON", "Action", "Game", "GameError", "IllegalAction", "Rng", "State"]

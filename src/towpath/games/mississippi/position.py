"""Mississippi's position: where each boat is, which way it is turned, its logs and the
supply, whose turn it is. The rules (state.py) act on it; the view (view.py) reads it."""

from __future__ import annotations

from typing import ClassVar

from towpath.core.race import Race
from towpath.core.rng import Rng
from towpath.games.mississippi.table import MississippiTable

START = 0


class Position(Race):
    """Boats on the river. `spaces[seat]` is 0 in the start area, 1..N on the river, N + 1
    once finished; `facing[seat]` is how many 60° steps clockwise the boat is turned from its
    side 1 facing east (None until the start roll)."""

    __slots__ = ("facing", "logs", "player", "spaces", "started", "supply", "turn", "winner")
    fields: ClassVar[tuple[str, ...]] = (
        "spaces",
        "logs",
        "facing",
        "started",
        "supply",
        "player",
        "turn",
        "winner",
    )

    game: MississippiTable
    spaces: list[int]
    logs: list[int]
    facing: list[int | None]
    started: list[bool]
    supply: int

    def __init__(self, game: MississippiTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        players = game.players
        self.spaces = [START] * players
        self.logs = [game.logs_each] * players
        self.facing = [None] * players
        self.started = [False] * players
        self.supply = 0
        self.player = game.first_player
        self.turn = 0
        self.winner = None

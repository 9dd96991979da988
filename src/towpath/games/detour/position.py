"""Detour's position: where each marker stands, the hands, the round and whose turn it is. The
rules (state.py) act on it; the view (view.py) reads it."""

from __future__ import annotations

from typing import ClassVar

from towpath.core.game import State
from towpath.core.rng import Rng
from towpath.games.detour.table import DetourTable


class Position(State):
    """`pending` is {"card", "part"} while a special ability still offers the card's other
    part; `winners` is None until the game is over."""

    __slots__ = (
        "block_next",
        "blocked",
        "finished",
        "first",
        "hands",
        "nodes",
        "pending",
        "round",
        "turn",
        "winners",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "nodes",
        "hands",
        "finished",
        "first",
        "round",
        "turn",
        "blocked",
        "block_next",
        "pending",
        "winners",
    )

    game: DetourTable
    nodes: list[int]
    hands: list[list[str]]
    finished: list[int]
    first: int
    round: int
    turn: int
    blocked: bool
    block_next: bool
    pending: dict[str, str] | None
    winners: list[int] | None

    def __init__(self, game: DetourTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        colours = len(game.colours)
        self.nodes = [0] * colours
        self.hands = [list(game.card_keys) for _ in range(colours)]
        self.finished = []
        self.first = game.first_player
        self.round = 1
        self.turn = 0
        self.blocked = False
        self.block_next = False
        self.pending = None
        self.winners = None

    # -- whose turn ------------------------------------------------------------------------------

    @property
    def colour(self) -> int:
        """The colour playing a card now."""
        return self.game.round_order[self.first][self.turn]

    @property
    def current_player(self) -> int | None:
        if self.winners is not None:
            return None
        return self.game.owner[self.colour]

    def last_colour(self) -> int | None:
        """The colour that played the last action."""
        if not self.history:
            return None
        if self.pending is not None:
            return self.colour
        order = self.game.round_order
        if self.turn > 0:
            return order[self.first][self.turn - 1]
        return order[(self.first - 1) % self.game.players][-1]

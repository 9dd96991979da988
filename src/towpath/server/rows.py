"""The rows of a room as the lobby reads and writes them (`storage` keeps them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ActionRow:
    room: str
    number: int
    notation: str
    over: bool
    at: float = 0.0  # when it was chosen (a bot's: when its worker answered)


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    name: str
    agent: str | None  # the bot's spec, such as "mcts:seconds=1"
    access: str | None  # a person's seat: "invited" (by its link) or "open" (to join)
    generation: int  # how often its link was re-issued
    claimed: bool  # an open seat: someone joined; an invited seat: its link was opened
    token_digest: str | None = None  # a first-release seat's token, as SHA-256
    away: bool = False  # a person's clock ran out: a bot plays the seat until they are back
    sealed: bool = False  # an invitation taken: only the seat's own token opens it
    by_host: bool = False  # opened by the host's browser


@dataclass(frozen=True)
class ChatRow:
    room: str
    number: int
    seat: int
    name: str
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "text": self.text, "at": self.at}


@dataclass
class RoomRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seed_chosen: bool | None  # None: a first-release room, which did not record it
    listed: bool
    over: bool
    archived: bool
    created: float
    acted: float
    rematch_of: str | None
    rematch: str | None
    seats: list[SeatRow]
    actions: list[str]
    undos: int = 0  # actions taken back
    clock: float | None = None  # seconds a person has for a turn
    chat: list[ChatRow] = field(default_factory=list)  # the latest lines
    creator: str | None = None  # a digest of the creating address (see `Lobby.create`)

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
        }


@dataclass(frozen=True)
class Listed:
    """A room as the lobby lists it, read without replaying it."""

    id: str
    game: str
    players: int
    created: float
    version: int
    seats: list[SeatRow]

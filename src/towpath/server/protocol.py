"""The socket protocol of a room, `/api/rooms/ID/socket`: every message type, both ways.

Messages are JSON objects with a `type`. The client's first message is `auth`; the server then
pushes the seat's `state` at once and after every change, and answers the client's messages.

From the client (`ClientMessage`, at most `MAX_MESSAGE` characters):
- `{"type": "auth", "token": T, "host": H, "narrow": N}`: the link's token (null: a
  spectator); an invitation's token takes the seat (answered first with `seat`), and `host`,
  the host's token if this browser holds it, shows every seat that the host opened it.
  `narrow` (optional): the page is a phone's, and its board is drawn narrow.
- `{"type": "act", "version": V, "action": A}`: play the action's notation, chosen at state
  version V (a stale version is refused).
- `{"type": "undo", "version": V}`: take back the seat's last action, which the engine allows
  within the seat's own turn while nothing hidden or random was revealed (the state's
  `undoable`).
- `{"type": "chat", "text": S}`: a line of chat (a seated player's; up to `CHAT_LENGTH`).
- `{"type": "name", "name": S}`: the seat's player names themself (up to 40 characters).
- `{"type": "back"}`: the seat's player takes the seat back after the turn clock ran out and
  a bot stood in.
- `{"type": "ping"}`.

From the server:
- `seat`: `{"seat", "token"}`: the seat's own token, after an auth message with its invitation;
  the invitation opens nothing any more, so the page keeps this token instead.
- `state`: everything the seat may know, built from `view(seat)`; see `Room.payload`. Among its
  keys: `version` (it grows with every action and every take-back), `legal` (the seat's legal
  actions, each `{"action", "kind", "did", "what"}`), `moves` (every action played, each
  `{"seat", "kind", "did", "what"}`, in words), `undoable`, `ending` (`{"reason": "win" |
  "shared" | "limit" | "nobody", "winners", "how"}` once over), `clock` (`{"seconds",
  "deadline", "away"}` or null) and `seats`. The board comes in parts (see
  `towpath.core.svg.Drawing`): `board` lists the keys of its parts in order, and `parts` holds
  `{key: SVG}` for the parts this socket was not sent with its previous state; the page keeps
  the parts of the latest board and joins them. `moves`, and `log` (each move's notation as
  the seat may know it), hold the moves from the index `moves_from` on: the page keeps those
  before (after a take-back, `moves_from` is below the count it keeps).
- `presence`: `{"seats": [...], "spectators": N}`, when players come, go, rename themselves or
  are stood in for, or spectators come and go: at most one every `PRESENCE_GAP` (0.25 s) a
  room, and only when it changed.
- `chat`: `{"messages": [{"seat", "name", "text", "at"}]}`: the latest lines on connecting,
  then each new line.
- `refused`: `{"message", "rule", "version", "action"}`: an act or undo the server turned down.
- `error`: `{"message"}`: a message that could not be read; the socket stays usable.
- `pong`: `{"at"}`.
A refused link closes the socket with 4403 (the token opens nothing here) or 4404 (no room).
"""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from towpath.core.game import JSON

MAX_MESSAGE = 4 * 1024  # characters of a client's message
CHAT_LENGTH = 300  # characters of a chat line
NAME_LENGTH = 40
Message = dict[str, JSON]  # a message to a client


class ClientMessage(BaseModel):
    """A message from the client; which fields it needs depends on its type."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["auth", "act", "undo", "chat", "name", "back", "ping"]
    token: str | None = Field(None, max_length=100)
    host: str | None = Field(None, max_length=100)
    version: StrictInt | None = Field(None, ge=0)
    action: str | None = Field(None, max_length=200)
    text: str | None = Field(None, max_length=CHAT_LENGTH)
    name: str | None = Field(None, max_length=NAME_LENGTH)
    narrow: StrictBool | None = None  # auth: the page is a phone's, its board drawn narrow


def readable(text: str, limit: int) -> str | None:
    """Text a person typed, trimmed; None unless it is 1 to `limit` printable characters."""
    trimmed = " ".join(text.split())
    return trimmed if 0 < len(trimmed) <= limit and trimmed.isprintable() else None


def dumps(message: JSON) -> str:
    return json.dumps(message, separators=(",", ":"))


class Refused(Exception):
    """A request the server turns down: an HTTP status, the reason, and the rule it breaks."""

    def __init__(
        self, status: int, message: str, rule: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.headers = headers

"""The clients of a room: each open socket (`Client`), with the messages waiting for it, and
who its token makes it (`Viewer`)."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from towpath.core.i18n import DEFAULT
from towpath.server.protocol import Message

QUEUE_LIMIT = 256  # messages waiting for one client before it is dropped as too slow
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # chat lines a client may send within the window
Closing = tuple[int, str]  # a socket close code and its reason
StateText = Callable[[], str]  # makes a state message in JSON, when its socket is ready
Outgoing = Message | str | StateText | Closing


@dataclass(frozen=True)
class Presence:
    """Who another process said is in a room through it, and when it was heard."""

    heard: float
    seats: frozenset[int]
    spectators: int


@dataclass(frozen=True)
class Viewer:
    """Who a token makes its bearer: a seat's player, the room's host, or (neither) a
    spectator."""

    seat: int | None = None
    host: bool = False
    invitation: bool = False  # the seat's invitation, not taken yet: it must be claimed


SPECTATOR = Viewer()


@dataclass(eq=False)
class Client:
    """One open socket, watching a room as one seat (None: a spectator).

    Its messages wait in `waiting` for the socket. A state message waits as the means to make
    it, and is made when the socket is ready to send it, from the room as it stands then; it
    replaces the one still waiting, if any. So a client that falls behind gets the newest state
    (which brings the moves and log entries its page lacks) rather than every state in
    between, and no state is drawn for a socket that would not be sent it."""

    seat: int | None
    waiting: deque[Outgoing] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    said: list[float] = field(default_factory=list)  # when its latest chat lines came
    board: set[str] = field(default_factory=set)  # keys of the board parts its page keeps
    moves: tuple[int, object] = (0, None)  # how many moves its page keeps, and the last of them
    language: str = DEFAULT  # the code of the language its reader chose
    narrow: bool = False  # whether its page is a phone's, drawn narrow (`Game.render_svg`)

    def may_chat(self, now: float) -> bool:
        """At most CHAT_BURST lines in CHAT_WINDOW seconds."""
        self.said = [at for at in self.said if now - at < CHAT_WINDOW]
        if len(self.said) >= CHAT_BURST:
            return False
        self.said.append(now)
        return True

    def push(self, message: Message | str | StateText) -> None:
        if callable(message):
            for older in [m for m in self.waiting if callable(m)]:
                self.waiting.remove(older)
        if len(self.waiting) >= QUEUE_LIMIT:
            self.close(1008, "too slow: messages piled up")
            return
        self.waiting.append(message)
        self.ready.set()

    def close(self, code: int = 1001, reason: str = "") -> None:
        self.waiting.clear()
        self.waiting.append((code, reason))
        self.ready.set()

    async def next(self) -> Message | str | Closing:
        """The next message for the socket (a state message made now), when there is one."""
        while not self.waiting:
            self.ready.clear()
            await self.ready.wait()
        message = self.waiting.popleft()
        return message() if callable(message) else message

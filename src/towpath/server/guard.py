"""What a connection may cost the server before the application sees it.

- **Connections**: at most `Limits.connections` open at once in a process, and
  `Limits.connections_per_address` from one client address (sockets included); a connection
  over either is closed at once.
- **Turns**: at most `Limits.requests_per_address` requests of one address are handled at
  once; its others wait for one of them to end, so a client flooding the server with requests
  shares its time with every other address rather than crowding them out.
- **Time**: a request's head and body must arrive within `Limits.request_seconds` of its
  first byte (or of the connection, for its first request): a request sent a byte at a time
  (slowloris) is answered 408 and closed. Between requests uvicorn's keep-alive timeout
  (5 s) closes idle connections; an idle socket fails uvicorn's pings within 40 s.
- **Bodies** (`BodyLimit`): counted as they arrive, chunked or not, and refused with 413 as
  soon as they pass `MAX_BODY` bytes, the connection closed rather than read on.
- **Socket frames**: a text frame that is not UTF-8 reaches the room as an unreadable message
  (an `error` reply), not a logged traceback.

uvicorn builds these protocols by name in every worker process; `configure` (called by
`towpath.server.worker_app`) gives them the process's limits.
"""

from __future__ import annotations

import asyncio
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn._types import ASGI3Application
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol, RequestResponseCycle
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from towpath.server.limits import Limits

MAX_BODY = 16 * 1024  # bytes of a request body
TOO_SLOW = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
)


@dataclass
class Guard:
    """The open connections of this process, and the requests being handled, by client
    address."""

    limits: Limits
    open: Counter[str] = field(default_factory=Counter)
    addresses: dict[asyncio.BaseTransport, str] = field(default_factory=dict)
    handling: Counter[str] = field(default_factory=Counter)
    queued: dict[str, deque[Callable[[], None]]] = field(default_factory=dict)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; False (and not counted) if it is one too many."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else "unknown"
        if (
            len(self.addresses) >= self.limits.connections
            or self.open[address] >= self.limits.connections_per_address
        ):
            return False
        self.addresses[transport] = address
        self.open[address] += 1
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        address = self.addresses.pop(transport, None)
        if address is not None:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]

    def handle(self, address: str, start: Callable[[], None]) -> None:
        """Start handling a request of `address` now, or once one of its others ends."""
        if self.handling[address] < self.limits.requests_per_address:
            self.handling[address] += 1
            start()
        else:
            self.queued.setdefault(address, deque()).append(start)

    def handled(self, address: str) -> None:
        """A request of `address` ended: its next waiting one starts."""
        waiting = self.queued.get(address)
        if waiting:
            waiting.popleft()()
            if not waiting:
                del self.queued[address]
            return
        self.handling[address] -= 1
        if not self.handling[address]:
            del self.handling[address]


GUARD = Guard(Limits())


def configure(limits: Limits) -> None:
    GUARD.limits = limits


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with the connection limits and the request deadline."""

    upgraded = False
    deadline: asyncio.TimerHandle | None = None
    address = "unknown"

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not GUARD.admit(transport):
            transport.abort()
            return
        self.address = GUARD.addresses[transport]
        self._start_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        if not self.upgraded:
            GUARD.release(self.transport)
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.deadline is None:
            self._start_deadline()

    def on_message_complete(self) -> None:
        self._stop_deadline()
        super().on_message_complete()

    def _start_asgi_task(self, cycle: RequestResponseCycle, app: ASGI3Application) -> None:
        """The request is handled in its address's turn (`Guard.handle`)."""
        address = self.address

        async def counted(scope: Scope, receive: Receive, send: Send) -> None:
            try:
                await app(scope, receive, send)  # type: ignore[arg-type]
            finally:
                GUARD.handled(address)

        start = partial(super()._start_asgi_task, cycle, counted)  # type: ignore[arg-type]
        GUARD.handle(address, start)

    def handle_websocket_upgrade(self) -> None:
        self._stop_deadline()
        self.upgraded = True  # the socket's protocol releases the connection
        super().handle_websocket_upgrade()

    def _start_deadline(self) -> None:
        self.deadline = self.loop.call_later(GUARD.limits.request_seconds, self._too_slow)

    def _stop_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            seconds = f"{GUARD.limits.request_seconds:g}"
            body = b'{"detail":"the request did not arrive within %s s","rule":"time"}' % (
                seconds.encode()
            )
            self.transport.write(TOO_SLOW % (len(body), body))
        self.transport.close()


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol: releases its connection, and hands a text frame that is
    not UTF-8 to the room as an unreadable (binary) message."""

    def connection_lost(self, exc: Exception | None) -> None:
        GUARD.release(self.transport)
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text":
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.curr_msg_data_type = "bytes"
        super().send_receive_event_to_app()


class BodyLimit:
    """ASGI middleware: a request's body is read here as it arrives, and refused (413, the
    connection closed) the moment it passes `MAX_BODY` bytes; the application gets it whole."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await too_big(send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await too_big(send)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(bytes(body), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the body read already, then waits as `receive` does."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


async def too_big(send: Send) -> None:
    body = b'{"detail":"request body over %d bytes","rule":"size"}' % MAX_BODY
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

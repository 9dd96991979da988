"""Many server processes on one PostgreSQL: who owns a room, forwarding, and hearing changes.

Ownership: the owner of a room holds a session-level advisory lock on it (keyed by
`hashtextextended(room, 0)`) on a connection of its own, and a row of `room_owners` names it.
PostgreSQL releases the lock the moment that connection dies, so a killed process loses its
rooms at once, without clocks; a row whose lock is free names a dead owner, and every process
looks for such rows every `ADOPT_EVERY` seconds and adopts what it finds (replaying the
record). Only the owner writes to a room, runs its bots and its clock.

Forwarding: a process asked to change a room it does not own first tries to take the room (if
nobody owns it, it becomes the owner); otherwise it sends the request on `towpath_forward`,
where the owner picks it up, carries it out and answers on the asker's own channel. A request
without an answer within `FORWARD_WAIT` seconds is tried again under the same id (the owner
may have died: its room is then free to take); the owner carries out each id once, and an
action also carries the version it was chosen at.

Hearing: storage announces every committed change on `towpath_rooms` (see `storage`); each
process keeps the rooms its own clients watch up to date from those announcements and builds
its clients' views itself. Payloads carry actions, versions and requests, never a view or a
token. A lost listening connection is opened again and every room in memory re-read.

Presence: a process tells the others which seats have a socket open through it, when one
comes or goes and every `PRESENCE_EVERY` seconds; what a dead process said is forgotten after
three of those.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import psycopg
from sqlalchemy import make_url

from towpath.server.storage import CHANGES

log = logging.getLogger("towpath.server")

FORWARD = "towpath_forward"
ADOPT_EVERY = 1.0  # seconds between looks for rooms whose owner died
FORWARD_WAIT = 5.0  # seconds a forwarded request waits for its owner's answer
RECONNECT_WAIT = 1.0
ANSWERS_KEPT = 1024  # forwarded requests remembered, so that one asked again is done once
PRESENCE_EVERY = 15.0  # seconds between a process's reminders of who is present through it
KEY = "hashtextextended(%s, 0)"

Payload = dict[str, Any]


class Handler(Protocol):
    """What the cluster asks of the lobby."""

    def owns(self, room_id: str) -> bool: ...

    async def changed(self, note: Payload) -> None: ...

    async def perform(self, room_id: str, op: str, args: list[Any]) -> Payload: ...

    async def adopt(self, room_id: str) -> None: ...

    async def resync(self) -> None: ...

    def lost_leases(self) -> None: ...

    def heartbeat(self) -> None: ...


def conninfo(url: str) -> str:
    """psycopg's connection string for a SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    def __init__(self, url: str, handler: Handler) -> None:
        self.conninfo = conninfo(url)
        self.handler = handler
        self.process = secrets.token_hex(8)
        self.inbox = f"towpath_{self.process}"
        self._leases: psycopg.AsyncConnection[Any] | None = None
        self._leasing = asyncio.Lock()  # taking, adopting and releasing never interleave
        self._held: set[str] = set()  # the rooms whose lock this process holds
        self._waiting: dict[str, asyncio.Future[Payload]] = {}
        self._listening = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._handling: set[asyncio.Task[None]] = set()
        self._answers: dict[str, asyncio.Future[Payload]] = {}  # forwarded requests, by id

    async def start(self) -> None:
        self._leases = await self._connect()
        self._tasks = [
            asyncio.create_task(self._listen_forever(), name="towpath listener"),
            asyncio.create_task(self._adopt_forever(), name="towpath adopter"),
            asyncio.create_task(self._beat_forever(), name="towpath heartbeat"),
        ]
        await self._listening.wait()

    async def close(self) -> None:
        tasks: list[asyncio.Future[Any]] = [*self._tasks, *self._handling, *self._answers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._leases is not None:
            await self._leases.close()  # PostgreSQL releases its locks; others adopt the rooms

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)

    # -- ownership -------------------------------------------------------------------------

    async def take(self, room_id: str) -> bool:
        """Become the room's owner if nobody is (a room held already is held still if the
        lease connection is alive: else every lease is lost, and the room taken if free)."""
        async with self._leasing:
            if room_id in self._held:
                if await self._alive():
                    return True
                self._forget_leases()
            leases = await self._lease_connection()
            found = await (
                await leases.execute(f"SELECT pg_try_advisory_lock({KEY})", (room_id,))
            ).fetchone()
            if not (found and found[0]):
                return False
            await self._own(leases, [room_id])
            return True

    async def release(self, room_id: str, keep: Callable[[], bool]) -> None:
        """Give the room up, unless `keep()` says it is wanted again meanwhile."""
        async with self._leasing:
            if keep() or room_id not in self._held:
                return
            self._held.discard(room_id)
            leases = await self._lease_connection()
            await leases.execute(
                "DELETE FROM room_owners WHERE room = %s AND process = %s", (room_id, self.process)
            )
            await leases.execute(f"SELECT pg_advisory_unlock({KEY})", (room_id,))

    async def _own(self, leases: psycopg.AsyncConnection[Any], room_ids: list[str]) -> None:
        await leases.execute(
            "INSERT INTO room_owners (room, process, since) SELECT unnest(%s::text[]), %s, %s "
            "ON CONFLICT (room) DO UPDATE SET process = excluded.process, since = excluded.since",
            (room_ids, self.process, time.time()),
        )
        self._held.update(room_ids)

    async def _lease_connection(self) -> psycopg.AsyncConnection[Any]:
        if self._leases is None or self._leases.closed:
            self._leases = await self._connect()
        return self._leases

    async def _adopt_forever(self) -> None:
        while True:
            await asyncio.sleep(ADOPT_EVERY)
            try:
                for room_id in await self._orphans():
                    await self.handler.adopt(room_id)
            except (psycopg.Error, OSError):
                log.exception("the lease connection failed: this process owns no room now")
                await self._drop_leases()
            except Exception:
                log.exception("adopting rooms failed")

    async def _orphans(self) -> list[str]:
        """Take the rooms whose owner died (a row without its lock)."""
        async with self._leasing:
            leases = await self._lease_connection()
            cursor = await leases.execute(
                "SELECT room FROM room_owners WHERE CASE WHEN process <> %s "
                "THEN pg_try_advisory_lock(hashtextextended(room, 0)) ELSE false END",
                (self.process,),
            )
            found = [row[0] for row in await cursor.fetchall()]
            if found:
                await self._own(leases, found)
            return found

    async def _alive(self) -> bool:
        """Whether the lease connection still answers (and so holds its locks)."""
        if self._leases is None or self._leases.closed:
            return False
        try:
            await self._leases.execute("SELECT 1")
            return True
        except (psycopg.Error, OSError):
            return False

    async def _drop_leases(self) -> None:
        async with self._leasing:
            self._forget_leases()

    def _forget_leases(self) -> None:
        """The lease connection failed: PostgreSQL released its locks, so every room this
        process held may have another owner now. The next lease opens a new connection."""
        self.handler.lost_leases()
        self._held.clear()
        if self._leases is not None and not self._leases.closed:
            self._spawn(self._leases.close())
        self._leases = None

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            self.handler.heartbeat()

    def tell(self, note: Payload) -> None:
        """Announce `note` (about a room) to the other processes, from this one."""
        self._spawn(self._send(CHANGES, {**note, "process": self.process}))

    # -- forwarding ----------------------------------------------------------------------------

    async def forward(self, request: str, room_id: str, op: str, args: list[Any]) -> Payload:
        """Ask the room's owner to carry out `op`; its answer. TimeoutError: no answer. A
        request asked again (the same `request`) is carried out once."""
        answer: asyncio.Future[Payload] = asyncio.get_running_loop().create_future()
        self._waiting[request] = answer
        try:
            message = {"id": request, "reply": self.inbox, "room": room_id, "op": op, "args": args}
            await self._send(FORWARD, message)
            return await asyncio.wait_for(answer, FORWARD_WAIT)
        finally:
            del self._waiting[request]

    async def _answer(self, request: Payload) -> None:
        done = self._answers.get(request["id"])
        if done is None:
            done = asyncio.ensure_future(
                self.handler.perform(request["room"], request["op"], request["args"])
            )
            self._answers[request["id"]] = done
            while len(self._answers) > ANSWERS_KEPT:
                del self._answers[next(iter(self._answers))]
        answer = await asyncio.shield(done)
        await self._send(request["reply"], {"id": request["id"], **answer})

    async def _send(self, channel: str, payload: Payload) -> None:
        leases = await self._lease_connection()
        await leases.execute("SELECT pg_notify(%s, %s)", (channel, json.dumps(payload)))

    # -- hearing -------------------------------------------------------------------------------

    async def _listen_forever(self) -> None:
        while True:
            try:
                async with await self._connect() as connection:
                    for channel in (CHANGES, FORWARD, self.inbox):
                        await connection.execute(f'LISTEN "{channel}"')
                    if self._listening.is_set():  # announcements were missed meanwhile
                        self._spawn(self.handler.resync())
                    self._listening.set()
                    async for note in connection.notifies():
                        self._hear(note.channel, json.loads(note.payload))
            except (psycopg.Error, OSError):
                log.exception("the listening connection failed: opening it again")
                await asyncio.sleep(RECONNECT_WAIT)

    def _hear(self, channel: str, payload: Payload) -> None:
        if channel == CHANGES:
            if payload.get("process") != self.process:  # not its own presence
                self._spawn(self.handler.changed(payload))
        elif channel == FORWARD:
            if self.handler.owns(payload["room"]):
                self._spawn(self._answer(payload))
        else:
            waiting = self._waiting.get(payload["id"])
            if waiting is not None and not waiting.done():
                waiting.set_result(payload)

    def _spawn(self, work: Awaitable[None]) -> None:
        """Handle a note in a task of its own; tasks of one room queue on its lock in the
        order their notes came."""
        task = asyncio.ensure_future(work)
        self._handling.add(task)
        task.add_done_callback(self._handled)

    def _handled(self, task: asyncio.Task[None]) -> None:
        self._handling.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("handling a note failed", exc_info=task.exception())

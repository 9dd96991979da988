"""The rooms a server process holds in memory: loading them (`get`), keeping them while they
are used, committing their actions to storage (rows waiting together share a transaction), and
telling who is present in them.

`Rooms` is the base of the lobby's parts (`lobby.Lobby`: `seating`, `playing`, `ownership`):
what one part asks of another is declared here and carried out there."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from towpath.core.errors import quote
from towpath.core.game import JSON
from towpath.core.i18n import translator
from towpath.server import links
from towpath.server.bots import Bots
from towpath.server.clients import Client
from towpath.server.cluster import Cluster
from towpath.server.protocol import Refused
from towpath.server.room import Room
from towpath.server.rows import ActionRow
from towpath.server.storage import Storage

log = logging.getLogger("towpath.server")
_, n_ = translator(__name__)
T = TypeVar("T")
ARCHIVE_AFTER = 7 * 24 * 3600.0
KEEP_IDLE = 60.0  # seconds an unused, unwatched room stays in memory
UNWATCHED = 600.0  # seconds a game of bots alone goes on with nobody watching it
Op = Callable[..., Awaitable[JSON]]  # a change of a room (`_op`)


class Rooms:
    """The rooms of this process, and the storage their changes are committed to."""

    def __init__(
        self,
        storage: Storage,
        bots: Bots,
        bot_delay: float = 0.8,
        archive_after: float = ARCHIVE_AFTER,
        keep_idle: float = KEEP_IDLE,
        sweep_every: float = 60.0,
        unwatched: float = UNWATCHED,
    ) -> None:
        self.storage = storage
        self.unwatched = unwatched
        self.bots = bots
        self.bot_delay = bot_delay
        self.archive_after = archive_after
        self.keep_idle = keep_idle
        self.sweep_every = sweep_every
        self.rooms: dict[str, Room] = {}
        self._told: dict[str, tuple[list[int], int]] = {}  # presence told to other processes
        self.secret = b""
        self._untagged: set[str] = set()  # ids of rooms made before ids were tagged
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="towpath-db")
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._stopping = False
        self._pending: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.cluster: Cluster | None = None

    async def _commit(self, row: ActionRow) -> None:
        """Wait until `row` is committed; rows waiting together share one transaction."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((row, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._db(self.storage.add_actions, [row for row, _ in batch])
            except IntegrityError:  # one row's number is taken: each is committed alone
                for row, done in batch:
                    await self._commit_alone(row, done)
            except Exception as error:  # every waiting action is refused with the cause
                for _row, done in batch:
                    done.set_exception(error)
            else:
                for _row, done in batch:
                    done.set_result(None)

    async def _commit_alone(self, row: ActionRow, done: asyncio.Future[None]) -> None:
        try:
            await self._db(self.storage.add_actions, [row])
        except Exception as error:
            done.set_exception(error)
        else:
            done.set_result(None)

    async def _db(self, call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._writer, lambda: call(*args, **kwargs))

    # -- rooms ---------------------------------------------------------------------------------

    async def get(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            room.touched = time.monotonic()
            return room
        if not self.known(room_id):
            return None
        pending = self._loading.get(room_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            owned = self.cluster is None or await self.cluster.take(room_id)
            row = await self._db(self.storage.load_room, room_id)
            room = Room(row, self.secret) if row is not None else None
            if room is not None:
                room.owned = owned and (self.cluster is None or not room.closed())
                self._keep(room)
                self._next_turn(room)
            if owned and self.cluster is not None and (room is None or not room.owned):
                await self.cluster.release(room_id, lambda: False)
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a waiting caller re-raises it
            raise
        finally:
            del self._loading[room_id]

    def creator_of(self, address: str) -> str:
        """Who created a room, as the lanes of bot moves tell creators apart."""
        return links.creator_of(self.secret, address)

    def known(self, room_id: str) -> bool:
        """Whether the id may name a room: one this server made, or of a room older than
        tagged ids (`_untagged`, read once at start)."""
        return room_id in self._untagged or links.tagged(self.secret, room_id)

    def _keep(self, room: Room) -> None:
        """Keep the room in memory; who is present in it is told to the other processes."""
        room.on_presence = self._tell_presence
        self.rooms[room.id] = room

    async def room(self, room_id: str) -> Room:
        room = await self.get(room_id)
        if room is None:
            raise Refused(
                404, _("no room {room}: the link is wrong", room=quote(room_id, 40)), "room"
            )
        return room

    @asynccontextmanager
    async def using(self, room_id: str) -> AsyncIterator[Room]:
        """The room, kept in memory while the caller uses it."""
        room = await self.room(room_id)
        room.users += 1
        try:
            yield room
        finally:
            room.users -= 1
            room.touched = time.monotonic()

    # -- clients -------------------------------------------------------------------------------

    def connect(self, room: Room, client: Client) -> None:
        room.come(client)
        room.broadcast_state([client])
        if room.chat:
            client.push(room.chat_message(room.chat))
        room.broadcast_presence()

    def disconnect(self, room: Room, client: Client) -> None:
        room.go(client)
        room.touched = time.monotonic()
        room.broadcast_presence()

    def _tell_presence(self, room: Room, again: bool = False) -> None:
        """Tell the other processes who is present through this one, if that changed since
        it was last told (`again`: whether or not)."""
        here = room.here()
        if self.cluster is not None and (again or here != self._told.get(room.id)):
            self._told[room.id] = here
            seats, spectators = here
            self.cluster.tell(
                {"room": room.id, "kind": "presence", "seats": seats, "spectators": spectators}
            )

    def heartbeat(self) -> None:
        for room in self.rooms.values():
            if room.clients:
                self._tell_presence(room, again=True)

    # -- what the parts ask of each other ------------------------------------------------------

    def _op(self, name: str) -> Op:
        """A change of a room by its name, as `_write` and other processes name it (`lobby`)."""
        raise NotImplementedError

    def _next_turn(self, room: Room) -> None:
        """Start what the seat to move needs (`playing`)."""
        raise NotImplementedError

    @staticmethod
    def _check_playing(room: Room) -> None:
        """Refused unless the room's game goes on (`playing`)."""
        raise NotImplementedError

    async def _write(self, room: Room, op: str, *args: JSON) -> JSON:
        """Carry out a change of the room, here or by its owner (`ownership`)."""
        raise NotImplementedError

    async def _stepped_on(self, room: Room) -> None:
        """Another process wrote to a room owned here (`ownership`)."""
        raise NotImplementedError

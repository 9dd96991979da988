"""The lobby: all rooms of a server process, from their creation to their archive.

The lobby is the only writer of a room's state. An action is checked by the engine on a copy of
the state, committed to storage, and only then becomes the room's state and is broadcast: what a
client has seen is never lost by a crash. Every message to a client is built from the view of
that client's seat (`payload`), once per seat and version.

Memory: a room stays in memory while it is used, watched or a bot is to move in it, and a
short while after; rooms without an action for `archive_after` seconds are archived: they leave
memory and the lobby, and their records stay readable and replayable."""

from __future__ import annotations

import asyncio
import time

from towpath.server.cluster import Cluster
from towpath.server.ownership import Ownership
from towpath.server.playing import Playing, cancel
from towpath.server.rooms import Op, log
from towpath.server.seating import Seating


class Lobby(Seating, Playing, Ownership):
    """All rooms of a server: creating, restoring, acting, bots and clients.

    On PostgreSQL the lobby is one process of a cluster (`cluster`): every change to a room
    goes through `_write`, carried out here if this process owns the room (or can take it),
    else by its owner; rooms owned elsewhere follow the owner's announcements."""

    def _op(self, name: str) -> Op:
        ops: dict[str, Op] = {
            "act": self._act,
            "undo": self._undo,
            "chat": self._say,
            "name": self._rename,
            "back": self._come_back,
            "join": self._join,
            "claim": self._claim,
            "reissue": self._reissue,
            "rematch": self._rematch,
        }
        return ops[name]

    # -- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Archive the idle rooms, restore the others by replaying their records, and wake
        their bots and clocks (`get`)."""
        self.secret = await self._db(self.storage.secret)
        self._untagged = {i for i in await self._db(self.storage.room_ids) if not self.known(i)}
        if self.storage.shared:
            self.cluster = Cluster(self.storage.url, self)
            self.storage.process = self.cluster.process
            await self.cluster.start()
        await self._db(self.storage.archive_idle, time.time() - self.archive_after)
        for room_id in await self._db(self.storage.active_room_ids):
            await self.get(room_id)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="towpath sweeper")

    async def stop(self) -> None:
        self._stopping = True
        tasks = [
            task
            for room in self.rooms.values()
            for task in (room.bot_task, room.clock_task)
            if task is not None
        ]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for room in self.rooms.values():
            for client in list(room.clients):
                client.close()
        if self.cluster is not None:
            await self.cluster.close()
        self._writer.shutdown(wait=True)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except Exception:  # the database may be away for a while: try again later
                log.exception("sweeping the rooms failed")

    async def sweep(self) -> None:
        """Archive the rooms idle for `archive_after`, and the rooms of bots alone that
        nobody watched for `unwatched`; let unused rooms leave memory."""
        archived = await self._db(self.storage.archive_idle, time.time() - self.archive_after)
        now = time.monotonic()
        forgotten = [room.id for room in self.rooms.values() if room.unwatched(now, self.unwatched)]
        if forgotten:
            await self._db(self.storage.archive, forgotten)
        for room_id in [*archived, *forgotten]:
            room = self.rooms.get(room_id)
            if room is not None:
                room.row.archived = True
                room._cache.clear()  # the seed is published now
                cancel(room.bot_task, room.clock_task)
                room.broadcast_state()
        for room in list(self.rooms.values()):
            bot_to_move = room.owned and self._bot_to_move(room) and not room.row.archived
            if not bot_to_move and room.idle(now, self.keep_idle):
                if room.clock_task is not None:  # it starts again when the room comes back
                    room.clock_task.cancel()
                del self.rooms[room.id]
                self._told.pop(room.id, None)
                if room.owned:
                    await self._release(room.id)

    async def _release(self, room_id: str) -> None:
        if self.cluster is not None:
            await self.cluster.release(
                room_id, lambda: room_id in self.rooms or room_id in self._loading
            )

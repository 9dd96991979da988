"""Many server processes on one PostgreSQL database: whose lobby writes to a room, and how
the others follow it.

On PostgreSQL several processes serve the same rooms (`cluster`): the lobby of the room's owner
is its only writer, the others forward their changes to it and follow its commits, and each
process builds its own clients' messages. Decisions: a change is forwarded whole (the owner
checks it again: a forwarded action is refused as stale like any other); reading a room (a
GET) answers from the process's own copy, which may lag the owner by a notification; who is
present is told between processes (`cluster`)."""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from towpath.core.errors import GameError
from towpath.core.game import JSON
from towpath.core.i18n import translator
from towpath.server.clients import Presence
from towpath.server.cluster import Payload
from towpath.server.playing import cancel, report_failure
from towpath.server.protocol import Refused
from towpath.server.room import Room
from towpath.server.rooms import Rooms, log
from towpath.server.telling import replay_told, told

_, n_ = translator(__name__)
WRITE_WAIT = 15.0  # seconds a change waits for a room's owner to answer, retries included


class Ownership(Rooms):
    """The lobby's part that owns rooms or follows their owners (see the module)."""

    async def _write(self, room: Room, op: str, *args: JSON) -> JSON:
        """Carry out a change of the room here if this process owns it or can take it, else
        have its owner do it (asking again while the owner does not answer: it may have
        died, and its room is free to take then)."""
        cluster = self.cluster
        if cluster is None or room.owned:
            return await self._op(op)(room, *args)
        deadline = time.monotonic() + WRITE_WAIT
        request = secrets.token_hex(8)  # asked again, it is still done once
        while not (room.owned or await self._take_over(room)):
            try:
                answer = await cluster.forward(request, room.id, op, list(args))
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise Refused(
                        503, _("the room's server does not answer: try again"), "owner"
                    ) from None
                continue
            if "refused" in answer:
                status, message, rule = answer["refused"]
                raise Refused(status, message, rule)
            return answer.get("result")
        return await self._op(op)(room, *args)

    def owns(self, room_id: str) -> bool:
        room = self.rooms.get(room_id)
        return room is not None and room.owned

    async def perform(self, room_id: str, op: str, args: list[Any]) -> Payload:
        """A change another process forwarded to this room's owner: its result or refusal."""
        room = self.rooms.get(room_id)
        if room is None or not room.owned:
            return {"refused": [409, _("the room moved to another server: try again"), "owner"]}
        try:
            return {"result": await self._op(op)(room, *args)}
        except Refused as refused:
            return {"refused": [refused.status, refused.message, refused.rule]}
        except Exception:
            log.exception("room %s: a forwarded %s failed", room_id, op)
            return {"refused": [500, _("the room's server failed to do this: try again"), "server"]}

    async def _take_over(self, room: Room) -> bool:
        """Own the room if nobody does, from its record as the database holds it."""
        assert self.cluster is not None
        async with room.lock:
            if not room.owned:
                if not await self.cluster.take(room.id):
                    return False
                await self._refresh(room, record=True)
                room.owned = True
        self._next_turn(room)
        return True

    async def adopt(self, room_id: str) -> None:
        """This process took over a room whose owner died."""
        room = self.rooms.get(room_id)
        if room is None:
            await self.get(room_id)  # this process holds the room's lock: it loads as owner
        else:
            await self._take_over(room)

    def lost_leases(self) -> None:
        """The lease connection failed: every room may have another owner now."""
        for room in self.rooms.values():
            room.owned = False
            cancel(room.bot_task, room.clock_task)

    async def resync(self) -> None:
        """Announcements may have been missed: read every room in memory again."""
        for room in list(self.rooms.values()):
            async with room.lock:
                await self._refresh(room, record=not room.owned)

    async def changed(self, note: Payload) -> None:
        """A committed change of a room: an action is played on the room's copy here (the
        next one in order; a gap means announcements were missed, and the room is read
        again), anything else is read from the database."""
        room = self.rooms.get(note["room"])
        if note["kind"] == "presence":
            if room is not None:
                room.elsewhere[note["process"]] = Presence(
                    time.monotonic(), frozenset(note["seats"]), int(note.get("spectators", 0))
                )
                room.broadcast_presence()
            return
        if room is None:
            loading = self._loading.get(note["room"])
            if loading is None:
                return
            room = await loading
            if room is None:
                return
        async with room.lock:
            if room.owned and note.get("process") != self.storage.process:
                await self._stepped_on(room)  # another process wrote to a room owned here
                return
            if note["kind"] == "action":
                if note["number"] <= len(room.row.actions):
                    return
                if note["number"] == len(room.row.actions) + 1 and _follow(room, note):
                    return
            await self._refresh(room, record=not room.owned)

    async def _stepped_on(self, room: Room) -> None:
        """Another process wrote to a room this one owns (its lease may have been lost
        unnoticed, and the room taken meanwhile): stop writing, read the room again, and
        take it again if it is still this process's (`_take_over`, once the caller's hold
        of the room's lock ends). Called holding the room's lock."""
        log.warning("room %s: changed by another server process: reading it again", room.id)
        room.owned = False
        cancel(room.bot_task, room.clock_task)
        await self._refresh(room, record=True)
        retake = asyncio.create_task(self._take_over(room), name=f"retake {room.id}")
        retake.add_done_callback(report_failure)

    async def _refresh(self, room: Room, record: bool) -> None:
        """Read the room from the database (its record too if `record`: the room is not
        owned here) and tell its clients what changed."""
        row = await self._db(self.storage.load_room, room.id)
        if row is None:
            return
        replayed = False
        if record and (row.actions != room.row.actions or row.undos != room.row.undos):
            room.state, room.moves = await asyncio.to_thread(
                replay_told, room.game, row.seed, row.actions
            )
            room.row.actions, room.row.undos, room.row.over = row.actions, row.undos, row.over
            room.acted_at = room.turn_began = row.acted
            replayed = True
        for seat in row.seats:
            room.revoke(seat.seat, seat.generation)
        same = (room.seats, room.row.rematch, room.row.archived) == (
            row.seats,
            row.rematch,
            row.archived,
        )
        room.seats = room.row.seats = row.seats
        if row.archived and not room.row.archived:
            room._cache.clear()  # the seed is published now
        room.row.rematch, room.row.archived = row.rematch, row.archived
        last = room.chat[-1].number if room.chat else 0
        lines = [line for line in row.chat if line.number > last]
        room.chat = row.chat
        if lines:
            for client in list(room.clients):
                client.push(room.chat_message(lines))
        if replayed or not same:
            room.broadcast_state()


def _follow(room: Room, note: Payload) -> bool:
    """Play an action announced by the room's owner on this copy of the room."""
    seat = room.state.current_player
    try:
        action, said = told(room.state, note["notation"])
        room.state.apply(action)
    except GameError:
        return False
    room.moves.append(said)
    room.row.actions.append(note["notation"])
    room.row.over = room.state.is_terminal()
    room.acted_at = note["at"]
    if room.state.current_player != seat:
        room.turn_began = note["at"]
    room.broadcast_state()
    return True

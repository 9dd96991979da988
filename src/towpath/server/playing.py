"""Playing in a room: actions checked, committed and broadcast, take-backs, the turn clock
and the bots' moves.

The table: every action is told in words (`moves`, from the engine's `words`), a seat's player
may take back what the engine allows (`undo`: the record loses its last action, and the
version still grows), name themself and chat. A room may have a turn clock: a person whose
time runs out is stood in for by a bot (`STAND_IN`) until they take the seat back."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from sqlalchemy.exc import IntegrityError

from towpath.agents.levels import resolve
from towpath.core.actions import Action
from towpath.core.game import Game, State
from towpath.core.i18n import N_, translator
from towpath.server.protocol import Refused
from towpath.server.room import Room
from towpath.server.rooms import Rooms, log
from towpath.server.rows import ActionRow
from towpath.server.telling import Said, checked, replay_told
from towpath.server.watchdog import ENGINE_BOUND, WATCHDOG, Overran

STAND_IN = "greedy:budget=0,sample=20,shortlist=4"  # plays for a person whose clock ran out
_, n_ = translator(__name__)
# A refusal's words by what was refused: an action, or a take-back.
SPECTATOR = {
    "action": N_("a spectator has no seat to play"),
    "take-back": N_("a spectator has no seat to take back"),
}
STALE = {
    "action": N_("stale action: it was chosen at version {version}, the game is at {now}"),
    "take-back": N_("stale take-back: it was chosen at version {version}, the game is at {now}"),
}


class Playing(Rooms):
    """The lobby's part that plays the games (see the module)."""

    @staticmethod
    def _check_playing(room: Room) -> None:
        if room.row.archived:
            raise Refused(
                409, _("this room was archived: it had no action for too long"), "archived"
            )
        if room.state.is_terminal():
            raise Refused(409, _("the game is over"), "game over")

    @staticmethod
    def _check_turn(room: Room, seat: int | None, version: int, what: str) -> None:
        if seat is None:
            raise Refused(403, _(SPECTATOR[what]), "seat")
        Playing._check_playing(room)
        if version != room.version:
            raise Refused(
                409,
                _(STALE[what], version=version, now=room.version),
                "stale version",
            )
        if room.state.current_player != seat:
            raise Refused(
                409, _("it is seat {seat}'s turn", seat=room.state.current_player), "turn"
            )

    async def act(
        self,
        room: Room,
        seat: int | None,
        version: int,
        text: str,
        acted_at: float | None = None,
        by_bot: bool = False,
    ) -> int:
        """Play `text` for `seat`, chosen at state `version`; returns the new version. A bot's
        move (`by_bot`) is dropped if its seat's player took the seat back meanwhile."""
        acted_at = time.time() if acted_at is None else acted_at
        if by_bot:
            return await self._act(room, seat, version, text, acted_at, by_bot)
        return int(await self._write(room, "act", seat, version, text, acted_at))

    async def _act(
        self,
        room: Room,
        seat: int | None,
        version: int,
        text: str,
        acted_at: float,
        by_bot: bool = False,
    ) -> int:
        async with room.lock:
            if by_bot and seat is not None and not room.played_by_bot(seat):
                return room.version
            self._check_turn(room, seat, version, "action")
            after, action, said = await self._checked(room, text)
            try:
                await self._commit(
                    ActionRow(
                        room.id, len(after.history), str(action), after.is_terminal(), acted_at
                    )
                )
            except IntegrityError:  # the number is taken: another process played meanwhile
                await self._stepped_on(room)
                raise Refused(
                    409, _("another move was played meanwhile: try again"), "stale version"
                ) from None
            room.state = after
            room.moves.append(said)
            room.row.actions.append(str(action))
            room.row.over = after.is_terminal()
            room.acted_at = acted_at
            if after.current_player != seat:
                room.turn_began = acted_at
            room.broadcast_state()
        self._next_turn(room)
        return room.version

    async def _checked(self, room: Room, text: str) -> tuple[State, Action, Said]:
        """`checked` under the engine's bound (`watchdog`): a room whose engine ran past it is
        reloaded from its record; any other failure of the engine is a refusal."""
        try:
            with WATCHDOG.bounded(ENGINE_BOUND):
                return checked(room.state, text)
        except Refused:
            raise
        except Overran:
            log.warning(
                "room %s: %r ran past %g s: refused, room reloaded", room.id, text, ENGINE_BOUND
            )
            await self._reload(room)
            raise Refused(
                422,
                _(
                    "{action} could not be checked within {seconds} s",
                    action=repr(text),
                    seconds=format(ENGINE_BOUND, "g"),
                ),
                "bound",
            ) from None
        except Exception as error:  # the engine failed on a copy: the room's state is whole
            log.warning("room %s: %r failed: %s: %s", room.id, text, type(error).__name__, error)
            raise Refused(
                400, _("{action} names no action of this game", action=repr(text)), "notation"
            ) from None

    async def _reload(self, room: Room) -> None:
        """The room's state again from its record (after an engine was stopped on a copy of
        it: whatever it kept on the side may be half made)."""
        room.state, room.moves = await asyncio.to_thread(
            replay_told, room.game, room.row.seed, room.row.actions
        )
        room._cache.clear()

    async def undo(self, room: Room, seat: int | None, version: int) -> int:
        """Take back the seat's last action, if the engine allows it (`State.undoable`)."""
        return int(await self._write(room, "undo", seat, version))

    async def _undo(self, room: Room, seat: int | None, version: int) -> int:
        async with room.lock:
            self._check_turn(room, seat, version, "take-back")
            if not room.state.undoable():
                raise Refused(
                    409,
                    _(
                        "nothing to take back: only your own actions of this turn that revealed "
                        "nothing hidden or random"
                    ),
                    "undo",
                )
            actions = room.row.actions[:-1]
            before = await asyncio.to_thread(_replayed, room.game, room.row.seed, actions)
            await self._db(self.storage.take_back, room.id, len(room.row.actions))
            room.state = before
            room.moves.pop()
            room.row.actions = actions
            room.row.undos += 1
            room.acted_at = time.time()
            room.broadcast_state()
        return room.version

    # -- the clock and the bots -----------------------------------------------------------------

    def _next_turn(self, room: Room) -> None:
        """Start what the seat to move needs: a bot's move, or the clock of a person (only
        the room's owner runs them)."""
        if not room.owned:
            return
        self._schedule_bot(room)
        self._start_clock(room)

    def _start_clock(self, room: Room) -> None:
        if room.clock_task is not None:
            room.clock_task.cancel()
            room.clock_task = None
        seat = room.state.current_player
        if self._stopping or room.row.clock is None or seat is None or not room._clocked(seat):
            return
        wait = room.turn_began + room.row.clock - time.time()
        room.clock_task = asyncio.create_task(
            self._time_out(room, seat, room.version, wait), name=f"clock {room.id}"
        )
        room.clock_task.add_done_callback(report_failure)

    async def _time_out(self, room: Room, seat: int, version: int, wait: float) -> None:
        """The seat's time ran out: a bot stands in for its player from now on."""
        await asyncio.sleep(max(0.0, wait))
        async with room.lock:
            if room.version != version or room.state.current_player != seat:
                return
            await self._db(self.storage.update_seat, room.id, seat, away=True)
            room.seats[seat].away = True
            room.clock_task = None
            room.broadcast_state()
        self._schedule_bot(room)

    @staticmethod
    def _bot_to_move(room: Room) -> bool:
        seat = room.state.current_player
        return seat is not None and room.played_by_bot(seat)

    def _schedule_bot(self, room: Room) -> None:
        if self._stopping or room.row.archived or not self._bot_to_move(room):
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.create_task(self._bot_turn(room), name=f"bot {room.id}")
        room.bot_task.add_done_callback(report_failure)

    async def _bot_turn(self, room: Room) -> None:
        await asyncio.sleep(self.bot_delay)
        version, seat = room.version, room.state.current_player
        if seat is None or not room.owned or not room.played_by_bot(seat):
            return
        row = room.seats[seat]
        spec = resolve(row.agent or "random", room.game) if row.kind == "bot" else STAND_IN
        seed = (room.row.seed * 1009 + seat * 7919 + version) % (1 << 62)
        text = await self.bots.move(room.state, spec, seed, room.turn())
        acted_at = time.time()
        room.bot_task = None
        try:
            await self.act(room, seat, version, text, acted_at, by_bot=True)
        except Refused as refused:
            log.warning("room %s: bot move %r refused: %s", room.id, text, refused.message)


def _replayed(game: Game, seed: int, actions: list[str]) -> State:
    state = game.new_state(seed)
    for text in actions:
        state.apply(state.game.parse_recorded(text, state))
    return state


def cancel(*tasks: asyncio.Task[None] | None) -> None:
    for task in tasks:
        if task is not None:
            task.cancel()


def report_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("bot turn failed", exc_info=task.exception())

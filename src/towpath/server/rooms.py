"""Rooms: one game each, its seats, the clients watching it and the bots playing in it.

The lobby is the only writer of a room's state. An action is checked by the engine on a copy of
the state, committed to storage, and only then becomes the room's state and is broadcast: what a
client has seen is never lost by a crash. Every message to a client is built from the view of
that client's seat (`payload`).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import secrets
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar

import towpath
from towpath.agents.settings import check_settings
from towpath.core import registry
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, Game, State
from towpath.core.options import FileOption
from towpath.server.storage import ActionRow, RoomRow, SeatRow, Storage, digest

log = logging.getLogger("towpath.server")
T = TypeVar("T")

VARIANT = re.compile(r"[a-z0-9_-]{1,40}")
TOKEN_BYTES = 24  # 192 random bits per seat token
QUEUE_LIMIT = 256  # messages waiting for one client before it is dropped as too slow


class Refused(Exception):
    """A request the server turns down: an HTTP status, the reason, and the rule it breaks."""

    def __init__(self, status: int, message: str, rule: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule


@dataclass
class SeatRequest:
    kind: str  # "human" or "bot"
    name: str = ""
    agent: str = "random"
    settings: dict[str, JSON] = field(default_factory=dict)


@dataclass(eq=False)
class Client:
    """One open socket, watching a room as one seat (None: a spectator)."""

    seat: int | None
    queue: asyncio.Queue[dict[str, JSON] | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_LIMIT)
    )

    def push(self, message: dict[str, JSON]) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


def agent_spec(name: str, settings: dict[str, JSON]) -> str:
    """A bot as the command line writes it: `mcts:seconds=1`."""
    params = ",".join(f"{key}={value}" for key, value in sorted(settings.items()))
    return f"{name}:{params}" if params else name


def parse_agent_spec(spec: str) -> tuple[str, dict[str, JSON]]:
    name, _, params = spec.partition(":")
    settings: dict[str, JSON] = {}
    for item in filter(None, params.split(",")):
        key, _, value = item.partition("=")
        settings[key] = _number(value)
    return name, settings


def _number(text: str) -> JSON:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _check_variant(cls: type[Game], spec: FileOption, value: object) -> None:
    """A data-file option may name one of the game's built-in variants (a folder of its
    `data/`), never a path: a path would name a file on the server's own disk."""
    name = spec.coerce(value)
    if name is None:
        return
    package = sys.modules[cls.__module__].__package__ or cls.__module__
    variants = resources.files(package).joinpath("data")
    if (
        not isinstance(name, str)
        or not VARIANT.fullmatch(name)
        or not variants.joinpath(name).is_dir()
    ):
        raise Refused(
            422,
            f"option {spec.name}: expected the name of a built-in variant; files are read by "
            "the command line, not the server",
            "options",
        )


def drawing(state: State, seat: int | None) -> tuple[str | None, str | None]:
    """The board as SVG, or as text for a game without an SVG rendering: (svg, text)."""
    try:
        return state.render_svg(seat), None
    except GameError:
        return None, state.render_text(seat)


def choose_action(state_json: str, spec: str, seed: int) -> str:
    """A bot's move, run on a worker: the state travels as its exact JSON save."""
    state = towpath.from_json(state_json)
    name, settings = parse_agent_spec(spec)
    return str(towpath.agent(name, seed=seed, **settings).choose(state))


class Room:
    def __init__(self, row: RoomRow) -> None:
        self.row = row
        self.game: Game = towpath.load(row.game, row.players, **row.options)
        self.state: State = towpath.replay(row.record())
        self.seats: list[SeatRow] = row.seats
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.acted_at = time.time()
        self._cache: dict[int | None, tuple[int, dict[str, JSON]]] = {}

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """The number of actions played: every action names the version it was chosen at."""
        return len(self.state.history)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens (None without a token: a spectator); Refused if it opens none."""
        if not token:
            return None
        wanted = digest(token)
        for seat in self.seats:
            if seat.token_digest is not None and hmac.compare_digest(seat.token_digest, wanted):
                return seat.seat
        raise Refused(403, "this token opens no seat of this room", "token")

    def connected(self) -> list[bool]:
        seated = {client.seat for client in self.clients}
        return [seat.kind == "bot" or seat.seat in seated for seat in self.seats]

    def seat_list(self) -> list[dict[str, JSON]]:
        connected = self.connected()
        return [
            {
                "seat": seat.seat,
                "kind": seat.kind,
                "name": seat.name,
                "agent": seat.agent,
                "claimed": seat.claimed or seat.kind == "bot",
                "connected": connected[seat.seat],
            }
            for seat in self.seats
        ]

    def payload(self, seat: int | None) -> dict[str, JSON]:
        """Everything a client of `seat` is sent, built from `view(seat)` (cached per version)."""
        cached = self._cache.get(seat)
        if cached is not None and cached[0] == self.version:
            return {**cached[1], "seats": self.seat_list(), "rematch": self.row.rematch}
        state = self.state
        over = state.is_terminal()
        svg, text = drawing(state, seat)
        legal = state.legal_actions() if seat is not None and seat == state.current_player else []
        message: dict[str, JSON] = {
            "type": "state",
            "room": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": self.game.players,
            "options": self.row.options,
            "notation_help": self.game.notation_help,
            "seat": seat,
            "version": self.version,
            "current_player": state.current_player,
            "over": over,
            "view": state.view(seat),
            "svg": svg,
            "text": text,
            "legal": [{"action": str(a), "description": a.describe()} for a in legal],
            "log": state.log(seat),
            "result": {"returns": state.returns(), "scores": state.scores()} if over else None,
            "acted_at": self.acted_at,
        }
        self._cache[seat] = (self.version, message)
        return {**message, "seats": self.seat_list(), "rematch": self.row.rematch}

    def summary(self) -> dict[str, JSON]:
        return {
            "room": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": self.game.players,
            "version": self.version,
            "over": self.state.is_terminal(),
            "seats": self.seat_list(),
            "created": self.row.created,
        }

    def broadcast_state(self) -> None:
        for client in list(self.clients):
            client.push(self.payload(client.seat))

    def broadcast_presence(self) -> None:
        message: dict[str, JSON] = {"type": "presence", "seats": self.seat_list()}
        for client in list(self.clients):
            client.push(message)


class Lobby:
    """All rooms of a server: creating, restoring, acting, bots and clients."""

    def __init__(self, storage: Storage, bot_pool: Executor, bot_delay: float = 0.8) -> None:
        self.storage = storage
        self.bot_pool = bot_pool
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="towpath-db")
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._stopping = False
        self._pending: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

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
            except Exception as error:  # every waiting action is refused with the cause
                for _, done in batch:
                    done.set_exception(error)
            else:
                for _, done in batch:
                    done.set_result(None)

    async def _db(self, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._writer, call, *args)

    # -- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Restore every unfinished room by replaying its record, and wake its bots."""
        for room_id in await self._db(self.storage.room_ids, True):
            room = await self.get(room_id)
            if room is not None:
                self._schedule_bot(room)

    async def stop(self) -> None:
        self._stopping = True
        tasks = [room.bot_task for room in self.rooms.values() if room.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for room in self.rooms.values():
            for client in list(room.clients):
                client.close()
        self._writer.shutdown(wait=True)

    # -- rooms ---------------------------------------------------------------------------------

    async def get(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            row = await self._db(self.storage.load_room, room_id)
            room = Room(row) if row is not None else None
            if room is not None:
                self.rooms[room_id] = room
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: a waiting caller re-raises it
            raise
        finally:
            del self._loading[room_id]

    async def room(self, room_id: str) -> Room:
        room = await self.get(room_id)
        if room is None:
            raise Refused(404, f"no room {room_id!r}", "room")
        return room

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, JSON],
        seats: list[SeatRequest] | None,
        seed: int | None,
        listed: bool,
        rematch_of: str | None = None,
    ) -> tuple[Room, dict[int, str]]:
        """A new room; returns it with the token of each human seat (shown only this once)."""
        game = self._check_game(game_id, players, options)
        requests = seats or [SeatRequest("human")] + [
            SeatRequest("bot") for _ in range(game.players - 1)
        ]
        if len(requests) != game.players:
            raise Refused(422, f"expected {game.players} seats for {game.players} players", "seats")
        tokens: dict[int, str] = {}
        seat_rows = []
        for number, request in enumerate(requests):
            if request.kind == "human":
                # The first person's seat is the creator's: it is never offered to joiners.
                tokens[number] = secrets.token_urlsafe(TOKEN_BYTES)
                seat_rows.append(
                    SeatRow(
                        number,
                        "human",
                        request.name or f"Player {number + 1}",
                        None,
                        digest(tokens[number]),
                        len(tokens) == 1,
                    )
                )
            else:
                spec = self._check_bot(request)
                name = request.name or f"{request.agent} bot"
                seat_rows.append(SeatRow(number, "bot", name, spec, None, True))
        row = RoomRow(
            id=secrets.token_urlsafe(9),
            game=game.id,
            players=game.players,
            options=game.non_default_options(),
            seed=seed if seed is not None else secrets.randbits(52),
            listed=listed,
            over=False,
            created=time.time(),
            rematch_of=rematch_of,
            rematch=None,
            seats=seat_rows,
            actions=[],
        )
        room = Room(row)
        await self._db(self.storage.create_room, row)
        self.rooms[row.id] = room
        self._schedule_bot(room)
        return room, tokens

    @staticmethod
    def _check_game(game_id: str, players: int | None, options: dict[str, JSON]) -> Game:
        try:
            towpath.game_ids()  # registers the games
            cls = registry.game_class(game_id)
            for spec in cls.option_specs:
                if isinstance(spec, FileOption):
                    _check_variant(cls, spec, options.get(spec.name))
            return towpath.load(game_id, players, **options)
        except GameError as error:
            raise Refused(422, str(error), "game") from None

    @staticmethod
    def _check_bot(request: SeatRequest) -> str:
        try:
            settings = check_settings(request.agent, request.settings)
            towpath.agent(request.agent, seed=0, **settings)
        except GameError as error:
            raise Refused(422, str(error), "agent") from None
        return agent_spec(request.agent, settings)

    async def listing(self) -> list[dict[str, JSON]]:
        """The listed rooms still being played, newest first."""
        open_rooms = []
        for room_id in reversed(await self._db(self.storage.room_ids, True)):
            room = await self.get(room_id)
            if room is not None and room.row.listed and not room.state.is_terminal():
                open_rooms.append(room.summary())
        return open_rooms

    async def join(self, room: Room) -> tuple[int, str]:
        """A free human seat of a listed room: its token is made anew for the one who joins."""
        if not room.row.listed:
            raise Refused(403, "this room is joined by invitation only", "invitation")
        async with room.lock:
            free = [s for s in room.seats if s.kind == "human" and not s.claimed]
            if not free or room.state.is_terminal():
                raise Refused(409, "no free seat in this room", "seats")
            seat = free[0]
            token = secrets.token_urlsafe(TOKEN_BYTES)
            await self._db(self.storage.set_token, room.id, seat.seat, digest(token))
            await self._db(self.storage.claim, room.id, seat.seat)
            seat.token_digest, seat.claimed = digest(token), True
        room.broadcast_presence()
        return seat.seat, token

    async def claim(self, room: Room, seat: int) -> None:
        """The first time a seat's token is used, its seat stops being free to join."""
        row = room.seats[seat]
        if not row.claimed:
            row.claimed = True
            await self._db(self.storage.claim, room.id, seat)

    async def rematch(self, room: Room, seat: int | None) -> tuple[Room, str | None]:
        """The same game, options and seats again with a new seed; a player gets a new token."""
        if not room.state.is_terminal():
            raise Refused(409, "the rematch starts once the game is over", "game over")
        async with room.lock:
            if room.row.rematch is None:
                requests = [
                    SeatRequest(s.kind, s.name, *parse_agent_spec(s.agent or "random"))
                    for s in room.seats
                ]
                new, _ = await self.create(
                    room.game.id,
                    room.game.players,
                    room.row.options,
                    requests,
                    None,
                    room.row.listed,
                    rematch_of=room.id,
                )
                for s in new.seats:  # tokens are handed out as each player asks for them,
                    if s.kind == "human":  # and the seats stay theirs, never free to join
                        s.token_digest, s.claimed = None, True
                        await self._db(self.storage.set_token, new.id, s.seat, None)
                        await self._db(self.storage.claim, new.id, s.seat)
                room.row.rematch = new.id
                room.broadcast_presence()
            new = await self.room(room.row.rematch)
        if seat is None or new.seats[seat].kind != "human":
            return new, None
        token = secrets.token_urlsafe(TOKEN_BYTES)
        await self._db(self.storage.set_token, new.id, seat, digest(token))
        new.seats[seat].token_digest = digest(token)
        return new, token

    # -- acting ----------------------------------------------------------------------------------

    async def act(
        self, room: Room, seat: int | None, version: int, text: str, acted_at: float | None = None
    ) -> int:
        """Play `text` for `seat`, chosen at state `version`; returns the new version."""
        acted_at = time.time() if acted_at is None else acted_at
        async with room.lock:
            state = room.state
            if seat is None:
                raise Refused(403, "a spectator cannot act", "seat")
            if state.is_terminal():
                raise Refused(409, "the game is over", "game over")
            if version != room.version:
                raise Refused(
                    409,
                    f"stale action: it was chosen at version {version}, the game is at "
                    f"{room.version}",
                    "stale version",
                )
            if state.current_player != seat:
                raise Refused(409, f"it is seat {state.current_player}'s turn", "turn")
            try:
                action = room.game.parse_action(text, state)
            except GameError as error:
                raise Refused(400, str(error), "notation") from None
            after = state.clone()
            try:
                after.apply(action)
            except IllegalAction as error:
                raise Refused(409, str(error), error.rule) from None
            await self._commit(
                ActionRow(room.id, len(after.history), str(action), after.is_terminal())
            )
            room.state = after
            room.row.actions.append(str(action))
            room.row.over = after.is_terminal()
            room.acted_at = acted_at
            room.broadcast_state()
        self._schedule_bot(room)
        return room.version

    # -- bots ------------------------------------------------------------------------------------

    def _schedule_bot(self, room: Room) -> None:
        seat = room.state.current_player
        if self._stopping or seat is None or room.seats[seat].kind != "bot":
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.create_task(self._bot_turn(room), name=f"bot {room.id}")
        room.bot_task.add_done_callback(_report_failure)

    async def _bot_turn(self, room: Room) -> None:
        await asyncio.sleep(self.bot_delay)
        version, seat = room.version, room.state.current_player
        if seat is None:
            return
        spec = room.seats[seat].agent or "random"
        seed = (room.row.seed * 1009 + seat * 7919 + version) % (1 << 62)
        text = await asyncio.get_running_loop().run_in_executor(
            self.bot_pool, choose_action, room.state.to_json(), spec, seed
        )
        acted_at = time.time()
        room.bot_task = None
        try:
            await self.act(room, seat, version, text, acted_at)
        except Refused as refused:
            log.warning("room %s: bot move %r refused: %s", room.id, text, refused.message)

    # -- clients -------------------------------------------------------------------------------

    def connect(self, room: Room, client: Client) -> None:
        room.clients.add(client)
        client.push(room.payload(client.seat))
        room.broadcast_presence()

    def disconnect(self, room: Room, client: Client) -> None:
        room.clients.discard(client)
        room.broadcast_presence()


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("bot turn failed", exc_info=task.exception())

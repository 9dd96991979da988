"""Rooms: one game each, its seats, the clients watching it and the bots playing in it.

The lobby is the only writer of a room's state. An action is checked by the engine on a copy of
the state, committed to storage, and only then becomes the room's state and is broadcast: what a
client has seen is never lost by a crash. Every message to a client is built from the view of
that client's seat (`payload`), once per seat and version.

On PostgreSQL several processes serve the same rooms (`cluster`): the lobby of the room's owner
is its only writer, the others forward their changes to it and follow its commits, and each
process builds its own clients' messages. Decisions: a change is forwarded whole (the owner
checks it again: a forwarded action is refused as stale like any other); reading a room (a
GET) answers from the process's own copy, which may lag the owner by a notification; who is
present is told between processes (`cluster`).

Seats and links: a person's seat is *invited* (only its link opens it) or *open* (anyone may
join it from the lobby, choosing their own name). Every link's token is an HMAC of the room,
the seat (or "host") and the seat's generation under the server's secret, so the host can be
shown the invitation links again, and re-issuing a link (a new generation) revokes the old one.
An invitation is taken once (`claim`): whoever opens it first gets the seat's own token, which
the host never sees, and the invitation opens nothing any more; a seat opened by the host's
browser says so to every seat, and so does every re-issued link (`seat_list`).

Seeds: every room commits to its seed from the start (`seed_hash`, SHA-256 of its decimal
text) and publishes it once the game is over. A seed chosen by the creator (only in unlisted
rooms) is shown as such to every seat.

The table: every action is told in words (`moves`, from the engine's `words`), a seat's player
may take back what the engine allows (`undo`: the record loses its last action, and the
version still grows), name themself and chat. A room may have a turn clock: a person whose
time runs out is stood in for by a bot (`STAND_IN`) until they take the seat back.

Memory: a room stays in memory while it is used, watched or a bot is to move in it, and a
short while after; rooms without an action for `archive_after` seconds are archived: they leave
memory and the lobby, and their records stay readable and replayable.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import re
import secrets
import sys
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

import towpath
from towpath.agents.levels import resolve
from towpath.agents.settings import check_settings
from towpath.agents.spec import AgentSpec
from towpath.core import registry
from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction, quote
from towpath.core.game import JSON, Game, State
from towpath.core.options import FileOption
from towpath.core.svg import parts_of as svg_parts
from towpath.server.bots import Bots, Turn
from towpath.server.cluster import PRESENCE_EVERY, Cluster, Payload
from towpath.server.protocol import CHAT_LENGTH, NAME_LENGTH, readable
from towpath.server.replays import Replay, drawing
from towpath.server.storage import (
    CHAT_KEPT,
    ActionRow,
    ChatRow,
    Listed,
    RoomRow,
    SeatRow,
    Storage,
)
from towpath.server.watchdog import ENGINE_BOUND, WATCHDOG, Overran

log = logging.getLogger("towpath.server")
T = TypeVar("T")

TOKEN_BYTES = 24  # 192 bits of HMAC per link token
ID_BYTES, ID_TAG_BYTES = 9, 3  # a room id's random bytes and the tag that vouches for them
ID_LENGTH = 4 * (ID_BYTES + ID_TAG_BYTES) // 3  # characters of a room id
ID_SHAPE = re.compile(r"[A-Za-z0-9_-]+")
SEED_BITS = 128  # a server-chosen seed: its hash cannot be searched back to it
QUEUE_LIMIT = 256  # messages waiting for one client before it is dropped as too slow
INVITED, OPEN = "invited", "open"
ARCHIVE_AFTER = 7 * 24 * 3600.0
KEEP_IDLE = 60.0  # seconds an unused, unwatched room stays in memory
UNWATCHED = 600.0  # seconds a game of bots alone goes on with nobody watching it
STAND_IN = "greedy:budget=0,sample=20,shortlist=4"  # plays for a person whose clock ran out
CLOCK_RANGE = (5, 7 * 24 * 3600)  # seconds a turn clock may be set to
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # chat lines a client may send within the window
WRITE_WAIT = 15.0  # seconds a change waits for a room's owner to answer, retries included
PRESENCE_KEPT = 3 * PRESENCE_EVERY  # seconds another process's word on who is present holds
PRESENCE_GAP = 0.25  # seconds between a room's presence messages, at least
REISSUED = "this link was re-issued: ask the host for the new one"
VERBS = {"action": "play", "take-back": "take back"}  # what a seat does, by its refusal's noun


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


@dataclass
class SeatRequest:
    kind: str  # "human" or "bot"
    name: str = ""
    agent: str = "normal"
    settings: dict[str, JSON] = field(default_factory=dict)
    access: str = INVITED
    claimed: bool = False  # an open seat kept for the player who joined it before (a rematch)
    taken: bool = False  # taken from the start: the creator's own seat, or a rematch's player's
    by_host: bool = False  # taken by the host's browser


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
TAKEN = "this invitation was opened already: ask the host for a new link"
Message = dict[str, JSON]
Closing = tuple[int, str]  # a socket close code and its reason
StateText = Callable[[], str]  # makes a state message in JSON, when its socket is ready
PARTS_KEPT = 1024  # board parts a room keeps with their keys and JSON, across versions
Outgoing = Message | str | StateText | Closing


def dumps(message: JSON) -> str:
    return json.dumps(message, separators=(",", ":"))


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


def link_token(secret: bytes, room: str, who: str, generation: int) -> str:
    """The token of a link: who is a seat number or "host"."""
    mac = hmac.new(secret, f"{room}\n{who}\n{generation}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode()


def same(token: str, expected: str) -> bool:
    """Whether a token given by a client is the one expected, compared in constant time (as
    bytes: a token of any characters is just a wrong one)."""
    return hmac.compare_digest(token.encode(), expected.encode())


def seed_hash(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


def variants(cls: type[Game], spec: FileOption) -> list[str]:
    """The built-in variants a data-file option may name: the folders of the game's `data/`
    holding a file for it (Canal King's `small/board.toml`)."""
    package = sys.modules[cls.__module__].__package__ or cls.__module__
    folder = resources.files(package).joinpath("data")
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.is_dir() and entry.joinpath(f"{spec.name}.toml").is_file()
    )


def _check_variant(cls: type[Game], spec: FileOption, value: object) -> None:
    """A data-file option may name one of the game's built-in variants, never a path: a path
    would name a file on the server's own disk."""
    name = spec.coerce(value)
    if name is None:
        return
    known = variants(cls, spec)
    if name not in known:
        offered = f"one of {', '.join(known)}" if known else "none (only the built-in one)"
        raise Refused(
            422,
            f"option {spec.name}: expected a built-in variant, {offered}; files are read by "
            "the command line, not the server",
            "options",
        )


def seat_list(seats: list[SeatRow], connected: set[int | None]) -> list[Message]:
    return [
        {
            "seat": seat.seat,
            "kind": seat.kind,
            "name": seat.name,
            "agent": seat.agent,
            "access": seat.access,
            "claimed": seat.claimed or seat.kind == "bot",
            "connected": seat.kind == "bot" or seat.seat in connected,
            "away": seat.away,
            "by_host": seat.by_host,
            "reissued": seat.generation,
        }
        for seat in seats
    ]


Told = dict[str, JSON]  # an action in words: {"seat", "kind", "did", "what"}


def told(state: State, action_text: str) -> tuple[Action, Told]:
    """The action of a recorded notation in `state` (see `Game.parse_recorded`), and what it
    is in words (before it is played)."""
    action = state.game.parse_recorded(action_text, state)
    return action, {"seat": state.current_player, **state.words(action).to_json()}


def checked(state: State, text: str) -> tuple[State, Action, Told]:
    """A client's action played on a copy of `state`: the state after it, the action, and
    what it is in words. Nothing is told of an action before the engine accepted it."""
    try:
        action = state.game.parse_action(text, state)
    except GameError as error:
        raise Refused(400, str(error), "notation") from None
    after = state.clone()
    try:
        after.apply(action)
    except IllegalAction as error:
        raise Refused(409, str(error), error.rule) from None
    return after, action, {"seat": state.current_player, **state.words(action).to_json()}


def replay_told(game: Game, seed: int, actions: list[str]) -> tuple[State, list[Told]]:
    """The state a record reaches, and every action of it in words."""
    state = game.new_state(seed)
    moves = []
    for text in actions:
        action, said = told(state, text)
        moves.append(said)
        state.apply(action)
    return state, moves


@dataclass(frozen=True)
class Settled:
    """A seat's state message at one version: the message, its JSON as a socket gets it
    (without the board's parts, the moves, the log and the closing brace), and the board's
    parts by key."""

    version: int
    message: Message
    text: str
    parts: list[tuple[str, str]]


class Room:
    def __init__(self, row: RoomRow, secret: bytes) -> None:
        self.row = row
        self.secret = secret
        self.game: Game = towpath.load(row.game, row.players, **row.options)
        self.state, self.moves = replay_told(self.game, row.seed, row.actions)
        self.chat: list[ChatRow] = list(row.chat)
        self.turn_began = time.time()  # when the seat to move began its turn (for the clock)
        self.clock_task: asyncio.Task[None] | None = None
        self.seats: list[SeatRow] = row.seats
        self.clients: set[Client] = set()
        self._seated: Counter[int] = Counter()  # the clients here of each seat
        self._watching = 0  # the clients here without a seat
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.acted_at = time.time()
        self.users = 0  # requests using the room now: it stays in memory meanwhile
        self.touched = time.monotonic()
        self.watched_at = self.touched  # when someone last watched it (see `unwatched`)
        self._cache: dict[int | None, Settled] = {}
        self._replay: Replay | None = None
        self._parts: dict[str, tuple[str, str]] = {}  # a board part -> its key and JSON
        self.owned = True  # this process writes to it, runs its bots and clock (see `cluster`)
        self.elsewhere: dict[str, Presence] = {}  # what other processes said is there
        self.on_presence: Callable[[Room], None] | None = None  # after presence was told
        self._presence_due: asyncio.TimerHandle | None = None
        self._presence_at = 0.0  # when presence was last told
        self._presence_told = ""

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        """The actions played and twice the actions taken back: it grows with every change, and
        every action names the version it was chosen at."""
        return len(self.state.history) + 2 * self.row.undos

    def token(self, who: int | str) -> str:
        """The token of a seat's link (at its generation) or of the host's: an invited seat's
        invitation until it is taken (`seat_token` then)."""
        generation = self.seats[who].generation if isinstance(who, int) else 0
        return link_token(self.secret, self.id, str(who), generation)

    def hosted_by(self, token: str | None) -> bool:
        """Whether the token is the host's."""
        return token is not None and same(token, self.token("host"))

    def seat_token(self, seat: int) -> str:
        """The token of whoever took the seat's invitation (`claim`): the seat's own."""
        return link_token(self.secret, self.id, f"{seat} taken", self.seats[seat].generation)

    def own_token(self, seat: int) -> str:
        """The token that opens the seat now: its own once taken, else its link's."""
        return self.seat_token(seat) if self.seats[seat].sealed else self.token(seat)

    def issued(self, seat: SeatRow) -> bool:
        """Whether the seat has a link: an invited seat always, an open one once joined."""
        return seat.kind == "human" and (seat.access == INVITED or seat.claimed)

    def viewer(self, token: str | None) -> Viewer:
        """Who the token makes its bearer (no token: a spectator); Refused if it opens
        nothing here."""
        if not token:
            return SPECTATOR
        if self.hosted_by(token):
            return Viewer(host=True)
        digest = hashlib.sha256(token.encode()).hexdigest()
        for seat in self.seats:
            if not self.issued(seat):
                continue
            if seat.sealed and same(token, self.seat_token(seat.seat)):
                return Viewer(seat.seat)
            if same(token, self.token(seat.seat)):
                if seat.sealed:
                    raise Refused(410, TAKEN, "token")
                return Viewer(seat.seat, invitation=seat.access == INVITED and not seat.claimed)
            if seat.token_digest is not None and same(seat.token_digest, digest):
                return Viewer(seat.seat)
        raise Refused(403, "this link opens no seat of this room: it is wrong or revoked", "token")

    def seat_list(self) -> list[Message]:
        return seat_list(self.seats, self.present())

    def come(self, client: Client) -> None:
        self.clients.add(client)
        self._counted(client, 1)

    def go(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self._counted(client, -1)

    def _counted(self, client: Client, change: int) -> None:
        if client.seat is None:
            self._watching += change
            return
        self._seated[client.seat] += change
        if not self._seated[client.seat]:
            del self._seated[client.seat]

    def present(self) -> set[int | None]:
        """The seats with a socket open here, or through another process lately."""
        here: set[int | None] = set(self._seated)
        for there in self._heard():
            here |= there.seats
        return here

    def spectators(self) -> int:
        """The sockets watching without a seat, here and through other processes lately."""
        return self._watching + sum(there.spectators for there in self._heard())

    def _heard(self) -> list[Presence]:
        now = time.monotonic()
        return [there for there in self.elsewhere.values() if now - there.heard < PRESENCE_KEPT]

    def here(self) -> tuple[list[int], int]:
        """Who is here through this process: the seats with a socket, and the spectators."""
        return sorted(self._seated), self._watching

    def fairness(self) -> Message:
        """The seed's commitment, and the seed itself once the game is over for good."""
        return {
            "seed_hash": seed_hash(self.row.seed),
            "seed_chosen": self.row.seed_chosen,
            "seed": str(self.row.seed) if self.closed() else None,
        }

    def replay(self) -> Replay:
        """The replay of the finished game (made once: its record never changes now)."""
        assert self.closed()
        if self._replay is None:
            about = {"room": self.id, **self.fairness()}
            self._replay = Replay(self.game, self.row.seed, self.row.actions, self.moves, about)
        return self._replay

    def closed(self) -> bool:
        """Whether no action can come any more: the game is over or the room archived."""
        return self.row.archived or self.state.is_terminal()

    def payload(self, seat: int | None) -> Message:
        """Everything a client of `seat` is sent, built from `view(seat)` (its socket gets the
        board in parts: see `state_text`)."""
        return {**self._settled(seat).message, "log": self.state.log(seat), **self._live()}

    def state_text(self, client: Client) -> str:
        """`payload(client.seat)` in JSON as its socket gets it: the board as the keys of its
        parts (`board`), with only the parts the client's page does not keep yet (`parts`),
        and only the moves after those it keeps (`moves` and `log` from `moves_from`)."""
        settled = self._settled(client.seat)
        parts = {key: text for key, text in settled.parts if key not in client.board}
        client.board = {key for key, _ in settled.parts}
        new = ",".join(f'"{key}":{text}' for key, text in parts.items())
        kept = self._moves_kept(client)
        client.moves = (len(self.moves), self.moves[-1] if self.moves else None)
        log = self.state.log(client.seat, latest=len(self.moves) - kept)
        return (
            f'{settled.text},"parts":{{{new}}},"moves_from":{kept},'
            f'"moves":{dumps(self.moves[kept:])},"log":{dumps(log)},{dumps(self._live())[1:]}'
        )

    def _moves_kept(self, client: Client) -> int:
        """How many of the room's moves the client's page keeps: those it was sent, unless one
        of them was taken back since (the last one sent is no longer where it was)."""
        count, last = client.moves
        if count <= len(self.moves) and (count == 0 or self.moves[count - 1] is last):
            return count
        return 0

    def _settled(self, seat: int | None) -> Settled:
        """The part of `payload(seat)` that only an action changes: made once per version and
        seat, shared by the seat's sockets."""
        cached = self._cache.get(seat)
        if cached is not None and cached.version == self.version:
            return cached
        state = self.state
        over = state.is_terminal()
        svg, text = drawing(state, seat)
        legal = state.legal_actions() if seat is not None and seat == state.current_player else []
        message: Message = {
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
            "legal": [{"action": str(a), **state.words(a).to_json()} for a in legal],
            "moves": self.moves,
            "undoable": seat is not None and seat == state.current_player and state.undoable(),
            "ending": None if (ending := state.ending()) is None else ending.to_json(),
            "result": {"returns": state.returns(), "scores": state.scores()} if over else None,
            "acted_at": self.acted_at,
            **self.fairness(),
        }
        parts = self._parts_of(svg)
        sent = {key: value for key, value in message.items() if key not in ("svg", "moves")}
        sent["board"] = [key for key, _ in parts]
        settled = Settled(self.version, message, dumps(sent)[:-1], parts)
        self._cache[seat] = settled
        return settled

    def _parts_of(self, svg: str | None) -> list[tuple[str, str]]:
        """The board's parts (`towpath.core.svg.Drawing`), each as its key (a digest of it)
        and its JSON, kept across versions: most parts are drawn again unchanged."""
        found = []
        for part in svg_parts(svg) if svg is not None else ():
            known = self._parts.get(part)
            if known is None:
                if len(self._parts) >= PARTS_KEPT:
                    self._parts.clear()
                key = hashlib.blake2b(part.encode(), digest_size=8).hexdigest()
                known = self._parts[part] = (key, json.dumps(part))
            found.append(known)
        return found

    def _live(self) -> Message:
        return {
            "seats": self.seat_list(),
            **self._watchers(),
            "rematch": self.row.rematch,
            "archived": self.row.archived,
            "clock": self.clock(),
        }

    def clock(self) -> Message | None:
        """The turn clock: seconds a turn, when the seat to move runs out, who is stood in
        for."""
        if self.row.clock is None:
            return None
        seat = self.state.current_player
        running = seat is not None and self._clocked(seat)
        return {
            "seconds": self.row.clock,
            "deadline": self.turn_began + self.row.clock if running else None,
            "away": [s.seat for s in self.seats if s.away],
        }

    def _clocked(self, seat: int) -> bool:
        """Whether the clock runs for the seat: a person's, present at the table."""
        row = self.seats[seat]
        return row.kind == "human" and not row.away and not self.closed()

    def check_name(self, name: str, seat: int) -> None:
        """A seat's new name may be no other seat's: the table and its log name players."""
        taken = next(
            (s for s in self.seats if s.seat != seat and s.name.casefold() == name.casefold()),
            None,
        )
        if taken is not None:
            raise Refused(409, f"name: {taken.name!r} is another seat's name already", "name")

    def turn(self) -> Turn:
        """Whose bot moves in this room, for the fairness of the bots' lanes."""
        people = any(seat.kind == "human" for seat in self.seats)
        return Turn(self.row.creator or self.id, people)

    def played_by_bot(self, seat: int) -> bool:
        return self.seats[seat].kind == "bot" or self.seats[seat].away

    def chat_message(self, lines: list[ChatRow]) -> Message:
        return {"type": "chat", "messages": [line.to_json() for line in lines]}

    def revoke(self, seat: int, generation: int) -> None:
        """The seat's link is at `generation` now: sockets opened by an older one close."""
        row = self.seats[seat]
        if generation <= row.generation:
            return
        row.generation, row.token_digest = generation, None
        row.claimed = row.sealed = row.by_host = False  # a new invitation, not taken yet
        for client in list(self.clients):
            if client.seat == seat:
                client.close(4403, REISSUED)

    def broadcast_state(self, clients: list[Client] | None = None) -> None:
        """The state to every client (or to `clients`), made when each socket is ready for it:
        once per seat and version, shared by the seat's sockets (see `state_text`)."""
        for client in list(self.clients) if clients is None else clients:
            client.push(partial(self.state_text, client))

    def broadcast_presence(self) -> None:
        """Tell every client who is present, soon: changes within `PRESENCE_GAP` are told
        together, once encoded, and only if they change what was told."""
        if self._presence_due is not None:
            return
        wait = max(0.0, self._presence_at + PRESENCE_GAP - time.monotonic())
        self._presence_due = asyncio.get_running_loop().call_later(wait, self._tell_presence)

    def _tell_presence(self) -> None:
        self._presence_due = None
        self._presence_at = time.monotonic()
        text = dumps({"type": "presence", "seats": self.seat_list(), **self._watchers()})
        if text != self._presence_told:
            self._presence_told = text
            for client in list(self.clients):
                client.push(text)
        if self.on_presence is not None:
            self.on_presence(self)

    def _watchers(self) -> Message:
        return {"spectators": self.spectators()}

    def unwatched(self, now: float, grace: float) -> bool:
        """Whether the room's bots, playing alone, have had nobody watching for `grace`
        seconds (the owner of a game of bots alone stops it then: see `Lobby.sweep`)."""
        if self.present() or self.spectators():
            self.watched_at = now
            return False
        bots_alone = all(seat.kind == "bot" for seat in self.seats)
        return self.owned and bots_alone and not self.closed() and now - self.watched_at >= grace

    def idle(self, now: float, keep: float) -> bool:
        """Whether the room may leave memory: unused, unwatched, no bot to move in it, and
        untouched for `keep` seconds."""
        waiting_for_bot = self.bot_task is not None and not self.bot_task.done()
        return (
            not self.users
            and not self.clients
            and not waiting_for_bot
            and not self.lock.locked()
            and now - self.touched >= keep
        )


def summary(listed: Listed) -> Message:
    """A room as the lobby shows it."""
    game = registry.game_class(listed.game)
    return {
        "room": listed.id,
        "game": listed.game,
        "title": game.title,
        "players": listed.players,
        "version": listed.version,
        "created": listed.created,
        "open_seats": sum(1 for s in listed.seats if s.access == OPEN and not s.claimed),
        "seats": seat_list(listed.seats, set()),
    }


Op = Callable[..., Awaitable[JSON]]


class Lobby:
    """All rooms of a server: creating, restoring, acting, bots and clients.

    On PostgreSQL the lobby is one process of a cluster (`cluster`): every change to a room
    goes through `_write`, carried out here if this process owns the room (or can take it),
    else by its owner; rooms owned elsewhere follow the owner's announcements."""

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
        self._ops: dict[str, Op] = {
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
                for _, done in batch:
                    done.set_exception(error)
            else:
                for _, done in batch:
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
                _cancel(room.bot_task, room.clock_task)
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
        """Who created a room, as the lanes of bot moves tell creators apart: a digest of
        their address under the server's secret (the address itself is not kept)."""
        return hmac.new(self.secret, f"creator {address}".encode(), hashlib.sha256).hexdigest()[:32]

    def _new_room_id(self) -> str:
        """A room id: 9 random bytes and a 3-byte tag of them under the server's secret, so
        that an id nobody was given is known to name no room without asking the database."""
        drawn = secrets.token_bytes(ID_BYTES)
        return base64.urlsafe_b64encode(drawn + self._id_tag(drawn)).decode()

    def _id_tag(self, drawn: bytes) -> bytes:
        return hmac.new(self.secret, b"room " + drawn, hashlib.sha256).digest()[:ID_TAG_BYTES]

    def known(self, room_id: str) -> bool:
        """Whether the id may name a room: one this server made, or of a room older than
        tagged ids (`_untagged`, read once at start)."""
        if room_id in self._untagged:
            return True
        if len(room_id) != ID_LENGTH or not ID_SHAPE.fullmatch(room_id):
            return False
        whole = base64.urlsafe_b64decode(room_id)
        return hmac.compare_digest(whole[ID_BYTES:], self._id_tag(whole[:ID_BYTES]))

    def _keep(self, room: Room) -> None:
        """Keep the room in memory; who is present in it is told to the other processes."""
        room.on_presence = self._tell_presence
        self.rooms[room.id] = room

    async def room(self, room_id: str) -> Room:
        room = await self.get(room_id)
        if room is None:
            raise Refused(404, f"no room {quote(room_id, 40)}: the link is wrong", "room")
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

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, JSON],
        seats: list[SeatRequest] | None,
        seed: int | None,
        listed: bool,
        rematch_of: str | None = None,
        clock: float | None = None,
        creator: str | None = None,
    ) -> Room:
        """A new room: its links are `room.token(...)` of its seats and host (the creator's
        own seat, the first invited one of a room that is no rematch, is taken by the host
        from the start: `room.seat_token`). `clock`: the seconds a person has for each turn;
        `creator`: `creator_of` the creating address."""
        game = self._check_game(game_id, players, options)
        low, high = CLOCK_RANGE
        if clock is not None and not low <= clock <= high:
            raise Refused(422, f"clock: expected {low} to {high} seconds a turn", "clock")
        if seed is not None and listed:
            raise Refused(
                422,
                "seed: a chosen seed tells its chooser every secret of the game, so it is "
                "allowed only in unlisted rooms",
                "seed",
            )
        requests = seats or [SeatRequest("human")] + [
            SeatRequest("bot") for _ in range(game.players - 1)
        ]
        named = bot_names(requests)
        if len(requests) != game.players:
            raise Refused(422, f"expected {game.players} seats for {game.players} players", "seats")
        invited = [r for r in requests if r.kind == "human" and r.access == INVITED]
        if invited and rematch_of is None:
            invited[0].taken = invited[0].claimed = invited[0].by_host = True
        now = time.time()
        row = RoomRow(
            id=self._new_room_id(),
            game=game.id,
            players=game.players,
            options=game.non_default_options(),
            seed=seed if seed is not None else secrets.randbits(SEED_BITS),
            seed_chosen=seed is not None,
            listed=listed,
            over=False,
            archived=False,
            created=now,
            acted=now,
            rematch_of=rematch_of,
            rematch=None,
            seats=[
                self._seat_row(number, request, name)
                for number, (request, name) in enumerate(zip(requests, named, strict=True))
            ],
            actions=[],
            clock=clock,
            creator=creator,
        )
        room = Room(row, self.secret)
        await self._db(self.storage.create_room, row)
        if self.cluster is not None:
            room.owned = await self.cluster.take(row.id)
        self._keep(room)
        self._next_turn(room)
        return room

    def _seat_row(self, number: int, request: SeatRequest, bot_name: str) -> SeatRow:
        if request.kind == "human":
            name = request.name or (f"Player {number + 1}" if request.access == INVITED else "")
            return SeatRow(
                number,
                "human",
                name,
                None,
                request.access,
                0,
                request.claimed,
                sealed=request.taken,
                by_host=request.by_host,
            )
        spec = self._check_bot(request)
        return SeatRow(number, "bot", bot_name, spec, None, 0, True)

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
        return str(AgentSpec(request.agent, tuple(sorted(settings.items()))))

    async def listing(self, limit: int, cursor: str | None) -> tuple[list[Message], str | None]:
        """A page of the rooms one may join (listed, being played, with an open seat),
        newest first, and the cursor of the next page (None: the last page)."""
        before = None
        if cursor is not None:
            created, _, room_id = cursor.partition("_")
            try:
                before = (float(created), room_id)
            except ValueError:
                raise Refused(422, "cursor: expected the next cursor of a page", "cursor") from None
        found = await self._db(self.storage.open_rooms, limit + 1, before)
        page = found[:limit]
        following = f"{page[-1].created!r}_{page[-1].id}" if len(found) > limit else None
        return [summary(listed) for listed in page], following

    async def join(self, room: Room, name: str) -> tuple[int, str]:
        """An open seat of a listed room, for a person who names themself."""
        seat = int(await self._write(room, "join", name))
        return seat, room.token(seat)

    async def _join(self, room: Room, name: str) -> int:
        if not room.row.listed:
            raise Refused(403, "this room is joined by invitation only", "invitation")
        self._check_playing(room)
        async with room.lock:
            free = [s for s in room.seats if s.access == OPEN and not s.claimed]
            if not free:
                raise Refused(409, "no open seat in this room", "seats")
            seat = free[0]
            room.check_name(name, seat.seat)
            await self._db(self.storage.update_seat, room.id, seat.seat, name=name, claimed=True)
            seat.name, seat.claimed = name, True
            room.broadcast_state()  # the seat's name is part of every view's seat list
        return seat.seat

    async def claim(self, room: Room, seat: int, by_host: bool) -> str:
        """Take the seat's invitation: the seat's own token, which opens it from now on (the
        invitation opens nothing any more). `by_host`: the host's browser took it."""
        await self._write(room, "claim", seat, by_host)
        return room.seat_token(seat)

    async def _claim(self, room: Room, seat: int, by_host: bool) -> None:
        async with room.lock:
            row = room.seats[seat]
            if row.sealed or row.claimed:
                raise Refused(410, TAKEN, "token")
            await self._db(
                self.storage.update_seat, room.id, seat, claimed=True, sealed=True, by_host=by_host
            )
            row.claimed, row.sealed, row.by_host = True, True, by_host
            room.broadcast_presence()

    async def reissue(self, room: Room, seat: int) -> str:
        """A new link for an invited seat; the old one opens nothing any more."""
        generation = await self._write(room, "reissue", seat)
        room.revoke(seat, int(generation))
        return room.token(seat)

    async def _reissue(self, room: Room, seat: int) -> int:
        if not 0 <= seat < len(room.seats) or room.seats[seat].access != INVITED:
            raise Refused(409, f"seat {seat} is not an invited seat of this room", "seats")
        async with room.lock:
            generation = room.seats[seat].generation + 1
            fresh = {"claimed": False, "sealed": False, "by_host": False, "token_digest": None}
            await self._db(self.storage.update_seat, room.id, seat, generation=generation, **fresh)
            room.revoke(seat, generation)
            room.broadcast_state()  # every seat is shown that the link was re-issued
        return generation

    async def rematch(self, room: Room, viewer: Viewer) -> tuple[Room, str | None]:
        """The same game, options and seats again with a new seed; a player gets their
        seat's token in it, the host the host's."""
        new = await self.room(str(await self._write(room, "rematch")))
        if viewer.host:
            return new, new.token("host")
        if viewer.seat is None or not new.issued(new.seats[viewer.seat]):
            return new, None
        return new, new.own_token(viewer.seat)

    async def _rematch(self, room: Room) -> str:
        if not room.state.is_terminal():
            raise Refused(409, "a rematch follows a game played to its end", "game over")
        async with room.lock:
            if room.row.rematch is None:
                requests = [  # each seat stays with its player, its taken link too
                    SeatRequest(
                        s.kind,
                        s.name,
                        *bot_of(s.agent),
                        access=s.access or INVITED,
                        claimed=s.claimed and (s.access == OPEN or s.sealed),
                        taken=s.sealed,
                        by_host=s.by_host,
                    )
                    for s in room.seats
                ]
                new = await self.create(
                    room.game.id,
                    room.game.players,
                    room.row.options,
                    requests,
                    None,
                    room.row.listed,
                    rematch_of=room.id,
                    clock=room.row.clock,
                    creator=room.row.creator,
                )
                room.row.rematch = new.id
                room.broadcast_presence()
            return str(room.row.rematch)

    # -- acting ----------------------------------------------------------------------------------

    @staticmethod
    def _check_playing(room: Room) -> None:
        if room.row.archived:
            raise Refused(409, "this room was archived: it had no action for too long", "archived")
        if room.state.is_terminal():
            raise Refused(409, "the game is over", "game over")

    @staticmethod
    def _check_turn(room: Room, seat: int | None, version: int, what: str) -> None:
        if seat is None:
            raise Refused(403, f"a spectator has no seat to {VERBS[what]}", "seat")
        Lobby._check_playing(room)
        if version != room.version:
            raise Refused(
                409,
                f"stale {what}: it was chosen at version {version}, the game is at {room.version}",
                "stale version",
            )
        if room.state.current_player != seat:
            raise Refused(409, f"it is seat {room.state.current_player}'s turn", "turn")

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
                    409, "another move was played meanwhile: try again", "stale version"
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

    async def _checked(self, room: Room, text: str) -> tuple[State, Action, Told]:
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
                422, f"{text!r} could not be checked within {ENGINE_BOUND:g} s", "bound"
            ) from None
        except Exception as error:  # the engine failed on a copy: the room's state is whole
            log.warning("room %s: %r failed: %s: %s", room.id, text, type(error).__name__, error)
            raise Refused(400, f"{text!r} names no action of this game", "notation") from None

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
                    "nothing to take back: only your own actions of this turn that revealed "
                    "nothing hidden or random",
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

    # -- many processes (see `cluster`) ----------------------------------------------------------

    async def _write(self, room: Room, op: str, *args: JSON) -> JSON:
        """Carry out a change of the room here if this process owns it or can take it, else
        have its owner do it (asking again while the owner does not answer: it may have
        died, and its room is free to take then)."""
        cluster = self.cluster
        if cluster is None or room.owned:
            return await self._ops[op](room, *args)
        deadline = time.monotonic() + WRITE_WAIT
        request = secrets.token_hex(8)  # asked again, it is still done once
        while not (room.owned or await self._take_over(room)):
            try:
                answer = await cluster.forward(request, room.id, op, list(args))
            except TimeoutError:
                if time.monotonic() > deadline:
                    raise Refused(
                        503, "the room's server does not answer: try again", "owner"
                    ) from None
                continue
            if "refused" in answer:
                status, message, rule = answer["refused"]
                raise Refused(status, message, rule)
            return answer.get("result")
        return await self._ops[op](room, *args)

    def owns(self, room_id: str) -> bool:
        room = self.rooms.get(room_id)
        return room is not None and room.owned

    async def perform(self, room_id: str, op: str, args: list[Any]) -> Payload:
        """A change another process forwarded to this room's owner: its result or refusal."""
        room = self.rooms.get(room_id)
        if room is None or not room.owned:
            return {"refused": [409, "the room moved to another server: try again", "owner"]}
        try:
            return {"result": await self._ops[op](room, *args)}
        except Refused as refused:
            return {"refused": [refused.status, refused.message, refused.rule]}
        except Exception:
            log.exception("room %s: a forwarded %s failed", room_id, op)
            return {"refused": [500, "the room's server failed to do this: try again", "server"]}

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
            _cancel(room.bot_task, room.clock_task)

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
        _cancel(room.bot_task, room.clock_task)
        await self._refresh(room, record=True)
        retake = asyncio.create_task(self._take_over(room), name=f"retake {room.id}")
        retake.add_done_callback(_report_failure)

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

    # -- the table -------------------------------------------------------------------------------

    async def say(self, room: Room, client: Client, text: str) -> None:
        """A chat line of a seated player, kept and sent to everyone in the room."""
        seat = client.seat
        if seat is None:
            raise Refused(403, "spectators read the chat; players write in it", "chat")
        line = readable(text, CHAT_LENGTH)
        if line is None:
            raise Refused(422, f"chat: expected 1 to {CHAT_LENGTH} printable characters", "chat")
        if not client.may_chat(time.monotonic()):
            raise Refused(
                429, f"chat: at most {CHAT_BURST} lines in {CHAT_WINDOW:g} s", "rate limit"
            )
        await self._write(room, "chat", seat, line)

    async def _say(self, room: Room, seat: int, line: str) -> None:
        async with room.lock:
            number = (room.chat[-1].number if room.chat else 0) + 1
            row = ChatRow(room.id, number, seat, room.seats[seat].name, line, time.time())
            await self._db(self.storage.add_chat, row)
            room.chat = [*room.chat[-(CHAT_KEPT - 1) :], row]
            for other in list(room.clients):
                other.push(room.chat_message([row]))

    async def rename(self, room: Room, seat: int | None, name: str) -> None:
        """The seat's player names themself."""
        if seat is None:
            raise Refused(403, "a spectator has no seat to name", "name")
        chosen = readable(name, NAME_LENGTH)
        if chosen is None:
            raise Refused(422, f"name: expected 1 to {NAME_LENGTH} printable characters", "name")
        await self._write(room, "name", seat, chosen)

    async def _rename(self, room: Room, seat: int, chosen: str) -> None:
        async with room.lock:
            room.check_name(chosen, seat)
            await self._db(self.storage.update_seat, room.id, seat, name=chosen)
            room.seats[seat].name = chosen
            room.broadcast_presence()

    async def come_back(self, room: Room, seat: int | None) -> None:
        """The seat's player takes the seat back from the bot standing in for them."""
        await self._write(room, "back", seat)

    async def _come_back(self, room: Room, seat: int | None) -> None:
        if seat is None or not room.seats[seat].away:
            raise Refused(409, "no bot is standing in for this seat", "back")
        async with room.lock:
            await self._db(self.storage.update_seat, room.id, seat, away=False)
            room.seats[seat].away = False
            room.turn_began = time.time()
            room.broadcast_state()
        self._next_turn(room)

    # -- the clock and the bots ------------------------------------------------------------------

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
        room.clock_task.add_done_callback(_report_failure)

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
        room.bot_task.add_done_callback(_report_failure)

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


def _follow(room: Room, note: Payload) -> bool:
    """Play an action announced by the room's owner on this copy of the room."""
    try:
        action, said = told(room.state, note["notation"])
        room.state.apply(action)
    except GameError:
        return False
    seat = said["seat"]
    room.moves.append(said)
    room.row.actions.append(note["notation"])
    room.row.over = room.state.is_terminal()
    room.acted_at = note["at"]
    if room.state.current_player != seat:
        room.turn_began = note["at"]
    room.broadcast_state()
    return True


def _replayed(game: Game, seed: int, actions: list[str]) -> State:
    state = game.new_state(seed)
    for text in actions:
        state.apply(state.game.parse_recorded(text, state))
    return state


def _cancel(*tasks: asyncio.Task[None] | None) -> None:
    for task in tasks:
        if task is not None:
            task.cancel()


def _report_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("bot turn failed", exc_info=task.exception())


def bot_names(requests: list[SeatRequest]) -> list[str]:
    """Each bot seat's name: its own, else its bot's ("Normal bot"), told apart by a letter
    where several share it ("Normal bot A", "Normal bot B"); "" for people's seats."""
    plain = [
        (r.name or f"{r.agent.partition(':')[0].capitalize()} bot") if r.kind == "bot" else ""
        for r in requests
    ]
    shared = {name for name in plain if name and plain.count(name) > 1}
    seen: dict[str, int] = {}
    named = []
    for name in plain:
        if name in shared:
            seen[name] = seen.get(name, 0) + 1
            named.append(f"{name} {chr(ord('A') + seen[name] - 1)}")
        else:
            named.append(name)
    return named


def bot_of(spec: str | None) -> tuple[str, dict[str, JSON]]:
    """A seat's bot and its settings, from the spec kept in its row."""
    bot = AgentSpec.parse(spec or "random")
    return bot.name, dict(bot.params)

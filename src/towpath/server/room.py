"""One room: a game, its seats, the clients watching it, and every message they are sent.

Every message to a client is built from the view of that client's seat (`payload`), once per
seat and version, and a socket is sent only the board's parts its page lacks (`state_text`).
Every action is told in words (`moves`, from `telling`) in each language a reader may choose.
A socket's messages are in its reader's language."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import towpath
from towpath.core.game import Game, State
from towpath.core.i18n import N_, Translator, language, speaking, translator
from towpath.core.svg import parts_of as svg_parts
from towpath.server.bots import Turn
from towpath.server.clients import SPECTATOR, Client, Presence, Viewer
from towpath.server.cluster import PRESENCE_EVERY
from towpath.server.links import link_token, same, seed_hash
from towpath.server.protocol import Message, Refused, dumps
from towpath.server.replays import Replay, drawing
from towpath.server.rows import ChatRow, RoomRow, SeatRow
from towpath.server.telling import replay_told

_, n_ = translator(__name__)

INVITED, OPEN = "invited", "open"
PRESENCE_KEPT = 3 * PRESENCE_EVERY  # seconds another process's word on who is present holds
PRESENCE_GAP = 0.25  # seconds between a room's presence messages, at least
REISSUED = N_("this link was re-issued: ask the host for the new one")
TAKEN = N_("this invitation was opened already: ask the host for a new link")
PARTS_KEPT = 1024  # board parts a room keeps with their keys and JSON, across versions


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
        self._cache: dict[tuple[int | None, str, bool], Settled] = {}  # seat, language, narrow
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
                    raise Refused(410, _(TAKEN), "token")
                return Viewer(seat.seat, invitation=seat.access == INVITED and not seat.claimed)
            if seat.token_digest is not None and same(seat.token_digest, digest):
                return Viewer(seat.seat)
        raise Refused(
            403, _("this link opens no seat of this room: it is wrong or revoked"), "token"
        )

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
        board in parts: see `state_text`), in the language spoken now."""
        code = language()
        return {
            **self._settled(seat, code, False).message,
            "moves": [move[code] for move in self.moves],
            "log": self.state.log(seat),
            **self._live(),
        }

    def state_text(self, client: Client) -> str:
        """`payload(client.seat)` in JSON as its socket gets it: the board as the keys of its
        parts (`board`), with only the parts the client's page does not keep yet (`parts`),
        and only the moves after those it keeps (`moves` and `log` from `moves_from`)."""
        settled = self._settled(client.seat, client.language, client.narrow)
        parts = {key: text for key, text in settled.parts if key not in client.board}
        client.board = {key for key, _ in settled.parts}
        new = ",".join(f'"{key}":{text}' for key, text in parts.items())
        kept = self._moves_kept(client)
        client.moves = (len(self.moves), self.moves[-1] if self.moves else None)
        log = self.state.log(client.seat, latest=len(self.moves) - kept)
        return (
            f'{settled.text},"parts":{{{new}}},"moves_from":{kept},'
            f'"moves":{dumps([move[client.language] for move in self.moves[kept:]])},'
            f'"log":{dumps(log)},{dumps(self._live())[1:]}'
        )

    def _moves_kept(self, client: Client) -> int:
        """How many of the room's moves the client's page keeps: those it was sent, unless one
        of them was taken back since (the last one sent is no longer where it was)."""
        count, last = client.moves
        if count <= len(self.moves) and (count == 0 or self.moves[count - 1] is last):
            return count
        return 0

    def _settled(self, seat: int | None, code: str, narrow: bool) -> Settled:
        """The part of `payload(seat)` that only an action changes, in the language `code`,
        its board `narrow` or not: made once per version and kind of page, shared by the seat's
        sockets."""
        cached = self._cache.get((seat, code, narrow))
        if cached is not None and cached.version == self.version:
            return cached
        with speaking(code):
            settled = self._settle(seat, narrow)
        self._cache[seat, code, narrow] = settled
        return settled

    def _settle(self, seat: int | None, narrow: bool) -> Settled:
        state = self.state
        over = state.is_terminal()
        svg, text = drawing(state, seat, narrow=narrow)
        legal = state.legal_actions() if seat is not None and seat == state.current_player else []
        message: Message = {
            "type": "state",
            "room": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "players": self.game.players,
            "options": self.row.options,
            "notation_help": Translator(self.game.package())._(self.game.notation_help),
            "seat": seat,
            "version": self.version,
            "current_player": state.current_player,
            "over": over,
            "view": state.view(seat),
            "svg": svg,
            "text": text,
            "legal": [{"action": str(a), **state.words(a).to_json()} for a in legal],
            "undoable": seat is not None and seat == state.current_player and state.undoable(),
            "ending": None if (ending := state.ending()) is None else ending.to_json(),
            "hidden_information": self.game.hidden_information,
            "result": {"returns": state.returns(), "scores": self._scores(state)} if over else None,
            "acted_at": self.acted_at,
            **self.fairness(),
        }
        parts = self._parts_of(svg)
        sent = {key: value for key, value in message.items() if key != "svg"}
        sent["board"] = [key for key, _ in parts]
        return Settled(self.version, message, dumps(sent)[:-1], parts)

    def _scores(self, state: State) -> list[float] | None:
        """The scores a page shows at the end: none in a race, where they are its progress."""
        return state.scores() if self.game.keeps_score else None

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
            said = _("name: {name} is another seat's name already", name=repr(taken.name))
            raise Refused(409, said, "name")

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
                with speaking(client.language):
                    client.close(4403, _(REISSUED))

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

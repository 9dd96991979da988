"""Creating rooms and seating their players: seats invited or open, links taken once or
re-issued, rematches, names and chat, and the lobby's list of rooms to join.

Seats and links: a person's seat is *invited* (only its link opens it) or *open* (anyone may
join it from the lobby, choosing their own name). Every link's token is an HMAC of the room,
the seat (or "host") and the seat's generation under the server's secret, so the host can be
shown the invitation links again, and re-issuing a link (a new generation) revokes the old one.
An invitation is taken once (`claim`): whoever opens it first gets the seat's own token, which
the host never sees, and the invitation opens nothing any more; a seat opened by the host's
browser says so to every seat, and so does every re-issued link (`seat_list`).

Seeds: every room commits to its seed from the start (`seed_hash`, SHA-256 of its decimal
text) and publishes it once the game is over. A seed chosen by the creator (only in unlisted
rooms) is shown as such to every seat."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from importlib import resources

import towpath
from towpath.agents.settings import check_settings
from towpath.agents.spec import AgentSpec
from towpath.core import registry
from towpath.core.errors import GameError
from towpath.core.game import JSON, Game
from towpath.core.i18n import N_, translator
from towpath.core.options import FileOption
from towpath.server.clients import CHAT_BURST, CHAT_WINDOW, Client, Viewer
from towpath.server.links import new_room_id
from towpath.server.protocol import CHAT_LENGTH, NAME_LENGTH, Message, Refused, readable
from towpath.server.room import INVITED, OPEN, TAKEN, Room, seat_list
from towpath.server.rooms import Rooms
from towpath.server.rows import ChatRow, Listed, RoomRow, SeatRow
from towpath.server.storage import CHAT_KEPT

_, n_ = translator(__name__)
SEED_BITS = 128  # a server-chosen seed: its hash cannot be searched back to it
CLOCK_RANGE = (5, 7 * 24 * 3600)  # seconds a turn clock may be set to
LEVEL_NAMES = {"easy": N_("Easy bot"), "normal": N_("Normal bot"), "hard": N_("Hard bot")}


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


class Seating(Rooms):
    """The lobby's part that seats players (see the module)."""

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
            raise Refused(
                422,
                _("clock: expected {low} to {high} seconds a turn", low=low, high=high),
                "clock",
            )
        if seed is not None and listed:
            raise Refused(
                422,
                _(
                    "seed: a chosen seed tells its chooser every secret of the game, so it is "
                    "allowed only in unlisted rooms"
                ),
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
            id=new_room_id(self.secret),
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
            default = _("Player {n}", n=number + 1) if request.access == INVITED else ""
            name = request.name or default
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
            raise Refused(403, _("this room is joined by invitation only"), "invitation")
        self._check_playing(room)
        async with room.lock:
            free = [s for s in room.seats if s.access == OPEN and not s.claimed]
            if not free:
                raise Refused(409, _("no open seat in this room"), "seats")
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
                raise Refused(410, _(TAKEN), "token")
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
            raise Refused(
                409, _("seat {seat} is not an invited seat of this room", seat=seat), "seats"
            )
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
            raise Refused(409, _("a rematch follows a game played to its end"), "game over")
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

    # -- the table -----------------------------------------------------------------------------

    async def say(self, room: Room, client: Client, text: str) -> None:
        """A chat line of a seated player, kept and sent to everyone in the room."""
        seat = client.seat
        if seat is None:
            raise Refused(403, _("spectators read the chat; players write in it"), "chat")
        line = readable(text, CHAT_LENGTH)
        if line is None:
            raise Refused(
                422,
                _("chat: expected 1 to {length} printable characters", length=CHAT_LENGTH),
                "chat",
            )
        if not client.may_chat(time.monotonic()):
            raise Refused(
                429,
                _(
                    "chat: at most {lines} lines in {seconds} s",
                    lines=CHAT_BURST,
                    seconds=format(CHAT_WINDOW, "g"),
                ),
                "rate limit",
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
            raise Refused(403, _("a spectator has no seat to name"), "name")
        chosen = readable(name, NAME_LENGTH)
        if chosen is None:
            raise Refused(
                422,
                _("name: expected 1 to {length} printable characters", length=NAME_LENGTH),
                "name",
            )
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
            raise Refused(409, _("no bot is standing in for this seat"), "back")
        async with room.lock:
            await self._db(self.storage.update_seat, room.id, seat, away=False)
            room.seats[seat].away = False
            room.turn_began = time.time()
            room.broadcast_state()
        self._next_turn(room)


def variants(cls: type[Game], spec: FileOption) -> list[str]:
    """The built-in variants a data-file option may name: the folders of the game's `data/`
    holding a file for it (Canal King's `small/board.toml`)."""
    folder = resources.files(cls.package()).joinpath("data")
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


def bot_names(requests: list[SeatRequest]) -> list[str]:
    """Each bot seat's name: its own, else its bot's ("Normal bot"), told apart by a letter
    where several share it ("Normal bot A", "Normal bot B"); "" for people's seats."""
    plain = [(r.name or bot_name(r.agent)) if r.kind == "bot" else "" for r in requests]
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


def bot_name(agent: str) -> str:
    """A bot's name from its bot ("Normal bot", "Mcts bot"), in the language spoken now."""
    bot = agent.partition(":")[0]
    if bot in LEVEL_NAMES:
        return _(LEVEL_NAMES[bot])
    return _("{name} bot", name=bot.capitalize())


def bot_of(spec: str | None) -> tuple[str, dict[str, JSON]]:
    """A seat's bot and its settings, from the spec kept in its row."""
    bot = AgentSpec.parse(spec or "random")
    return bot.name, dict(bot.params)


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

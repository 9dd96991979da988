"""The HTTP and WebSocket face of the lobby, and the web client's static files.

A link's token travels in the `X-Towpath-Token` header over HTTP and in the first message of a
socket (`{"type": "auth", "token": ...}`), never in a URL the server sees: the web client keeps
it in the link's fragment (`/room/ID#seat=TOKEN`, `#host=TOKEN`), which browsers never send.
No token means a spectator. Every refusal is `{"detail": one line, "rule": what it breaks}`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from functools import cache
from html import escape
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import (
    APIRouter,
    Depends,
    FastAPI,
    Header,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt, ValidationError
from starlette.exceptions import HTTPException

import towpath
from towpath.agents.settings import BOTS, bot_names, describe_bots
from towpath.core import registry
from towpath.core.errors import GameError
from towpath.core.game import JSON, Game
from towpath.core.options import (
    BoolOption,
    ChoiceOption,
    FileOption,
    IntListOption,
    IntOption,
    Option,
)
from towpath.server.bots import Bots
from towpath.server.guard import MAX_BODY, BodyLimit
from towpath.server.limits import Limits, RateLimiter
from towpath.server.protocol import MAX_MESSAGE, ClientMessage
from towpath.server.rooms import (
    ARCHIVE_AFTER,
    CLOCK_RANGE,
    INVITED,
    KEEP_IDLE,
    SEED_BITS,
    SPECTATOR,
    UNWATCHED,
    Client,
    Lobby,
    Refused,
    Room,
    SeatRequest,
    Viewer,
    dumps,
    variants,
)
from towpath.server.storage import SeatRow, Storage

AUTH_WAIT = 10.0  # seconds a socket has to send its auth message
PAGE = 20  # rooms in a page of the lobby
PICTURE_SEED, PICTURE_ACTIONS = 3, 12
TOKEN_HEADER = "X-Towpath-Token"
HOST_HEADER = "X-Towpath-Host"
STATIC = resources.files("towpath.server") / "static"

OptionValue = bool | int | str | list[int] | None
Setting = bool | int | float | str  # a bool stays one, to be refused by its setting's check
GAME_IDS = towpath.game_ids()


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    kind: Literal["human", "bot"] = Field(description="a person, or a bot")
    name: str = Field(
        "",
        max_length=40,
        description="shown to the others; an open seat's name is chosen by who joins",
    )
    access: Literal["invited", "open"] = Field(
        "invited",
        description="a person's seat: invited (only its link opens it) or open (anyone may "
        "join it from the lobby)",
    )
    agent: str = Field(
        "normal",
        max_length=20,
        description="the bot: a level (easy, normal, hard) or a bot by name",
        json_schema_extra={"enum": list[JsonValue](bot_names())},
    )
    settings: dict[str, Setting] = Field(
        default_factory=dict,
        max_length=max(map(len, BOTS.values())),
        description="the bot's settings, like seconds=1: their ranges are in /api/games",
    )


class NewRoom(Strict):
    game: str = Field(
        max_length=40, description="the game", json_schema_extra={"enum": list[JsonValue](GAME_IDS)}
    )
    players: int | None = Field(None, ge=1, le=12, description="player count (the game's default)")
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(
        None, max_length=12, description="one per player; default: you, then normal bots"
    )
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**SEED_BITS,
        description="the game's seed, which tells its chooser every secret of the game: only "
        "in unlisted rooms, and every seat is told it was chosen (default: 128 random bits)",
    )
    listed: bool = Field(True, description="list the room in the lobby while it has open seats")
    clock: int | None = Field(
        None,
        ge=CLOCK_RANGE[0],
        le=CLOCK_RANGE[1],
        description="seconds a person has for each turn; when they run out a bot plays the "
        "seat until its player takes it back (default: no clock)",
    )


class ActionIn(Strict):
    version: StrictInt = Field(ge=0, description="the state version the action was chosen at")
    action: str = Field(min_length=1, max_length=200, description="the action's notation")


class JoinIn(Strict):
    name: str = Field(min_length=1, max_length=40, description="your name, shown to the others")


class Problem(BaseModel):
    detail: str = Field(description="what was wrong, in one line")
    rule: str = Field(description="the rule or part of the request it breaks")


class SeatLink(BaseModel):
    seat: int
    token: str
    link: str


class RoomCreated(BaseModel):
    room: str
    link: str = Field(description="the creator's page: their seat (the first invited) and host")
    host: str = Field(description="the host's page: the invitations not opened yet, re-issuing")
    spectate: str
    seats: list[SeatLink] = Field(
        description="the invited seats' links: the creator's own seat's, then invitations, each "
        "taken once (POST /api/rooms/ID/claim, or the page), which gives the seat's own token"
    )


class Accepted(BaseModel):
    version: int


class RoomPage(BaseModel):
    rooms: list[dict[str, Any]]
    next: str | None = Field(description="the cursor of the next page; null on the last")


class LinkInfo(BaseModel):
    seat: int
    name: str
    access: str
    claimed: bool
    by_host: bool = Field(description="taken by the host's browser")
    link: str | None = Field(description="an invited seat's link; an open seat's is its joiner's")


class Links(BaseModel):
    host: str
    spectate: str
    seats: list[LinkInfo]


class Rematch(BaseModel):
    room: str
    seat: int | None
    link: str


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route can answer, documented with their body (and Retry-After); every
    route takes parameters, so any may answer 422."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in sorted({*statuses, 422}):
        entry: dict[str, Any] = {"model": Problem, "description": DESCRIPTIONS[status]}
        if status == 429:
            entry["headers"] = {
                "Retry-After": {
                    "description": "seconds until a request will be accepted",
                    "schema": {"type": "integer"},
                }
            }
        documented[status] = entry
    return documented


DESCRIPTIONS = {
    400: "the action's notation could not be read",
    403: "the token opens no seat of this room, or the request needs another one",
    404: "no such room",
    409: "refused by the game or the room's state (turn, version, rules, game over)",
    410: "the link is an invitation that was opened already: it opens its seat once",
    413: f"request body over {MAX_BODY} bytes",
    422: "the request is not what was expected",
    429: "too many requests from this address: try again after Retry-After seconds",
}


def option_form(cls: type[Game], spec: Option) -> dict[str, JSON]:
    """What the new-game form needs to offer an option: its label, help and the values the
    server accepts."""
    form: dict[str, JSON] = {
        "name": spec.name,
        "label": spec.shown,
        "default": spec.default,
        "help": spec.help,
    }
    if isinstance(spec, BoolOption):
        form["kind"] = "bool"
    elif isinstance(spec, IntOption):
        form.update(kind="int", low=spec.low, high=spec.high, allow_none=spec.allow_none)
    elif isinstance(spec, ChoiceOption):
        form.update(kind="choice", choices=list(spec.choices))
    elif isinstance(spec, IntListOption):
        form.update(kind="int_list", length=spec.length)
    elif isinstance(spec, FileOption):  # the server reads no files: built-in variants only
        choices = variants(cls, spec)
        form.update(kind="variant", choices=list[JSON](choices))
        form["help"] = "the built-in one, or " + ", ".join(choices) if choices else "built in"
    else:
        form["kind"] = "text"
    return form


def game_list() -> list[dict[str, JSON]]:
    games = []
    for game_id in GAME_IDS:
        cls = registry.game_class(game_id)
        games.append(
            {
                "id": game_id,
                "title": cls.title,
                "blurb": cls.blurb,
                "play_time": cls.play_time,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "notation_help": cls.notation_help,
                "picture": f"/api/games/{game_id}/picture.svg",
                "rules": f"/rules/{game_id}",
                "options": [option_form(cls, spec) for spec in cls.option_specs],
            }
        )
    return games


def create_app(
    database: str | None = None,
    bot_delay: float = 0.8,
    bot_workers: int | None = None,
    archive_after: float = ARCHIVE_AFTER,
    limits: Limits | None = None,
    keep_idle: float = KEEP_IDLE,
    sweep_every: float = 60.0,
    bots: Bots | None = None,
    unwatched: float = UNWATCHED,
) -> FastAPI:
    """The application on `database` (default: $TOWPATH_DATABASE_URL, else a SQLite file)."""
    storage = Storage(database)
    bots = bots or Bots(bot_workers)
    lobby = Lobby(storage, bots, bot_delay, archive_after, keep_idle, sweep_every, unwatched)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        yield
        await lobby.stop()
        bots.close()
        storage.close()

    app = FastAPI(
        title="towpath",
        summary="Play towpath's games in rooms with friends, bots and spectators.",
        version="2",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.state.lobby = lobby
    app.state.storage = storage
    app.state.limiter = RateLimiter(limits or Limits())
    app.add_middleware(BodyLimit)
    app.add_exception_handler(Refused, refused)  # type: ignore[arg-type]
    app.add_exception_handler(GameError, game_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, failed)
    app.include_router(api)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


async def refused(_request: Request, error: Refused) -> JSONResponse:
    return JSONResponse({"detail": error.message, "rule": error.rule}, error.status, error.headers)


async def game_error(_request: Request, error: GameError) -> JSONResponse:
    return JSONResponse({"detail": str(error), "rule": "game"}, 422)


async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
    return JSONResponse({"detail": first_error(error.errors()), "rule": "request"}, 422)


async def http_error(_request: Request, error: HTTPException) -> JSONResponse:
    """Starlette's own refusals (a body that is not JSON, an unknown route), in one line
    with the rule, like every other."""
    detail = error.detail if isinstance(error.detail, str) else str(error.detail)
    if error.status_code == 400:
        detail = "expected a body of JSON in UTF-8: this one could not be read"
    return JSONResponse({"detail": detail, "rule": "request"}, error.status_code, error.headers)


async def failed(_request: Request, _error: Exception) -> JSONResponse:
    return JSONResponse({"detail": "the server failed on this request", "rule": "server"}, 500)


def first_error(errors: Any) -> str:
    """The first of pydantic's errors as one line: where, then what was expected."""
    first = next(iter(errors))
    where = ".".join(str(part) for part in first.get("loc", ())) or "message"
    return f"{where}: {first.get('msg', 'not understood')}"


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


def limited(kind: Literal["rooms", "joins"]) -> Callable[[Request], None]:
    def check(request: Request) -> None:
        limiter: RateLimiter = request.app.state.limiter
        address = request.client.host if request.client else "unknown"
        wait = limiter.take(kind, address, time.monotonic())
        if wait is not None:
            raise Refused(
                429,
                f"too many {kind} from this address: try again in {wait} s",
                "rate limit",
                {"Retry-After": str(wait)},
            )

    return check


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
TokenDep = Annotated[
    str | None,
    Header(alias=TOKEN_HEADER, max_length=100, description="a link's token (none: a spectator)"),
]
HostDep = Annotated[
    str | None,
    Header(alias=HOST_HEADER, max_length=100, description="the host's token, if the host opens it"),
]
api = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


def entered(room: Room, token: str | None) -> Viewer:
    """Who the token makes its bearer in the room; an invitation not taken yet opens nothing
    but `claim` (the room page takes it through its socket)."""
    viewer = room.viewer(token)
    if viewer.invitation:
        raise Refused(
            403,
            f"this link is an invitation, taken once: open it in a browser, or take it with "
            f"POST /api/rooms/{room.id}/claim, which answers the seat's own token",
            "invitation",
        )
    return viewer


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def room_link(request: Request, room_id: str, fragment: str = "") -> str:
    return f"{base_url(request)}/room/{room_id}" + (f"#{fragment}" if fragment else "")


def seat_link(request: Request, room: Room, seat: int, token: str | None = None) -> SeatLink:
    """The seat's link: with `token`, else the token that opens the seat now."""
    token = token or room.own_token(seat)
    return SeatLink(seat=seat, token=token, link=room_link(request, room.id, f"seat={token}"))


@api.get("/games", tags=["games"])
async def games() -> dict[str, JSON]:
    """The games, their player counts and options, and the bots with their settings' ranges."""
    return {"games": game_list(), "bots": describe_bots()}


@api.post(
    "/rooms",
    status_code=201,
    tags=["rooms"],
    responses=problems(413, 422, 429),
    dependencies=[Depends(limited("rooms"))],
)
async def create_room(body: NewRoom, request: Request, lobby: LobbyDep) -> RoomCreated:
    """Create a room. The answer holds the host's link (which shows every invitation link
    again) and each invited seat's link; open seats get theirs when someone joins."""
    seats = (
        [SeatRequest(s.kind, s.name, s.agent, dict(s.settings), s.access) for s in body.seats]
        if body.seats is not None
        else None
    )
    address = request.client.host if request.client else "unknown"
    room = await lobby.create(
        body.game,
        body.players,
        dict(body.options),
        seats,
        body.seed,
        body.listed,
        clock=body.clock,
        creator=lobby.creator_of(address),
    )
    host = room.token("host")
    links = [seat_link(request, room, s.seat) for s in room.seats if s.access == INVITED]
    mine = f"seat={links[0].token}&host={host}" if links else f"host={host}"
    return RoomCreated(
        room=room.id,
        link=room_link(request, room.id, mine),
        host=room_link(request, room.id, f"host={host}"),
        spectate=room_link(request, room.id),
        seats=links,
    )


@api.get("/rooms", tags=["rooms"], responses=problems(422))
async def list_rooms(
    lobby: LobbyDep,
    limit: Annotated[int, Query(ge=1, le=100, description="rooms in the page")] = PAGE,
    cursor: Annotated[
        str | None, Query(max_length=100, description="the `next` of the page before")
    ] = None,
) -> RoomPage:
    """Listed rooms being played with an open seat, newest first, a page at a time."""
    rooms, following = await lobby.listing(limit, cursor)
    return RoomPage(rooms=rooms, next=following)


@api.get("/rooms/{room_id}", tags=["rooms"], responses=problems(403, 404, 410))
async def room_state(room_id: str, lobby: LobbyDep, token: TokenDep = None) -> dict[str, Any]:
    """What the seat of the token (or a spectator) sees now: the same as the socket sends."""
    async with lobby.using(room_id) as room:
        viewer = entered(room, token)
        return room.payload(viewer.seat)


@api.post(
    "/rooms/{room_id}/actions",
    tags=["rooms"],
    responses=problems(400, 403, 404, 409, 410, 413, 422),
)
async def act(room_id: str, body: ActionIn, lobby: LobbyDep, token: TokenDep = None) -> Accepted:
    """Play an action chosen at `version`; refused with the engine's reason and rule."""
    async with lobby.using(room_id) as room:
        viewer = entered(room, token)
        return Accepted(version=await lobby.act(room, viewer.seat, body.version, body.action))


@api.post(
    "/rooms/{room_id}/join",
    tags=["rooms"],
    responses=problems(403, 404, 409, 413, 422, 429),
    dependencies=[Depends(limited("joins"))],
)
async def join(room_id: str, body: JoinIn, request: Request, lobby: LobbyDep) -> SeatLink:
    """Take the first open seat of a listed room, under your own name."""
    name = body.name.strip()
    if not name or not name.isprintable():
        raise Refused(422, "name: expected up to 40 printable characters", "name")
    async with lobby.using(room_id) as room:
        seat, _ = await lobby.join(room, name)
        return seat_link(request, room, seat)


@api.get("/rooms/{room_id}/links", tags=["host"], responses=problems(403, 404, 410))
async def links(room_id: str, request: Request, lobby: LobbyDep, token: TokenDep = None) -> Links:
    """For the host: every invited seat's link, and the spectator link."""
    async with lobby.using(room_id) as room:
        host_only(room, token)
        return Links(
            host=room_link(request, room.id, f"host={room.token('host')}"),
            spectate=room_link(request, room.id),
            seats=[
                LinkInfo(
                    seat=s.seat,
                    name=s.name,
                    access=s.access or INVITED,
                    claimed=s.claimed,
                    by_host=s.by_host,
                    link=seat_link(request, room, s.seat).link if invitation(s) else None,
                )
                for s in room.seats
                if s.kind == "human"
            ],
        )


@api.post(
    "/rooms/{room_id}/seats/{seat}/link", tags=["host"], responses=problems(403, 404, 409, 410)
)
async def reissue(
    room_id: str, seat: int, request: Request, lobby: LobbyDep, token: TokenDep = None
) -> SeatLink:
    """For the host: a new link for an invited seat; the old link opens nothing any more."""
    async with lobby.using(room_id) as room:
        host_only(room, token)
        await lobby.reissue(room, seat)
        return seat_link(request, room, seat)


def invitation(seat: SeatRow) -> bool:
    """Whether the host is shown the seat's link: an invited seat whose player has not
    opened it (a taken seat's token is its player's alone)."""
    return seat.access in (INVITED, None) and not seat.sealed and not seat.claimed


def host_only(room: Room, token: str | None) -> None:
    if not room.viewer(token).host:
        raise Refused(403, "only the room's host link may do this", "host")


@api.post("/rooms/{room_id}/claim", tags=["rooms"], responses=problems(403, 404, 409, 410))
async def claim(
    room_id: str,
    request: Request,
    lobby: LobbyDep,
    token: TokenDep = None,
    host: HostDep = None,
) -> SeatLink:
    """Take an invitation (its token in X-Towpath-Token): the answer holds the seat's own
    token, which opens the seat from now on; the invitation opens nothing any more, and the
    host is not shown the seat's link. With the host's token in X-Towpath-Host too, every
    seat is shown that the host opened the seat."""
    async with lobby.using(room_id) as room:
        viewer = room.viewer(token)
        if viewer.seat is None or not viewer.invitation:
            raise Refused(409, "expected the token of an invitation not taken yet", "invitation")
        by_host = room.hosted_by(host)
        own = await lobby.claim(room, viewer.seat, by_host)
        return seat_link(request, room, viewer.seat, own)


@api.post(
    "/rooms/{room_id}/rematch",
    tags=["rooms"],
    responses=problems(403, 404, 409, 410, 429),
    dependencies=[Depends(limited("rooms"))],
)
async def rematch(
    room_id: str, request: Request, lobby: LobbyDep, token: TokenDep = None
) -> Rematch:
    """The next game with the same seats, for a seat's player or the host (it counts as a
    room created): a player gets the link to their seat in it, the host the host's."""
    async with lobby.using(room_id) as room:
        viewer = entered(room, token)
        if viewer.seat is None and not viewer.host:
            raise Refused(403, "a rematch is asked for by a seat's player or the host", "seat")
        new, new_token = await lobby.rematch(room, viewer)
    role = "host" if viewer.host else "seat"
    fragment = f"{role}={new_token}" if new_token else ""
    seat = viewer.seat if new_token and not viewer.host else None
    return Rematch(room=new.id, seat=seat, link=room_link(request, new.id, fragment))


@api.get("/rooms/{room_id}/replay", tags=["rooms"], responses=problems(403, 404, 409, 410, 422))
async def replay(
    room_id: str,
    lobby: LobbyDep,
    step: Annotated[int, Query(ge=0, le=1_000_000, description="actions played")] = 0,
    token: TokenDep = None,
) -> Response:
    """A finished (or archived) game's position after `step` actions, every secret shown (the
    seed is published: nothing is secret any more)."""
    async with lobby.using(room_id) as room:
        viewer = entered(room, token)
        if not room.closed():
            raise Refused(409, "the replay opens once the game is over", "game over")
        step = min(step, len(room.row.actions))
        shown = await asyncio.to_thread(room.replay().answer, step, viewer.seat)
        return Response(shown, media_type="application/json")


@api.get("/rooms/{room_id}/record", tags=["rooms"], responses=problems(404, 409))
async def record(room_id: str, lobby: LobbyDep) -> dict[str, Any]:
    """A finished (or archived) game's record, which `towpath replay` and `towpath.replay`
    read."""
    async with lobby.using(room_id) as room:
        if not room.closed():
            raise Refused(409, "the record is published once the game is over", "game over")
        return room.state.record()


@api.websocket("/rooms/{room_id}/socket")
async def socket(websocket: WebSocket, room_id: str) -> None:
    """First message: {"type":"auth","token":...} (no token: a spectator). Then the seat's
    state after every change; takes act, undo, chat, name, back and ping messages (see
    `towpath.server.protocol`). A wrong room or token closes the socket with 4404 or 4403 and
    the reason."""
    lobby: Lobby = websocket.app.state.lobby
    await websocket.accept()
    try:
        async with lobby.using(room_id) as room:
            viewer = await _authenticate(websocket, lobby, room)
            if viewer is not None:
                await _serve(websocket, lobby, room, viewer)
    except Refused as error:
        with suppress(RuntimeError, OSError):  # unless the client has already gone
            await websocket.close(code=4000 + error.status, reason=error.message[:120])
    except WebSocketDisconnect:
        pass


async def _authenticate(websocket: WebSocket, lobby: Lobby, room: Room) -> Viewer | None:
    """Wait for the auth message (other messages get an error); None if the client left."""
    deadline = time.monotonic() + AUTH_WAIT
    while True:
        try:
            text = await asyncio.wait_for(_receive(websocket), deadline - time.monotonic())
        except TimeoutError:
            raise Refused(401, "expected an auth message first", "auth") from None
        if text is None:
            return None
        message, problem = _parse(text)
        if message is not None and message.type == "auth":
            return await _enter(websocket, lobby, room, message)
        await websocket.send_json(
            {"type": "error", "message": problem or "expected an auth message first"}
        )


async def _enter(websocket: WebSocket, lobby: Lobby, room: Room, message: ClientMessage) -> Viewer:
    """Who the auth message makes the socket's client; an invitation is taken, and the
    seat's own token sent first (`seat`)."""
    viewer = room.viewer(message.token)
    if viewer.seat is None or not viewer.invitation:
        return viewer
    by_host = room.hosted_by(message.host)
    own = await lobby.claim(room, viewer.seat, by_host)
    await websocket.send_json({"type": "seat", "seat": viewer.seat, "token": own})
    return Viewer(viewer.seat)


async def _serve(websocket: WebSocket, lobby: Lobby, room: Room, viewer: Viewer) -> None:
    client = Client(viewer.seat)
    lobby.connect(room, client)
    sender = asyncio.create_task(_send_loop(websocket, client))
    try:
        while (text := await _receive(websocket)) is not None:
            reply = await _handle(lobby, room, viewer, client, text)
            if reply is not None:
                client.push(reply)
    finally:
        lobby.disconnect(room, client)
        sender.cancel()


async def _receive(websocket: WebSocket) -> str | None:
    """The next text message; a binary one becomes an unreadable text; None: disconnected."""
    try:
        message = await websocket.receive()
    except RuntimeError:  # the socket was closed by the server
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if isinstance(text, str) else "\0binary"


async def _send_loop(websocket: WebSocket, client: Client) -> None:
    try:
        while True:
            message = await client.next()
            if isinstance(message, tuple):
                await websocket.close(code=message[0], reason=message[1])
                return
            await websocket.send_text(message if isinstance(message, str) else dumps(message))
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client is gone: its receiving side ends the connection


def _parse(text: str) -> tuple[ClientMessage | None, str | None]:
    """A client's message, or what was wrong with it."""
    if text == "\0binary":
        return None, "expected a text message of JSON in UTF-8, got binary data or other text"
    if len(text) > MAX_MESSAGE:
        return None, f"message over {MAX_MESSAGE} characters"
    try:
        return ClientMessage.model_validate_json(text), None
    except ValidationError as error:
        return None, first_error(error.errors())


async def _handle(
    lobby: Lobby, room: Room, viewer: Viewer, client: Client, text: str
) -> dict[str, JSON] | None:
    """One message from a client (see `protocol`): a reply for it alone, or None."""
    message, problem = _parse(text)
    if message is None:
        return {"type": "error", "message": problem}
    if message.type == "ping":
        return {"type": "pong", "at": time.time()}
    if message.type == "auth":
        return {"type": "error", "message": "already authenticated"}
    needed = NEEDS[message.type]
    missing = [key for key in needed if getattr(message, key) is None]
    if missing:
        return {
            "type": "error",
            "message": f"{article(message.type)} {message.type} message needs "
            f"{' and '.join(needed)}",
        }
    try:
        await _carry_out(lobby, room, viewer.seat, client, message)
    except Refused as refused:
        return {
            "type": "refused",
            "action": message.action,
            "message": refused.message,
            "rule": refused.rule,
            "version": room.version,
        }
    return None


def article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


NEEDS: dict[str, tuple[str, ...]] = {
    "act": ("version", "action"),
    "undo": ("version",),
    "chat": ("text",),
    "name": ("name",),
    "back": (),
}


async def _carry_out(
    lobby: Lobby, room: Room, seat: int | None, client: Client, message: ClientMessage
) -> None:
    if message.type == "act":
        assert message.version is not None and message.action is not None
        await lobby.act(room, seat, message.version, message.action)
    elif message.type == "undo":
        assert message.version is not None
        await lobby.undo(room, seat, message.version)
    elif message.type == "chat":
        await lobby.say(room, client, message.text or "")
    elif message.type == "name":
        await lobby.rename(room, seat, message.name or "")
    else:
        await lobby.come_back(room, seat)


@pages.get("/")
async def home() -> FileResponse:
    return FileResponse(str(STATIC / "index.html"))


@api.get(
    "/games/{game_id}/picture.svg",
    tags=["games"],
    responses={200: {"content": {"image/svg+xml": {}}}, **problems(404)},
    response_class=Response,
)
async def picture(game_id: str) -> Response:
    """A picture of the game's board in play, for the home page."""
    if game_id not in GAME_IDS:
        raise Refused(404, f"no game {game_id!r}: expected one of {', '.join(GAME_IDS)}", "game")
    return Response(board_picture(game_id), media_type="image/svg+xml")


@cache
def board_picture(game_id: str) -> str:
    """The board a few actions into a game of random moves, as a spectator sees it."""
    state = towpath.load(game_id).new_state(PICTURE_SEED)
    bot = towpath.agent("random", seed=PICTURE_SEED)
    for _ in range(PICTURE_ACTIONS):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    return state.render_svg(None)


@pages.get("/rules/{game_id}")
async def rules_page(game_id: str) -> HTMLResponse:
    """The rules for players, with the options of the new-game form."""
    if game_id not in GAME_IDS:
        raise Refused(404, f"no game {game_id!r}: expected one of {', '.join(GAME_IDS)}", "game")
    return HTMLResponse(rules_html(game_id))


@cache
def rules_html(game_id: str) -> str:
    cls = registry.game_class(game_id)
    options = "".join(
        f"<tr><th>{escape(spec.shown)}</th><td>{escape(str(form['help']))}</td>"
        f"<td>{escape(_shown_default(form['default']))}</td></tr>"
        for spec in cls.option_specs
        for form in [option_form(cls, spec)]
    )
    players = f"{cls.min_players}–{cls.max_players} players · {cls.play_time}"
    return RULES_PAGE.format(
        title=escape(cls.title),
        players=escape(players),
        game=game_id,
        guide=MarkdownIt("commonmark").enable("table").render(cls.guide()),
        options=options,
    )


def _shown_default(value: JSON) -> str:
    if value is None:
        return "built in"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


RULES_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · rules · towpath</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="data:,">
</head>
<body>
<header><a href="/">towpath</a><span class="grow">{title}: the rules</span></header>
<main class="rules">
<section>
<p class="muted">{players}</p>
<p><a class="button primary" href="/?game={game}#new-game">Play {title}</a></p>
{guide}
<h2>Options of a new game</h2>
<div class="table-scroll"><table class="options">
<tr><th>option</th><th>what it does</th><th>default</th></tr>
{options}
</table></div>
</section>
</main>
</body>
</html>
"""


@pages.get("/room/{room_id}")
async def room_page(room_id: str) -> FileResponse:
    return FileResponse(str(STATIC / "room.html"))


@pages.get("/docs")
async def docs() -> HTMLResponse:
    """Swagger UI, from towpath's own copy: it works without a network."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="towpath API",
        swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger-ui/swagger-ui.css",
        swagger_favicon_url="/static/swagger-ui/favicon-32x32.png",
    )


__all__ = ["SPECTATOR", "create_app"]

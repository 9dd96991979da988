"""The HTTP and WebSocket face of the lobby, and the web client's static files.

A human seat's token travels in the `X-Towpath-Token` header (or a `token` query parameter, as
the WebSocket does); no token means a spectator. The web client keeps its token in the link's
fragment (`/room/ID#TOKEN`), which browsers never send to a server.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Literal

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
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

import towpath
from towpath.agents.settings import describe_bots
from towpath.core import registry
from towpath.core.errors import GameError
from towpath.core.game import JSON
from towpath.core.options import (
    BoolOption,
    ChoiceOption,
    FileOption,
    IntListOption,
    IntOption,
    Option,
)
from towpath.server.rooms import (
    Client,
    Lobby,
    Refused,
    Room,
    SeatRequest,
    drawing,
)
from towpath.server.storage import Storage

MAX_BODY = 16 * 1024  # bytes of a request body
MAX_MESSAGE = 4 * 1024  # characters of a socket message
TOKEN_HEADER = "X-Towpath-Token"
STATIC = resources.files("towpath.server") / "static"

OptionValue = bool | int | str | list[int] | None
Setting = int | float | str


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    kind: Literal["human", "bot"] = Field(description="a person who joins by link, or a bot")
    name: str = Field("", max_length=40, description="shown to the others")
    agent: str = Field("random", max_length=20, description="the bot: random, greedy or mcts")
    settings: dict[str, Setting] = Field(
        default_factory=dict, max_length=8, description="the bot's settings, like seconds=1"
    )


class NewRoom(Strict):
    game: str = Field(max_length=40, description="a game id from /api/games")
    players: int | None = Field(None, ge=1, le=12, description="player count (the game's default)")
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(
        None, max_length=12, description="one per player; default: you, then random bots"
    )
    seed: int | None = Field(None, ge=0, lt=2**53, description="the game's seed (default: random)")
    listed: bool = Field(True, description="list the room so anyone may join a free seat")


class ActionIn(Strict):
    version: int = Field(ge=0, description="the state version the action was chosen at")
    action: str = Field(min_length=1, max_length=200, description="the action's notation")


class SocketMessage(Strict):
    type: Literal["act", "ping"]
    version: int | None = Field(None, ge=0)
    action: str | None = Field(None, max_length=200)


class SeatLink(BaseModel):
    seat: int
    token: str
    link: str


class RoomCreated(BaseModel):
    room: str
    link: str
    spectate: str
    seats: list[SeatLink]


class Accepted(BaseModel):
    version: int


def option_form(spec: Option) -> dict[str, JSON]:
    """What the new-game form needs to offer an option."""
    form: dict[str, JSON] = {"name": spec.name, "default": spec.default, "help": spec.help}
    if isinstance(spec, BoolOption):
        form["kind"] = "bool"
    elif isinstance(spec, IntOption):
        form.update(kind="int", low=spec.low, high=spec.high, allow_none=spec.allow_none)
    elif isinstance(spec, ChoiceOption):
        form.update(kind="choice", choices=list(spec.choices))
    elif isinstance(spec, IntListOption):
        form.update(kind="int_list", length=spec.length)
    elif isinstance(spec, FileOption):
        form["kind"] = "file"  # the server refuses files; the form shows the default only
    else:
        form["kind"] = "text"
    return form


def game_list() -> list[dict[str, JSON]]:
    games = []
    for game_id in towpath.game_ids():
        cls = registry.game_class(game_id)
        games.append(
            {
                "id": game_id,
                "title": cls.title,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "notation_help": cls.notation_help,
                "options": [option_form(spec) for spec in cls.option_specs],
            }
        )
    return games


def default_bot_pool() -> Executor:
    """Bots think in other processes: a slow one never holds up the rooms' event loop."""
    workers = max(1, min(4, (os.cpu_count() or 2)))
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=follow_parent,
        initargs=(os.getpid(),),
    )


def follow_parent(parent: int) -> None:
    """In a bot worker: exit when the server is gone, even after a SIGKILL."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="towpath-parent-watch").start()


def create_app(
    database: str | None = None,
    bot_delay: float = 0.8,
    bot_pool: Executor | None = None,
) -> FastAPI:
    """The application on `database` (default: $TOWPATH_DATABASE_URL, else a SQLite file)."""
    storage = Storage(database)
    pool = bot_pool if bot_pool is not None else default_bot_pool()
    lobby = Lobby(storage, pool, bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await lobby.start()
        yield
        await lobby.stop()
        if bot_pool is None:
            pool.shutdown(wait=False, cancel_futures=True)
        storage.close()

    app = FastAPI(
        title="towpath",
        summary="Play towpath's games in rooms with friends, bots and spectators.",
        version="1",
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.state.storage = storage
    app.middleware("http")(limit_body)
    app.add_exception_handler(Refused, refused)  # type: ignore[arg-type]
    app.add_exception_handler(GameError, game_error)  # type: ignore[arg-type]
    app.include_router(api)
    app.include_router(pages)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


async def limit_body(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return JSONResponse({"detail": f"request body over {MAX_BODY} bytes"}, 413)
    if request.method in ("POST", "PUT", "PATCH") and length is None:
        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse({"detail": f"request body over {MAX_BODY} bytes"}, 413)
    return await call_next(request)


async def refused(_request: Request, error: Refused) -> JSONResponse:
    return JSONResponse({"detail": error.message, "rule": error.rule}, error.status)


async def game_error(_request: Request, error: GameError) -> JSONResponse:
    return JSONResponse({"detail": str(error)}, 422)


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
TokenDep = Annotated[
    str | None, Header(alias=TOKEN_HEADER, max_length=100, description="a human seat's token")
]
api = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


async def seated(lobby: Lobby, room_id: str, token: str | None) -> tuple[Room, int | None]:
    room = await lobby.room(room_id)
    seat = room.seat_of(token)
    if seat is not None:
        await lobby.claim(room, seat)
    return room, seat


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@api.get("/games", tags=["games"])
async def games() -> dict[str, JSON]:
    """The games, their player counts and options, and the bots with their settings."""
    return {
        "games": game_list(),
        "bots": describe_bots(),
    }


@api.post("/rooms", status_code=201, tags=["rooms"])
async def create_room(body: NewRoom, request: Request, lobby: LobbyDep) -> RoomCreated:
    """Create a room; the answer holds each human seat's secret link (shown only once)."""
    seats = (
        [SeatRequest(s.kind, s.name, s.agent, dict(s.settings)) for s in body.seats]
        if body.seats is not None
        else None
    )
    room, tokens = await lobby.create(
        body.game, body.players, dict(body.options), seats, body.seed, body.listed
    )
    base = base_url(request)
    links = [
        SeatLink(seat=seat, token=token, link=f"{base}/room/{room.id}#{token}")
        for seat, token in tokens.items()
    ]
    return RoomCreated(
        room=room.id,
        link=links[0].link if links else f"{base}/room/{room.id}",
        spectate=f"{base}/room/{room.id}",
        seats=links,
    )


@api.get("/rooms", tags=["rooms"])
async def list_rooms(lobby: LobbyDep) -> list[dict[str, JSON]]:
    """Listed rooms still being played, newest first."""
    return await lobby.listing()


@api.get("/rooms/{room_id}", tags=["rooms"])
async def room_state(room_id: str, lobby: LobbyDep, token: TokenDep = None) -> dict[str, JSON]:
    """What the seat of the token (or a spectator) sees now: the same as the socket sends."""
    room, seat = await seated(lobby, room_id, token)
    return room.payload(seat)


@api.post("/rooms/{room_id}/actions", tags=["rooms"])
async def act(room_id: str, body: ActionIn, lobby: LobbyDep, token: TokenDep = None) -> Accepted:
    """Play an action chosen at `version`; refused with the engine's reason and rule."""
    room, seat = await seated(lobby, room_id, token)
    return Accepted(version=await lobby.act(room, seat, body.version, body.action))


@api.post("/rooms/{room_id}/join", tags=["rooms"])
async def join(room_id: str, request: Request, lobby: LobbyDep) -> SeatLink:
    """Take the first free human seat of a listed room."""
    room = await lobby.room(room_id)
    seat, token = await lobby.join(room)
    return SeatLink(seat=seat, token=token, link=f"{base_url(request)}/room/{room.id}#{token}")


@api.post("/rooms/{room_id}/rematch", tags=["rooms"])
async def rematch(
    room_id: str, request: Request, lobby: LobbyDep, token: TokenDep = None
) -> dict[str, JSON]:
    """The next game with the same seats; a player gets the link to their seat in it."""
    room, seat = await seated(lobby, room_id, token)
    new, new_token = await lobby.rematch(room, seat)
    link = f"{base_url(request)}/room/{new.id}" + (f"#{new_token}" if new_token else "")
    return {"room": new.id, "seat": seat if new_token else None, "link": link}


@api.get("/rooms/{room_id}/replay", tags=["rooms"])
async def replay(
    room_id: str,
    lobby: LobbyDep,
    step: Annotated[int, Query(ge=0, description="actions played")] = 0,
    token: TokenDep = None,
) -> dict[str, JSON]:
    """A finished game's position after `step` actions, as the seat of the token saw it."""
    room, seat = await seated(lobby, room_id, token)
    if not room.state.is_terminal():
        raise Refused(409, "the replay opens once the game is over", "game over")
    step = min(step, room.version)
    state = await asyncio.to_thread(towpath.replay, room.row.record(), step)
    svg, text = drawing(state, seat)
    log = state.log(seat)
    return {
        "room": room.id,
        "seat": seat,
        "step": step,
        "steps": room.version,
        "action": log[step - 1] if step else None,
        "current_player": state.current_player,
        "view": state.view(seat),
        "svg": svg,
        "text": text,
        "log": log,
    }


@api.get("/rooms/{room_id}/record", tags=["rooms"])
async def record(room_id: str, lobby: LobbyDep) -> dict[str, JSON]:
    """A finished game's record, which `towpath replay` and `towpath.replay` read."""
    room = await lobby.room(room_id)
    if not room.state.is_terminal():
        raise Refused(409, "the record is published once the game is over", "game over")
    return room.state.record()


@api.websocket("/rooms/{room_id}/socket")
async def socket(websocket: WebSocket, room_id: str, token: str | None = None) -> None:
    """Pushes the seat's state after every action; takes {"type":"act",...} messages."""
    lobby: Lobby = websocket.app.state.lobby
    try:
        room, seat = await seated(lobby, room_id, token)
    except Refused as error:
        await websocket.close(code=4000 + error.status, reason=error.message)
        return
    await websocket.accept()
    client = Client(seat)
    lobby.connect(room, client)
    sender = asyncio.create_task(_send_loop(websocket, client))
    try:
        while True:
            reply = await _handle(lobby, room, seat, await websocket.receive_text())
            if reply is not None:
                client.push(reply)
    except WebSocketDisconnect:
        pass
    finally:
        lobby.disconnect(room, client)
        sender.cancel()


@pages.get("/")
async def home() -> FileResponse:
    return FileResponse(str(STATIC / "index.html"))


@pages.get("/room/{room_id}")
async def room_page(room_id: str) -> FileResponse:
    return FileResponse(str(STATIC / "room.html"))


async def _send_loop(websocket: WebSocket, client: Client) -> None:
    while True:
        message = await client.queue.get()
        if message is None:
            await websocket.close(code=1001)
            return
        await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _handle(lobby: Lobby, room: Room, seat: int | None, text: str) -> dict[str, JSON] | None:
    """One message from a client: a reply for it alone, or None."""
    if len(text) > MAX_MESSAGE:
        return {"type": "error", "message": f"message over {MAX_MESSAGE} characters"}
    try:
        message = SocketMessage.model_validate_json(text)
    except ValidationError as error:
        return {"type": "error", "message": _first_error(error)}
    if message.type == "ping":
        return {"type": "pong", "at": time.time()}
    if message.version is None or message.action is None:
        return {"type": "error", "message": "an act message needs version and action"}
    try:
        await lobby.act(room, seat, message.version, message.action)
    except Refused as refused:
        return {
            "type": "refused",
            "action": message.action,
            "message": refused.message,
            "rule": refused.rule,
            "version": room.version,
        }
    return None


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "message"
    return f"{where}: {first['msg']}"

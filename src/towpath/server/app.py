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
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from towpath.core.errors import GameError
from towpath.core.game import Record
from towpath.core.i18n import N_, translator
from towpath.server.bots import Bots
from towpath.server.clients import SPECTATOR, Viewer
from towpath.server.guard import BodyLimit
from towpath.server.languages import Language, languages
from towpath.server.limits import Limits, RateLimiter
from towpath.server.lobby import Lobby
from towpath.server.models import (
    Accepted,
    ActionIn,
    JoinIn,
    LinkInfo,
    Links,
    NewRoom,
    Rematch,
    RoomCreated,
    RoomPage,
    SeatLink,
    first_error,
    problems,
)
from towpath.server.pages import STATIC, catalogue, pages
from towpath.server.protocol import Refused
from towpath.server.room import INVITED, Room
from towpath.server.rooms import ARCHIVE_AFTER, KEEP_IDLE, UNWATCHED
from towpath.server.rows import SeatRow
from towpath.server.seating import SeatRequest
from towpath.server.sockets import sockets
from towpath.server.storage import Storage

_, n_ = translator(__name__)

PAGE = 20  # rooms in a page of the lobby
TOKEN_HEADER = "X-Towpath-Token"
HOST_HEADER = "X-Towpath-Host"


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
    app.add_middleware(Language)
    app.add_exception_handler(Refused, refused)  # type: ignore[arg-type]
    app.add_exception_handler(GameError, game_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, failed)
    for router in (api, catalogue, languages, sockets, pages):
        app.include_router(router)
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


def get_lobby(request: Request) -> Lobby:
    lobby: Lobby = request.app.state.lobby
    return lobby


TOO_MANY = {
    "rooms": N_("too many rooms from this address: try again in {wait} s"),
    "joins": N_("too many joins from this address: try again in {wait} s"),
}


def limited(kind: Literal["rooms", "joins"]) -> Callable[[Request], None]:
    def check(request: Request) -> None:
        limiter: RateLimiter = request.app.state.limiter
        address = request.client.host if request.client else "unknown"
        wait = limiter.take(kind, address, time.monotonic())
        if wait is not None:
            raise Refused(
                429,
                _(TOO_MANY[kind], wait=wait),
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


def entered(room: Room, token: str | None) -> Viewer:
    """Who the token makes its bearer in the room; an invitation not taken yet opens nothing
    but `claim` (the room page takes it through its socket)."""
    viewer = room.viewer(token)
    if viewer.invitation:
        raise Refused(
            403,
            _(
                "this link is an invitation, taken once: open it in a browser, or take it with "
                "POST /api/rooms/{room}/claim, which answers the seat's own token",
                room=room.id,
            ),
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
        raise Refused(422, _("name: expected up to 40 printable characters"), "name")
    async with lobby.using(room_id) as room:
        seat, _own = await lobby.join(room, name)
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
        raise Refused(403, _("only the room's host link may do this"), "host")


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
            raise Refused(409, _("expected the token of an invitation not taken yet"), "invitation")
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
            raise Refused(403, _("a rematch is asked for by a seat's player or the host"), "seat")
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
    narrow: Annotated[bool, Query(description="the board drawn for a phone")] = False,
    token: TokenDep = None,
) -> Response:
    """A finished (or archived) game's position after `step` actions, every secret shown (the
    seed is published: nothing is secret any more)."""
    async with lobby.using(room_id) as room:
        viewer = entered(room, token)
        if not room.closed():
            raise Refused(409, _("the replay opens once the game is over"), "game over")
        step = min(step, len(room.row.actions))
        shown = await asyncio.to_thread(room.replay().answer, step, viewer.seat, narrow)
        return Response(shown, media_type="application/json")


@api.get("/rooms/{room_id}/record", tags=["rooms"], responses=problems(404, 409))
async def record(room_id: str, lobby: LobbyDep) -> Record:
    """A finished (or archived) game's record, which `towpath replay` and `towpath.replay`
    read."""
    async with lobby.using(room_id) as room:
        if not room.closed():
            raise Refused(409, _("the record is published once the game is over"), "game over")
        return room.state.record()


__all__ = ["SPECTATOR", "create_app"]

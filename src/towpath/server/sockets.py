"""A room's socket, `/api/rooms/ID/socket`: authentication, then the seat's messages both ways
(see `protocol` for every message)."""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from towpath.core.game import JSON
from towpath.core.i18n import language, translator
from towpath.server.clients import Client, Viewer
from towpath.server.lobby import Lobby
from towpath.server.models import first_error
from towpath.server.protocol import MAX_MESSAGE, ClientMessage, Refused, dumps
from towpath.server.room import Room

_, n_ = translator(__name__)
AUTH_WAIT = 10.0  # seconds a socket has to send its auth message
sockets = APIRouter(prefix="/api")


@sockets.websocket("/rooms/{room_id}/socket")
async def socket(websocket: WebSocket, room_id: str) -> None:
    """First message: {"type":"auth","token":...} (no token: a spectator). Then the seat's
    state after every change; takes act, undo, chat, name, back and ping messages (see
    `towpath.server.protocol`). A wrong room or token closes the socket with 4404 or 4403 and
    the reason."""
    lobby: Lobby = websocket.app.state.lobby
    await websocket.accept()
    try:
        async with lobby.using(room_id) as room:
            entered = await _authenticate(websocket, lobby, room)
            if entered is not None:
                await _serve(websocket, lobby, room, *entered)
    except Refused as error:
        with suppress(RuntimeError, OSError):  # unless the client has already gone
            await websocket.close(code=4000 + error.status, reason=error.message[:120])
    except WebSocketDisconnect:
        pass


async def _authenticate(
    websocket: WebSocket, lobby: Lobby, room: Room
) -> tuple[Viewer, bool] | None:
    """Wait for the auth message (other messages get an error): who the client is, and
    whether its page is narrow; None if the client left."""
    deadline = time.monotonic() + AUTH_WAIT
    while True:
        try:
            text = await asyncio.wait_for(_receive(websocket), deadline - time.monotonic())
        except TimeoutError:
            raise Refused(401, _("expected an auth message first"), "auth") from None
        if text is None:
            return None
        message, problem = _parse(text)
        if message is not None and message.type == "auth":
            return await _enter(websocket, lobby, room, message), bool(message.narrow)
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


async def _serve(
    websocket: WebSocket, lobby: Lobby, room: Room, viewer: Viewer, narrow: bool
) -> None:
    client = Client(viewer.seat, language=language(), narrow=narrow)
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

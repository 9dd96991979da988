"""Two `towpath serve` processes on one PostgreSQL: any process serves any room, every action
reaches every watcher, and a killed owner's rooms go on in the other process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.browser.conftest import Server
from tests.server.conftest import fresh_database
from towpath.server.cluster import Cluster
from towpath.server.storage import database_url

Json = dict[str, Any]
HUMAN_AND_BOT = [{"kind": "human"}, {"kind": "bot"}]


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    database = fresh_database("postgresql", tmp_path)
    options = ("--bot-workers", "1", "--bot-delay", "0.05")
    first = Server(database, tmp_path / "first.log", options=options).start()
    second = Server(database, tmp_path / "second.log", options=options).start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


@contextmanager
def spectate(server: Server, room: str, token: str | None = None) -> Iterator[ClientConnection]:
    """A socket to the room through `server`, as the token's seat (none: a spectator)."""
    with connect(f"ws://127.0.0.1:{server.port}/api/rooms/{room}/socket") as socket:
        socket.send(json.dumps({"type": "auth", "token": token}))
        yield socket


def connected_seen(socket: ClientConnection, seat: int, connected: bool) -> None:
    """Read messages until one shows the seat as (dis)connected."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        shown = message["type"] in ("state", "presence")
        if shown and message["seats"][seat]["connected"] == connected:
            return


def log_seen(socket: ClientConnection, last: int) -> list[str]:
    """The log of the state message of version `last`, once the state messages reached it;
    their versions never go back (a client that falls behind may skip states, never
    actions: each state brings the log's entries after those the socket was sent)."""
    versions: list[int] = [-1]
    log: list[str] = []
    while versions[-1] < last:
        message = json.loads(socket.recv(timeout=20))
        if message["type"] == "state":
            assert message["version"] >= versions[-1]
            log = log[: message["moves_from"]] + message["log"]
            assert len(log) == message["version"]  # no take-backs here
            versions.append(message["version"])
    assert versions[-1] == last
    return log


def play(server: Server, room: str, token: str, version: int) -> int:
    """Seat 0 plays its first legal action at `version` through `server`; the new version."""
    legal = server.get(f"/api/rooms/{room}", token)["legal"]
    answer = server.post(
        f"/api/rooms/{room}/actions", {"version": version, "action": legal[0]["action"]}, token
    )
    return int(answer["version"])


def at_version(server: Server, room: str, token: str, version: int) -> Json:
    """The room as the token's seat sees it through `server` once it reached `version` (a
    process follows the owner's announcements within moments)."""
    deadline = time.monotonic() + 15
    while (seen := server.get(f"/api/rooms/{room}", token or None))["version"] < version:
        assert time.monotonic() < deadline, "the process never caught up"
        time.sleep(0.02)
    return seen


def seat_zero_to_move(server: Server, room: str, token: str) -> Json:
    """The room as seat 0 sees it once it is seat 0's turn or the game is over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seen = server.get(f"/api/rooms/{room}", token)
        if seen["over"] or seen["current_player"] == 0:
            return seen
        time.sleep(0.05)
    raise AssertionError("the bot never moved")


def test_a_spectator_on_one_process_sees_every_action_made_through_the_other(
    servers: tuple[Server, Server],
) -> None:
    first, second = servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = first.create({"game": "mississippi", "players": 2, "seats": seats})
    room, tokens = created["room"], [s["token"] for s in created["seats"]]
    with spectate(second, room) as on_second, spectate(first, room) as on_first:
        accepted = []
        for version in range(10):  # seat 0 through the owner, seat 1 forwarded to it
            through = first if version % 2 == 0 else second
            legal = at_version(through, room, tokens[version % 2], version)["legal"]
            action = {"version": version, "action": legal[-1]["action"]}
            answer = through.post(f"/api/rooms/{room}/actions", action, tokens[version % 2])
            assert answer == {"version": version + 1}
            accepted.append(legal[-1]["action"])
        assert log_seen(on_second, 10) == accepted
        assert log_seen(on_first, 10) == accepted
    stale = {"version": 0, "action": accepted[0]}  # refused by the owner, told by the second
    status, refusal = second.request("POST", f"/api/rooms/{room}/actions", stale, tokens[0])
    assert status == 409 and refusal["rule"] == "stale version"
    assert refusal["detail"] == "stale action: it was chosen at version 0, the game is at 10"


def test_a_killed_owner_s_game_finishes_through_the_other_process(
    servers: tuple[Server, Server],
) -> None:
    first, second = servers
    body = {"game": "mapped_out", "players": 2, "seats": HUMAN_AND_BOT, "seed": 5}
    created = first.create({**body, "listed": False})
    room, token = created["room"], created["seats"][0]["token"]
    with spectate(second, room) as watcher:
        seen = seat_zero_to_move(first, room, token)
        for _ in range(3):  # a few turns with the first process as the owner
            play(first, room, token, seen["version"])
            seen = seat_zero_to_move(first, room, token)
        before = seen["log"]
        first.kill()
        while not seen["over"]:  # the second takes the room over: its bot moves, we play
            play(second, room, token, seen["version"])
            seen = seat_zero_to_move(second, room, token)
        watched = log_seen(watcher, seen["version"])
    assert seen["log"][: len(before)] == before
    record = second.get(f"/api/rooms/{room}/record")
    assert record["actions"] == watched == seen["log"]
    engine = create_engine(database_url(first.database))
    with engine.connect() as db:
        numbers = db.execute(
            text("SELECT number FROM actions WHERE room = :room ORDER BY number"), {"room": room}
        ).scalars()
        assert list(numbers) == list(range(1, len(record["actions"]) + 1))
    engine.dispose()


def test_many_workers_need_postgresql(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'rooms.sqlite3'}", tmp_path / "serve.log")
    with pytest.raises(RuntimeError, match="the server stopped"):
        server.options = ("--workers", "2")
        server.start()
    shown = server.log.read_text().strip()
    assert (
        shown == "error: --workers 2: expected a PostgreSQL --database; SQLite serves one process"
    )


def test_a_player_present_through_one_process_shows_present_through_the_other(
    servers: tuple[Server, Server],
) -> None:
    first, second = servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = first.create({"game": "mississippi", "players": 2, "seats": seats})
    room, token = created["room"], created["seats"][1]["token"]
    with spectate(first, room) as watcher:
        connected_seen(watcher, 1, False)
        with spectate(second, room, token):
            connected_seen(watcher, 1, True)
        connected_seen(watcher, 1, False)


def test_workers_share_a_port_and_a_killed_one_s_rooms_play_on(tmp_path: Path) -> None:
    database = fresh_database("postgresql", tmp_path)
    options = ("--workers", "2", "--bot-workers", "1", "--bot-delay", "0.05")
    server = Server(database, tmp_path / "server.log", options=options).start()
    try:
        assert "2 processes" in server.log.read_text()
        body = {"game": "mississippi", "players": 3, "seats": [{"kind": "bot"}] * 3}
        rooms = [server.create(body)["room"] for _ in range(4)]
        for worker in server.workers(2):
            reached = [server.get(f"/api/rooms/{room}")["version"] for room in rooms]
            os.kill(worker, signal.SIGKILL)
            for room, version in zip(rooms, reached, strict=True):
                at_version(server, room, "", version + 3)
    finally:
        server.stop()


def test_chat_and_a_re_issued_link_through_one_process_reach_the_other(
    servers: tuple[Server, Server],
) -> None:
    first, second = servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = first.create({"game": "mississippi", "players": 2, "seats": seats})
    room, token = created["room"], created["seats"][0]["token"]
    host = created["host"].rpartition("#host=")[2]
    with (
        spectate(first, room) as watcher,
        spectate(first, room, token) as on_first,
        spectate(second, room, token) as on_second,
    ):
        on_second.send(json.dumps({"type": "chat", "text": "hello from the second"}))
        while (message := json.loads(watcher.recv(timeout=10)))["type"] != "chat":
            pass
        assert [line["text"] for line in message["messages"]] == ["hello from the second"]
        fresh = second.post(f"/api/rooms/{room}/seats/0/link", {}, host)
        assert fresh["token"] != token
        for player in (on_first, on_second):  # the old link's sockets close everywhere
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    player.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403


class Counting:
    """A lobby that counts the forwarded requests it carries out."""

    def __init__(self) -> None:
        self.performed = 0

    def owns(self, room_id: str) -> bool:
        return True

    async def changed(self, note: Json) -> None: ...

    async def perform(self, room_id: str, op: str, args: list[Any]) -> Json:
        self.performed += 1
        await asyncio.sleep(0.01)
        return {"result": self.performed}

    async def adopt(self, room_id: str) -> None: ...

    async def resync(self) -> None: ...

    def lost_leases(self) -> None: ...

    def heartbeat(self) -> None: ...


def test_a_forwarded_request_asked_again_is_carried_out_once() -> None:
    lobby = Counting()
    cluster = Cluster("postgresql+psycopg://owner@127.0.0.1/towpath", lobby)
    sent: list[tuple[str, Json]] = []

    async def send(channel: str, payload: Json) -> None:
        sent.append((channel, payload))

    cluster._send = send  # type: ignore[method-assign]
    request = {"id": "r1", "reply": "towpath_asker", "room": "x", "op": "join", "args": ["Ann"]}

    async def twice() -> None:
        await asyncio.gather(cluster._answer(request), cluster._answer(request))
        await cluster._answer(request)  # asked again after the answer

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        thread.submit(asyncio.run, twice()).result()
    assert lobby.performed == 1
    assert sent == [("towpath_asker", {"id": "r1", "result": 1})] * 3


def act_until_accepted(server: Server, room: str, tokens: list[str]) -> int:
    """The seat to move plays its first legal action through `server`, as a page would:
    reading the room again after a refusal, for up to 10 s; the new version."""
    deadline = time.monotonic() + 10
    while True:
        assert time.monotonic() < deadline, "no action was accepted"
        seen = [server.get(f"/api/rooms/{room}", token) for token in tokens]
        mover = next((s for s in seen if s["legal"]), None)
        if mover is not None:
            action = {"version": mover["version"], "action": mover["legal"][0]["action"]}
            token = tokens[mover["seat"]]
            status, answer = server.request("POST", f"/api/rooms/{room}/actions", action, token)
            if status == 200:
                return int(answer["version"])
            assert status in (409, 503), answer
        time.sleep(0.1)


def test_an_owner_that_lost_its_lease_unnoticed_cannot_wedge_the_room(
    servers: tuple[Server, Server],
) -> None:
    first, second = servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = first.create({"game": "mississippi", "players": 2, "seats": seats})
    room, tokens = created["room"], [s["token"] for s in created["seats"]]
    engine = create_engine(database_url(first.database))
    with engine.connect() as db:  # the first process's lease connection dies; it lives on
        db.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' "
                "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )
        )
    engine.dispose()
    stale = {"version": 5, "action": "f1"}  # the second takes the room over, and refuses it
    status, _ = second.request("POST", f"/api/rooms/{room}/actions", stale, tokens[0])
    assert status == 409
    played = first.post(f"/api/rooms/{room}/actions", {"version": 0, "action": "f1"}, tokens[0])
    assert played == {"version": 1}  # the first still thought it owned the room: committed
    for turn in range(6):  # both processes go on from the first's action
        version = act_until_accepted((second, first)[turn % 2], room, tokens)
        assert version == turn + 2
    assert at_version(first, room, "", 7)["log"] == at_version(second, room, "", 7)["log"]

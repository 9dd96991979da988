"""Server fixtures: an app on SQLite and on PostgreSQL, and helpers to create rooms and read
socket messages.

PostgreSQL comes from `make test` (scripts/test-services.sh starts it and passes its URL in
TOWPATH_TEST_POSTGRES_URL); without it the PostgreSQL tests fail rather than pass unseen.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, text

from towpath.server import create_app
from towpath.server.limits import Limits
from towpath.server.storage import database_url

POSTGRES_ENV = "TOWPATH_TEST_POSTGRES_URL"
Json = dict[str, Any]


def postgres_url() -> str:
    """The test database; under pytest-xdist, a database of the worker's own (made on first
    use), so that workers never empty each other's tables."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f"{POSTGRES_ENV} is not set: run the tests with `make test`")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return url if worker is None else worker_database(url, worker)


@cache
def worker_database(url: str, worker: str) -> str:
    server, _, name = url.rpartition("/")
    own = f"{name}_{worker}"
    engine = create_engine(database_url(url), isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        found = db.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": own})
        if found.first() is None:
            db.execute(text(f'CREATE DATABASE "{own}"'))
    engine.dispose()
    return f"{server}/{own}"


def fresh_database(kind: str, tmp_path: Path) -> str:
    """An empty database of `kind` ("sqlite" or "postgresql")."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    url = postgres_url()
    engine = create_engine(database_url(url))
    tables = MetaData()
    tables.reflect(engine)
    tables.drop_all(engine)
    engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return fresh_database(request.param, tmp_path)


@pytest.fixture
def sqlite_database(tmp_path: Path) -> str:
    return fresh_database("sqlite", tmp_path)


UNLIMITED = Limits(rooms_per_hour=1e9, joins_per_hour=1e9, burst=10**9)


def make_client(database: str, **settings: Any) -> TestClient:
    """A client of an app on `database`: bots without delay, one search worker, no rate
    limits (unless `settings` say otherwise)."""
    settings = {"bot_delay": 0.0, "bot_workers": 1, "limits": UNLIMITED, **settings}
    return TestClient(create_app(database, **settings))


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with make_client(database) as test_client:
        yield test_client


def create(client: TestClient, take: bool = True, **body: Any) -> Json:
    """A new room; one with a chosen seed is unlisted unless `body` says (the server allows a
    chosen seed only there). With `take`, every invitation is taken as its player's page takes
    it (`claim`): each seat's `token` and `link` are then the seat's own, and `invitation` the
    link the host handed out."""
    if "seed" in body:
        body.setdefault("listed", False)
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    created: Json = response.json()
    for seat in created["seats"] if take else ():
        seat["invitation"] = seat["token"]
        claimed = client.post(f"/api/rooms/{created['room']}/claim", headers=auth(seat["token"]))
        if claimed.status_code == 200:  # not the creator's own seat, taken from the start
            seat.update(token=claimed.json()["token"], link=claimed.json()["link"])
    return created


def token_of(created: Json, seat: int) -> str:
    return next(str(s["token"]) for s in created["seats"] if s["seat"] == seat)


def host_of(created: Json) -> str:
    return str(created["host"]).rpartition("#host=")[2]


def socket_of(client: TestClient, room: str, token: str | None = None) -> Any:
    """A socket to the room, authenticated with `token` (none: a spectator); use in `with`."""
    return Authenticated(client, room, token)


class Authenticated:
    def __init__(self, client: TestClient, room: str, token: str | None) -> None:
        self.context = client.websocket_connect(f"/api/rooms/{room}/socket")
        self.token = token

    def __enter__(self) -> Any:
        socket = self.context.__enter__()
        socket.send_json({"type": "auth", "token": self.token})
        return Page(socket)

    def __exit__(self, *exc: Any) -> None:
        self.context.__exit__(*exc)


class Page:
    """A socket read as the room page reads it: a state message's board is joined from its
    parts, the page keeping those of the latest board, and given as `svg`; its moves and log
    are those the page keeps followed by the new ones."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.parts: dict[str, str] = {}
        self.moves: list[Json] = []
        self.log: list[str] = []

    def receive_json(self) -> Json:
        message: Json = self.socket.receive_json()
        if message["type"] == "state":
            board, parts = message.pop("board"), message.pop("parts")
            assert set(parts) <= set(board), "a part that the board does not name"
            assert not set(parts) & set(self.parts), "a part that the page keeps already"
            self.parts.update(parts)
            message["svg"] = "".join(self.parts[key] for key in board) or None
            self.parts = {key: self.parts[key] for key in board}
            kept = message.pop("moves_from")
            self.moves = self.moves[:kept] + message["moves"]
            self.log = self.log[:kept] + message["log"]
            message["moves"], message["log"] = self.moves, self.log
        return message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.socket, name)


def auth(token: str) -> dict[str, str]:
    return {"X-Towpath-Token": token}


def until(socket: Any, predicate: Any, limit: int = 200) -> Json:
    """Read socket messages until one satisfies `predicate`."""
    for _ in range(limit):
        message: Json = socket.receive_json()
        if predicate(message):
            return message
    raise AssertionError("the awaited message never came")


def state_at(version: int) -> Any:
    return lambda m: m["type"] == "state" and m["version"] >= version

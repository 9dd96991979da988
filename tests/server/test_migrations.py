"""A database written by the first release (before migrations) is upgraded on start, and its
rooms are served, replayed and played on, their links still opening their seats.

`data/release-0.sqlite3` was written by the first release's own code (the server of commit
33568f2, run from `git archive` of it through its TestClient): four rooms of which one is
finished, one is unlisted against a greedy bot, one waits with an invitation never opened.
`data/release-0.json` holds their ids and the links' tokens that release handed out.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import MetaData, create_engine, insert, inspect, select, text

from tests.server.conftest import auth, fresh_database, make_client, until
from towpath.server.storage import database_url, upgrade

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "release-0.sqlite3"
CENTURY = 100 * 365 * 86400.0  # the fixture's rooms are old: keep them from being archived


def old_rooms() -> dict[str, Any]:
    rooms: dict[str, Any] = json.loads((DATA / "release-0.json").read_text())
    return rooms


def first_release_database(kind: str, tmp_path: Path) -> str:
    """A copy of the fixture, or (PostgreSQL) its rows in the first release's schema."""
    if kind == "sqlite":
        copy = tmp_path / "release-0.sqlite3"
        shutil.copy(FIXTURE, copy)
        return f"sqlite:///{copy}"
    url = fresh_database("postgresql", tmp_path)
    engine = create_engine(database_url(url))
    upgrade(engine, "0001")  # the first release's tables, as it made them
    with engine.begin() as db:
        db.execute(text("DROP TABLE alembic_version"))
    source = create_engine(f"sqlite:///{FIXTURE}")
    old, new = MetaData(), MetaData()
    old.reflect(source)
    new.reflect(engine)
    with source.connect() as reading, engine.begin() as writing:
        for name in ("rooms", "seats", "actions"):
            rows = [dict(row._mapping) for row in reading.execute(select(old.tables[name]))]
            writing.execute(insert(new.tables[name]), rows)
    source.dispose()
    engine.dispose()
    return url


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_first_release_database_is_upgraded_and_its_rooms_served(
    kind: str, tmp_path: Path
) -> None:
    url = first_release_database(kind, tmp_path)
    rooms = old_rooms()
    with make_client(url, archive_after=CENTURY) as client:
        check_unfinished(client, rooms["unfinished"])
        check_finished(client, rooms["finished"])
        check_against_a_bot(client, rooms["against_a_bot"])
        check_waiting(client, rooms["waiting"])
    engine = create_engine(database_url(url))
    with engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0005"
        assert {"server_keys", "chat"} <= set(inspect(db).get_table_names())
    engine.dispose()


def check_unfinished(client: TestClient, room: dict[str, Any]) -> None:
    url, tokens = f"/api/rooms/{room['room']}", room["tokens"]
    seen = client.get(url, headers=auth(tokens["1"])).json()  # a first-release link
    assert seen["seat"] == 1 and seen["log"] == ["f2", "f1", "r+1 f1"]
    assert seen["seed_chosen"] is None and seen["seed"] is None
    assert seen["seed_hash"] == hashlib.sha256(b"5").hexdigest()
    move = {"version": 3, "action": "f1"}
    assert client.post(f"{url}/actions", json=move, headers=auth(tokens["1"])).json() == {
        "version": 4
    }


def check_finished(client: TestClient, room: dict[str, Any]) -> None:
    url = f"/api/rooms/{room['room']}"
    assert client.get(url).json()["seed"] == "7"
    record = client.get(f"{url}/record").json()
    assert record["actions"] == ["f3", "f2"] and record["seed"] == 7
    assert client.get(f"{url}/replay?step=1").json()["action"] == "f3"
    assert client.get(url, headers=auth(room["tokens"]["0"])).json()["seat"] == 0


def check_against_a_bot(client: TestClient, room: dict[str, Any]) -> None:
    """The greedy bot of the restored room plays on, around a move of its person."""
    url, token = f"/api/rooms/{room['room']}", room["tokens"]["0"]
    assert client.get(url).json()["version"] >= 1
    with client.websocket_connect(f"{url}/socket") as socket:
        socket.send_json({"type": "auth", "token": token})
        mine = until(socket, lambda m: m["type"] == "state" and m["legal"])
        move = {"type": "act", "version": mine["version"], "action": mine["legal"][0]["action"]}
        socket.send_json(move)
        until(socket, lambda m: m["type"] == "state" and m["version"] > mine["version"] + 1)


def check_waiting(client: TestClient, room: dict[str, Any]) -> None:
    url = f"/api/rooms/{room['room']}"
    assert client.get("/api/rooms").json()["rooms"] == []  # no seat of it is open to join
    refused = client.post(f"{url}/join", json={"name": "Mallory"})
    assert refused.status_code == 409
    seen = client.get(url, headers=auth(room["tokens"]["1"])).json()  # Ed's invitation
    assert seen["seat"] == 1 and seen["seats"][1]["name"] == "Ed"
    assert seen["seats"][1]["access"] == "invited"


def test_a_new_database_gets_the_newest_schema(sqlite_database: str) -> None:
    with make_client(sqlite_database):
        pass
    engine = create_engine(sqlite_database)
    with engine.connect() as db:
        assert db.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0005"
        columns = {c["name"] for c in inspect(db).get_columns("rooms")}
        seat_columns = {c["name"] for c in inspect(db).get_columns("seats")}
    engine.dispose()
    assert {"seed", "seed_chosen", "archived", "acted", "undos", "clock"} <= columns
    assert "away" in seat_columns

"""Limits: rate limits per address with 429 and Retry-After, a paginated lobby of the rooms
one may join, archived idle rooms, and rooms that leave memory once nobody uses them."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import (
    Json,
    auth,
    create,
    make_client,
    socket_of,
    state_at,
    token_of,
    until,
)
from towpath.server.limits import Limits, RateLimiter
from towpath.server.lobby import Lobby

OPEN = [{"kind": "human"}, {"kind": "human", "access": "open"}]


def lobby_of(client: TestClient) -> Lobby:
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    return lobby


def wait_for(predicate: Any, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.05)


def test_a_token_bucket_allows_a_burst_then_one_request_per_interval() -> None:
    limiter = RateLimiter(Limits(rooms_per_hour=60, joins_per_hour=3600, burst=2))
    assert [limiter.take("rooms", "a", 0.0) for _ in range(3)] == [None, None, 60]
    assert limiter.take("rooms", "b", 0.0) is None  # per address
    assert limiter.take("joins", "a", 0.0) is None  # per kind
    assert limiter.take("rooms", "a", 30.0) == 30
    assert limiter.take("rooms", "a", 60.0) is None


def test_room_creation_and_joins_are_limited_per_address_with_429_and_retry_after(
    sqlite_database: str,
) -> None:
    limits = Limits(rooms_per_hour=3600, joins_per_hour=3600, burst=2)
    with make_client(sqlite_database, limits=limits) as client:
        body = {"game": "mississippi", "players": 2, "seats": OPEN}
        answers = [client.post("/api/rooms", json=body) for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]
        assert answers[2].headers["Retry-After"] == "1"
        assert answers[2].json() == {
            "detail": "too many rooms from this address: try again in 1 s",
            "rule": "rate limit",
        }
        rooms = [a.json()["room"] for a in answers[:2]]
        joins = [client.post(f"/api/rooms/{r}/join", json={"name": "Al"}) for r in rooms * 2]
        assert [j.status_code for j in joins[:2]] == [200, 200] and joins[2].status_code == 429
        time.sleep(1.1)
        assert client.post("/api/rooms", json=body).status_code == 201


def test_the_lobby_lists_rooms_with_an_open_seat_newest_first_a_page_at_a_time(
    client: TestClient,
) -> None:
    made = [create(client, game="mississippi", players=2, seats=OPEN)["room"] for _ in range(5)]
    create(client, game="mississippi", players=2, seats=[{"kind": "human"}] * 2)  # no open seat
    create(client, game="mississippi", players=2, seats=OPEN, listed=False)
    full = create(client, game="mississippi", players=2, seats=OPEN)["room"]
    client.post(f"/api/rooms/{full}/join", json={"name": "Bo"})
    pages: list[Json] = [client.get("/api/rooms?limit=2").json()]
    while pages[-1]["next"] is not None:
        pages.append(client.get(f"/api/rooms?limit=2&cursor={pages[-1]['next']}").json())
    assert [len(p["rooms"]) for p in pages] == [2, 2, 1]
    assert [r["room"] for p in pages for r in p["rooms"]] == made[::-1]
    assert all(r["open_seats"] == 1 for p in pages for r in p["rooms"])
    bad = client.get("/api/rooms?cursor=yesterday")
    assert bad.status_code == 422 and bad.json()["rule"] == "cursor"
    assert client.get("/api/rooms?limit=0").status_code == 422


def test_idle_rooms_are_archived_out_of_memory_and_the_lobby_and_stay_replayable(
    sqlite_database: str,
) -> None:
    settings = {"archive_after": 0.6, "sweep_every": 0.1, "keep_idle": 0.0}
    with make_client(sqlite_database, **settings) as client:
        created = create(client, game="mississippi", players=2, seats=OPEN)
        room, seat0 = created["room"], auth(token_of(created, 0))
        move = {"version": 0, "action": "f1"}
        assert client.post(f"/api/rooms/{room}/actions", json=move, headers=seat0).json()
        assert [r["room"] for r in client.get("/api/rooms").json()["rooms"]] == [room]
        wait_for(lambda: client.get("/api/rooms").json()["rooms"] == [])
        assert room not in lobby_of(client).rooms
        shown = client.get(f"/api/rooms/{room}", headers=seat0).json()
        assert shown["archived"] is True and shown["log"] == ["f1"] and shown["seed"]
        late = client.post(f"/api/rooms/{room}/actions", json={**move, "version": 1}, headers=seat0)
        assert late.status_code == 409 and late.json()["rule"] == "archived"
        joined = client.post(f"/api/rooms/{room}/join", json={"name": "Al"})
        assert joined.status_code == 409 and joined.json()["rule"] == "archived"
        assert client.get(f"/api/rooms/{room}/replay?step=1").json()["action"] == "f1"
        assert client.get(f"/api/rooms/{room}/record").json()["actions"] == ["f1"]
    with make_client(sqlite_database, archive_after=3600.0) as client:  # stays archived
        assert room not in lobby_of(client).rooms
        assert client.get(f"/api/rooms/{room}").json()["archived"] is True


def test_a_finished_room_leaves_memory_once_nobody_watches(sqlite_database: str) -> None:
    with make_client(sqlite_database, sweep_every=0.05, keep_idle=0.0) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        created = create(client, game="mississippi", players=2, seats=seats)
        room = created["room"]
        rooms = lobby_of(client).rooms
        with socket_of(client, room) as watcher:
            for version in range(2):
                move = {"version": version, "action": "f1"}
                headers = auth(token_of(created, version % 2))
                client.post(f"/api/rooms/{room}/actions", json=move, headers=headers)
            until(watcher, state_at(2))
            time.sleep(0.3)
            assert room in rooms  # watched: it stays
        wait_for(lambda: room not in rooms)
        assert client.get(f"/api/rooms/{room}").json()["version"] == 2  # back on demand

"""A hostile stranger cannot freeze, flood or wedge the server: actions are checked before
they are told, bodies and requests are bounded as they arrive, connections are capped per
address, and presence is told a few times a second, not once per socket per join.

The attacks run against a real `towpath serve` process where uvicorn's own handling is what
is tested (a freeze, a slow request, a streamed body); the others in-process."""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, suppress
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.browser.conftest import Server
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
from towpath.server.guard import MAX_BODY, Guard
from towpath.server.limits import Limits
from towpath.server.room import PRESENCE_GAP
from towpath.server.watchdog import ENGINE_BOUND

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    options = ("--request-seconds", "1", "--connections-per-address", "20")
    running = Server(
        f"sqlite:///{tmp_path / 'rooms.sqlite3'}", tmp_path / "serve.log", options=options
    )
    running.start()
    yield running
    running.stop()


def ask(server: Server, path: str, body: Json | None = None, token: str | None = None) -> Any:
    """(status, JSON) of a request that must be answered within 5 s."""
    headers = {"Content-Type": "application/json", **(auth(token) if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    method = "POST" if body is not None else "GET"
    request = urllib.request.Request(server.url + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.parametrize(
    ("game", "action", "rule"),
    [
        ("mississippi", "b999999999999", "notation"),
        ("mississippi", "f9999999", "notation"),
        ("detour", "move voyage 999999999999", "notation"),
    ],
)
def test_an_action_naming_a_huge_number_is_refused_at_once_and_other_rooms_answer(
    server: Server, game: str, action: str, rule: str
) -> None:
    created = server.create({"game": game, "players": 2, "seats": TWO_PEOPLE})
    other = server.create({"game": game, "players": 2, "seats": TWO_PEOPLE})
    room, token = created["room"], created["seats"][0]["token"]
    move = {"version": 0, "action": action}
    status, refusal = ask(server, f"/api/rooms/{room}/actions", move, token)
    assert status == 400 and refusal["rule"] == rule and "\n" not in refusal["detail"]
    status, seen = ask(server, f"/api/rooms/{other['room']}")
    assert status == 200 and seen["version"] == 0
    assert ask(server, f"/api/rooms/{room}")[1]["log"] == []  # nothing was told or played


def test_an_engine_that_runs_away_is_stopped_at_its_bound_and_the_room_plays_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(client, game="mississippi", players=2, seats=TWO_PEOPLE)
    room, seat0 = created["room"], auth(token_of(created, 0))
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    game_class = type(lobby.rooms[room].game)
    parse = game_class.parse_action

    def runaway(self: Any, text: str, state: Any = None) -> Any:
        while text == "spin":
            pass
        return parse(self, text, state)

    monkeypatch.setattr(game_class, "parse_action", runaway)
    began = time.monotonic()
    spun = client.post(
        f"/api/rooms/{room}/actions", json={"version": 0, "action": "spin"}, headers=seat0
    )
    assert time.monotonic() - began < 10 * ENGINE_BOUND
    assert spun.status_code == 422
    assert spun.json() == {
        "detail": f"'spin' could not be checked within {ENGINE_BOUND:g} s",
        "rule": "bound",
    }
    played = client.post(
        f"/api/rooms/{room}/actions", json={"version": 0, "action": "f1"}, headers=seat0
    )
    assert played.json() == {"version": 1}


def test_a_streamed_body_is_refused_once_it_passes_16_kb_and_not_read_on(server: Server) -> None:
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    connection.sendall(
        b"POST /api/rooms HTTP/1.1\r\nHost: towpath\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    sent, answer = 0, b""
    connection.setblocking(False)
    while sent < 1024 * 1024 and not answer:
        try:
            connection.sendall(b"400\r\n" + b" " * 1024 + b"\r\n")
        except OSError:
            break  # closed by the server
        sent += 1024
        time.sleep(0.002)
        with suppress(BlockingIOError):
            answer = connection.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert sent <= 2 * MAX_BODY  # answered as the body passed the limit, not at its end
    assert b"connection: close" in answer and b'"rule":"size"' in answer
    connection.close()


def test_a_request_that_does_not_arrive_in_time_is_answered_408_and_closed(
    server: Server,
) -> None:
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: towpath\r\n")  # and never the rest
    answer = slow.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408") and b'"rule":"time"' in answer
    assert slow.recv(4096) == b""  # closed
    slow.close()


def test_connections_are_capped_per_address_and_other_addresses_still_get_in(
    server: Server,
) -> None:
    with ExitStack() as stack:
        held = []
        for _ in range(20):  # the cap, half-sent
            connection = stack.enter_context(socket.create_connection(("127.0.0.1", server.port)))
            connection.sendall(b"GET /api/games HTTP/1.1\r\n")
            held.append(connection)
        time.sleep(0.2)
        one_more = stack.enter_context(
            socket.create_connection(("127.0.0.1", server.port), timeout=5)
        )
        with pytest.raises((ConnectionResetError, AssertionError)):  # closed unanswered
            one_more.sendall(b"GET /api/games HTTP/1.1\r\nHost: towpath\r\n\r\n")
            assert one_more.recv(4096) != b""
        elsewhere = socket.create_connection(
            ("127.0.0.1", server.port), timeout=5, source_address=("127.0.0.2", 0)
        )
        with elsewhere:
            elsewhere.sendall(
                b"GET /api/games HTTP/1.1\r\nHost: towpath\r\nConnection: close\r\n\r\n"
            )
            assert elsewhere.recv(4096).startswith(b"HTTP/1.1 200")
        for connection in held:  # the request time ran out: answered and closed
            connection.settimeout(5)
            assert connection.recv(4096).startswith(b"HTTP/1.1 408")
    status, _ = ask(server, "/api/games")  # the address's connections were given back
    assert status == 200


def test_spectators_joining_are_told_as_a_count_a_few_times_a_second(client: TestClient) -> None:
    created = create(client, game="mississippi", players=2, seats=TWO_PEOPLE)
    room = created["room"]
    joining = 120
    with socket_of(client, room, token_of(created, 0)) as player, ExitStack() as stack:
        until(player, lambda m: m["type"] == "state")
        began = time.monotonic()
        for _ in range(joining):
            stack.enter_context(socket_of(client, room))
        presences = 0
        while True:
            message = player.receive_json()
            presences += message["type"] == "presence"
            if message["type"] == "presence" and message["spectators"] == joining:
                break
        took = time.monotonic() - began
    assert presences <= took / PRESENCE_GAP + 2 and presences < joining / 4
    assert message["seats"][0]["connected"] is True


def test_a_length_limit_is_bounded_and_a_room_of_bots_alone_stops_when_nobody_watches(
    sqlite_database: str,
) -> None:
    settings = {"unwatched": 0.3, "sweep_every": 0.05, "keep_idle": 3600.0}
    with make_client(sqlite_database, **settings) as client:
        endless = {"game": "mississippi", "players": 3, "options": {"max_turns": 10**15}}
        refused = client.post("/api/rooms", json=endless)
        assert refused.status_code == 422
        assert refused.json()["detail"] == (
            "option max_turns: expected a whole number from 1 to 1000, got 1000000000000000"
        )
        seats = [{"kind": "bot", "agent": "random"}] * 3
        bots: Json = {"game": "mississippi", "players": 3, "seats": seats}
        watched = create(client, **bots)["room"]
        with socket_of(client, watched):
            alone = create(client, **bots)["room"]
            deadline = time.monotonic() + 10
            while not (seen := client.get(f"/api/rooms/{alone}").json())["archived"]:
                assert time.monotonic() < deadline, "the unwatched room was never archived"
                time.sleep(0.05)
            assert seen["seed"] is not None
            assert client.get(f"/api/rooms/{watched}").json()["archived"] is False
        later = client.get(f"/api/rooms/{alone}").json()["version"]
        time.sleep(0.3)
        assert client.get(f"/api/rooms/{alone}").json()["version"] == later  # no bot moves


def test_a_rematch_is_for_a_seat_or_the_host_and_counts_as_a_room_created(
    sqlite_database: str,
) -> None:
    limits = Limits(rooms_per_hour=3600, joins_per_hour=3600, burst=3)
    with make_client(sqlite_database, limits=limits) as client:
        body: Json = {
            "game": "mississippi",
            "players": 2,
            "seats": TWO_PEOPLE,
            "options": {"max_turns": 2},
        }
        created = create(client, **body)  # the first room of the burst of 3
        room = created["room"]
        for version in range(2):
            move = {"version": version, "action": "f1"}
            client.post(
                f"/api/rooms/{room}/actions", json=move, headers=auth(token_of(created, version))
            )
        stranger = client.post(f"/api/rooms/{room}/rematch")  # refused, and counted
        assert stranger.status_code == 403 and stranger.json()["rule"] == "seat"
        player = client.post(f"/api/rooms/{room}/rematch", headers=auth(token_of(created, 1)))
        assert player.status_code == 200  # the third of the burst
        again = client.post(f"/api/rooms/{room}/rematch", headers=auth(token_of(created, 0)))
        assert again.status_code == 429 and again.json()["rule"] == "rate limit"


def test_a_replay_is_made_once_per_step_not_once_per_request(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = create(
        client, game="mississippi", players=2, seats=TWO_PEOPLE, options={"max_turns": 40}
    )
    room = created["room"]
    version = 0
    while not (
        seen := client.get(
            f"/api/rooms/{room}", headers=auth(token_of(created, version % 2))
        ).json()
    )["over"]:
        move = {"version": version, "action": seen["legal"][0]["action"]}
        client.post(
            f"/api/rooms/{room}/actions", json=move, headers=auth(token_of(created, version % 2))
        )
        version += 1
    game_class = type(client.app.state.lobby.rooms[room].game)  # type: ignore[attr-defined]
    new_state, started = game_class.new_state, []

    def counted(self: Any, seed: int = 0) -> Any:
        started.append(seed)
        return new_state(self, seed)

    monkeypatch.setattr(game_class, "new_state", counted)
    answers = [
        client.get(f"/api/rooms/{room}/replay?step={step}").json()
        for step in [*range(version + 1)] * 3
    ]
    assert [a["step"] for a in answers] == [*range(version + 1)] * 3
    assert answers[version]["log"] == seen["log"]
    assert len(started) == 1  # the game was set up once; every step came from a kept one


def test_an_id_nobody_was_given_is_refused_without_asking_the_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = client.app.state.storage  # type: ignore[attr-defined]
    made = create(client, game="mississippi", players=2, seats=TWO_PEOPLE)["room"]
    client.app.state.lobby.rooms.pop(made)  # type: ignore[attr-defined]
    load_room, loaded = storage.load_room, []

    def counted(room_id: str) -> Any:
        loaded.append(room_id)
        return load_room(room_id)

    monkeypatch.setattr(storage, "load_room", counted)
    for guess in ("A" * 16, made[:-1] + ("A" if made[-1] != "A" else "B"), "x", "%2e%2e"):
        refused = client.get(f"/api/rooms/{guess}")
        assert refused.status_code == 404 and refused.json()["rule"] == "room"
    assert loaded == []
    assert client.get(f"/api/rooms/{made}").json()["version"] == 0  # a real room still loads
    assert loaded == [made]


def test_an_engine_failing_on_a_notation_is_a_one_line_refusal_and_the_socket_stays(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    created = create(client, game="mississippi", players=2, seats=TWO_PEOPLE)
    room, token = created["room"], token_of(created, 0)
    game_class = type(client.app.state.lobby.rooms[room].game)  # type: ignore[attr-defined]
    parse = game_class.parse_action

    def broken(self: Any, text: str, state: Any = None) -> Any:
        if text == "boom":
            raise IndexError("tuple index out of range")
        return parse(self, text, state)

    monkeypatch.setattr(game_class, "parse_action", broken)
    answer = client.post(
        f"/api/rooms/{room}/actions", json={"version": 0, "action": "boom"}, headers=auth(token)
    )
    assert answer.status_code == 400
    assert answer.json() == {"detail": "'boom' names no action of this game", "rule": "notation"}
    with socket_of(client, room, token) as socket:
        until(socket, state_at(0))
        socket.send_json({"type": "act", "version": 0, "action": "boom"})
        refused = until(socket, lambda m: m["type"] == "refused")
        assert refused["rule"] == "notation"
        socket.send_json({"type": "act", "version": 0, "action": "f1"})
        assert until(socket, state_at(1))["log"] == ["f1"]
    assert not [r for r in caplog.records if r.exc_info]


def test_bad_bodies_names_and_settings_get_one_line_refusals_with_their_rule(
    client: TestClient,
) -> None:
    for body in (b"[" * 3000 + b"]" * 3000, b'{"game": "\xff"}'):
        refused = client.post(
            "/api/rooms", content=body, headers={"Content-Type": "application/json"}
        )
        assert refused.status_code in (400, 422) and refused.json()["rule"] == "request"
    created = create(client, game="mississippi", players=2, seats=TWO_PEOPLE)
    for token in (("é" * 32).encode(), b"x" * 100):  # a header's bytes, not UTF-8 text
        wrong = client.get(f"/api/rooms/{created['room']}", headers={b"X-Towpath-Token": token})
        assert wrong.status_code == 403 and wrong.json()["rule"] == "token"
    with client.websocket_connect(f"/api/rooms/{created['room']}/socket") as strange:
        strange.send_json({"type": "auth", "token": "ééé"})
        with pytest.raises(WebSocketDisconnect) as closed:
            strange.receive_json()
        assert closed.value.code == 4403
    move = {"version": True, "action": "f1"}
    truthy = client.post(
        f"/api/rooms/{created['room']}/actions", json=move, headers=auth(token_of(created, 0))
    )
    assert truthy.status_code == 422 and truthy.json()["rule"] == "request"
    truth = {"kind": "bot", "agent": "mcts", "settings": {"seconds": True}}
    refused = client.post(
        "/api/rooms",
        json={"game": "mississippi", "players": 2, "seats": [{"kind": "human"}, truth]},
    )
    assert refused.status_code == 422
    assert (
        refused.json()["detail"] == "bot setting seconds: expected a number above 0 to 10, got True"
    )
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    created = create(client, game="mississippi", players=2, seats=seats)
    with socket_of(client, created["room"], token_of(created, 1)) as bob:
        until(bob, state_at(0))
        bob.send_json({"type": "name", "name": "ann"})
        taken = until(bob, lambda m: m["type"] == "refused")
        assert taken["message"] == "name: 'Ann' is another seat's name already"


def test_a_text_frame_that_is_not_utf_8_gets_an_error_and_no_traceback(server: Server) -> None:
    created = server.create({"game": "mississippi", "players": 2, "seats": TWO_PEOPLE})
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    connection.sendall(
        f"GET /api/rooms/{created['room']}/socket HTTP/1.1\r\nHost: towpath\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dG93cGF0aCB0b3dwYXRoIQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert connection.recv(4096).startswith(b"HTTP/1.1 101")
    connection.sendall(frame(b'{"type": "auth", "token": null}'))
    connection.sendall(frame(b'{"type": "ping", "x": "\xff"}'))
    answer = b""
    while b'"type":"error"' not in answer:
        answer += connection.recv(4096)
    assert b"expected a text message of JSON in UTF-8" in answer
    connection.sendall(frame(b'{"type": "ping"}'))  # the socket stays usable
    while b'"type":"pong"' not in answer:
        answer += connection.recv(4096)
    connection.close()
    server.stop()
    assert "Traceback" not in server.log.read_text()


def frame(payload: bytes) -> bytes:
    """A client's masked text frame (under 126 bytes)."""
    mask = b"mask"
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + masked


def test_an_address_has_a_few_requests_handled_at_once_and_its_others_wait_their_turn() -> None:
    guard = Guard(Limits(requests_per_address=2))
    started: list[str] = []
    for name in ("a1", "a2", "a3", "a4"):
        guard.handle("a", partial(started.append, name))
    guard.handle("b", partial(started.append, "b1"))
    assert started == ["a1", "a2", "b1"]  # another address is not held up by a's waiting ones
    guard.handled("a")
    assert started == ["a1", "a2", "b1", "a3"]
    for _ in range(3):
        guard.handled("a")
    guard.handled("b")
    assert started[-1] == "a4" and not guard.handling and not guard.queued

"""The socket protocol: an auth message first; a binary frame, a non-integer version or any
malformed message gets an error message, the socket stays usable, and nothing is logged."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import create, socket_of, state_at, token_of, until

MALFORMED = [
    ('{"type": "act", "version": 1.5, "action": "f1"}', "version"),
    ('{"type": "act", "version": "one", "action": "f1"}', "version"),
    ('{"type": "act", "version": [0], "action": "f1"}', "version"),
    ('{"type": "act", "version": -1, "action": "f1"}', "version"),
    ('{"type": "act", "action": "f1"}', "needs version and action"),
    ('{"type": "dance"}', "type"),
    ('{"type": "act", "version": 0, "action": "f1", "extra": 1}', "extra"),
    ("[1, 2]", "message"),
    ('"act"', "message"),
    ("null", "message"),
    ("{", "message"),
    ("[" * 5000, "over 4096 characters"),
    ('{"type": "act", "version": 0, "action": "' + "f" * 300 + '"}', "action"),
    ('{"type": "auth", "token": null}', "already authenticated"),
]


@pytest.fixture
def room(client: TestClient) -> tuple[str, str]:
    created = create(
        client, game="mississippi", players=2, seats=[{"kind": "human"}, {"kind": "human"}]
    )
    return created["room"], token_of(created, 0)


def test_malformed_messages_get_an_error_and_the_socket_stays_usable(
    client: TestClient, room: tuple[str, str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with socket_of(client, *room) as socket:
        first = until(socket, state_at(0))
        socket.send_bytes(b'{"type": "ping"}')
        error = until(socket, lambda m: m["type"] == "error")
        assert "binary" in error["message"]
        for text, says in MALFORMED:
            socket.send_text(text)
            assert says in until(socket, lambda m: m["type"] == "error")["message"], text
        socket.send_json({"type": "act", "version": 0, "action": first["legal"][0]["action"]})
        assert until(socket, state_at(1))["version"] == 1
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]


def test_messages_before_the_auth_message_get_an_error_and_auth_still_works(
    client: TestClient, room: tuple[str, str]
) -> None:
    room_id, token = room
    with client.websocket_connect(f"/api/rooms/{room_id}/socket") as socket:
        socket.send_bytes(b"\x00\x01")
        assert "binary" in socket.receive_json()["message"]
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {
            "type": "error",
            "message": "expected an auth message first",
        }
        socket.send_json({"type": "auth", "token": token})
        assert until(socket, state_at(0))["seat"] == 0

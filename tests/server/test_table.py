"""The table's manners over the socket: taking back, chat, names, the turn clock and its
stand-in bot, actions told in words, the end told with its reason."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Json, create, make_client, socket_of, state_at, token_of, until

ANN_BOB = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def arriala(client: TestClient, **body: Any) -> Json:
    return create(client, game="arriala", players=2, seats=ANN_BOB, seed=3, **body)


def refused(socket: Any) -> Json:
    return until(socket, lambda m: m["type"] == "refused")


def test_a_player_takes_back_an_action_of_their_turn_and_the_version_still_grows(
    database: str,
) -> None:
    with make_client(database) as client:
        created = arriala(client)
        room = created["room"]
        with socket_of(client, room, token_of(created, 0)) as ann:
            first = until(ann, state_at(0))
            assert not first["undoable"]
            place = next(a for a in first["legal"] if a["action"].startswith("place"))
            ann.send_json({"type": "act", "version": 0, "action": place["action"]})
            placed = until(ann, state_at(1))
            assert placed["undoable"] and placed["moves"] == [
                {"seat": 0, "kind": "place a new worker", "did": "placed", "what": place["what"]}
            ]
            ann.send_json({"type": "undo", "version": 1})
            back = until(ann, state_at(2))
            assert back["version"] == 2 and back["log"] == [] and back["moves"] == []
            assert back["view"] == first["view"] and not back["undoable"]
            ann.send_json({"type": "act", "version": 1, "action": place["action"]})
            assert refused(ann)["rule"] == "stale version"
            ann.send_json({"type": "undo", "version": 2})
            assert refused(ann)["rule"] == "undo"
            ann.send_json({"type": "act", "version": 2, "action": "end"})
            until(ann, state_at(3))
            ann.send_json({"type": "undo", "version": 3})
            assert refused(ann)["rule"] == "turn", "the turn is Bob's now"
    with make_client(database) as client:  # the take-back is kept
        seen = client.get(f"/api/rooms/{room}").json()
        assert seen["version"] == 3 and seen["log"] == ["end"]


def test_an_action_that_revealed_something_cannot_be_taken_back(client: TestClient) -> None:
    created = arriala(client)
    with socket_of(client, created["room"], token_of(created, 0)) as ann:
        until(ann, state_at(0))
        ann.send_json({"type": "act", "version": 0, "action": "draw"})
        drew = until(ann, state_at(1))
        assert not drew["undoable"] and drew["moves"][0]["what"] == "a card (2 AP)"
        ann.send_json({"type": "undo", "version": 1})
        assert refused(ann)["message"].startswith("nothing to take back")


def test_chat_reaches_everyone_with_the_names_and_comes_back_on_reconnecting(
    client: TestClient,
) -> None:
    created = arriala(client)
    room = created["room"]
    with (
        socket_of(client, room, token_of(created, 0)) as ann,
        socket_of(client, room, token_of(created, 1)) as bob,
        socket_of(client, room) as watcher,
    ):
        for socket in (ann, bob, watcher):
            until(socket, state_at(0))
        ann.send_json({"type": "chat", "text": "  good   luck  "})
        for socket in (ann, bob, watcher):
            line = until(socket, lambda m: m["type"] == "chat")["messages"]
            assert [(m["seat"], m["name"], m["text"]) for m in line] == [(0, "Ann", "good luck")]
        watcher.send_json({"type": "chat", "text": "hi"})
        assert refused(watcher)["rule"] == "chat"
        bob.send_json({"type": "chat", "text": "\u0007"})
        assert "printable" in refused(bob)["message"]
        for k in range(6):
            bob.send_json({"type": "chat", "text": f"line {k}"})
        assert refused(bob)["rule"] == "rate limit"
    with socket_of(client, room) as later:
        history = until(later, lambda m: m["type"] == "chat")["messages"]
        assert [m["text"] for m in history] == ["good luck", *(f"line {k}" for k in range(5))]


def test_a_player_names_themself(client: TestClient) -> None:
    created = arriala(client)
    with socket_of(client, created["room"], token_of(created, 1)) as bob:
        until(bob, state_at(0))
        bob.send_json({"type": "name", "name": " Robert "})
        seats = until(bob, lambda m: m["type"] == "presence" and m["seats"][1]["name"] != "Bob")
        assert seats["seats"][1]["name"] == "Robert"
        bob.send_json({"type": "name", "name": ""})
        assert refused(bob)["rule"] == "name"
        bob.send_json({"type": "chat", "text": "hello"})
        line = until(bob, lambda m: m["type"] == "chat")["messages"][0]
        assert line["name"] == "Robert"
    with socket_of(client, created["room"]) as watcher:
        watcher.send_json({"type": "name", "name": "Eve"})
        assert refused(watcher)["rule"] == "name"


def test_when_the_clock_runs_out_a_bot_plays_the_seat_until_its_player_is_back(
    database: str,
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
    with make_client(database) as client:
        created = create(client, game="mississippi", players=2, seats=seats, seed=4, clock=5)
        room = created["room"]
        with socket_of(client, room, token_of(created, 0)) as ann:
            first = until(ann, state_at(0))
            clock = first["clock"]
            assert clock["seconds"] == 5 and clock["away"] == []
            assert 0 < clock["deadline"] - time.time() <= 5
            stood_in = until(ann, lambda m: m["type"] == "state" and m["version"] >= 3, 400)
            assert stood_in["seats"][0]["away"] and stood_in["clock"]["away"] == [0]
            assert stood_in["clock"]["deadline"] is None, "no clock runs for a bot"
            assert stood_in["moves"][0]["seat"] == 0, "the stand-in played Ann's turn"
            ann.send_json({"type": "back"})
            back = until(ann, lambda m: m["type"] == "state" and not m["seats"][0]["away"])
            assert back["clock"]["away"] == []
            ann.send_json({"type": "back"})
            assert refused(ann)["rule"] == "back"
        assert client.get(f"/api/rooms/{room}").json()["clock"]["seconds"] == 5


def test_a_clock_out_of_range_is_refused(client: TestClient) -> None:
    body = {"game": "mississippi", "clock": 2}
    answer = client.post("/api/rooms", json=body)
    assert answer.status_code == 422 and "clock" in answer.json()["detail"]


def test_the_end_is_told_with_its_reason_and_the_replay_shows_every_secret(
    client: TestClient,
) -> None:
    created = create(
        client,
        game="canal_king",
        players=2,
        seats=ANN_BOB,
        seed=8,
        options={"board": "small", "routes": "small", "max_turns": 2},
    )
    room = created["room"]
    for seat in (0, 1):
        token = token_of(created, seat)
        seen = client.get(f"/api/rooms/{room}", headers={"X-Towpath-Token": token}).json()
        version = seen["version"]
        action = seen["legal"][0]["action"]
        answer = client.post(
            f"/api/rooms/{room}/actions",
            json={"version": version, "action": action},
            headers={"X-Towpath-Token": token},
        )
        assert answer.status_code == 200, answer.text
    over = client.get(f"/api/rooms/{room}").json()
    assert over["ending"]["reason"] == "limit" and over["ending"]["winners"] == []
    assert all(route is not None for route in over["view"]["routes"])
    replay = client.get(f"/api/rooms/{room}/replay?step=0").json()
    assert replay["steps"] == 2 and replay["moves"] == []
    assert all(colour is not None for colour in replay["view"]["colours"])
    assert "route " in replay["svg"] and "route ?" not in replay["svg"]

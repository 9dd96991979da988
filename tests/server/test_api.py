"""The REST and WebSocket API, on SQLite and on PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import towpath
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

SHORT = {"max_turns": 2}  # Mississippi ends after two player turns


def two_people(client: TestClient, **options: Any) -> Json:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    return create(client, game="mississippi", players=2, seats=seats, options=options, seed=5)


def act(client: TestClient, created: Json, seat: int, version: int, action: str) -> Any:
    return client.post(
        f"/api/rooms/{created['room']}/actions",
        json={"version": version, "action": action},
        headers=auth(token_of(created, seat)),
    )


def test_games_list_every_game_with_its_options_and_the_bots(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [g["id"] for g in data["games"]] == towpath.game_ids()
    mississippi = next(g for g in data["games"] if g["id"] == "mississippi")
    kinds = {o["name"]: o["kind"] for o in mississippi["options"]}
    assert kinds == {
        "logs": "int",
        "side_numbers": "int_list",
        "first_player": "seat",
        "max_turns": "int",
        "river": "variant",
    }
    river = next(o for o in mississippi["options"] if o["name"] == "river")
    assert river["choices"] == [] and river["label"] == "River"
    assert mississippi["blurb"] and mississippi["play_time"] and mississippi["rules"]
    canal_king = next(g for g in data["games"] if g["id"] == "canal_king")
    board = next(o for o in canal_king["options"] if o["name"] == "board")
    assert board["choices"] == ["small"] and "small" in board["help"]
    assert [b["name"] for b in data["bots"]] == [
        *("easy", "normal", "hard", "greedy", "mcts", "playout", "random")
    ]
    assert [b["level"] for b in data["bots"]] == [True] * 3 + [False] * 4
    mcts = next(b for b in data["bots"] if b["name"] == "mcts")
    depth = next(s for s in mcts["settings"] if s["name"] == "depth")
    assert (depth["low"], depth["high"]) == (0, 30) and mcts["defaults"] == {"seconds": 1.0}
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/rooms", "/api/rooms/{room_id}/actions", "/api/rooms/{room_id}/replay"} <= set(
        paths
    )


def test_a_person_plays_a_bot_over_the_socket(client: TestClient) -> None:
    created = create(client, game="mississippi", players=2, seed=3)
    room, token = created["room"], token_of(created, 0)
    assert created["link"].startswith(f"http://testserver/room/{room}#seat={token}&host=")
    with socket_of(client, room, token) as socket:
        first = until(socket, state_at(0))
        assert first["seat"] == 0 and first["current_player"] == 0
        assert first["legal"] and all(a["kind"] and a["what"] for a in first["legal"])
        assert [s["kind"] for s in first["seats"]] == ["human", "bot"]
        socket.send_json({"type": "act", "version": 0, "action": first["legal"][0]["action"]})
        after_bot = until(socket, state_at(2))
        assert len(after_bot["log"]) == 2 and after_bot["log"][0] == first["legal"][0]["action"]
        assert after_bot["current_player"] == 0 and after_bot["legal"]
        socket.send_json({"type": "act", "version": 0, "action": "f1"})
        refused = until(socket, lambda m: m["type"] == "refused")
        assert refused["rule"] == "stale version" and refused["version"] == 2
        socket.send_json({"type": "ping"})
        assert until(socket, lambda m: m["type"] != "presence")["type"] == "pong"


def test_refusals_carry_the_engines_message_and_rule(client: TestClient) -> None:
    created = two_people(client)
    bad = act(client, created, 0, 0, "fly away")
    assert bad.status_code == 400 and bad.json()["rule"] == "notation"
    assert "expected" in bad.json()["detail"]
    illegal = act(client, created, 0, 0, "b3")
    assert illegal.status_code == 409 and illegal.json()["rule"] == "start area"
    assert act(client, created, 1, 0, "f1").json()["rule"] == "turn"
    assert act(client, created, 0, 0, "f2").json() == {"version": 1}
    stale = act(client, created, 1, 0, "f1")
    assert stale.status_code == 409 and stale.json()["rule"] == "stale version"
    spectator = client.post(
        f"/api/rooms/{created['room']}/actions", json={"version": 1, "action": "f1"}
    )
    assert spectator.status_code == 403


def test_a_token_opens_exactly_one_seat_of_one_room(client: TestClient) -> None:
    first, second = two_people(client), two_people(client)
    token = token_of(first, 1)
    assert len(token) >= 22  # at least 128 random bits, URL-safe
    mine = client.get(f"/api/rooms/{first['room']}", headers=auth(token)).json()
    assert mine["seat"] == 1
    assert client.get(f"/api/rooms/{second['room']}", headers=auth(token)).status_code == 403
    assert client.get(f"/api/rooms/{first['room']}", headers=auth("x" * 32)).status_code == 403
    assert client.get("/api/rooms/nothing-here").status_code == 404


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"players": 2}, "body.game"),
        ({"game": "chess"}, "unknown game 'chess'; expected one of: arriala"),
        ({"game": "mississippi", "players": 9}, "mississippi is for 2 to 6 players"),
        ({"game": "mississippi", "options": {"logs": -1}}, "option logs: expected"),
        ({"game": "mississippi", "options": {"river": "/etc/passwd"}}, "option river: expected"),
        ({"game": "canal_king", "options": {"board": "Makefile"}}, "option board: expected"),
        ({"game": "mississippi", "players": 2, "seats": [{"kind": "human"}]}, "expected 2 seats"),
        ({"game": "mississippi", "colour": "red"}, "body.colour"),
        (
            {"game": "mississippi", "players": 2, "seats": [{"kind": "human"}, {"kind": "cat"}]},
            "body.seats.1.kind",
        ),
        (
            {
                "game": "mississippi",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "agent": "oracle"}],
            },
            "unknown agent 'oracle'",
        ),
        (
            {
                "game": "mississippi",
                "players": 2,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "agent": "mcts", "settings": {"seconds": 99}},
                ],
            },
            "bot setting seconds: expected a number above 0 to 10, got 99",
        ),
        (
            {
                "game": "mississippi",
                "players": 2,
                "seats": [
                    {"kind": "human"},
                    {"kind": "bot", "agent": "greedy", "settings": {"shortlist": 10**6}},
                ],
            },
            "bot setting shortlist: expected an integer from 1 to 64",
        ),
    ],
)
def test_bad_bodies_are_refused_saying_what_was_wrong(
    client: TestClient, body: Json, says: str
) -> None:
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    assert says in detail


def test_a_built_in_variant_may_be_named(client: TestClient) -> None:
    small = {"board": "small", "routes": "small"}
    created = create(client, game="canal_king", players=2, options=small)
    assert client.get(f"/api/rooms/{created['room']}").json()["options"] == small


def test_size_limits(client: TestClient) -> None:
    huge = {"game": "mississippi", "seats": [{"kind": "human", "name": "x" * 20_000}]}
    assert client.post("/api/rooms", json=huge).status_code == 413
    created = two_people(client)
    with socket_of(client, created["room"], token_of(created, 0)) as socket:
        socket.send_text("x" * 5000)
        error = until(socket, lambda m: m["type"] == "error")
        assert "over 4096 characters" in error["message"]
        socket.send_text('{"type": "act", "version": -1, "action": "f1"}')
        assert "version" in until(socket, lambda m: m["type"] == "error")["message"]


def test_rooms_are_restored_after_a_restart_by_replaying_their_records(database: str) -> None:
    with make_client(database) as client:
        people = two_people(client)
        for version, action in enumerate(["f2", "f1", "r+1 f1"]):
            assert act(client, people, version % 2, version, action).status_code == 200
        bots = create(
            client,
            game="mississippi",
            players=2,
            seed=1,
            options={"max_turns": 400},
            seats=[{"kind": "bot"}, {"kind": "bot", "agent": "greedy", "settings": {"budget": 5}}],
        )
    with make_client(database) as client:
        state = client.get(f"/api/rooms/{people['room']}", headers=auth(token_of(people, 1)))
        assert state.json()["version"] == 3 and state.json()["log"] == ["f2", "f1", "r+1 f1"]
        assert act(client, people, 1, 3, "f1").json() == {"version": 4}
        with socket_of(client, bots["room"]) as socket:
            until(socket, lambda m: m["type"] == "state" and m["over"], limit=2000)


def test_listing_joining_and_rematch(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "access": "open"}]
    created = create(client, game="mississippi", players=2, seats=seats, options=SHORT)
    private = create(client, game="mississippi", players=2, listed=False, seats=seats)
    listed = {r["room"]: r for r in client.get("/api/rooms").json()["rooms"]}
    assert created["room"] in listed and private["room"] not in listed
    assert listed[created["room"]]["open_seats"] == 1
    assert [s["seat"] for s in created["seats"]] == [0]  # an open seat has no link yet
    name = {"name": "Cleo"}
    assert client.post(f"/api/rooms/{private['room']}/join", json=name).status_code == 403
    joined = client.post(f"/api/rooms/{created['room']}/join", json=name).json()
    assert joined["seat"] == 1 and joined["link"].endswith(f"#seat={joined['token']}")
    assert client.post(f"/api/rooms/{created['room']}/join", json=name).status_code == 409
    assert created["room"] not in {r["room"] for r in client.get("/api/rooms").json()["rooms"]}
    seat1 = auth(joined["token"])
    state = client.get(f"/api/rooms/{created['room']}", headers=seat1).json()
    assert state["seat"] == 1 and state["seats"][1]["name"] == "Cleo"
    assert act(client, created, 0, 0, "f1").status_code == 200
    move = {"version": 1, "action": "f1"}
    assert client.post(f"/api/rooms/{created['room']}/actions", json=move, headers=seat1).json()
    assert client.get(f"/api/rooms/{created['room']}").json()["over"]
    first = client.post(f"/api/rooms/{created['room']}/rematch", headers=auth(token_of(created, 0)))
    second = client.post(f"/api/rooms/{created['room']}/rematch", headers=seat1)
    assert first.json()["room"] == second.json()["room"] != created["room"]
    new_token = second.json()["link"].rpartition("#seat=")[2]
    rematch_room = second.json()["room"]
    refused = client.post(f"/api/rooms/{rematch_room}/join", json=name)
    assert refused.status_code == 409  # the joined seat stays with Cleo
    again = client.get(f"/api/rooms/{rematch_room}", headers=auth(new_token)).json()
    assert again["seat"] == 1 and again["version"] == 0 and again["game"] == "mississippi"
    assert again["options"] == SHORT and again["seats"][1]["name"] == "Cleo"


def test_replay_and_record_once_the_game_is_over(client: TestClient) -> None:
    created = two_people(client, **SHORT)
    room = created["room"]
    assert client.get(f"/api/rooms/{room}/replay").status_code == 409
    assert client.get(f"/api/rooms/{room}/record").status_code == 409
    act(client, created, 0, 0, "f3")
    act(client, created, 1, 1, "f2")
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["actions"] == ["f3", "f2"] and record["options"] == SHORT
    for step in range(3):
        shown = client.get(f"/api/rooms/{room}/replay?step={step}").json()
        expected = towpath.replay(record, step)
        assert shown["view"] == expected.view(None) and shown["svg"] == expected.render_svg(None)
        assert shown["steps"] == 2 and shown["action"] == (
            record["actions"][step - 1] if step else None
        )
    phone = client.get(f"/api/rooms/{room}/replay?step=2&narrow=true").json()
    assert phone["svg"] == towpath.replay(record, 2).render_svg(None, reveal=True, narrow=True)
    assert phone["svg"] != shown["svg"] and phone["view"] == shown["view"]

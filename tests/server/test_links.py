"""Seats and links: invited seats open only by their link, open seats are joined under the
joiner's own name, the host sees every invitation again and can re-issue one, and tokens
travel only in fragments, headers and the socket's first message."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import (
    Json,
    auth,
    create,
    host_of,
    make_client,
    socket_of,
    state_at,
    token_of,
    until,
)
from towpath.server.links import link_token


def invited_and_open(client: TestClient, take: bool = True, **body: object) -> Json:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Ben (a friend)"},
        {"kind": "human", "access": "open"},
    ]
    return create(client, take, game="mississippi", players=3, seats=seats, **body)


def test_a_listed_rooms_invited_seat_cannot_be_joined_and_its_link_still_opens_it(
    client: TestClient,
) -> None:
    created = invited_and_open(client)
    room = created["room"]
    assert [s["seat"] for s in created["seats"]] == [0, 1]  # the invited seats' links
    first = client.post(f"/api/rooms/{room}/join", json={"name": "Mallory"}).json()
    assert first["seat"] == 2  # the open seat, never Ben's
    again = client.post(f"/api/rooms/{room}/join", json={"name": "Mallory"})
    assert again.status_code == 409 and again.json()["rule"] == "seats"
    ben = client.get(f"/api/rooms/{room}", headers=auth(token_of(created, 1))).json()
    assert ben["seat"] == 1 and ben["seats"][1]["name"] == "Ben (a friend)"
    assert ben["seats"][2]["name"] == "Mallory" and ben["seats"][1]["access"] == "invited"
    with socket_of(client, room, token_of(created, 1)) as socket:
        assert until(socket, state_at(0))["seat"] == 1


def test_a_joiner_chooses_their_name(client: TestClient) -> None:
    room = invited_and_open(client)["room"]
    for name, says in [({}, "body.name: Field required"), ({"name": "  "}, "name: expected")]:
        refused = client.post(f"/api/rooms/{room}/join", json=name)
        assert refused.status_code == 422 and says in refused.json()["detail"]
    assert client.post(f"/api/rooms/{room}/join", json={"name": "Zoë"}).json()["seat"] == 2


def test_the_host_sees_every_invitation_and_reissuing_one_revokes_the_old(
    client: TestClient,
) -> None:
    created = invited_and_open(client, take=False)
    room, host = created["room"], host_of(created)
    own, invitation = token_of(created, 0), token_of(created, 1)
    assert created["link"].endswith(f"#seat={own}&host={host}")  # the creator's own seat
    links = client.get(f"/api/rooms/{room}/links", headers=auth(host)).json()
    assert [(s["seat"], s["access"], s["link"]) for s in links["seats"]] == [
        (0, "invited", None),  # taken by the host from the start
        (1, "invited", f"http://testserver/room/{room}#seat={invitation}"),
        (2, "open", None),
    ]
    assert links["spectate"] == f"http://testserver/room/{room}"
    for token, rule in [(own, "host"), ("x" * 32, "token"), (None, "host")]:
        refused = client.get(f"/api/rooms/{room}/links", headers=auth(token) if token else {})
        assert refused.status_code == 403 and refused.json()["rule"] == rule
    old = client.post(f"/api/rooms/{room}/claim", headers=auth(invitation)).json()["token"]
    with socket_of(client, room, old) as socket:
        until(socket, state_at(0))
        fresh = client.post(f"/api/rooms/{room}/seats/1/link", headers=auth(host)).json()
        with pytest.raises(WebSocketDisconnect) as closed:
            until(socket, lambda m: False)
        assert closed.value.code == 4403
    assert fresh["seat"] == 1 and fresh["token"] not in (old, invitation)
    assert client.get(f"/api/rooms/{room}", headers=auth(old)).status_code == 403
    shown = client.get(f"/api/rooms/{room}/links", headers=auth(host)).json()["seats"][1]
    assert shown["link"] == fresh["link"] and not shown["claimed"]
    seen = client.get(f"/api/rooms/{room}").json()["seats"][1]
    assert seen["reissued"] == 1 and not seen["claimed"]  # every seat is told
    refused = client.post(f"/api/rooms/{room}/seats/2/link", headers=auth(host))
    assert refused.status_code == 409  # an open seat's link belongs to whoever joined it


def test_an_invitation_opens_its_seat_once_and_the_host_loses_it_then(
    client: TestClient,
) -> None:
    created = invited_and_open(client, take=False)
    room, host, invitation = created["room"], host_of(created), token_of(created, 1)
    unread = client.get(f"/api/rooms/{room}", headers=auth(invitation))
    assert unread.status_code == 403 and unread.json()["rule"] == "invitation"
    with socket_of(client, room, invitation) as ben:  # Ben opens his link
        seat = ben.receive_json()
        assert seat["type"] == "seat" and seat["seat"] == 1
        assert until(ben, state_at(0))["seat"] == 1
        mine = seat["token"]
    shown = client.get(f"/api/rooms/{room}/links", headers=auth(host)).json()["seats"][1]
    assert shown["link"] is None and shown["claimed"]  # the host is shown no link now
    for method in ("GET", "POST"):  # reading the seat, or taking it again
        path = f"/api/rooms/{room}" if method == "GET" else f"/api/rooms/{room}/claim"
        answer = client.request(method, path, headers=auth(invitation))
        assert answer.status_code == 410 and "opened already" in answer.json()["detail"]
    assert client.get(f"/api/rooms/{room}", headers=auth(mine)).json()["seat"] == 1
    seen = client.get(f"/api/rooms/{room}").json()["seats"]
    assert [s["by_host"] for s in seen] == [True, False, False]


def test_a_seat_the_host_opens_says_so_to_everyone(client: TestClient) -> None:
    created = invited_and_open(client, take=False)
    room, host = created["room"], host_of(created)
    taken = client.post(
        f"/api/rooms/{room}/claim", headers={**auth(token_of(created, 1)), "X-Towpath-Host": host}
    )
    assert taken.json()["seat"] == 1
    with socket_of(client, room) as spectator:
        assert until(spectator, state_at(0))["seats"][1]["by_host"] is True


def test_tokens_are_hmacs_of_room_seat_and_generation_under_the_servers_secret(
    sqlite_database: str,
) -> None:
    with make_client(sqlite_database) as client:
        created = invited_and_open(client)
        secret = client.app.state.lobby.secret  # type: ignore[attr-defined]
    assert len(secret) == 32
    room = created["room"]
    assert created["seats"][1]["invitation"] == link_token(secret, room, "1", 0)
    assert token_of(created, 1) == link_token(secret, room, "1 taken", 0)
    assert host_of(created) == link_token(secret, room, "host", 0)
    assert len(token_of(created, 1)) == 32  # 192 bits
    with make_client(sqlite_database) as client:  # the secret is kept across restarts
        assert (
            client.get(f"/api/rooms/{room}", headers=auth(token_of(created, 1))).json()["seat"] == 1
        )


def test_a_wrong_token_or_room_gets_the_socket_accepted_then_closed_with_4403_or_4404(
    client: TestClient,
) -> None:
    created = invited_and_open(client)
    other = invited_and_open(client)
    cases = [
        (created["room"], token_of(other, 0), 4403, "opens no seat of this room"),
        (created["room"], "x" * 32, 4403, "opens no seat"),
        ("no-such-room", None, 4404, "no room 'no-such-room'"),
    ]
    for room, token, code, says in cases:
        with pytest.raises(WebSocketDisconnect) as closed, socket_of(client, room, token) as s:
            s.receive_json()
        assert closed.value.code == code and says in closed.value.reason


def test_links_carry_tokens_only_in_their_fragment(client: TestClient) -> None:
    created = invited_and_open(client)
    for link in [created["link"], created["host"], *(s["link"] for s in created["seats"])]:
        assert "?" not in link and link.count("#") == 1
    joined = client.post(f"/api/rooms/{created['room']}/join", json={"name": "Cy"}).json()
    assert joined["link"].endswith(f"/room/{created['room']}#seat={joined['token']}")
    schema = client.get("/openapi.json").json()
    for path in schema["paths"].values():
        for operation in path.values():
            names = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
            assert "token" not in names


def test_a_rematch_keeps_each_taken_seat_its_player_s_and_the_host_is_shown_no_link(
    client: TestClient,
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
    created = create(client, game="mississippi", players=2, seats=seats, options={"max_turns": 2})
    room, host, ben = created["room"], host_of(created), token_of(created, 1)
    for version in range(2):
        move = {"version": version, "action": "f1"}
        client.post(
            f"/api/rooms/{room}/actions", json=move, headers=auth(token_of(created, version))
        )
    hosts = client.post(f"/api/rooms/{room}/rematch", headers=auth(host)).json()
    new, new_host = hosts["room"], hosts["link"].rpartition("#host=")[2]
    shown = client.get(f"/api/rooms/{new}/links", headers=auth(new_host)).json()["seats"]
    assert [s["link"] for s in shown] == [None, None]  # both seats are their players' already
    bens = client.post(f"/api/rooms/{room}/rematch", headers=auth(ben)).json()
    own = bens["link"].rpartition("#seat=")[2]
    assert (
        bens["room"] == new
        and client.get(f"/api/rooms/{new}", headers=auth(own)).json()["seat"] == 1
    )
    seen = client.get(f"/api/rooms/{new}").json()["seats"]
    assert [(s["claimed"], s["by_host"]) for s in seen] == [(True, True), (True, False)]

"""A socket gets each part of the board and each move once: a state message names its board's
parts by key and carries only those its page does not keep from the previous state, and only
the moves (in words and notation) after those the page keeps."""

from __future__ import annotations

from fastapi.testclient import TestClient

import towpath
from tests.server.conftest import Json, create, state_at, token_of, until
from tests.server.test_api import act, two_people
from towpath.core.svg import parts_of


def test_a_state_carries_only_the_parts_the_page_lacks(client: TestClient) -> None:
    created = two_people(client)
    room = created["room"]
    with client.websocket_connect(f"/api/rooms/{room}/socket") as socket:
        socket.send_json({"type": "auth", "token": None})
        first = until(socket, state_at(0))
        assert "svg" not in first and list(first["parts"]) == list(dict.fromkeys(first["board"]))
        kept = first["parts"]
        state = towpath.load("mississippi", 2).new_state(5)
        assert "".join(kept[key] for key in first["board"]) == state.render_svg(None)

        assert act(client, created, 0, 0, "f3").status_code == 200
        second = until(socket, state_at(1))
        sent = second["parts"]
        assert not set(sent) & set(first["board"]), "no part is sent twice"
        assert set(second["board"]) - set(sent) <= set(kept)
        kept = {**kept, **sent}
        state.apply(state.game.parse_action("f3"))
        drawn = state.render_svg(None)
        assert "".join(kept[key] for key in second["board"]) == drawn
        unchanged = [p for p in parts_of(drawn) if p in first["parts"].values()]
        assert sum(map(len, unchanged)) > len(drawn) / 2, "most of the river is not sent again"


def test_a_new_socket_gets_every_part(client: TestClient) -> None:
    created = two_people(client)
    assert act(client, created, 0, 0, "f3").status_code == 200
    with client.websocket_connect(f"/api/rooms/{created['room']}/socket") as socket:
        socket.send_json({"type": "auth", "token": None})
        message = until(socket, state_at(1))
        assert set(message["parts"]) == set(message["board"])


def test_a_state_carries_only_the_moves_the_page_lacks(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    created = create(client, game="arriala", players=2, seats=seats, seed=3)
    with client.websocket_connect(f"/api/rooms/{created['room']}/socket") as ann:
        ann.send_json({"type": "auth", "token": token_of(created, 0)})
        first = until(ann, state_at(0))
        assert (first["moves_from"], first["moves"], first["log"]) == (0, [], [])
        place = next(a["action"] for a in first["legal"] if a["action"].startswith("place"))

        def step(message: Json, version: int) -> tuple[int, list[str], list[str]]:
            ann.send_json({**message, "version": version - 1})
            state = until(ann, state_at(version))
            return state["moves_from"], [move["did"] for move in state["moves"]], state["log"]

        assert step({"type": "act", "action": place}, 1) == (0, ["placed"], [place])
        taken_back = step({"type": "undo"}, 2)
        assert taken_back == (0, [], []), "after a take-back the page keeps none"
        assert step({"type": "act", "action": place}, 3) == (0, ["placed"], [place])
        assert step({"type": "act", "action": "end"}, 4) == (1, ["ended their turn"], ["end"])


def test_a_phones_socket_gets_the_narrow_drawing_and_another_the_wide(client: TestClient) -> None:
    created = two_people(client)
    path = f"/api/rooms/{created['room']}/socket"
    state = towpath.load("mississippi", 2).new_state(5)
    with client.websocket_connect(path) as phone, client.websocket_connect(path) as desk:
        phone.send_json({"type": "auth", "token": token_of(created, 0), "narrow": True})
        desk.send_json({"type": "auth", "token": token_of(created, 0)})
        for socket, narrow in ((phone, True), (desk, False)):
            message = until(socket, state_at(0))
            drawn = "".join(message["parts"][key] for key in message["board"])
            assert drawn == state.render_svg(0, narrow=narrow)
            assert ("data-panels" in drawn) is narrow
        phone.send_json({"type": "auth", "token": None, "narrow": "yes"})
        assert "narrow" in until(phone, lambda m: m["type"] == "error")["message"]

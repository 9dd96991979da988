"""Bots think on the server's worker pool: a slow one holds up no other room."""

from __future__ import annotations

from tests.browser.conftest import Server


def test_a_thinking_bot_blocks_no_other_room(server: Server) -> None:
    slow = server.create(
        {
            "game": "mississippi",
            "players": 2,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "agent": "mcts", "settings": {"seconds": 3}},
            ],
        },
    )
    quick = server.create({"game": "mississippi", "players": 2, "seats": [{"kind": "human"}] * 2})
    slow_token = slow["seats"][0]["token"]
    assert server.post(
        f"/api/rooms/{slow['room']}/actions", {"version": 0, "action": "f1"}, slow_token
    )
    tokens = [s["token"] for s in quick["seats"]]
    for version in range(6):  # while the MCTS bot thinks for 3 s, this room plays on
        legal = server.get(f"/api/rooms/{quick['room']}", tokens[version % 2])["legal"]
        move = {"version": version, "action": legal[0]["action"]}
        assert server.post(f"/api/rooms/{quick['room']}/actions", move, tokens[version % 2])
    assert server.get(f"/api/rooms/{slow['room']}")["version"] == 1  # still thinking

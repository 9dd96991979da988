"""Nothing sent to a seat holds more than its view: hidden-information games played through the
API, every payload compared with what `view(seat)` of the same position gives."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

import towpath
from tests.server.conftest import Json, auth, create, make_client, socket_of, token_of
from towpath.core.rng import Rng
from towpath.server.telling import replay_told

ACTIONS = 40
STATE_KEYS = {
    "type",
    "room",
    "game",
    "title",
    "players",
    "options",
    "notation_help",
    "seat",
    "version",
    "current_player",
    "over",
    "view",
    "svg",
    "text",
    "legal",
    "log",
    "moves",
    "undoable",
    "ending",
    "hidden_information",
    "result",
    "acted_at",
    "seats",
    "spectators",
    "rematch",
    "archived",
    "clock",
    "seed_hash",
    "seed_chosen",
    "seed",
}
# What seat 0 must not see of seat 1 (early in the game), checked on seat 0's views.
SECRET_OF_SEAT_1 = {
    "arriala": lambda view: isinstance(view["hands"][1], int),
    "mapped_out": lambda view: isinstance(view["hands"][1], int),
    "canal_king": lambda view: view["colours"][1] is None and view["routes"][1] is None,
}
SEAT_KEYS = {
    *("seat", "kind", "name", "agent", "access", "claimed", "connected", "away", "by_host"),
    "reissued",
}


def next_state(socket: Any, version: int, seen: list[Json]) -> Json:
    """Messages up to the state of `version`; every one is kept in `seen` for checking."""
    while True:
        message: Json = socket.receive_json()
        seen.append(message)
        if message["type"] == "state" and message["version"] == version:
            return message


def check_payload(message: Json, seat: int | None, record: Json, tokens: list[str]) -> None:
    if message["type"] == "presence":
        assert set(message) == {"type", "seats", "spectators"}
    else:
        assert message["type"] == "state" and set(message) == STATE_KEYS
        game = towpath.load(record["game"], record["players"], **record["options"])
        state, moves = replay_told(game, record["seed"], record["actions"][: message["version"]])
        assert message["seat"] == seat
        assert message["view"] == state.view(seat)
        assert message["svg"] == state.render_svg(seat) and message["text"] is None
        assert message["log"] == state.log(seat)
        assert message["moves"] == [move["en"] for move in moves], "words, the same for every seat"
        assert message["undoable"] == (seat == state.current_player and state.undoable())
        assert message["current_player"] == state.current_player
        legal = state.legal_actions() if seat == state.current_player else []
        assert [a["action"] for a in message["legal"]] == [str(a) for a in legal]
        assert message["result"] is None or state.is_terminal()
        assert message["hidden_information"] is game.hidden_information is True
        assert message["seed"] is None or state.is_terminal()  # the seed tells every secret
    for info in message["seats"]:
        assert set(info) == SEAT_KEYS
    text = json.dumps(message)
    assert not any(token in text for token in tokens)


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("arriala", {}), ("mapped_out", {"see_cards": True}), ("canal_king", {})],
)
def test_every_payload_to_a_seat_is_drawn_from_its_view(
    sqlite_database: str, game_id: str, options: Json
) -> None:
    players = 2
    with make_client(sqlite_database) as client:
        seats = [{"kind": "human"} for _ in range(players)]
        created = create(
            client, game=game_id, players=players, seats=seats, options=options, seed=11
        )
        record: Json = {
            "game": game_id,
            "players": players,
            "options": options,
            "seed": 11,
            "actions": [],
        }
        tokens = [token_of(created, seat) for seat in range(players)]
        room = created["room"]
        rng = Rng(7)
        seen: dict[int | None, list[Json]] = {seat: [] for seat in [*range(players), None]}
        sockets = {
            seat: socket_of(client, room, tokens[seat] if seat is not None else None).__enter__()
            for seat in seen
        }
        try:
            latest = {seat: next_state(socket, 0, seen[seat]) for seat, socket in sockets.items()}
            for version in range(ACTIONS):
                mover = latest[None]["current_player"]
                if mover is None:
                    break
                action = rng.choice(latest[mover]["legal"])["action"]
                sockets[mover].send_json({"type": "act", "version": version, "action": action})
                record["actions"].append(action)
                latest = {
                    seat: next_state(socket, version + 1, seen[seat])
                    for seat, socket in sockets.items()
                }
                if version % 10 == 0:  # the REST answer is the socket's message
                    for seat in range(players):
                        answer = client.get(f"/api/rooms/{room}", headers=auth(tokens[seat]))
                        seen[seat].append(answer.json())
        finally:
            for socket in sockets.values():
                socket.__exit__(None, None, None)
        assert len(record["actions"]) == ACTIONS
        for viewer, messages in seen.items():
            assert len(messages) > ACTIONS
            for message in messages:
                check_payload(message, viewer, record, tokens)
        views = [m["view"] for m in seen[0] if m["type"] == "state"]
        assert all(SECRET_OF_SEAT_1[game_id](view) for view in views)


def test_an_over_game_publishes_its_record_but_a_running_one_does_not(client: TestClient) -> None:
    created = create(client, game="arriala", players=2, seats=[{"kind": "human"}] * 2)
    answer = client.get(f"/api/rooms/{created['room']}/record")
    assert answer.status_code == 409 and "seed" not in answer.text

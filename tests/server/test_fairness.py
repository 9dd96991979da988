"""Fair seeds: every room commits to its seed from the first message (SHA-256 of its decimal
text) and publishes the seed once the game is over; a seed chosen by the creator is allowed
only in unlisted rooms and shown as chosen to every seat."""

from __future__ import annotations

import hashlib

from fastapi.testclient import TestClient

import towpath
from tests.server.conftest import Json, auth, create, socket_of, state_at, token_of, until

PEOPLE = [{"kind": "human"}, {"kind": "human"}]
SHORT = {"max_turns": 2}


def finish(client: TestClient, created: Json) -> None:
    for version in range(2):
        move = {"version": version, "action": "f1"}
        headers = auth(token_of(created, version % 2))
        assert client.post(f"/api/rooms/{created['room']}/actions", json=move, headers=headers)


def test_a_room_commits_to_its_seed_and_publishes_it_when_the_game_is_over(
    client: TestClient,
) -> None:
    created = create(client, game="mississippi", players=2, seats=PEOPLE, options=SHORT)
    room = created["room"]
    with socket_of(client, room, token_of(created, 0)) as socket:
        first = until(socket, state_at(0))
    assert first["seed"] is None and first["seed_chosen"] is False
    assert len(first["seed_hash"]) == 64
    finish(client, created)
    over = client.get(f"/api/rooms/{room}").json()
    seed = int(over["seed"])
    assert hashlib.sha256(over["seed"].encode()).hexdigest() == first["seed_hash"]
    assert 0 <= seed < 2**128 and over["seed_hash"] == first["seed_hash"]
    record = client.get(f"/api/rooms/{room}/record").json()
    assert record["seed"] == seed and towpath.replay(record).view(None) == over["view"]
    assert client.get(f"/api/rooms/{room}/replay?step=1").json()["seed"] == over["seed"]


def test_server_seeds_have_128_random_bits(client: TestClient) -> None:
    seeds = []
    for _ in range(8):
        created = create(client, game="mississippi", players=2, seats=PEOPLE, options=SHORT)
        finish(client, created)
        seeds.append(int(client.get(f"/api/rooms/{created['room']}").json()["seed"]))
    assert len(set(seeds)) == 8 and max(seeds) >= 2**100  # 8 draws under 2**100: 2**-224


def test_a_chosen_seed_is_allowed_only_unlisted_and_every_seat_is_told(
    client: TestClient,
) -> None:
    body = {"game": "mississippi", "players": 2, "seats": PEOPLE, "seed": 5, "listed": True}
    refused = client.post("/api/rooms", json=body)
    assert refused.status_code == 422 and refused.json()["rule"] == "seed"
    assert "only in unlisted rooms" in refused.json()["detail"]
    wide = 2**128 - 1  # the widest seed, sent as text as the web client does
    created = create(
        client, game="mississippi", players=2, seats=PEOPLE, seed=str(wide), options=SHORT
    )
    for seat in (0, 1, None):
        headers = auth(token_of(created, seat)) if seat is not None else {}
        shown = client.get(f"/api/rooms/{created['room']}", headers=headers).json()
        assert shown["seed_chosen"] is True and shown["seed"] is None
        assert shown["seed_hash"] == hashlib.sha256(str(wide).encode()).hexdigest()
    finish(client, created)
    record = client.get(f"/api/rooms/{created['room']}/record").json()
    assert record["seed"] == wide
    expected = towpath.load("mississippi", 2, **SHORT).new_state(wide)
    assert towpath.replay({**record, "actions": []}).view(None) == expected.view(None)
    too_wide = {**body, "listed": False, "seed": 2**128}
    assert client.post("/api/rooms", json=too_wide).status_code == 422

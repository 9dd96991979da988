"""Bot moves: each under a hard wall-clock limit enforced from outside the search, searches
in their own lane, cheap bots never queued behind other rooms' searches."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import towpath
from tests.agents.test_settings import largest
from tests.server import stalling
from tests.server.conftest import Json, create, make_client, socket_of, state_at, token_of, until
from towpath.agents.settings import BOTS, MAX_SECONDS
from towpath.core.game import State
from towpath.server.bots import (
    CHEAP_SECONDS,
    FALLBACK,
    FALLBACK_SECONDS,
    MARGIN,
    Bots,
    Play,
    Turn,
    move_limit,
    play_move,
)
from towpath.server.lobby import Lobby

SEARCH = "mcts:seconds=0.2"  # its limit is 0.2 s + MARGIN


def position() -> State:
    state = towpath.load("mississippi", 2).new_state(3)
    state.apply(state.legal_actions()[0])
    return state


def moves(play: Play, *specs: str) -> tuple[list[str], list[float], list[set[int]]]:
    """Each spec's move on `position()` with bots playing `play`: the answers, how long each
    took, and the search lane's worker processes after each."""

    async def run() -> tuple[list[str], list[float], list[set[int]]]:
        bots = Bots(1, play=play)
        answers, took, workers = [], [], []
        try:
            for spec in specs:
                started = time.monotonic()
                answers.append(await bots.move(position(), spec, seed=7))
                took.append(time.monotonic() - started)
                await asyncio.sleep(0.3)  # a killed worker's replacement starts
                workers.append({w.process.pid or 0 for w in bots.search.workers})
        finally:
            bots.close()
        return answers, took, workers

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (Playwright may run one here)
        return thread.submit(asyncio.run, run()).result()


def test_a_move_has_a_limit_of_its_search_time_and_a_margin() -> None:
    assert move_limit("mcts:seconds=2.5") == 2.5 + MARGIN
    assert move_limit("mcts:depth=30,seconds=10") == 10 + MARGIN
    assert move_limit("greedy:budget=5") == move_limit("random") == CHEAP_SECONDS


def test_a_random_move_is_drawn_on_the_server_as_a_worker_would_draw_it() -> None:
    async def run() -> tuple[list[str], int]:
        bots = Bots(1)
        try:
            answers = [await bots.move(position(), "random", seed) for seed in range(5)]
            return answers, len(bots.cheap.workers) + len(bots.search.workers)
        finally:
            bots.close()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (Playwright may run one here)
        answers, workers = thread.submit(asyncio.run, run()).result()
    state_json = position().to_json()
    assert answers == [play_move(state_json, "random", seed, lambda _: None) for seed in range(5)]
    assert len(set(answers)) > 1 and workers == 0


def test_a_search_past_its_limit_is_killed_and_plays_its_last_report() -> None:
    answers, took, workers = moves(stalling.report_then_stall, SEARCH, SEARCH)
    first = stalling.first_legal(position().to_json())
    assert answers == [first, first]
    assert 0.2 + MARGIN <= took[1] < 0.2 + MARGIN + 1.0  # the first also started its worker
    assert len(workers[0]) == 1 and workers[0] != workers[1]  # killed and replaced


def test_a_search_that_reported_nothing_falls_back_to_a_small_greedy_move() -> None:
    answers, _, _ = moves(stalling.stall_searches, SEARCH)
    state = position()
    greedy = towpath.agent("greedy", seed=7, **dict(parse(FALLBACK)))
    assert answers == [str(greedy.choose(state))]


def test_when_the_fallback_stalls_too_a_random_action_is_played() -> None:
    answers, took, _ = moves(stalling.stall, SEARCH, SEARCH)
    assert answers == [str(towpath.agent("random", seed=7).choose(position()))] * 2
    assert took[1] < 0.2 + MARGIN + FALLBACK_SECONDS + 1.0  # both limits, and some slack


def test_a_bot_that_fails_falls_back_and_its_worker_serves_on() -> None:
    answers, _, workers = moves(stalling.crash, SEARCH, SEARCH)
    assert answers == [str(towpath.agent("random", seed=7).choose(position()))] * 2
    assert workers[0] == workers[1]  # a failure reported in time kills nothing


def parse(spec: str) -> list[tuple[str, int]]:
    return [
        (k, int(v)) for k, _, v in (p.partition("=") for p in spec.partition(":")[2].split(","))
    ]


def largest_search(game_id: str) -> Json:
    """A room of bots searching at the largest allowed settings."""
    settings: dict[str, Any] = largest("mcts")
    assert set(settings) == {s.name for s in BOTS["mcts"]}
    seats = [{"kind": "bot", "agent": "mcts", "settings": settings}] * 2
    return {"game": game_id, "players": 2, "seats": seats}


def test_a_random_bot_answers_in_time_while_two_rooms_search_at_the_largest_settings(
    sqlite_database: str,
) -> None:
    delay = 0.3
    with make_client(sqlite_database, bot_delay=delay, bot_workers=1) as client:
        lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
        heavy = [create(client, **largest_search(g)) for g in ("canal_king", "mapped_out")]
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        light = create(client, game="canal_king", players=2, seats=seats)
        searching = lobby.bots.search
        deadline = time.monotonic() + 10
        while not searching.workers and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(delay + 0.5)  # one search runs, the other room's waits for the worker
        assert searching.workers and all(lobby.rooms[h["room"]].version == 0 for h in heavy)
        with socket_of(client, light["room"], token_of(light, 0)) as socket:
            first = until(socket, state_at(0))
            started = time.monotonic()
            socket.send_json({"type": "act", "version": 0, "action": first["legal"][0]["action"]})
            answered = until(socket, state_at(2))
            # Waiting for a search would take its whole MAX_SECONDS; a busy machine may add a
            # second or two to the answer itself.
            assert time.monotonic() - started < delay + MAX_SECONDS / 2
        assert answered["log"][0] == first["legal"][0]["action"]


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_cheap_bots_never_wait_for_a_search(sqlite_database: str, agent: str) -> None:
    """The search lane is busy with a stalled search; a cheap bot still answers."""
    bots = Bots(1, play=stalling.stall_searches)
    with make_client(sqlite_database, bots=bots) as client:
        stalled = [{"kind": "bot", "agent": "mcts", "settings": {"seconds": 10}}] * 2
        create(client, game="mississippi", players=2, seats=stalled)
        seats = [{"kind": "human"}, {"kind": "bot", "agent": agent}]
        light = create(client, game="mississippi", players=2, seats=seats)
        with socket_of(client, light["room"], token_of(light, 0)) as socket:
            first = until(socket, state_at(0))
            socket.send_json({"type": "act", "version": 0, "action": first["legal"][0]["action"]})
            assert until(socket, state_at(2))["current_player"] == 0


def served(turns: list[Turn]) -> list[int]:
    """The order in which one search worker serves moves asked for in the order of `turns`
    (the first asked alone, the others while it thinks)."""

    async def run() -> list[int]:
        bots = Bots(1, play=stalling.think_briefly)
        done: list[int] = []

        async def ask(number: int, turn: Turn) -> None:
            await bots.move(position(), SEARCH, number, turn)
            done.append(number)

        try:
            first = asyncio.create_task(ask(0, turns[0]))
            while not bots.search.workers or bots.search.idle:  # the first move has its worker
                await asyncio.sleep(0.01)
            others = [asyncio.create_task(ask(n, t)) for n, t in enumerate(turns) if n]
            await asyncio.gather(first, *others)
        finally:
            bots.close()
        return done

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (Playwright may run one here)
        return thread.submit(asyncio.run, run()).result()


def test_a_creator_of_many_rooms_cannot_keep_another_creators_bot_waiting() -> None:
    many, one = Turn("many"), Turn("one")
    assert served([many, many, many, one]) == [0, 3, 1, 2]


def test_rooms_of_bots_alone_wait_behind_rooms_where_people_play() -> None:
    bots_only, people = Turn("ann", people=False), Turn("ann")  # one creator's rooms
    assert served([bots_only, bots_only, bots_only, people]) == [0, 3, 1, 2]

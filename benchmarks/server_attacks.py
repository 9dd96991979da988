"""What a hostile stranger costs another room: each attack's effect on a victim's answers.

    python benchmarks/server_attacks.py [--seconds 8] [--database URL] [--only NAME ...] [--json]

Starts `towpath serve` as its own process (a fresh SQLite file unless --database names an empty
PostgreSQL database), makes a victim room of two people and measures, over --seconds, how long
the victim's page waits for the room (`GET /api/rooms/ID` with its seat's token, a new
connection each time, as a page that reconnects would): first alone, then during each attack,
with p50, p99 and the most, and how many of the victim's requests failed. Every client runs on
this machine beside the server, so the figures include the attackers' own CPU; the attacks:

- `huge-action`: 4 clients post actions naming huge numbers (`b999999999999`, Detour's
  `move voyage 999999999999`) in their own rooms, as fast as they are answered;
- `chunked-body`: 4 clients stream chunked request bodies of 1 MiB, over and over (also: the
  server's largest resident memory);
- `slowloris`: 1,100 connections from 5 addresses sending a request's head a byte at a time
  (also: how many the server held open at once);
- `spectators`: 2,000 sockets from 8 addresses join one room, as fast as they are let in (also:
  the presence messages one of them was sent);
- `replay-loop`: 8 clients loop through every step of a finished game's replay;
- `random-ids`: 16 clients ask for rooms that do not exist;
- `search-lane`: a different victim, a person against an MCTS bot (1 s a move) made from
  another address than 3 rooms of MCTS bots alone (10 s a move): how long the victim's bot
  takes to answer each move, alone and beside them;
- `rematch-flood`: a seated player asks for rematches for --seconds (also: rooms made, refusals).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import socket
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import websockets

Json = dict[str, Any]
STRANGER = "127.0.0.2"  # the address of the attacks made with requests (the victim's: 127.0.0.1)
Attack = Callable[["Target", Any, Json], None]  # (target, a stop event, its notes)


class Target:
    """The server under attack, on loopback (its process id, for its memory)."""

    def __init__(self, port: int, pid: int) -> None:
        self.port = port
        self.pid = pid

    def request(
        self,
        method: str,
        path: str,
        body: Json | None = None,
        token: str | None = None,
        source: str = "127.0.0.1",
        timeout: float = 30.0,
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=timeout, source_address=(source, 0)
        )
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Towpath-Token"] = token
        try:
            connection.request(
                method, path, json.dumps(body) if body is not None else None, headers
            )
            answer = connection.getresponse()
            data = answer.read()
            return answer.status, json.loads(data) if data else None
        finally:
            connection.close()

    def room(self, body: Json, source: str = "127.0.0.1") -> Json:
        """A new room, every invitation taken: each seat's `token` is the seat's own."""
        status, answer = self.request("POST", "/api/rooms", body, source=source)
        assert status == 201, answer
        created: Json = answer
        for seat in created["seats"]:
            path = f"/api/rooms/{created['room']}/claim"
            status, taken = self.request("POST", path, {}, seat["token"], source=source)
            if status == 200:
                seat["token"] = taken["token"]
        return created

    def rss_mib(self) -> float:
        fields = Path(f"/proc/{self.pid}/status").read_text().split("\n")
        rss = next(line for line in fields if line.startswith("VmRSS:"))
        return int(rss.split()[1]) / 1024


def percentiles(waits: list[float], failed: int) -> Json:
    ordered = sorted(waits)
    if not ordered:
        return {"answers": 0, "failed": failed}
    return {
        "answers": len(ordered),
        "failed": failed,
        "p50_ms": round(1000 * statistics.median(ordered), 1),
        "p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 1),
        "max_ms": round(1000 * ordered[-1], 1),
    }


def probe(target: Target, victim: Json, seconds: float) -> Json:
    """The victim's waits for its room over `seconds`, 20 requests a second at most."""
    path, token = f"/api/rooms/{victim['room']}", victim["seats"][0]["token"]
    waits, failed = [], 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        began = time.monotonic()
        try:
            status, _ = target.request("GET", path, token=token, timeout=10)
            if status == 200:
                waits.append(time.monotonic() - began)
            else:
                failed += 1
        except OSError:
            failed += 1
        time.sleep(max(0.0, 0.05 - (time.monotonic() - began)))
    return percentiles(waits, failed)


@contextmanager
def running(attack: Attack, target: Target, notes: Json, clients: int = 1) -> Iterator[None]:
    """The attack from `clients` threads of a process of their own (the victim's probe shares
    no GIL with them); their notes are added into `notes` at the end."""
    context = multiprocessing.get_context("spawn")
    stop, told = context.Event(), context.Queue()
    process = context.Process(target=_attacker, args=(attack, target, stop, notes, told, clients))
    process.start()
    assert told.get(timeout=120) == "began"  # measured from the attack's first moments
    try:
        yield
    finally:
        stop.set()
        notes.update(told.get(timeout=120))
        process.join(30)


def _attacker(
    attack: Attack, target: Target, stop: Any, given: Json, told: Any, clients: int
) -> None:
    """Run the attack in `clients` threads; tell their notes, summed (counts) or the largest."""
    kept = [dict(given) for _ in range(clients)]
    threads = [threading.Thread(target=attack, args=(target, stop, notes)) for notes in kept]
    told.put("began")
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    merged: Json = {}
    for notes in kept:
        notes.pop("finished", None)
        for key, value in notes.items():
            summed = key.isdigit() or key in SUMMED
            merged[key] = merged.get(key, 0) + value if summed else max(merged.get(key, 0), value)
    told.put(merged)


def huge_action(target: Target, stop: Any, notes: Json) -> None:
    rooms = [
        (
            target.room({"game": game, "players": 2, "seats": [{"kind": "human"}] * 2}, STRANGER),
            text,
        )
        for game, text in (("mississippi", "b999999999999"), ("detour", "move voyage 999999999999"))
    ]
    while not stop.is_set():
        for created, text in rooms:
            path = f"/api/rooms/{created['room']}/actions"
            move = {"version": 0, "action": text}
            status, _ = target.request("POST", path, move, created["seats"][0]["token"], STRANGER)
            notes[str(status)] = notes.get(str(status), 0) + 1


def chunked_body(target: Target, stop: Any, notes: Json) -> None:
    while not stop.is_set():
        connection = socket.create_connection(
            ("127.0.0.1", target.port), timeout=10, source_address=(STRANGER, 0)
        )
        connection.sendall(
            b"POST /api/rooms HTTP/1.1\r\nHost: towpath\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        try:
            for _ in range(64):  # 1 MiB, unless the server closes the connection first
                connection.sendall(b"4000\r\n" + b" " * 16384 + b"\r\n")
            answer = connection.recv(64).split(b" ")[1].decode()
        except (OSError, IndexError):
            answer = "closed"
        finally:
            connection.close()
        notes[answer] = notes.get(answer, 0) + 1
        notes["server_rss_mib"] = round(max(notes.get("server_rss_mib", 0), target.rss_mib()), 1)


def slowloris(target: Target, stop: Any, notes: Json) -> None:
    held: list[socket.socket] = []
    sources = [f"127.0.0.{n}" for n in range(2, 7)]
    while not stop.is_set():
        while len(held) < 1100 and not stop.is_set():
            try:
                held.append(
                    socket.create_connection(
                        ("127.0.0.1", target.port),
                        timeout=1,
                        source_address=(random.choice(sources), 0),
                    )
                )
            except OSError:
                notes["refused"] = notes.get("refused", 0) + 1
                break
        for connection in list(held):
            try:
                connection.sendall(b"G")  # a byte of a request that never ends
            except OSError:
                held.remove(connection)
                notes["closed_by_server"] = notes.get("closed_by_server", 0) + 1
        notes["held_at_once"] = max(notes.get("held_at_once", 0), len(held))
        time.sleep(0.5)
    for connection in held:
        connection.close()


def spectators(target: Target, stop: Any, notes: Json) -> None:
    created = target.room({"game": "mississippi", "players": 2, "seats": [{"kind": "human"}] * 2})
    url = f"ws://127.0.0.1:{target.port}/api/rooms/{created['room']}/socket"

    async def join(source: str, counted: bool) -> None:
        async with websockets.connect(
            url, host="127.0.0.1", open_timeout=60, local_addr=(source, 0), max_size=2**22
        ) as connection:
            await connection.send(json.dumps({"type": "auth", "token": None}))
            notes["joined"] = notes.get("joined", 0) + 1
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(connection.recv(), 0.5)
                except TimeoutError:
                    continue
                if counted and '"type":"presence"' in message[:30]:
                    notes["presence_to_one"] = notes.get("presence_to_one", 0) + 1

    async def everyone() -> None:
        began = time.monotonic()
        joins = [join(f"127.0.0.{2 + n % 8}", n == 0) for n in range(2000)]
        waiting = asyncio.gather(*joins, return_exceptions=True)
        while notes.get("joined", 0) < 2000 and not stop.is_set():
            await asyncio.sleep(0.05)
        notes["all_joined_in_s"] = round(time.monotonic() - began, 1)
        await waiting

    asyncio.run(everyone())


def replay_loop(target: Target, stop: Any, notes: Json) -> None:
    room, steps = notes["finished"]
    while not stop.is_set():
        for step in range(steps + 1):
            if stop.is_set():
                return
            target.request("GET", f"/api/rooms/{room}/replay?step={step}", source=STRANGER)
            notes["replays"] = notes.get("replays", 0) + 1


def random_ids(target: Target, stop: Any, notes: Json) -> None:
    while not stop.is_set():
        guess = "".join(random.choices(string.ascii_letters + string.digits, k=16))
        status, _ = target.request("GET", f"/api/rooms/{guess}", source=STRANGER)
        notes[str(status)] = notes.get(str(status), 0) + 1


def rematch_flood(target: Target, seconds: float) -> Json:
    body = {
        "game": "mississippi",
        "players": 2,
        "seats": [{"kind": "human"}] * 2,
        "options": {"max_turns": 2},
    }
    created = target.room(body, source="127.0.0.9")
    tokens = [seat["token"] for seat in created["seats"]]
    for version in range(2):
        target.request(
            "POST",
            f"/api/rooms/{created['room']}/actions",
            {"version": version, "action": "f1"},
            tokens[version],
        )
    answers: Json = {}
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        status, _ = target.request(
            "POST", f"/api/rooms/{created['room']}/rematch", {}, tokens[1], source="127.0.0.9"
        )
        answers[str(status)] = answers.get(str(status), 0) + 1
    stranger, _ = target.request(
        "POST", f"/api/rooms/{created['room']}/rematch", {}, source="127.0.0.10"
    )
    return {"answers": answers, "stranger": stranger}


def bot_waits(target: Target, moves: int, source: str = "127.0.0.1") -> list[float]:
    """A person plays `moves` moves against an MCTS bot (1 s a move): how long each bot move
    took to come, from the person's action to the bot's."""
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "mcts", "settings": {"seconds": 1}}]
    created = target.room({"game": "mississippi", "players": 2, "seats": seats}, source=source)
    path, token = f"/api/rooms/{created['room']}", created["seats"][0]["token"]
    waits = []
    for _ in range(moves):
        _, seen = target.request("GET", path, token=token)
        if seen["over"]:
            break
        began = time.monotonic()
        target.request(
            "POST",
            f"{path}/actions",
            {"version": seen["version"], "action": seen["legal"][0]["action"]},
            token,
        )
        while True:
            _, after = target.request("GET", path, token=token)
            if after["over"] or after["current_player"] == 0:
                break
            time.sleep(0.05)
        waits.append(time.monotonic() - began)
    return waits


def search_lane(target: Target, moves: int) -> Json:
    alone = bot_waits(target, moves)
    body = {
        "game": "mississippi",
        "players": 3,
        "seats": [{"kind": "bot", "agent": "mcts", "settings": {"seconds": 10}}] * 3,
    }
    for _ in range(3):  # they play on until the server stops (the last measure)
        target.room(body, source="127.0.0.2")
    time.sleep(1.0)
    beside = bot_waits(target, moves)
    return {
        "alone_s": [round(w, 1) for w in alone],
        "beside_3_bot_rooms_s": [round(w, 1) for w in beside],
    }


def finished_game(target: Target) -> tuple[str, int]:
    """A finished game of random bots, and its number of actions."""
    body = {"game": "mississippi", "players": 4, "seats": [{"kind": "bot"}] * 4}
    room = target.room(body)["room"]
    while True:
        _, seen = target.request("GET", f"/api/rooms/{room}")
        if seen["over"]:
            return room, int(seen["version"])
        time.sleep(0.5)


SUMMED = ("closed", "closed_by_server", "refused", "joined", "replays")  # notes counted
ATTACKS: dict[str, tuple[Attack, int]] = {
    "huge-action": (huge_action, 4),
    "chunked-body": (chunked_body, 4),
    "slowloris": (slowloris, 1),
    "spectators": (spectators, 1),
    "replay-loop": (replay_loop, 8),
    "random-ids": (random_ids, 16),
}


def start(database: str, folder: str) -> tuple[Target, subprocess.Popen[bytes]]:
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port = probe_socket.getsockname()[1]
    log = open(Path(folder) / "serve.log", "ab")  # noqa: SIM115 (open while the server runs)
    command = [
        sys.executable,
        "-m",
        "towpath",
        "serve",
        "--port",
        str(port),
        "--database",
        database,
        "--bot-delay",
        "0",
        "--rooms-per-hour",
        "3600",
    ]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    target = Target(port, process.pid)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if target.request("GET", "/api/games")[0] == 200:
                return target, process
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of each measure")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: new SQLite)")
    parser.add_argument("--only", nargs="*", default=None, help="attacks to run (default: all)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    chosen = args.only or [*ATTACKS, "rematch-flood", "search-lane"]
    results: Json = {}
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'attacks.sqlite3'}"
        target, server = start(database, folder)
        try:
            victim = target.room(
                {"game": "mississippi", "players": 2, "seats": [{"kind": "human"}] * 2}
            )
            results["alone"] = probe(target, victim, args.seconds)
            finished = finished_game(target) if "replay-loop" in chosen else None
            for name in chosen:
                if name in ATTACKS:
                    attack, clients = ATTACKS[name]
                    notes: Json = {"finished": finished} if name == "replay-loop" else {}
                    with running(attack, target, notes, clients):
                        measured = probe(target, victim, args.seconds)
                    notes.pop("finished", None)
                    results[name] = {**measured, "notes": notes}
                elif name == "search-lane":
                    results[name] = search_lane(target, moves=4)
                elif name == "rematch-flood":
                    results[name] = rematch_flood(target, args.seconds)
                report(name, results, args.json)
        finally:
            server.terminate()
            server.wait(30)
    if args.json:
        print(json.dumps(results, indent=1))


def report(name: str, results: Json, quiet: bool) -> None:
    if quiet:
        return
    if name in ATTACKS:
        alone, attacked = results["alone"], results[name]
        print(
            f"{name:14} p50 {alone['p50_ms']:6} → {attacked.get('p50_ms', '-'):6} ms   "
            f"p99 {alone['p99_ms']:6} → {attacked.get('p99_ms', '-'):6} ms   "
            f"failed {attacked['failed']:3}   {json.dumps(attacked['notes'])}",
            flush=True,
        )
    else:
        print(f"{name:14} {json.dumps(results[name])}", flush=True)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()

"""Server load: many rooms of bots at once, watched over WebSockets on loopback.

    python benchmarks/server_load.py [--rooms 200] [--seconds 30] [--game mississippi]
                                     [--players 4] [--bot-delay 0 | --rate R]
                                     [--database URL] [--processes N] [--json]

Starts `towpath serve` as its own process (on a fresh SQLite file unless --database says
otherwise; --processes N runs N server processes on one port, `towpath serve --workers N`,
which needs a PostgreSQL --database, and an empty one: a server adopts the rooms it finds and
their bots would play along). With --bot-delay 0 the bots move as fast as the server
lets them, so the figures are its saturation throughput and the queueing that comes with it;
--rate R offers about R actions a second in all (each room's bots wait rooms / R seconds
before a move, so a server that keeps up plays R actions a second). It creates the rooms,
opens one spectator socket per room and counts the actions broadcast. Latency is from the
moment a bot's action is back from its worker (the `acted_at` the server stamps on each state
message) to the moment the message arrives here: engine check, commit, view and SVG building
and delivery included. Both ends share this machine's clock and cores, so it also reports the
CPU time the server's processes (its bot workers included; not PostgreSQL's) and this client
spent per action in the measured window, which holds on a machine busy with other work.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, func, inspect, select

from towpath.server.storage import database_url, rooms


@dataclass
class Tally:
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    finished: int = 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def wait_until_up(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            urllib.request.urlopen(base + "/api/games", timeout=5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


async def watch(ws_url: str, until: float, tally: Tally) -> None:
    async with websockets.connect(ws_url, max_size=2**22, open_timeout=120) as connection:
        await connection.send(json.dumps({"type": "auth", "token": None}))  # a spectator
        last = -1
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            try:
                text = await asyncio.wait_for(connection.recv(), left)
            except TimeoutError:
                return
            arrived = time.time()
            message = json.loads(text)
            if message["type"] != "state" or message["version"] <= last:
                continue
            if last >= 0:  # the first message is the room as it stood when we connected
                tally.actions += message["version"] - last
                tally.latencies.append(arrived - message["acted_at"])
            last = message["version"]
            if message["over"]:
                tally.finished += 1
                return


def cpu_seconds(root: int) -> float:
    """CPU seconds spent so far by process `root` and its living descendants (Linux /proc)."""
    parents, spent = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:  # gone meanwhile
                continue
            pid = int(entry.name)
            parents[pid], spent[pid] = int(fields[1]), int(fields[11]) + int(fields[12])
    total = 0
    for pid, ticks in spent.items():
        ancestor = pid
        while ancestor not in (root, 0, 1) and ancestor in parents:
            ancestor = parents[ancestor]
        if ancestor == root:
            total += ticks
    return total / os.sysconf("SC_CLK_TCK")


async def load(
    base: str, rooms: int, seconds: float, game: str, players: int, server: int
) -> dict[str, Any]:
    body = {"game": game, "players": players, "seats": [{"kind": "bot"}] * players, "listed": False}
    created = await asyncio.gather(
        *(asyncio.to_thread(post, base + "/api/rooms", body) for _ in range(rooms))
    )
    ws_base = base.replace("http://", "ws://")
    tally = Tally()
    spent, own = cpu_seconds(server), time.process_time()
    started = time.monotonic()
    until = started + seconds
    await asyncio.gather(
        *(watch(f"{ws_base}/api/rooms/{room['room']}/socket", until, tally) for room in created)
    )
    elapsed = time.monotonic() - started
    spent, own = cpu_seconds(server) - spent, time.process_time() - own
    ordered = sorted(tally.latencies)
    return {
        "rooms": rooms,
        "game": game,
        "players": players,
        "seconds": round(elapsed, 1),
        "actions": tally.actions,
        "actions_per_second": round(tally.actions / elapsed, 1),
        "latency_p50_ms": round(1000 * statistics.median(ordered), 1) if ordered else None,
        "latency_p99_ms": round(1000 * ordered[int(0.99 * (len(ordered) - 1))], 1)
        if ordered
        else None,
        "games_finished": tally.finished,
        "server_cpu_ms_per_action": round(1000 * spent / max(tally.actions, 1), 3),
        "client_cpu_ms_per_action": round(1000 * own / max(tally.actions, 1), 3),
    }


def rooms_in(url: str) -> int:
    """How many rooms the database holds (their bots would play along with the benchmark's)."""
    engine = create_engine(database_url(url))
    try:
        if not inspect(engine).has_table("rooms"):
            return 0
        with engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(rooms)).scalar_one())
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="mississippi")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds before a bot moves")
    parser.add_argument("--rate", type=float, default=None, help="actions a second offered")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: new SQLite)")
    parser.add_argument("--processes", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    if args.processes > 1 and not (args.database or "").startswith("postgresql"):
        parser.error("--processes above 1 needs a PostgreSQL --database")
    if args.database and (held := rooms_in(args.database)):
        parser.error(f"--database holds {held} room(s): expected an empty database")
    if args.rate is not None:
        args.bot_delay = args.rooms / args.rate
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
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
            str(args.bot_delay),
            "--rooms-per-hour",
            str(10 * args.rooms * 3600),  # the benchmark creates its rooms from one address
        ]
        if args.processes > 1:
            command += ["--workers", str(args.processes)]
        with (Path(folder) / "server.log").open("wb") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_up(base, process)
            result = asyncio.run(
                load(base, args.rooms, args.seconds, args.game, args.players, process.pid)
            )
            result.update(processes=args.processes, offered=args.rate)
        finally:
            process.terminate()
            process.wait(30)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    offered = f"offered {args.rate:g} actions/s" if args.rate else f"bot delay {args.bot_delay:g} s"
    print(
        f"{result['rooms']} rooms of {result['players']} {result['game']} bots "
        f"({offered}, {args.processes} server processes), "
        f"{result['seconds']} s: {result['actions']} actions, "
        f"{result['actions_per_second']:,.1f} actions/s; action to broadcast "
        f"p50 {result['latency_p50_ms']} ms, p99 {result['latency_p99_ms']} ms; "
        f"CPU an action: server {result['server_cpu_ms_per_action']} ms, "
        f"this client {result['client_cpu_ms_per_action']} ms"
    )


if __name__ == "__main__":
    main()

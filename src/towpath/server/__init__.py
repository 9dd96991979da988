"""The multiplayer server: rooms of people and bots, spectators, replays, and the web client.

    towpath serve --host 127.0.0.1 --port 8000 [--database URL] [--archive-after 7d] [--workers N]

`create_app` builds the FastAPI application; `serve` runs it under uvicorn.

Many processes: on PostgreSQL any number of `towpath serve` processes (on one machine or many)
serve the same rooms, and `--workers N` runs N of them on one port (uvicorn's workers share
its socket, so a page whose process died reconnects to the same address and reaches a live
one). Each room has one owner at a time (`cluster`); the others forward changes to it and
follow its announcements. SQLite serves from one process: `--workers` above 1 is refused.
Limits that count requests (rooms and joins per hour, chat lines) are counted per process.

The modules, by their jobs:
- the web's face: `app` (the HTTP routes of rooms, refusals), `models` (their bodies),
  `sockets` (a room's socket), `protocol` (its messages), `pages` (HTML pages, board pictures,
  the games' catalogue), `languages` (the reader's language);
- the lobby (`lobby.Lobby`, its life cycle) and its parts: `rooms` (the rooms in memory, the
  storage writes, who is present), `seating` (creating rooms, seats, links, chat), `playing`
  (actions, take-backs, the turn clock, the bots' moves), `ownership` (many processes);
- one room: `room` (its state and every message built from a seat's view), `telling` (its
  actions in words, and a client's action tried on a copy), `clients` (its sockets' queues),
  `links` (tokens, room ids and seeds under the server's secret);
- around them: `bots` (the bots' worker lanes), `cluster` (PostgreSQL leases and
  announcements), `storage`, `rows` and `migrations`, `guard` and `limits` (what a stranger
  may spend), `watchdog` (the engine's time bound), `replays`.

How a move reaches every client: a socket's `act` message (`sockets`) goes to `Lobby.act`
(`playing`), through `_write` (`ownership`: carried out here by the room's owner, or forwarded
to it); `Playing._act` plays it on a copy (`telling.checked`), commits it (`Rooms._commit`), then
`Room.broadcast_state` queues a state for each client (`Client.push`), made from that client's
seat's view when its socket is ready to send it (`Room.state_text`, sent by the socket's
send loop).
"""

from __future__ import annotations

import json
import os
import re
import resource
from contextlib import suppress
from dataclasses import asdict, replace
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy import make_url

from towpath.core.errors import GameError
from towpath.core.heap import settle
from towpath.server.app import create_app
from towpath.server.guard import configure
from towpath.server.limits import Limits
from towpath.server.storage import database_url

WS_MAX_SIZE = 64 * 1024  # bytes of one socket frame
FILES_KEPT = 200  # open files a server process keeps for its database, bots and logs
WORKER_SETTINGS = "TOWPATH_WORKER_SETTINGS"  # how `serve` hands its settings to its workers
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhd]?)")


def duration(text: str) -> float:
    """Seconds from `90`, `45s`, `30m`, `12h` or `7d`."""
    found = DURATION.fullmatch(text.strip())
    if found is None or float(found[1]) <= 0:
        raise GameError(f"expected a duration such as 7d, 12h, 30m or 45s, got {text!r}")
    return float(found[1]) * UNITS[found[2] or "s"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 0.8,
    archive_after: float = 7 * 86400.0,
    bot_workers: int | None = None,
    limits: Limits | None = None,
    log_level: str = "warning",
    workers: int = 1,
) -> None:
    url = database_url(database)
    if workers > 1 and make_url(url).get_backend_name() != "postgresql":
        raise GameError(
            f"--workers {workers}: expected a PostgreSQL --database; SQLite serves one process"
        )
    settings: dict[str, Any] = {
        "database": url,
        "bot_delay": bot_delay,
        "bot_workers": bot_workers,
        "archive_after": archive_after,
        "limits": asdict(within_files(limits or Limits())),
    }
    shown = make_url(url).render_as_string(hide_password=True)
    processes = f", {workers} processes" if workers > 1 else ""
    print(f"towpath is serving on http://{host}:{port}/ (database: {shown}{processes})", flush=True)
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": "towpath.server.guard:GuardedHttp",
        "ws": "towpath.server.guard:GuardedWebSocket",
        "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": False,  # compressing every board costs more CPU than it saves
        "log_level": log_level,
    }
    if workers == 1:
        uvicorn.run(worker_app(settings), **options)
        return
    os.environ[WORKER_SETTINGS] = json.dumps(settings)
    uvicorn.run(
        "towpath.server:worker_app",
        factory=True,
        workers=workers,
        **options,
    )


def within_files(limits: Limits) -> Limits:
    """The limits with at most as many connections as this process may open files (its soft
    limit raised to the hard one first), less those the server keeps for itself."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    most = max(1, soft - FILES_KEPT)
    return replace(limits, connections=min(limits.connections, most))


def worker_app(settings: dict[str, Any] | None = None) -> FastAPI:
    """The application of one server process, from `serve`'s settings (a worker: from
    $TOWPATH_WORKER_SETTINGS)."""
    settle()  # a server process keeps every open room's state and drawings
    given = dict(settings or json.loads(os.environ[WORKER_SETTINGS]))
    limits = within_files(Limits(**given.pop("limits")))
    configure(limits)
    return create_app(**given, limits=limits)


__all__ = ["create_app", "duration", "serve", "worker_app"]

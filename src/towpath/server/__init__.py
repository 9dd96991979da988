"""The multiplayer server: rooms of people and bots, spectators, replays, and the web client.

    towpath serve --host 127.0.0.1 --port 8000 [--database URL] [--archive-after 7d]

`create_app` builds the FastAPI application; `serve` runs it under uvicorn.
"""

from __future__ import annotations

import re

import uvicorn
from sqlalchemy import make_url

from towpath.core.errors import GameError
from towpath.server.app import create_app
from towpath.server.limits import Limits

WS_MAX_SIZE = 64 * 1024  # bytes of one socket frame
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
) -> None:
    app = create_app(
        database,
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        archive_after=archive_after,
        limits=limits,
    )
    database_shown = make_url(app.state.storage.url).render_as_string(hide_password=True)
    print(f"towpath is serving on http://{host}:{port}/ (database: {database_shown})", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # compressing every board costs more CPU than it saves
        log_level=log_level,
    )


__all__ = ["create_app", "duration", "serve"]

"""The multiplayer server: rooms of people and bots, spectators, replays, and the web client.

    towpath serve --host 127.0.0.1 --port 8000 [--database URL]

`create_app` builds the FastAPI application; `serve` runs it under uvicorn.
"""

from __future__ import annotations

import uvicorn
from sqlalchemy import make_url

from towpath.server.app import create_app

WS_MAX_SIZE = 64 * 1024  # bytes of one socket frame


def serve(
    host: str = "127.0.0.1", port: int = 8000, database: str | None = None, bot_delay: float = 0.8
) -> None:
    app = create_app(database, bot_delay=bot_delay)
    database_shown = make_url(app.state.storage.url).render_as_string(hide_password=True)
    print(f"towpath is serving on http://{host}:{port}/ (database: {database_shown})", flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,  # compressing every board costs more CPU than it saves
        log_level="warning",
    )


__all__ = ["create_app", "serve"]

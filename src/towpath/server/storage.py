"""Where rooms live between restarts: SQLite by default, PostgreSQL when a URL names it.

A room is its game record (game, players, options, seed) plus its seats; its actions are rows
numbered from 1. Restoring a room replays its record. Seat tokens are kept only as SHA-256
digests: a token is shown once, when it is made, and checked by its digest afterwards.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

DATABASE_ENV = "TOWPATH_DATABASE_URL"
DEFAULT_FILE = "towpath.sqlite3"

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(40), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("token_digest", String(64), nullable=True, index=True),
    Column("claimed", Boolean, nullable=False, default=False),
)

actions = Table(
    "actions",
    metadata,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("notation", Text, nullable=False),
    Column("at", Float, nullable=False),
)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(given: str | None = None) -> str:
    """The URL given, else $TOWPATH_DATABASE_URL, else a SQLite file in the current folder."""
    url = given or os.environ.get(DATABASE_ENV)
    if url:
        if url.startswith("postgresql://"):  # psycopg 3 is the driver towpath installs
            return "postgresql+psycopg://" + url.removeprefix("postgresql://")
        return url
    return f"sqlite:///{Path(DEFAULT_FILE).resolve()}"


@dataclass(frozen=True)
class ActionRow:
    room: str
    number: int
    notation: str
    over: bool


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" or "bot"
    name: str
    agent: str | None  # the bot's spec, such as "mcts:seconds=1"
    token_digest: str | None
    claimed: bool


@dataclass
class RoomRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    listed: bool
    over: bool
    created: float
    rematch_of: str | None
    rematch: str | None
    seats: list[SeatRow]
    actions: list[str]

    def record(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": list(self.actions),
        }


class Storage:
    """Synchronous storage; the server calls it from one writer thread."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection

    def create_room(self, room: RoomRow) -> None:
        with self._begin() as db:
            db.execute(
                insert(rooms).values(
                    id=room.id,
                    game=room.game,
                    players=room.players,
                    options=room.options,
                    seed=room.seed,
                    listed=room.listed,
                    over=False,
                    created=room.created,
                    rematch_of=room.rematch_of,
                    rematch=None,
                )
            )
            db.execute(
                insert(seats),
                [{"room": room.id, **seat.__dict__} for seat in room.seats],
            )
            if room.rematch_of is not None:
                db.execute(
                    update(rooms).where(rooms.c.id == room.rematch_of).values(rematch=room.id)
                )

    def add_actions(self, rows: list[ActionRow]) -> None:
        """Commit accepted actions (of any rooms) in one transaction; a number is the state
        version the action leads to."""
        now = time.time()
        with self._begin() as db:
            db.execute(
                insert(actions),
                [
                    {"room": r.room, "number": r.number, "notation": r.notation, "at": now}
                    for r in rows
                ],
            )
            finished = [r.room for r in rows if r.over]
            if finished:
                db.execute(update(rooms).where(rooms.c.id.in_(finished)).values(over=True))

    def set_token(self, room: str, seat: int, token_digest: str | None) -> None:
        with self._begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.room == room, seats.c.seat == seat)
                .values(token_digest=token_digest)
            )

    def claim(self, room: str, seat: int) -> None:
        with self._begin() as db:
            db.execute(
                update(seats).where(seats.c.room == room, seats.c.seat == seat).values(claimed=True)
            )

    def room_ids(self, only_unfinished: bool) -> list[str]:
        query = select(rooms.c.id).order_by(rooms.c.created)
        if only_unfinished:
            query = query.where(rooms.c.over.is_(False))
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query)]

    def load_room(self, room_id: str) -> RoomRow | None:
        with self.engine.connect() as db:
            row = db.execute(select(rooms).where(rooms.c.id == room_id)).first()
            if row is None:
                return None
            seat_rows = db.execute(
                select(seats).where(seats.c.room == room_id).order_by(seats.c.seat)
            ).all()
            notations = db.execute(
                select(actions.c.notation)
                .where(actions.c.room == room_id)
                .order_by(actions.c.number)
            ).all()
        return RoomRow(
            id=row.id,
            game=row.game,
            players=row.players,
            options=dict(row.options),
            seed=row.seed,
            listed=row.listed,
            over=row.over,
            created=row.created,
            rematch_of=row.rematch_of,
            rematch=row.rematch,
            seats=[
                SeatRow(s.seat, s.kind, s.name, s.agent, s.token_digest, s.claimed)
                for s in seat_rows
            ],
            actions=[n.notation for n in notations],
        )

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL keeps readers off the writer's back; a committed transaction survives the process
    # being killed (synchronous NORMAL only risks the last commits on a power cut).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()

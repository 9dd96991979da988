"""Where rooms live between restarts: SQLite by default, PostgreSQL when a URL names it.

A room is its game record (game, players, options, seed) plus its seats; its actions are rows
numbered from 1 (a take-back deletes the last one and counts in `undos`). Restoring a room
replays its record. Its chat lines are rows numbered from 1. No seat token is stored: tokens are
derived from the server's secret (kept in `server_keys`, made on the first start) and each
seat's generation, which a re-issued link bumps. The schema is managed by the Alembic
migrations in `migrations/`: opening a database upgrades it to the newest schema, a database
of the first release (made before migrations) included.

On PostgreSQL every change of a room is announced on commit, in its own transaction
(`NOTIFY towpath_rooms`): `{"room", "kind": "action", "number", "notation", "at", "process"}`
for an action, `{"room", "kind": "changed", "process"}` for anything else (a take-back,
seats, chat, a rematch, archiving); `process` names the server process that wrote it.
Payloads hold what every spectator may know, never a view or a token.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
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
    and_,
    create_engine,
    delete,
    event,
    exists,
    false,
    func,
    insert,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from towpath.server.rows import ActionRow, ChatRow, Listed, RoomRow, SeatRow

DATABASE_ENV = "TOWPATH_DATABASE_URL"
DEFAULT_FILE = "towpath.sqlite3"
BASELINE = "0001"  # the first release's schema, made without migrations
SECRET_KEY = "seat_tokens"
CHAT_KEPT = 50  # chat lines a room keeps at hand (the database keeps them all)
MIGRATING = 0x746F77706174  # the advisory lock held while the schema is upgraded
CHANGES = "towpath_rooms"  # the PostgreSQL channel announcing every committed change of a room

metadata = MetaData()

rooms = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", String(40), nullable=False),  # decimal text: seeds have 128 bits
    Column("seed_chosen", Boolean, nullable=True),
    Column("listed", Boolean, nullable=False),
    Column("over", Boolean, nullable=False),
    Column("archived", Boolean, nullable=False),
    Column("created", Float, nullable=False),
    Column("acted", Float, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("undos", Integer, nullable=False, server_default="0"),
    Column("clock", Float, nullable=True),
    Column("creator", String(64), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(40), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("access", String(8), nullable=True),
    Column("generation", Integer, nullable=False),
    Column("token_digest", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("away", Boolean, nullable=False, server_default=false()),
    Column("sealed", Boolean, nullable=False, server_default=false()),
    Column("by_host", Boolean, nullable=False, server_default=false()),
)

actions = Table(
    "actions",
    metadata,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("notation", Text, nullable=False),
    Column("at", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("room", String(32), ForeignKey("rooms.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

room_owners = Table(  # see migrations/versions/r0004_cluster.py
    "room_owners",
    metadata,
    Column("room", String(32), primary_key=True),
    Column("process", String(32), nullable=False),
    Column("since", Float, nullable=False),
)

server_keys = Table(
    "server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)


def database_url(given: str | None = None) -> str:
    """The URL given, else $TOWPATH_DATABASE_URL, else a SQLite file in the current folder."""
    url = given or os.environ.get(DATABASE_ENV)
    if url:
        if url.startswith("postgresql://"):  # psycopg 3 is the driver towpath installs
            return "postgresql+psycopg://" + url.removeprefix("postgresql://")
        return url
    return f"sqlite:///{Path(DEFAULT_FILE).resolve()}"


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to `revision` (the newest by default); a database of the first
    release, made before migrations, is first marked as being at its schema."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("towpath.server") / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # processes starting together upgrade in turn
            connection.execute(select(func.pg_advisory_xact_lock(MIGRATING)))
        config.attributes["connection"] = connection
        tables = inspect(connection).get_table_names()
        if "rooms" in tables and "alembic_version" not in tables:
            command.stamp(config, BASELINE)
        command.upgrade(config, revision)


class Storage:
    """Synchronous storage; the server calls it from one writer thread."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine: Engine = create_engine(self.url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        upgrade(self.engine)
        self.shared = self.engine.dialect.name == "postgresql"  # many processes may serve it
        self.process: str | None = None  # the server process announcing its changes

    def _announce(self, db: Connection, room: str, **change: Any) -> None:
        """Tell every server process of a change to `room` when the transaction commits."""
        if self.shared:
            payload = json.dumps(
                {"room": room, "kind": "changed", "process": self.process, **change}
            )
            db.execute(select(func.pg_notify(CHANGES, payload)))

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection

    def secret(self) -> bytes:
        """The server's secret for seat tokens: made on the first start, kept afterwards."""
        query = select(server_keys.c.value).where(server_keys.c.name == SECRET_KEY)
        with self.engine.connect() as db:
            found = db.execute(query).scalar()
        if found is None:
            try:
                with self._begin() as db:
                    db.execute(insert(server_keys).values(name=SECRET_KEY, value=_new_secret()))
            except IntegrityError:  # another server process made it first
                pass
            with self.engine.connect() as db:
                found = db.execute(query).scalar_one()
        return bytes.fromhex(found)

    def create_room(self, room: RoomRow) -> None:
        with self._begin() as db:
            db.execute(
                insert(rooms).values(
                    id=room.id,
                    game=room.game,
                    players=room.players,
                    options=room.options,
                    seed=str(room.seed),
                    seed_chosen=room.seed_chosen,
                    listed=room.listed,
                    over=False,
                    archived=False,
                    created=room.created,
                    acted=room.acted,
                    rematch_of=room.rematch_of,
                    rematch=None,
                    undos=0,
                    clock=room.clock,
                    creator=room.creator,
                )
            )
            db.execute(insert(seats), [{"room": room.id, **seat.__dict__} for seat in room.seats])
            if room.rematch_of is not None:
                db.execute(
                    update(rooms).where(rooms.c.id == room.rematch_of).values(rematch=room.id)
                )
                self._announce(db, room.rematch_of)

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
            db.execute(
                update(rooms).where(rooms.c.id.in_({r.room for r in rows})).values(acted=now)
            )
            finished = [r.room for r in rows if r.over]
            if finished:
                db.execute(update(rooms).where(rooms.c.id.in_(finished)).values(over=True))
            for r in rows:
                self._announce(
                    db, r.room, kind="action", number=r.number, notation=r.notation, at=r.at
                )

    def take_back(self, room: str, number: int) -> None:
        """Delete the room's last action, number `number`, and count the take-back."""
        with self._begin() as db:
            db.execute(delete(actions).where(actions.c.room == room, actions.c.number == number))
            db.execute(
                update(rooms)
                .where(rooms.c.id == room)
                .values(undos=rooms.c.undos + 1, acted=time.time())
            )
            self._announce(db, room)

    def add_chat(self, line: ChatRow) -> None:
        with self._begin() as db:
            db.execute(insert(chat).values(**line.__dict__))
            self._announce(db, line.room)

    def update_seat(self, room: str, seat: int, **values: Any) -> None:
        with self._begin() as db:
            db.execute(
                update(seats).where(seats.c.room == room, seats.c.seat == seat).values(**values)
            )
            self._announce(db, room)

    def room_ids(self) -> list[str]:
        with self.engine.connect() as db:
            return [row.id for row in db.execute(select(rooms.c.id))]

    def active_room_ids(self) -> list[str]:
        """Rooms still being played and not archived, oldest first."""
        query = (
            select(rooms.c.id)
            .where(rooms.c.over.is_(False), rooms.c.archived.is_(False))
            .order_by(rooms.c.created)
        )
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query)]

    def open_rooms(self, limit: int, before: tuple[float, str] | None) -> list[Listed]:
        """Listed rooms being played with a seat open to join, newest first, from `before`
        (the (created, id) of the last room of the previous page)."""
        open_seat = exists().where(
            seats.c.room == rooms.c.id, seats.c.access == "open", seats.c.claimed.is_(False)
        )
        query = select(rooms.c.id, rooms.c.game, rooms.c.players, rooms.c.created).where(
            rooms.c.listed.is_(True),
            rooms.c.over.is_(False),
            rooms.c.archived.is_(False),
            open_seat,
        )
        if before is not None:
            created, room_id = before
            query = query.where(
                or_(
                    rooms.c.created < created,
                    and_(rooms.c.created == created, rooms.c.id < room_id),
                )
            )
        query = query.order_by(rooms.c.created.desc(), rooms.c.id.desc()).limit(limit)
        with self.engine.connect() as db:
            found = db.execute(query).all()
            ids = [row.id for row in found]
            counts: dict[str, int] = dict(
                db.execute(
                    select(actions.c.room, func.count())
                    .where(actions.c.room.in_(ids))
                    .group_by(actions.c.room)
                ).all()
            )
            seat_rows = db.execute(
                select(seats).where(seats.c.room.in_(ids)).order_by(seats.c.seat)
            ).all()
        by_room: dict[str, list[SeatRow]] = {room_id: [] for room_id in ids}
        for s in seat_rows:
            by_room[s.room].append(_seat(s))
        return [
            Listed(
                row.id, row.game, row.players, row.created, counts.get(row.id, 0), by_room[row.id]
            )
            for row in found
        ]

    def archive_idle(self, acted_before: float) -> list[str]:
        """Archive the rooms with no action since `acted_before`; their ids."""
        idle = rooms.c.archived.is_(False) & (rooms.c.acted < acted_before)
        with self.engine.connect() as db:
            ids = [row.id for row in db.execute(select(rooms.c.id).where(idle))]
        self.archive(ids)
        return ids

    def archive(self, ids: list[str]) -> None:
        if not ids:
            return
        with self._begin() as db:
            db.execute(update(rooms).where(rooms.c.id.in_(ids)).values(archived=True))
            for room_id in ids:
                self._announce(db, room_id)

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
            lines = db.execute(
                select(chat)
                .where(chat.c.room == room_id)
                .order_by(chat.c.number.desc())
                .limit(CHAT_KEPT)
            ).all()
        return RoomRow(
            id=row.id,
            game=row.game,
            players=row.players,
            options=dict(row.options),
            seed=int(row.seed),
            seed_chosen=row.seed_chosen,
            listed=row.listed,
            over=row.over,
            archived=row.archived,
            created=row.created,
            acted=row.acted,
            rematch_of=row.rematch_of,
            rematch=row.rematch,
            seats=[_seat(s) for s in seat_rows],
            actions=[n.notation for n in notations],
            undos=row.undos,
            clock=row.clock,
            creator=row.creator,
            chat=[ChatRow(**line._mapping) for line in reversed(lines)],
        )

    def close(self) -> None:
        self.engine.dispose()


def _seat(row: Any) -> SeatRow:
    return SeatRow(
        row.seat,
        row.kind,
        row.name,
        row.agent,
        row.access,
        row.generation,
        row.claimed,
        row.token_digest,
        row.away,
        row.sealed,
        row.by_host,
    )


def _new_secret() -> str:
    return secrets.token_bytes(32).hex()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL keeps readers off the writer's back; a committed transaction survives the process
    # being killed (synchronous NORMAL only risks the last commits on a power cut).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()

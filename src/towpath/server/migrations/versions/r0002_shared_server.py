"""A server strangers can share: seeds of 128 bits, invited and open seats, tokens derived from
a server secret, archived rooms.

- `rooms.seed` holds the seed's decimal text (a 128-bit seed is too wide for BIGINT);
  `rooms.seed_chosen` says whether the creator chose it (NULL: a room of the first release,
  which did not record it); `rooms.acted` is the time of the last action (or of creation),
  from which idle rooms are `archived`.
- `seats.access` is "invited" (only its link opens it) or "open" (anyone may join it); the
  first release's person seats become invited, so that nobody can take a seat whose
  invitation was not opened yet. `seats.generation` counts re-issued links. A first-release
  seat keeps its `token_digest`, so the links handed out before still open their seats until
  the host re-issues them.
- `server_keys` keeps the secret the seat tokens are derived from.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.alter_column(
            "seed",
            existing_type=sa.BigInteger,
            type_=sa.String(40),
            existing_nullable=False,
            postgresql_using="seed::varchar",
        )
        rooms.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=True))
        rooms.add_column(
            sa.Column("archived", sa.Boolean, nullable=False, server_default=sa.false())
        )
        rooms.add_column(sa.Column("acted", sa.Float, nullable=True))
    op.execute(
        "UPDATE rooms SET acted = COALESCE("
        "(SELECT MAX(actions.at) FROM actions WHERE actions.room = rooms.id), rooms.created)"
    )
    with op.batch_alter_table("rooms") as rooms:
        rooms.alter_column("acted", existing_type=sa.Float, nullable=False)
        rooms.create_index("ix_rooms_lobby", ["listed", "over", "archived", "created"])
        rooms.create_index("ix_rooms_idle", ["archived", "acted"])
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("access", sa.String(8), nullable=True))
        seats.add_column(
            sa.Column("generation", sa.Integer, nullable=False, server_default=sa.text("0"))
        )
    op.execute("UPDATE seats SET access = 'invited' WHERE kind = 'human'")
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("generation")
        seats.drop_column("access")
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_index("ix_rooms_idle")
        rooms.drop_index("ix_rooms_lobby")
        rooms.drop_column("acted")
        rooms.drop_column("archived")
        rooms.drop_column("seed_chosen")
        rooms.alter_column(
            "seed",
            existing_type=sa.String(40),
            type_=sa.BigInteger,
            existing_nullable=False,
            postgresql_using="seed::bigint",
        )

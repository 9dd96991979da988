"""Many server processes on one database: `room_owners` says which process owns a room now.

A room's owner also holds a PostgreSQL advisory lock on it; a row whose lock is free names a
process that died, and another process adopts the room. SQLite keeps the table empty.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    op.create_table(
        "room_owners",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("process", sa.String(32), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("room_owners")

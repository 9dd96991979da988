"""The table: take-backs, the turn clock, stand-ins and chat.

- `rooms.undos` counts the actions taken back (a state's version is its actions plus twice its
  take-backs, so it never repeats); `rooms.clock` is the seconds a person has for a turn
  (NULL: no clock).
- `seats.away` is set when a person's clock ran out and a bot plays the seat until they take
  it back.
- `chat` keeps each room's chat lines, numbered from 1.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
        rooms.add_column(sa.Column("clock", sa.Float, nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chat",
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("away")
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("clock")
        rooms.drop_column("undos")

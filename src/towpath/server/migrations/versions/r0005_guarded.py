"""Invitations taken once, and whose rooms share the bots' lanes.

- `seats.sealed`: an invited seat whose invitation was opened and exchanged for the seat's
  own token, which the host never sees; the invitation opens nothing any more. Seats opened
  before this revision keep their invitation as their token.
- `seats.by_host`: the seat was opened by the host's browser (the host's own seat, or one
  they took): every seat is shown it.
- `rooms.creator`: a digest of the creating address under the server's secret, by which the
  bots' worker lanes are shared fairly (NULL: the room's own id stands for it).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("creator", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("sealed", sa.Boolean, nullable=False, server_default=sa.false()))
        seats.add_column(
            sa.Column("by_host", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("by_host")
        seats.drop_column("sealed")
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("creator")

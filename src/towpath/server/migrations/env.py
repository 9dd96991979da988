"""Alembic's environment: migrations run on the connection `Storage` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

connection = context.config.attributes["connection"]
assert isinstance(connection, Connection)
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

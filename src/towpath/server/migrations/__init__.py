"""The database schema's history as Alembic migrations; `Storage` upgrades a database to the
newest on start. A new migration is a module in `versions/` whose `down_revision` is the
newest before it."""

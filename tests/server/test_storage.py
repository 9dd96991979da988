"""Choosing the database: --database, then $TOWPATH_DATABASE_URL, then a SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from towpath.server.storage import DATABASE_ENV, database_url


def test_the_database_is_chosen_by_argument_then_environment_then_sqlite(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    assert database_url() == f"sqlite:///{tmp_path / 'towpath.sqlite3'}"
    monkeypatch.setenv(DATABASE_ENV, "postgresql://u:p@127.0.0.1/towpath")
    assert database_url() == "postgresql+psycopg://u:p@127.0.0.1/towpath"
    assert database_url("sqlite:///other.db") == "sqlite:///other.db"

"""Choosing the database (--database, then $TOWPATH_DATABASE_URL, then a SQLite file) and
reading `towpath serve`'s durations."""

from __future__ import annotations

from pathlib import Path

import pytest

from towpath.core.errors import GameError
from towpath.server import duration
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


@pytest.mark.parametrize(
    ("text", "seconds"), [("7d", 604800.0), ("12h", 43200.0), ("30m", 1800.0), ("45", 45.0)]
)
def test_serve_reads_its_archive_time_as_a_duration(text: str, seconds: float) -> None:
    assert duration(text) == seconds


def test_a_duration_that_is_not_one_is_refused_in_one_line() -> None:
    for text in ["soon", "0d", "-3h", "7 days"]:
        with pytest.raises(GameError, match="expected a duration such as 7d, 12h, 30m or 45s"):
            duration(text)

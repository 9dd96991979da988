"""Results on disk: one Parquet row per game, written as games finish.

While a run goes on, finished games are flushed every second (or every FLUSH_ROWS games) as
small Parquet files in `<out>.parts/`, each written under a temporary name and renamed, so a
run stopped in any way keeps what was flushed. When the run ends, or is interrupted, the file
`<out>` is rewritten with every game, sorted, and the parts are removed.

`ending` holds why a game ended (`playout.ENDINGS`). Files of older runs held "win", "shared"
or "no winner" there and told the length limit only in `turn_limit`: they are read as reasons.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from towpath.core.errors import GameError
from towpath.sim.playout import ENDINGS, LIMIT, Row

FLUSH_ROWS = 500
FLUSH_SECONDS = 1.0

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("players", pa.int64()),
        ("variant", pa.string()),
        ("options", pa.string()),
        ("run_seed", pa.int64()),
        ("index", pa.int64()),
        ("seed", pa.int64()),
        ("agents", pa.list_(pa.string())),
        ("first", pa.int64()),
        ("winners", pa.list_(pa.int64())),
        ("ending", pa.string()),
        ("turn_limit", pa.bool_()),
        ("scores", pa.list_(pa.float64())),
        ("returns", pa.list_(pa.float64())),
        ("actions", pa.int64()),
        ("turns", pa.int64()),
        ("decisions", pa.list_(pa.int64())),
        ("branching", pa.float64()),
        ("duration", pa.float64()),
    ]
)
COLUMNS = SCHEMA.names
LIST_COLUMNS = [f.name for f in SCHEMA if pa.types.is_list(f.type)]
KEY = ["variant", "index"]
OLD_ENDINGS = {"no winner": "nobody"}  # the `ending` of older files, where it differs


def to_frame(rows: Sequence[Row]) -> pd.DataFrame:
    """Rows as a DataFrame with the results' columns and types (lists as Python lists)."""
    return from_table(pa.Table.from_pylist(list(rows), schema=SCHEMA))


def from_table(table: pa.Table) -> pd.DataFrame:
    frame = table.to_pandas()
    for column in LIST_COLUMNS:
        frame[column] = [list(cell) for cell in frame[column]]
    frame["turn_limit"] = frame["turn_limit"].astype(object)
    return frame


def write_table(frame: pd.DataFrame, path: Path) -> None:
    """Write `frame` to `path` atomically (a temporary file renamed over it)."""
    table = pa.Table.from_pandas(frame[COLUMNS], schema=SCHEMA, preserve_index=False)
    temporary = path.with_name(f".{path.name}.tmp")
    pq.write_table(table, temporary)
    os.replace(temporary, path)


def read_results(paths: Iterable[str | Path]) -> pd.DataFrame:
    """The games stored in Parquet files written by `simulate`, one after another."""
    frames = [read_file(Path(p)) for p in paths]
    if not frames:
        raise GameError("no results files given")
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]


def read_file(path: Path) -> pd.DataFrame:
    if not path.is_file():
        raise GameError(f"{path}: no such results file")
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise GameError(f"{path}: not a Parquet file of simulation results ({reason})") from None
    missing = [name for name in COLUMNS if name not in table.column_names]
    if missing:
        raise GameError(f"{path}: not simulation results (no column {', '.join(missing)})")
    try:
        frame = from_table(table.select(COLUMNS).cast(SCHEMA))
    except (pa.ArrowException, ValueError) as error:
        raise GameError(f"{path}: columns of the wrong type ({error})") from None
    return with_reasons(frame, path)


def with_reasons(frame: pd.DataFrame, path: Path) -> pd.DataFrame:
    """`frame` with its endings as reasons: older files' "no winner" is "nobody", and a game
    their `turn_limit` says the limit ended is "limit" (whatever winners it named)."""
    reasons = frame["ending"].replace(OLD_ENDINGS).where(~frame["turn_limit"].eq(True), LIMIT)
    unknown = sorted(set(reasons) - set(ENDINGS), key=str)
    if unknown:
        raise GameError(
            f"{path}: unknown ending {unknown[0]!r} (expected {', '.join(ENDINGS)}); "
            "simulate the run again"
        )
    return frame.assign(ending=reasons)


class ResultsFile:
    """The Parquet file of a run, with its parts while the run goes on."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.parts = path.with_name(path.name + ".parts")
        self.buffer: list[Row] = []
        self.flushed_at = time.monotonic()
        self.written = 0

    def exists(self) -> bool:
        return self.path.exists() or self.parts.exists()

    def stored(self) -> pd.DataFrame:
        """Every game kept by earlier runs: the file and the parts an interrupted run left."""
        part_files = sorted(self.parts.glob("part-*.parquet")) if self.parts.is_dir() else []
        files = ([self.path] if self.path.exists() else []) + part_files
        if not files:
            return to_frame([])
        stored = read_results(files)
        return stored.drop_duplicates(KEY, keep="first").reset_index(drop=True)

    def add(self, rows: Iterable[Row]) -> None:
        self.buffer.extend(rows)
        due = time.monotonic() - self.flushed_at >= FLUSH_SECONDS
        if len(self.buffer) >= FLUSH_ROWS or (self.buffer and due):
            self.flush()

    def flush(self) -> None:
        self.flushed_at = time.monotonic()
        if not self.buffer:
            return
        self.parts.mkdir(parents=True, exist_ok=True)
        self.written += 1
        name = f"part-{os.getpid()}-{time.time_ns()}-{self.written:06d}.parquet"
        write_table(to_frame(self.buffer), self.parts / name)
        self.buffer = []

    def finish(self, frame: pd.DataFrame) -> None:
        """Write every game of the run to the file and remove the parts."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_table(frame, self.path)
        self.buffer = []
        shutil.rmtree(self.parts, ignore_errors=True)

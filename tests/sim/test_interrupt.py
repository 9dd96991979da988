"""Runs really interrupted mid-way (Ctrl-C, a killed worker, a killed run), then resumed: every
finished game is kept, and the resumed run equals one that was never interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd
import pytest

from tests.sim.conftest import RUN_CLI, RUN_GAMES, comparable
from towpath.sim.store import ResultsFile, read_results

TIMEOUT = 120


def command(out: Path, *extra: str) -> list[str]:
    run = [*RUN_CLI, "-n", str(RUN_GAMES), "-w", "2", "--out", str(out)]
    return [sys.executable, "-m", "towpath", "simulate", *run, *extra]


@contextmanager
def running(out: Path) -> Iterator[subprocess.Popen[str]]:
    """The run in its own process group (as a terminal runs it), stopped at the latest on exit.

    It hears Ctrl-C even when the suite does not (a suite started in the background inherits
    Ctrl-C ignored): a handled signal is reset to its default in the child."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        process = subprocess.Popen(
            command(out),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            env={**os.environ, "COLUMNS": "200"},
        )
    finally:
        signal.signal(signal.SIGINT, before)
    family: list[int] = []
    try:
        yield process
    finally:
        if process.poll() is None:
            family = descendants(process.pid)
            process.kill()
        process.communicate(timeout=TIMEOUT)
        for pid in family:
            ended(pid)


def wait_until_games_are_stored(out: Path, process: subprocess.Popen[str]) -> None:
    parts = out.with_name(out.name + ".parts")
    deadline = time.monotonic() + TIMEOUT
    while not (parts.is_dir() and any(parts.glob("part-*.parquet"))):
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.01)


def descendants(pid: int) -> list[int]:
    """Children, grandchildren, ... of `pid`, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def ended(pid: int, seconds: float = 15.0) -> bool:
    """Whether process `pid` ends within `seconds`; killed if it does not."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or "Z" in state_of(pid):
            return True
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    return False


def state_of(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def resume(out: Path) -> pd.DataFrame:
    result = subprocess.run(
        command(out, "--resume"), capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert result.returncode == 0, result.stderr
    return read_results([out])


def check_kept_then_resumed(out: Path, kept: pd.DataFrame, reference: pd.DataFrame) -> None:
    assert 0 < len(kept) < RUN_GAMES
    assert comparable(kept.sort_values("index")) == comparable(
        reference.iloc[sorted(kept["index"])]
    )
    final = resume(out)
    assert comparable(final) == comparable(reference)
    assert not out.with_name(out.name + ".parts").exists()
    durations = dict(zip(final["index"], final["duration"], strict=True))
    assert all(durations[i] == d for i, d in zip(kept["index"], kept["duration"], strict=True))


def test_ctrl_c_keeps_the_finished_games(tmp_path: Path, reference: pd.DataFrame) -> None:
    out = tmp_path / "run.parquet"
    with running(out) as process:
        wait_until_games_are_stored(out, process)
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole process group
        _, stderr = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    kept = read_results([out])
    last = stderr.strip().splitlines()[-1]
    assert last == (
        f"interrupted: {len(kept)} of {RUN_GAMES} games kept in {out}; "
        "run again with --resume to complete it"
    )
    check_kept_then_resumed(out, kept, reference)


def test_a_killed_worker_stops_the_run_keeping_the_finished_games(
    tmp_path: Path, reference: pd.DataFrame
) -> None:
    out = tmp_path / "run.parquet"
    with running(out) as process:
        wait_until_games_are_stored(out, process)
        children = set(descendants(process.pid)) - set(direct_children(process.pid))
        workers = [pid for pid in children if "forkserver" in cmdline(pid)]
        assert workers, "no worker process found"
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 2, stderr
    kept = read_results([out])
    last = stderr.strip().splitlines()[-1]
    assert last == (
        f"error: a worker process died; {len(kept)} of {RUN_GAMES} games kept in {out}; "
        "run again with --resume to complete it"
    )
    check_kept_then_resumed(out, kept, reference)


def test_a_killed_run_keeps_what_it_stored_and_leaves_no_process(
    tmp_path: Path, reference: pd.DataFrame
) -> None:
    out = tmp_path / "run.parquet"
    with running(out) as process:
        wait_until_games_are_stored(out, process)
        family = descendants(process.pid)
        process.kill()
        process.communicate(timeout=TIMEOUT)
    assert all(ended(pid) for pid in family), "worker processes outlived their run"
    assert not out.exists()
    kept = ResultsFile(out).stored()
    check_kept_then_resumed(out, kept, reference)


def direct_children(pid: int) -> list[int]:
    return [child for child in descendants(pid) if parent_of(child) == pid]


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

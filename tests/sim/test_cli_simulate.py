"""`towpath simulate` and `towpath report` as a user runs them; bad input is one line."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.cli.test_cli import one_line_error, towpath_cli


def test_a_run_shows_progress_then_a_summary_and_writes_its_files(tmp_path: Path) -> None:
    out, report = tmp_path / "r.parquet", tmp_path / "r.html"
    result = towpath_cli(
        "simulate",
        "detour",
        "-p",
        "3",
        "-n",
        "40",
        "-o",
        "max_rounds=30",
        "-w",
        "2",
        "--agents",
        "greedy,random",
        "--out",
        str(out),
        "--report",
        str(report),
    )
    assert result.returncode == 0, result.stderr
    assert "40/40 games" in result.stderr and "games/s" in result.stderr
    for text in [
        "detour, 3 players: 40 games",
        "first player wins",
        "balance",
        "endings: win",
        "mean branching factor",
        "greedy",
        f"results: {out}",
        f"report: {report}",
    ]:
        assert text in result.stdout, text
    assert out.exists() and report.exists()


def test_a_grid_run_compares_its_variants(tmp_path: Path) -> None:
    result = towpath_cli(
        "simulate",
        "detour",
        "-p",
        "2",
        "-n",
        "10",
        "--grid",
        "max_rounds=3,30",
        "--grid",
        "first_player=0,1",
    )
    assert result.returncode == 0, result.stderr
    assert "40 games" in result.stdout
    assert "max_rounds=3 first_player=1" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["simulate", "chess"], ["chess"]),
        (["simulate", "detour", "--agents", "wizard"], ["unknown agent 'wizard'"]),
        (["simulate", "detour", "--agents", "mcts:speed=2"], ["does not take"]),
        (["simulate", "detour", "-o", "colour=red"], ["no option 'colour'"]),
        (["simulate", "detour", "-o", "max_rounds=many"], ["max_rounds"]),
        (["simulate", "detour", "--grid", "max_rounds"], ["--grid", "NAME=VALUE1,VALUE2"]),
        (["simulate", "detour", "--grid", "max_rounds=2,x"], ["option max_rounds"]),
        (["simulate", "detour", "--backend", "spark"], ["local, ray"]),
        (["simulate", "detour", "--games", "0"], ["--games"]),
        (["simulate", "detour", "--resume"], ["--resume needs --out"]),
        (["report", "missing.parquet"], ["missing.parquet: no such results file"]),
    ],
)
def test_bad_input_is_one_line(args: list[str], fragments: list[str]) -> None:
    one_line_error(towpath_cli(*args), *fragments)


def test_bad_results_files_are_one_line(tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.parquet"
    corrupt.write_bytes(b"PAR1 this is not a parquet file")
    one_line_error(towpath_cli("report", str(corrupt)), "not a Parquet file of simulation results")
    other = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1, 2]}), other)
    one_line_error(towpath_cli("report", str(other)), "not simulation results", "game")
    one_line_error(
        towpath_cli("simulate", "detour", "-n", "2", "--out", str(corrupt), "--resume"),
        "not a Parquet file",
    )
    one_line_error(
        towpath_cli("simulate", "detour", "-n", "2", "--out", str(other)),
        "exists: add --resume",
    )

"""The HTML report: written by a run or rebuilt from stored results, with its plots inlined."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
from pathlib import Path

import towpath
from towpath.sim.report import render_report
from towpath.sim.store import read_results

PNG = b"\x89PNG\r\n\x1a\n"


def images(html: str) -> list[bytes]:
    found = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)
    return [base64.b64decode(data) for data in found]


def test_a_run_writes_its_report_with_tables_and_plots(tmp_path: Path) -> None:
    report = tmp_path / "runs" / "grid.html"
    towpath.simulate(
        "detour",
        players=3,
        agents="greedy,random",
        games=12,
        seed=2,
        grid={"max_rounds": [4, 30]},
        report=report,
    )
    html = report.read_text()
    for text in [
        "Detour, 3 players",
        "Win rate by seat",
        "Win rate by agent",
        "Game length",
        "Final scores",
        "Variants compared",
        "first player wins",
        "balance",
        "max_rounds=4",
        "max_rounds=30",
        "mean branching factor",
        "95% interval",
    ]:
        assert text in html, text
    pictures = images(html)
    # seats, agents, length, scores, and for the variants: seats, length, endings.
    assert len(pictures) == 7
    assert all(p.startswith(PNG) and len(p) > 5000 for p in pictures)
    assert "<script" not in html and "http" not in html.replace("http-equiv", "")


def test_the_report_is_rebuilt_from_stored_results(tmp_path: Path) -> None:
    first, second = tmp_path / "detour.parquet", tmp_path / "mississippi.parquet"
    limits = [
        ("detour", 10, {"max_rounds": 20}, first),
        ("mississippi", 4, {"max_turns": 30}, second),
    ]
    for game, games, options, out in limits:  # random bots: every game to its short limit
        towpath.simulate(game, 2, "random", games, options=options, out=out)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "towpath",
            "report",
            str(first),
            str(second),
            "-o",
            str(tmp_path / "both.html"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "both.html").read_text()
    assert "Detour, 2 players" in html and "Mississippi, 2 players" in html
    # Random bots run both games to their limits: no win rates, only length and scores.
    assert len(images(html)) == 4
    assert html.count("<h2>") == 2
    assert "10 of 10 games (100.0%) hit the length limit" in html
    assert "4 of 4 games (100.0%) hit the length limit" in html
    alone = subprocess.run(
        [sys.executable, "-m", "towpath", "report", str(first)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert alone.returncode == 0 and (tmp_path / "detour.html").exists()
    assert f"report: {tmp_path / 'detour.html'}" in alone.stdout


def test_the_same_results_give_the_same_tables(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    frame = towpath.simulate("detour", players=4, games=8, options={"max_rounds": 10}, out=out)
    tables = re.compile(r"<table.*?</table>", re.S)
    assert tables.findall(render_report(frame)) == tables.findall(
        render_report(read_results([out]))
    )

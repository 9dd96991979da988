"""Speed-up of `towpath simulate` with 2 worker processes over 1.

    python benchmarks/simulate_speedup.py [--games 2000] [--repeats 5] [--quiet 0.25] [--json]

Times the whole command as a user runs it (start-up, play, summary), wall clock:
`towpath simulate mississippi --players 4 --agents random --games N --workers W`, W = 1 and 2
in alternation so both see the same conditions, and reports the medians. On a machine shared
with other work, each trial first waits (up to --patience seconds) until other processes keep
less than --quiet cores busy, measured from /proc/stat over one second; every trial records
that figure, and the medians are also given over the trials that started quiet.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def busy_cores(seconds: float = 1.0) -> float | None:
    """Cores kept busy by everything running, over `seconds` (None without /proc/stat)."""
    stat = Path("/proc/stat")
    if not stat.exists():
        return None

    def sample() -> tuple[int, int]:
        values = [int(v) for v in stat.read_text().splitlines()[0].split()[1:]]
        idle = values[3] + values[4]
        return sum(values) - idle, sum(values)

    busy0, total0 = sample()
    time.sleep(seconds)
    busy1, total1 = sample()
    return (busy1 - busy0) / max(1, total1 - total0) * (os.cpu_count() or 1)


def wait_until_quiet(threshold: float, patience: float) -> float | None:
    deadline = time.monotonic() + patience
    while True:
        busy = busy_cores()
        if busy is None or busy < threshold or time.monotonic() > deadline:
            return busy


def trial(games: int, workers: int, quiet: float, patience: float) -> dict[str, Any]:
    busy = wait_until_quiet(quiet, patience)
    command = [sys.executable, "-m", "towpath", "simulate", "mississippi", "--players", "4"]
    command += ["--agents", "random", "--games", str(games), "--workers", str(workers)]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    seconds = time.perf_counter() - start
    return {
        "workers": workers,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "busy_cores_before": None if busy is None else round(busy, 2),
        "quiet": busy is not None and busy < quiet,
    }


def medians(trials: list[dict[str, Any]]) -> dict[str, float] | None:
    times = {w: [t["seconds"] for t in trials if t["workers"] == w] for w in (1, 2)}
    if not times[1] or not times[2]:
        return None
    one, two = statistics.median(times[1]), statistics.median(times[2])
    return {"seconds_1_worker": one, "seconds_2_workers": two, "speedup": round(one / two, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per trial")
    parser.add_argument("--repeats", type=int, default=5, help="trials per worker count")
    parser.add_argument("--quiet", type=float, default=0.25, help="busy cores counted as quiet")
    parser.add_argument("--patience", type=float, default=120, help="seconds to wait for quiet")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    trials = []
    for repeat in range(args.repeats):
        for workers in (1, 2) if repeat % 2 == 0 else (2, 1):
            trials.append(trial(args.games, workers, args.quiet, args.patience))
            if not args.json:
                print(json.dumps(trials[-1]), flush=True)
    result = {
        "games": args.games,
        "cores": os.cpu_count(),
        "all": medians(trials),
        "quiet": medians([t for t in trials if t["quiet"]]),
        "trials": trials,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for name in ("all", "quiet"):
        figures = result[name]
        if figures is None:
            print(f"{name} trials: too few to compare")
            continue
        print(
            f"{name} trials, medians: 1 worker {figures['seconds_1_worker']:.2f} s, "
            f"2 workers {figures['seconds_2_workers']:.2f} s, speed-up {figures['speedup']:.2f}x"
        )


if __name__ == "__main__":
    main()

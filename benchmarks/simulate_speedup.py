"""Speed-up of `towpath simulate` with 2 worker processes over 1.

    python benchmarks/simulate_speedup.py [--games 2000] [--repeats 5] [--json]

Times the whole command as a user runs it (start-up, play, summary), wall clock:
`towpath simulate mississippi --players 4 --agents random --games N --workers W`, W = 1 and 2
in alternation so both see the same load, and reports the medians. The 1-minute load average
before each trial shows whether other work shared the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def trial(games: int, workers: int) -> dict[str, float]:
    command = [sys.executable, "-m", "towpath", "simulate", "mississippi", "--players", "4"]
    command += ["--agents", "random", "--games", str(games), "--workers", str(workers)]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    seconds = time.perf_counter() - start
    return {
        "workers": workers,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "load": load,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per trial")
    parser.add_argument("--repeats", type=int, default=5, help="trials per worker count")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    trials = []
    for repeat in range(args.repeats):
        for workers in (1, 2) if repeat % 2 == 0 else (2, 1):
            trials.append(trial(args.games, workers))
            if not args.json:
                t = trials[-1]
                print(
                    f"workers {workers}: {t['seconds']:6.2f} s, "
                    f"{t['games_per_second']:6.1f} games/s (load before: {t['load']:.2f})",
                    flush=True,
                )
    medians = {
        w: statistics.median(t["seconds"] for t in trials if t["workers"] == w) for w in (1, 2)
    }
    result = {
        "games": args.games,
        "repeats": args.repeats,
        "cores": os.cpu_count(),
        "median_seconds_1_worker": round(medians[1], 2),
        "median_seconds_2_workers": round(medians[2], 2),
        "speedup": round(medians[1] / medians[2], 2),
        "trials": trials,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(
        f"{args.games} games, median of {args.repeats}: 1 worker {medians[1]:.2f} s, "
        f"2 workers {medians[2]:.2f} s, speed-up {result['speedup']:.2f}x"
    )


if __name__ == "__main__":
    main()

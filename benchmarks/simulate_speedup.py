"""Speed-up of `towpath simulate` with 2 worker processes over 1.

    python benchmarks/simulate_speedup.py [--games 2000] [--repeats 5] [--json]

Times the whole command as a user runs it (start-up, play, summary), wall clock:
`towpath simulate mississippi --players 4 --agents random --games N --workers W`, W = 1 and 2
in alternation, and reports the medians.

On a machine shared with other work a trial is only as good as the cores it got, so each trial
waits (up to --patience seconds) until other processes keep less than --quiet cores busy, and
records how much other work ran during it: the machine's busy CPU time (/proc/stat) less the
CPU time of the run's own processes (the benchmark adopts and reaps the run's worker processes,
so their time counts as the run's). Medians are given over all trials and over the clean ones,
during which other work took less than --clean cores on average. Linux only.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PR_SET_CHILD_SUBREAPER = 36
TICKS = os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU seconds spent busy by every core since boot."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICKS


def own_cpu_seconds() -> float:
    """CPU seconds of this process's reaped descendants."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def reap_adopted() -> None:
    """Wait for the run's processes that outlived it (the fork server), adopted by this one."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def wait_until_quiet(threshold: float, patience: float) -> float:
    """Cores kept busy by other work over the last second, once below `threshold` (or when
    patience runs out)."""
    deadline = time.monotonic() + patience
    while True:
        before = machine_busy_seconds()
        time.sleep(1.0)
        busy = machine_busy_seconds() - before
        if busy < threshold or time.monotonic() > deadline:
            return busy


def trial(games: int, workers: int, quiet: float, patience: float) -> dict[str, Any]:
    before_busy = wait_until_quiet(quiet, patience)
    command = [sys.executable, "-m", "towpath", "simulate", "mississippi", "--players", "4"]
    command += ["--agents", "random", "--games", str(games), "--workers", str(workers)]
    machine, own = machine_busy_seconds(), own_cpu_seconds()
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    seconds = time.perf_counter() - start
    reap_adopted()
    run_cpu = own_cpu_seconds() - own
    other_cpu = max(0.0, machine_busy_seconds() - machine - run_cpu)
    return {
        "workers": workers,
        "seconds": round(seconds, 2),
        "games_per_second": round(games / seconds, 1),
        "run_cpu_seconds": round(run_cpu, 2),
        "other_cores_before": round(before_busy, 2),
        "other_cores_during": round(other_cpu / seconds, 2),
    }


def medians(trials: list[dict[str, Any]]) -> dict[str, Any] | None:
    by_workers = {w: [t for t in trials if t["workers"] == w] for w in (1, 2)}
    if not by_workers[1] or not by_workers[2]:
        return None
    one, two = (statistics.median(t["seconds"] for t in by_workers[w]) for w in (1, 2))
    return {
        "trials": [len(by_workers[1]), len(by_workers[2])],
        "seconds_1_worker": one,
        "seconds_2_workers": two,
        "speedup": round(one / two, 2),
        "cpu_seconds_1_worker": statistics.median(t["run_cpu_seconds"] for t in by_workers[1]),
        "cpu_seconds_2_workers": statistics.median(t["run_cpu_seconds"] for t in by_workers[2]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per trial")
    parser.add_argument("--repeats", type=int, default=5, help="trials per worker count")
    parser.add_argument("--quiet", type=float, default=0.3, help="other busy cores to start")
    parser.add_argument("--patience", type=float, default=120, help="seconds to wait for quiet")
    parser.add_argument("--clean", type=float, default=0.1, help="other cores in a clean trial")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    trials = []
    for repeat in range(args.repeats):
        for workers in (1, 2) if repeat % 2 == 0 else (2, 1):
            trials.append(trial(args.games, workers, args.quiet, args.patience))
            if not args.json:
                print(json.dumps(trials[-1]), flush=True)
    clean = [t for t in trials if t["other_cores_during"] < args.clean]
    result = {
        "games": args.games,
        "cores": os.cpu_count(),
        "all": medians(trials),
        "clean": medians(clean),
        "trials": trials,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for name in ("all", "clean"):
        figures = result[name]
        if figures is None:
            print(f"{name} trials: too few to compare")
            continue
        print(
            f"{name} trials {figures['trials']}, medians: 1 worker "
            f"{figures['seconds_1_worker']:.2f} s, 2 workers {figures['seconds_2_workers']:.2f} s,"
            f" speed-up {figures['speedup']:.2f}x; CPU {figures['cpu_seconds_1_worker']:.1f} s"
            f" vs {figures['cpu_seconds_2_workers']:.1f} s"
        )


if __name__ == "__main__":
    main()

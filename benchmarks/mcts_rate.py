"""MCTS iterations per CPU second, per game, at fixed positions and a fixed iteration count.

    python benchmarks/mcts_rate.py [--iterations 1000] [--positions 3] [--rounds 2]
                                   [--against OLD/src] [--settings depth=3,rollout=random]

Positions: seeded random games of 2 players, stopped after 2 to 39 random actions. At each, the
`mcts` bot (its defaults and the game's `mcts_settings`, or with `--settings` those settings in
every game and tree: the same search, where a game's own settings changed between the trees;
seed = the position's number) searches
`--iterations` iterations, timed in the process's CPU time, in a fresh process each time (no
search is kept from the last); a tree's rate is its best of `--rounds` rounds. With
`--against`, the same measurement runs on that source tree too (PYTHONPATH), game by game and
round by round alternating with this one, and the chosen actions are compared: a faster search
that plays the same game chooses the same actions.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import towpath
from towpath.agents.mcts import MCTSAgent
from towpath.core.game import State

HERE = str(Path(__file__).resolve().parents[1] / "src")  # this tree's sources


def positions(game_id: str, count: int) -> list[State]:
    game = towpath.load(game_id, 2)
    rng = random.Random(7)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state(seed=rng.randrange(2**31))
        for _ in range(rng.randrange(2, 40)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def measure(
    game_id: str, iterations: int, count: int, settings: dict[str, Any]
) -> dict[str, object]:
    """Iterations and CPU seconds over the positions, and the actions chosen."""
    done, spent, chosen = 0, 0.0, []
    for number, state in enumerate(positions(game_id, count)):
        bot = MCTSAgent(seed=number, iterations=iterations, **settings)
        start = time.process_time()
        action = bot.choose(state)
        spent += time.process_time() - start
        done += bot.last_iterations
        chosen.append(str(action))
    return {"iterations": done, "seconds": spent, "chosen": chosen}


def run_other(source: str, game_id: str, args: argparse.Namespace) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": source}
    argv = [sys.executable, __file__, "--one", game_id, "--iterations", str(args.iterations)]
    argv += ["--positions", str(args.positions), "--settings", args.settings]
    output = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(output)
    return result


def compare(game_id: str, args: argparse.Namespace) -> dict[str, object]:
    """This tree's iterations/s in its best round (and the other's, their ratio and whether
    they chose alike): on a shared machine the best round is the one least slowed."""
    names = ["this", "other"] if args.against else ["this"]
    rates = dict.fromkeys(names, 0.0)
    same = True
    for _ in range(args.rounds):
        runs = {"this": run_other(HERE, game_id, args)}
        if args.against:
            runs["other"] = run_other(args.against, game_id, args)
            same = same and runs["other"]["chosen"] == runs["this"]["chosen"]
        for name, run in runs.items():
            rate = int(str(run["iterations"])) / float(str(run["seconds"]))
            rates[name] = max(rates[name], rate)
    row: dict[str, object] = {"game": game_id, "this": round(rates["this"])}
    if args.against:
        ratio = rates["this"] / rates["other"]
        row |= {"other": round(rates["other"]), "ratio": round(ratio, 2), "same": same}
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", default=",".join(towpath.game_ids()))
    parser.add_argument("--against", help="another source tree (its src folder)")
    parser.add_argument("--settings", default="", help="MCTS settings for every game: k=v,...")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        settings = dict(setting.split("=", 1) for setting in args.settings.split(",") if setting)
        typed = {
            key: json.loads(value) if value[0].isdigit() else value
            for key, value in settings.items()
        }
        print(json.dumps(measure(args.one, args.iterations, args.positions, typed)))
        return
    print(f"load average at start: {os.getloadavg()[0]:.2f}", flush=True)
    for game_id in args.games.split(","):
        print(json.dumps(compare(game_id, args)), flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()

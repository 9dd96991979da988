"""Random-playout speed of every registered game on one core.

    python benchmarks/playouts.py [--seconds 5] [--players N] [--json]

The same measurement as `towpath bench`: seeded random games played back to back in one
process; games/s and actions/s are wall-clock figures on this machine.
"""

from __future__ import annotations

import argparse
import json

import towpath
from towpath.sim.bench import playout_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of play per game")
    parser.add_argument("--players", type=int, default=None, help="player count")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    results = playout_table(towpath.game_ids(), args.players, args.seconds)
    if args.json:
        print(json.dumps([r.as_dict() for r in results], indent=1))
        return
    print(f"{'game':<14}{'players':>8}{'games':>8}{'actions':>10}{'games/s':>10}{'actions/s':>12}")
    for r in results:
        print(
            f"{r.game:<14}{r.players:>8}{r.games:>8}{r.actions:>10}"
            f"{r.games_per_second:>10.1f}{r.actions_per_second:>12,.0f}"
        )


if __name__ == "__main__":
    main()

"""What drawing the boards on the server costs: CPU time and size of one seat's SVG board.

    python benchmarks/drawing.py [--positions 20] [--json]

For every game (its default player count), positions along seeded random games: the CPU time
of `render_svg(seat)` (the view built and drawn, as the server does for every seat after every
action) and the SVG's size, plain and compressed (a browser's socket compresses its messages).
"ms a version" is a spectator's board drawn after every action of those games, as a server
draws it (the drawings keep what looks the same from one state to the next).
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
import zlib
from collections.abc import Iterator

import towpath


def walk(game_id: str) -> Iterator[tuple[int, towpath.State]]:
    """Every position of seeded random games, one game after another, with its step in its
    game (the live state: read it before asking for the next)."""
    walker = towpath.agent("random", seed=1)
    for seed in itertools.count():
        state = towpath.load(game_id).new_state(seed)
        step = 0
        while not state.is_terminal():
            yield step, state
            state.apply(walker.choose(state))
            step += 1


def positions(game_id: str, count: int) -> list[towpath.State]:
    """`count` positions spread along seeded random games."""
    spread = (state.clone() for step, state in walk(game_id) if step % 25 == 10)
    return list(itertools.islice(spread, count))


def along(game_id: str, count: int) -> list[float]:
    """CPU times of a spectator's board drawn after each of the first `count` * 4 actions of
    seeded random games, one game after another."""
    times: list[float] = []
    for _, state in itertools.islice(walk(game_id), 4 * count):
        start = time.process_time()
        state.render_svg(None)
        times.append(time.process_time() - start)
    return times


def measure(game_id: str, count: int) -> dict[str, float | str]:
    times, sizes, packed = [], [], []
    for state in positions(game_id, count):
        seat = state.current_player or 0
        start = time.process_time()
        drawn = state.render_svg(seat)
        times.append(time.process_time() - start)
        sizes.append(len(drawn.encode()))
        packed.append(len(zlib.compress(drawn.encode(), 6)))
    return {
        "game": game_id,
        "ms": round(1000 * statistics.median(times), 2),
        "ms_a_version": round(1000 * statistics.median(along(game_id, count)), 2),
        "kB": round(statistics.median(sizes) / 1000, 1),
        "kB_compressed": round(statistics.median(packed) / 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per game")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    rows = [measure(game_id, args.positions) for game_id in towpath.game_ids()]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'game':<14}{'ms (median)':>12}{'ms a version':>14}{'kB':>8}{'kB compressed':>15}")
    for row in rows:
        print(
            f"{row['game']:<14}{row['ms']:>12}{row['ms_a_version']:>14}{row['kB']:>8}"
            f"{row['kB_compressed']:>15}"
        )


if __name__ == "__main__":
    main()

"""What one action costs the server, step by step, at a position in the middle of a game.

    python benchmarks/action_path.py [--game mississippi] [--players 4] [--actions 60]

The steps of `Lobby.act` and of the state message each watched seat gets (`Room.payload`):
the engine's check (notation read, told in words, the state cloned and the action applied),
the view, the log, the seat to move's legal actions in words, the board's SVG, and the message
in JSON. Each figure is the best of 5 rounds of 200 calls, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import towpath
from towpath.server.rooms import drawing, told

ROUNDS, CALLS = 5, 200


def best_ms(step: Callable[[], object]) -> float:
    rounds = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        for _ in range(CALLS):
            step()
        rounds.append((time.perf_counter() - started) / CALLS * 1000)
    return min(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mississippi")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--actions", type=int, default=60, help="random actions played first")
    args = parser.parse_args()
    state = towpath.load(args.game, args.players).new_state(7)
    chance = random.Random(1)
    for _ in range(args.actions):
        state.apply(chance.choice(state.legal_actions()))
    notation = str(chance.choice(state.legal_actions()))

    def check() -> None:
        action, _ = told(state, notation)
        state.clone().apply(action)

    def legal() -> object:
        return [{"action": str(a), **state.words(a).to_json()} for a in state.legal_actions()]

    svg, text = drawing(state, None)
    message = {"view": state.view(None), "svg": svg, "text": text, "log": state.log(None)}
    steps = {
        "engine check": check,
        "view": lambda: state.view(None),
        "log": lambda: state.log(None),
        "legal actions in words": legal,
        "board (SVG)": lambda: drawing(state, None),
        "message in JSON": lambda: json.dumps(message, separators=(",", ":")),
    }
    print(f"{args.game}, {args.players} players, after {args.actions} actions:")
    for name, step in steps.items():
        print(f"  {name:24} {best_ms(step):7.3f} ms")
    print(f"  (message: {len(json.dumps(message)):,} bytes, its board {len(svg or ''):,})")


if __name__ == "__main__":
    main()

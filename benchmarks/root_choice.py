"""How well a search's first judgements choose, for a game whose MCTS judges the root's
best-ranked actions in common worlds (`root_worlds`, `shortlist`), with no rollouts.

    python benchmarks/root_choice.py [--game canal_king] [--seeds 0-19] [--top 64]
                                     [--worlds 40] [--judges 30] [--out positions.jsonl]

Positions: every 6th decision (from the 4th) of seeded 2-player greedy-against-greedy games
where the mover has more than `--top` actions. At each, the `--top` actions best by the game's
estimate (in one world drawn from the mover's view, as the search ranks them) are valued by the
evaluation after each in `--worlds` worlds (for choosing) and in `--judges` other worlds (for
judging the choice, so that a choice's luck in its own worlds does not count). A scheme K×W
chooses the best of the estimate's first K in the first W worlds; "greedy" chooses as the greedy
bot does (the best 16 in one world, its 3 best again in 3 more). Printed: each scheme's mean
judged value, and its difference from 16×30 with the standard error over positions.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

import towpath
from towpath.core.actions import Action
from towpath.core.game import State
from towpath.core.rng import Rng

Values = list[list[float]]  # per world, per candidate
Scheme = Callable[[Values], int]  # a choice among the candidates, from the choosing worlds


def value_after(world: State, action: Action, seat: int) -> float:
    after = world.clone()
    after.apply(action)
    return after.returns()[seat] if after.is_terminal() else after.game.evaluate_all(after)[seat]


def positions(
    game_id: str, seeds: range, top: int, worlds: int, judges: int
) -> list[dict[str, Any]]:
    game = towpath.load(game_id, 2)
    found = []
    for seed in seeds:
        state = game.new_state(seed)
        bots = [towpath.agent("greedy", seed=seed * 2 + i) for i in range(2)]
        for decision in range(10**6):
            seat = state.current_player
            if seat is None:
                break
            actions = state.legal_actions()
            if len(actions) > top and decision % 6 == 3:
                rng = Rng(seed * 1000 + decision)
                ranking = state.resample(seat, rng.next64())
                estimates = game.estimate_actions(ranking, seat, actions)
                if estimates is not None:
                    order = sorted(range(len(actions)), key=lambda i: -estimates[i])
                    chosen = [actions[i] for i in order[:top]]
                    draws = [state.resample(seat, rng.next64()) for _ in range(worlds + judges)]
                    values = [[value_after(w, a, seat) for a in chosen] for w in draws]
                    found.append({"seed": seed, "decision": decision, "values": values})
                    print(f"seed {seed}, decision {decision}: {len(actions)} actions", flush=True)
            state.apply(bots[seat].choose(state))
    return found


def best_of(values: Values, candidates: list[int], worlds: range) -> int:
    return max(candidates, key=lambda k: sum(values[w][k] for w in worlds))


def scheme(shortlist: int, worlds: int) -> Scheme:
    return lambda values: best_of(values, list(range(shortlist)), range(worlds))


def greedy_like(values: Values) -> int:
    first = sorted(range(16), key=lambda k: -values[0][k])[:3]
    return best_of(values, first, range(4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="canal_king")
    parser.add_argument("--seeds", default="0-19")
    parser.add_argument("--top", type=int, default=64)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--judges", type=int, default=30)
    parser.add_argument("--out", type=Path, help="keep the positions' values (JSON lines)")
    args = parser.parse_args()
    low, high = map(int, args.seeds.split("-"))
    found = positions(args.game, range(low, high + 1), args.top, args.worlds, args.judges)
    if not found:
        raise SystemExit(f"no position with more than {args.top} actions that the game estimates")
    if args.out:
        args.out.write_text("".join(json.dumps(p) + "\n" for p in found))
    judging = range(args.worlds, args.worlds + args.judges)

    def judged(values: Values, k: int) -> float:
        return statistics.mean(values[w][k] for w in judging)

    schemes: dict[str, Scheme] = {"greedy": greedy_like}
    for shortlist, worlds in [(16, 30), (16, 17), (24, 20), (32, 8), (32, 15), (48, 10), (64, 7)]:
        if shortlist <= args.top and worlds <= args.worlds:
            schemes[f"{shortlist}x{worlds}"] = scheme(shortlist, worlds)
    base = [judged(p["values"], scheme(16, 30)(p["values"])) for p in found]
    print(f"{len(found)} positions")
    for name, choose in schemes.items():
        got = [judged(p["values"], choose(p["values"])) for p in found]
        gain = [g - b for g, b in zip(got, base, strict=True)]
        error = statistics.stdev(gain) / len(gain) ** 0.5 if len(gain) > 1 else 0.0
        print(
            f"{name:>7}: {statistics.mean(got):.4f}, "
            f"against 16x30 {statistics.mean(gain):+.4f} (se {error:.4f})"
        )


if __name__ == "__main__":
    main()

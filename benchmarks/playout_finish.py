"""How often the playout bot finishes a game by the rules, and how fast, against greedy.

    python benchmarks/playout_finish.py [--games 200] [--option-games 50] [--greedy-games 4]
                                        [--game ID ...] [--json]

For every game (or those named), at 2 players and at its largest count, `--games` seeded games
of the playout bot in every seat, then `--option-games` for each of the game's `option_sets`
(at 2 players): the share that ended by the rules (an `ending().reason` other than "limit"),
and finished games per CPU-second of this process. Then `--greedy-games` of greedy in every
seat at 2 players, for its finished games per CPU-second in the same run, and the ratio.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import towpath
from towpath.agents.base import play_out
from towpath.core.game import Game


@dataclass
class Finish:
    game: str
    players: int
    options: str
    agent: str
    games: int
    by_rules: int
    cpu_seconds: float

    @property
    def share(self) -> float:
        return self.by_rules / self.games

    @property
    def per_cpu_second(self) -> float:
        return self.by_rules / self.cpu_seconds if self.cpu_seconds else 0.0


def play(game: Game, agent: str, games: int, first_seed: int = 1) -> tuple[int, float]:
    """Games of `agent` in every seat: (ended by the rules, CPU seconds)."""
    by_rules, began = 0, time.process_time()
    for seed in range(first_seed, first_seed + games):
        bots = [towpath.agent(agent, seed=seed * 10 + seat) for seat in range(game.players)]
        ending = play_out(game.new_state(seed), bots).ending()
        assert ending is not None
        by_rules += ending.reason != "limit"
    return by_rules, time.process_time() - began


def measure(
    game_id: str, players: int, options: Mapping[str, Any], agent: str, games: int
) -> Finish:
    game = towpath.load(game_id, players, **options)
    by_rules, cpu = play(game, agent, games)
    shown = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
    return Finish(game_id, players, shown, agent, games, by_rules, cpu)


def runs(game_id: str, games: int, option_games: int, greedy_games: int) -> list[Finish]:
    cls = towpath.load(game_id).__class__
    found = [
        measure(game_id, players, {}, "playout", games)
        for players in sorted({max(2, cls.min_players), cls.max_players})
    ]
    for options in cls.option_sets:
        if options:
            found.append(measure(game_id, 2, options, "playout", option_games))
    if greedy_games:
        found.append(measure(game_id, 2, {}, "greedy", greedy_games))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--option-games", type=int, default=50)
    parser.add_argument("--greedy-games", type=int, default=4)
    parser.add_argument("--game", nargs="*", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found: list[Finish] = []
    for game_id in args.game or towpath.game_ids():
        rows = runs(game_id, args.games, args.option_games, args.greedy_games)
        found += rows
        if not args.json:
            for row in rows:
                print(
                    f"{row.game:<12} {row.players}p {row.agent:<8} {row.options[:40]:<40} "
                    f"{row.by_rules:>4}/{row.games:<4} by the rules ({100 * row.share:5.1f}%)  "
                    f"{row.per_cpu_second:8.2f} finished games per CPU-second",
                    flush=True,
                )
            playout = next(r for r in rows if r.agent == "playout" and r.players == 2)
            greedy = next((r for r in rows if r.agent == "greedy"), None)
            if greedy is not None and greedy.per_cpu_second:
                ratio = playout.per_cpu_second / greedy.per_cpu_second
                print(f"{game_id:<12} playout / greedy at 2 players: {ratio:.1f}x", flush=True)
    if args.json:
        print(json.dumps([{**asdict(r), "share": r.share} for r in found], indent=1))


if __name__ == "__main__":
    main()

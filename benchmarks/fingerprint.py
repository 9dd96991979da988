"""Fingerprints of seeded games, to show that a change to an engine changes no game.

    python benchmarks/fingerprint.py [--games 3] [--out prints.json] [--compare old.json]

For every game, player count and option set (the conformance suite's configurations):
`--games` seeded games played to their end by a seeded choice among `legal_actions()`, hashing
at every step the legal actions in order, every seat's view and the spectator's, one seat's
`resample` (its JSON); the final JSON too. Then
one short game of greedy bots per game (their choices go through `resample`, `clone`, `apply`
and the evaluation). Run it on two versions of the code (say, PYTHONPATH=old/src for the
other) and `--compare` the two files: equal digests, equal games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

import towpath
from towpath.core import registry
from towpath.core.game import State
from towpath.core.options import OptionValue

GREEDY_ACTIONS = 60  # per greedy game: enough to reach every kind of turn at the start


def configs() -> list[tuple[str, int, dict[str, OptionValue]]]:
    found = []
    for game_id in towpath.game_ids():
        cls = registry.game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            found += [(game_id, players, dict(options)) for options in cls.option_sets]
    return found


def random_game(game: towpath.Game, seed: int) -> str:
    digest = hashlib.sha256()
    state = game.new_state(seed)
    rng = random.Random(seed)
    step = 0
    while True:
        legal = state.legal_actions()
        digest.update(" | ".join(map(str, legal)).encode())
        for seat in [None, *range(game.players)]:
            digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
        if state.is_terminal():
            break
        seat = [None, *range(game.players)][step % (game.players + 1)]
        digest.update(state.resample(seat, step).to_json().encode())
        state.apply(rng.choice(legal))
        step += 1
    digest.update(state.to_json().encode())
    return digest.hexdigest()


def greedy_game(game: towpath.Game, seed: int) -> str:
    state: State = game.new_state(seed)
    bots = [towpath.agent("greedy", seed=seed + seat) for seat in range(game.players)]
    for _ in range(GREEDY_ACTIONS):
        seat = state.current_player
        if seat is None:
            break
        state.apply(bots[seat].choose(state))
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def fingerprints(games: int) -> dict[str, str]:
    prints = {}
    for game_id, players, options in configs():
        game = towpath.load(game_id, players, **options)
        name = f"{game_id}-{players}p-{json.dumps(options, sort_keys=True)}"
        for seed in range(games):
            prints[f"{name} random {seed}"] = random_game(game, seed)
        print(name, flush=True, file=sys.stderr)
    for game_id in towpath.game_ids():
        prints[f"{game_id} greedy"] = greedy_game(towpath.load(game_id, 2), 7)
    return prints


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per configuration")
    parser.add_argument("--out", type=Path, help="write the fingerprints here")
    parser.add_argument("--compare", type=Path, help="fingerprints to compare with")
    args = parser.parse_args()
    prints = fingerprints(args.games)
    if args.out:
        args.out.write_text(json.dumps(prints, indent=1))
    if args.compare:
        old = json.loads(args.compare.read_text())
        names = old.keys() | prints.keys()
        differ = sorted(key for key in names if old.get(key) != prints.get(key))
        print(f"{len(prints)} games, {len(differ)} differ", *differ, sep="\n")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

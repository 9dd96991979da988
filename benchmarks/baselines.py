"""Baselines: each agent's win rate against the random bot, in every game at 2 players.

    python benchmarks/baselines.py [--games arriala,detour] [--agents random,greedy,...]
                                   [--n 40] [--seed 0] [--out FILE] [--workers 1]
                                   [--n-for GAME:AGENT=N ...]

Agents, in towpath's notation (a piece with "=" and no ":" continues the settings before it):
- towpath's bots: `random`, `playout`, `greedy`, `mcts:iterations=100`, ... (docs/bots.md);
- `openspiel:simulations=S`: OpenSpiel's ISMCTSBot in the games of imperfect information
  (Arriala, Canal King, Mapped Out), its MCTSBot in the others (Detour, Mississippi); UCT with
  c = 2, S simulations a move, each evaluated by one random rollout to the end of the game,
  played through `towpath.interop.openspiel`;
- `reinforce:weights=PATH`: the policy `benchmarks/reinforce.py` trained and saved ("{game}" in
  PATH is the game's id; the default is build/reinforce/{game}.npz).

Each pairing is N games against towpath's `random` bot. Game k (0 <= k < N) has the seed
`--seed` + k, the agent sits in seat k % 2 and is seeded with the game's seed, the random bot
with it + 1; every agent meets the same deals. Games with towpath's bots and the REINFORCE
policy run on the engine, which draws from the game's seed; games with an OpenSpiel bot run
through OpenSpiel, whose chance nodes (every draw) are answered by a uniform choice from a
generator seeded with the game's seed, so their deals differ from the engine's.

A game scores the agent's return: 1 for a win, 1/2 for a win shared by both seats, 0
otherwise. Where the safety limit on a game's length ended it, the return is the game's own:
Arriala and Detour pay the leader, Canal King and Mississippi nobody (Mapped Out has no limit).
Such games are counted apart, with the share of the agent's wins among them. The interval is
Wilson's at 95% over the games' scores.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import towpath
import towpath.interop.openspiel  # registers towpath_<game> with OpenSpiel
from reinforce import LinearPolicy, PolicyAgent
from towpath.agents.base import Agent, play_out
from towpath.agents.spec import AgentSpec
from towpath.core.game import State
from towpath.sim.stats import wilson

DEFAULT_AGENTS = (
    "random,playout,greedy,mcts:iterations=100,mcts:iterations=400,"
    "openspiel:simulations=25,reinforce"
)
DEFAULT_WEIGHTS = "build/reinforce/{game}.npz"
OPPONENT = "random"


@dataclass(frozen=True)
class Outcome:
    """One game: the agent's return, whether the safety limit ended it, its length, its time."""

    score: float
    limit: bool
    actions: int
    seconds: float


@dataclass
class Pairing:
    game: str
    agent: str
    outcomes: list[Outcome]

    @property
    def wins(self) -> float:
        return sum(outcome.score for outcome in self.outcomes)

    @property
    def shared(self) -> int:
        return sum(1 for outcome in self.outcomes if 0 < outcome.score < 1)

    @property
    def limit_ended(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.limit)

    @property
    def limit_wins(self) -> float:
        return sum(outcome.score for outcome in self.outcomes if outcome.limit)


# -- the agents -----------------------------------------------------------------------------------


def split_agents(text: str) -> list[AgentSpec]:
    """`mcts:iterations=100,depth=2,greedy` -> two specs, as `towpath simulate --agents` reads."""
    pieces: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if "=" in piece and ":" not in piece and pieces:
            pieces[-1] += f",{piece}"
        elif piece:
            pieces.append(piece)
    return [AgentSpec.parse(piece) for piece in pieces]


@cache
def load_policy(path: str) -> LinearPolicy:
    return LinearPolicy.load(Path(path))


def towpath_agent(game_id: str, spec: AgentSpec, seed: int) -> Agent:
    """A towpath bot, or the REINFORCE policy as one."""
    if spec.name == "reinforce":
        weights = str(dict(spec.params).get("weights", DEFAULT_WEIGHTS))
        return PolicyAgent(load_policy(weights.format(game=game_id)), seed=seed)
    return spec.build(seed)


def openspiel_bot(game: Any, simulations: int, seed: int) -> Any:
    """ISMCTSBot where the game hides something, else MCTSBot; one random rollout each."""
    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        return ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=random_state
        )
    return mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, solve=False,
        random_state=random_state,
    )  # fmt: skip


def openspiel_name(game_id: str) -> str:
    game = pyspiel.load_game(f"towpath_{game_id}(players=2)")
    kind = game.get_type().information
    return "ISMCTSBot" if kind == pyspiel.GameType.Information.IMPERFECT_INFORMATION else "MCTSBot"


# -- one game -------------------------------------------------------------------------------------


def play(game_id: str, spec_text: str, game_seed: int, seat: int) -> Outcome:
    """One game of the agent in `seat` against the random bot."""
    spec = AgentSpec.parse(spec_text)
    start = time.perf_counter()
    if spec.name == "openspiel":
        final = play_openspiel(game_id, int(dict(spec.params)["simulations"]), game_seed, seat)
    else:
        bots = [towpath_agent(game_id, spec, game_seed), towpath.agent(OPPONENT, game_seed + 1)]
        if seat == 1:
            bots.reverse()
        final = play_out(towpath.load(game_id, 2).new_state(seed=game_seed), bots)
    ending = final.ending()
    assert ending is not None
    return Outcome(
        final.returns()[seat], ending.reason == "limit", len(final.history),
        time.perf_counter() - start,
    )  # fmt: skip


def play_openspiel(game_id: str, simulations: int, game_seed: int, seat: int) -> State:
    """One game through OpenSpiel of its bot in `seat` against towpath's random bot; the
    final towpath state."""
    game = pyspiel.load_game(f"towpath_{game_id}(players=2)")
    state = game.new_initial_state()
    chance = random.Random(game_seed)
    bot = openspiel_bot(game, simulations, game_seed)
    opponent = towpath.agent(OPPONENT, seed=game_seed + 1)
    while not state.is_terminal():
        if state.is_chance_node():  # every outcome of a draw is equally likely
            state.apply_action(chance.choice(state.legal_actions()))
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            world = state.towpath
            state.apply_action(world.game.action_id(opponent.choose(world), world))
    final: State = state.towpath
    return final


def play_job(job: tuple[str, str, int, int]) -> Outcome:
    return play(*job)


# -- the run --------------------------------------------------------------------------------------


def run(
    game_ids: list[str],
    specs: list[AgentSpec],
    n: int,
    seed: int,
    n_for: dict[tuple[str, str], int],
    workers: int,
    log: Callable[[str], None],
) -> list[Pairing]:
    pairings = []
    with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
        for game_id in game_ids:
            for spec in specs:
                games = n_for.get((game_id, str(spec)), n)
                jobs = [(game_id, str(spec), seed + k, k % 2) for k in range(games)]
                mapped = pool.map(play_job, jobs) if pool else map(play_job, jobs)
                pairing = Pairing(game_id, str(spec), list(mapped))
                seconds = sum(outcome.seconds for outcome in pairing.outcomes)
                log(
                    f"{game_id} {spec}: {pairing.wins:g}/{games}, "
                    f"{pairing.limit_ended} ended by the limit, {seconds:.0f} s of games"
                )
                pairings.append(pairing)
    return pairings


# -- the table ------------------------------------------------------------------------------------


def agent_label(game_id: str, agent: str) -> str:
    if agent.startswith("openspiel"):
        return f"{agent} ({openspiel_name(game_id)})"
    return agent


def table(pairings: list[Pairing]) -> Iterator[str]:
    yield (
        "| game | agent | opponent | games | wins (shared) | win rate | 95% interval "
        "| limit-ended (agent's wins) | s/game |"
    )
    yield "|---|---|---|---:|---:|---:|---|---:|---:|"
    for p in pairings:
        games = len(p.outcomes)
        label = f"| {p.game} | {agent_label(p.game, p.agent)} | {OPPONENT} | {games} "
        if not games:  # a pairing left out with --n-for GAME/AGENT=0
            yield label + "| not run | | | | |"
            continue
        low, high = wilson(p.wins, games)
        seconds = sum(outcome.seconds for outcome in p.outcomes) / games
        yield (
            f"{label}| {p.wins:g} ({p.shared}) | {p.wins / games:.3f} | [{low:.3f}, {high:.3f}] "
            f"| {p.limit_ended} ({p.limit_wins:g}) | {seconds:.2f} |"
        )


def provenance() -> str:
    """The commit, and whether the checkout had changes (read only: no lock, no index write)."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "--no-optional-locks", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "commit unknown"
    return f"commit {commit}" + (" with uncommitted changes" if changed else "")


def header(command: str, started: datetime.datetime, wall: float, load: float) -> list[str]:
    return [
        f"Command: `{command}`",
        "",
        f"Run {started:%Y-%m-%d %H:%M} UTC, {wall / 60:.1f} min wall-clock; {provenance()}; "
        f"Python {platform.python_version()}, OpenSpiel {_version('open_spiel')}, "
        f"{os.cpu_count()} CPUs, load average {load:.2f} at the start, "
        f"{os.getloadavg()[0]:.2f} at the end.",
        "",
    ]


def _version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def parse_n_for(items: list[str]) -> dict[tuple[str, str], int]:
    """`arriala/mcts:iterations=400=10`: GAME/AGENT=N, the count after the last "="."""
    found = {}
    for item in items:
        head, _, count = item.rpartition("=")
        game_id, _, agent = head.partition("/")
        found[(game_id, str(AgentSpec.parse(agent)))] = int(count)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(towpath.game_ids()))
    parser.add_argument("--agents", default=DEFAULT_AGENTS)
    parser.add_argument("--n", type=int, default=40, help="games per pairing")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--n-for", action="append", default=[], metavar="GAME/AGENT=N",
        help="games for one pairing instead of --n (repeatable): arriala/greedy=20",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--out", type=Path, help="also write the Markdown here")
    args = parser.parse_args()

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    command = shlex.join(["python", *sys.argv])
    started, load = datetime.datetime.now(datetime.UTC), os.getloadavg()[0]
    start = time.perf_counter()
    pairings = run(
        args.games.split(","), split_agents(args.agents), args.n, args.seed,
        parse_n_for(args.n_for), args.workers, log,
    )  # fmt: skip
    lines = [*header(command, started, time.perf_counter() - start, load), *table(pairings)]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()

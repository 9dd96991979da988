"""One game of a simulation, played by bots and measured: the work a worker process does.

A `Job` names everything the game depends on, so any process (or Ray worker) plays it the same
way; the row it yields is the same whatever played it, except for `duration`.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from towpath.agents.spec import AgentSpec
from towpath.api import load
from towpath.core.errors import GameError
from towpath.core.game import EndReason, Game, State
from towpath.core.heap import settled
from towpath.core.rng import Rng

Row = dict[str, Any]

# The branching factor is counted at every BRANCHING_STRIDE-th decision (from an offset that
# moves with the game index): counting every one would call legal_actions twice per action and
# slow random playouts by a third.
BRANCHING_STRIDE = 4

# How a game ended, as rows record it (`State.ending`'s reasons), in the order reports list them.
ENDINGS: tuple[EndReason, ...] = ("win", "shared", "nobody", "limit")
LIMIT: EndReason = "limit"  # cut off by the game's length limit: no result, whatever it returns


@dataclass(frozen=True)
class Job:
    """Game `index` of a run: its variant's options, its seed and its bots by seat."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    variant: str
    run_seed: int
    index: int
    agents: tuple[str, ...]

    @property
    def seed(self) -> int:
        return derive_seed(self.run_seed, self.index)

    def bot_seed(self, seat: int) -> int:
        return derive_seed(self.seed, seat)


def derive_seed(*parts: int) -> int:
    """A non-negative 63-bit seed that depends on every part, in order."""
    value = 0
    for part in parts:
        value = Rng(value ^ part).next64()
    return value >> 1


@lru_cache(maxsize=64)
def _load(game_id: str, players: int, options_json: str) -> Game:
    return load(game_id, players, **json.loads(options_json))


def load_job_game(job: Job) -> Game:
    """The job's game, loaded once per process and variant."""
    return _load(job.game, job.players, json.dumps(dict(job.options), sort_keys=True))


def play_jobs(jobs: list[Job]) -> list[Row]:
    """Play a chunk of jobs; one row each."""
    with settled():
        return [play_game(job) for job in jobs]


def play_game(job: Job) -> Row:
    game = load_job_game(job)
    state = game.new_state(job.seed)
    bots = [AgentSpec.parse(spec).build(job.bot_seed(seat)) for seat, spec in enumerate(job.agents)]
    first = state.current_player
    decisions = [0] * game.players
    actions = turns = legal_counted = counted = 0
    offset = job.index % BRANCHING_STRIDE
    previous = None
    start = time.perf_counter()
    seat = first
    while seat is not None:
        if actions % BRANCHING_STRIDE == offset:
            legal_counted += len(state.legal_actions())
            counted += 1
        state.apply(bots[seat].choose(state))
        decisions[seat] += 1
        actions += 1
        if seat != previous:
            turns += 1
            previous = seat
        seat = state.current_player
    duration = time.perf_counter() - start
    return {
        "game": job.game,
        "players": game.players,
        "variant": job.variant,
        "options": json.dumps(game.options, sort_keys=True),
        "run_seed": job.run_seed,
        "index": job.index,
        "seed": job.seed,
        "agents": list(job.agents),
        "first": first,
        **outcome(state),
        "actions": actions,
        "turns": turns,
        "decisions": decisions,
        "branching": legal_counted / counted if counted else math.nan,
        "duration": duration,
    }


def outcome(state: State) -> Row:
    """Winners, ending and results of a finished game.

    A seat wins when its return is the highest and above 0; several such seats share the win.
    `ending` is why the game ended (`State.ending`): "win", "shared", "nobody" (the rules
    ended it with no winner) or "limit" (its length limit cut it off, whether or not the game
    names the leaders winners there, as Arriala and Detour do): see `ENDINGS`.
    """
    ending = state.ending()
    if ending is None:
        raise GameError("the game is not over: it has no outcome yet")
    returns = [float(r) for r in state.returns()]
    best = max(returns)
    winners = [seat for seat, r in enumerate(returns) if r == best] if best > 0 else []
    return {
        "winners": winners,
        "ending": ending.reason,
        "turn_limit": state.ended_by_limit(),
        "scores": [float(s) for s in state.scores()],
        "returns": returns,
    }

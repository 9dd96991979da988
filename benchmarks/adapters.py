"""Steps per CPU-second of random 2-player play through each door of every game, in one run.

    python benchmarks/adapters.py [--seconds 2] [--envs 8] [--games detour,mississippi]

- engine: `legal_actions()`, a random pick, `apply` (towpath's own loop);
- pettingzoo: `env.last()` (the observation tensor and mask of the agent to move), a random
  legal id from the mask, `env.step`;
- gymnasium: one seat against random bots, its observation and mask each step; a step counts
  every action it plays (the seat's and the bots' in between);
- openspiel: `legal_actions()`, a random pick, `apply_action` (no observation asked); its
  chance nodes (every draw) are played too but not counted as steps;
- vector sync / vector async: `gymnasium.make_vec` of `--envs` one-seat environments, in this
  process or one process each; a step is one environment's step.

Each figure is CPU time (`process_time`; the async vector's is wall-clock time, as its work is
in other processes), and `ratio` is the door's steps/s over the engine's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import gymnasium
import numpy as np
import pyspiel

import towpath
from towpath.interop import gymnasium as towpath_gymnasium
from towpath.interop import openspiel, pettingzoo

Loop = Callable[[float], int]  # plays for about this many seconds; the steps it took


def engine(game_id: str) -> Loop:
    game, rng = towpath.load(game_id, 2), random.Random(0)

    def run(seconds: float) -> int:
        steps, state = 0, game.new_state(0)
        end = time.process_time() + seconds
        while time.process_time() < end:
            if state.is_terminal():
                state = game.new_state(steps)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def masked(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def zoo(game_id: str) -> Loop:
    env, rng = pettingzoo.env(game_id, players=2), np.random.default_rng(0)

    def run(seconds: float) -> int:
        steps, end = 0, time.process_time() + seconds
        env.reset(seed=0)
        while time.process_time() < end:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset(seed=steps)
                continue
            env.step(masked(rng, observation["action_mask"]))
            steps += 1
        return steps

    return run


def gym_seat(game_id: str) -> Loop:
    env = towpath_gymnasium.env(game_id, players=2, opponents="random")
    rng = np.random.default_rng(0)

    def run(seconds: float) -> int:
        end = time.process_time() + seconds
        observation, _ = env.reset(seed=0)
        played = 0
        while time.process_time() < end:
            before = len(env.game_state.history)
            observation, _, terminated, truncated, _ = env.step(
                masked(rng, observation["action_mask"])
            )
            played += len(env.game_state.history) - before
            if terminated or truncated:
                observation, _ = env.reset(seed=played)
        return played

    return run


def spiel(game_id: str) -> Loop:
    game, rng = pyspiel.load_game(f"{openspiel.PREFIX}{game_id}(players=2)"), random.Random(0)

    def run(seconds: float) -> int:
        steps, end = 0, time.process_time() + seconds
        state = game.new_initial_state()
        while time.process_time() < end:
            if state.is_terminal():
                state = game.new_initial_state()
            steps += not state.is_chance_node()  # a draw is no step of the game's
            state.apply_action(rng.choice(state.legal_actions()))
        return steps

    return run


def vector(game_id: str, envs: int, mode: str) -> Loop:
    clock = time.process_time if mode == "sync" else time.perf_counter

    def run(seconds: float) -> int:
        batch = gymnasium.make_vec(
            f"towpath/{game_id}-v0",
            num_envs=envs,
            vectorization_mode=mode,
            players=2,
            opponents="random",
        )
        rng = np.random.default_rng(0)
        observation, _ = batch.reset(seed=0)
        steps, end = 0, clock() + seconds
        while clock() < end:
            actions = [masked(rng, m) if m.any() else 0 for m in observation["action_mask"]]
            observation, *_ = batch.step(np.array(actions))
            steps += envs
        batch.close()
        return steps

    return run


def rate(loop: Loop, seconds: float, clock: Callable[[], float] = time.process_time) -> float:
    loop(min(0.2, seconds))  # warm caches (layouts, drawings, ids)
    start = clock()
    steps = loop(seconds)
    return steps / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--envs", type=int, default=8, help="environments of a vector")
    parser.add_argument("--games", default=",".join(towpath.game_ids()), help="game ids")
    args = parser.parse_args()
    doors = ("pettingzoo", "gymnasium", "openspiel", "vector sync", "vector async")
    print("| game | engine | " + " | ".join(doors) + " |")
    print("|---|---:|" + "---:|" * len(doors))
    for game_id in args.games.split(","):
        base = rate(engine(game_id), args.seconds)
        loops = {
            "pettingzoo": (zoo(game_id), time.process_time),
            "gymnasium": (gym_seat(game_id), time.process_time),
            "openspiel": (spiel(game_id), time.process_time),
            "vector sync": (vector(game_id, args.envs, "sync"), time.process_time),
            "vector async": (vector(game_id, args.envs, "async"), time.perf_counter),
        }
        cells = []
        for door in doors:
            loop, clock = loops[door]
            speed = rate(loop, args.seconds, clock)
            cells.append(f"{speed:,.0f} ({speed / base:.2f})")
        print(f"| {game_id} | {base:,.0f} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()

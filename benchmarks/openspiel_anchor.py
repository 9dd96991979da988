"""towpath measured against OpenSpiel's Python games and bots, in one process, interleaved.

    python benchmarks/openspiel_anchor.py [--rounds 5] [--seconds 2] [--games 10] [--move 1]

(a) Random playouts of every towpath game (2 players, its engine directly) and of OpenSpiel's
    Python tic-tac-toe, in alternating slices of `--seconds` of the process's CPU time (other
    work on a shared machine slows both alike): actions/s and the ratio.
(b) MCTS iterations/s of towpath's `mcts` and of OpenSpiel's Python `MCTSBot` (UCT, random
    rollouts to the end, its usual evaluator; and rollouts cut at 3 actions, as short as
    towpath's) on the same positions of Mississippi and Detour through the OpenSpiel adapter,
    alternating: the ratio.
(c) `--games` 2-player games of towpath `mcts` against OpenSpiel's `ISMCTSBot` (random
    rollouts) at `--move` seconds per move each, seats swapped game by game: win rate and 95%
    Wilson interval. ISMCTS plays only imperfect-information games; for Detour, a perfect-
    information game, the opponent is OpenSpiel's `MCTSBot` instead. A game ended by its
    length limit is a draw; a shared win counts its share.
Both OpenSpiel bots search for `--move` seconds (their own loop stops at the deadline).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers python_tic_tac_toe

import towpath
import towpath.interop.openspiel
from towpath.agents.mcts import MCTSAgent
from towpath.core.game import State
from towpath.sim.stats import wilson

Row = dict[str, Any]


# -- (a) random playouts ---------------------------------------------------------------------------


def towpath_playouts(game_id: str, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Actions of seeded random games played back to back for `seconds`; (actions, time)."""
    game = towpath.load(game_id, 2)
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(seed=rng.randrange(2**31))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.process_time() - start


def openspiel_playouts(name: str, seconds: float, rng: random.Random) -> tuple[int, float]:
    game = pyspiel.load_game(name)
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.process_time() - start


def playouts(rounds: int, seconds: float) -> list[Row]:
    rng = random.Random(1)
    totals: dict[str, list[float]] = {}
    for _ in range(rounds):
        for game_id in towpath.game_ids():
            tally = totals.setdefault(game_id, [0, 0.0])
            done, spent = towpath_playouts(game_id, seconds, rng)
            tally[0] += done
            tally[1] += spent
            anchor = totals.setdefault("tic_tac_toe", [0, 0.0])
            done, spent = openspiel_playouts("python_tic_tac_toe", seconds, rng)
            anchor[0] += done
            anchor[1] += spent
    anchor_rate = totals["tic_tac_toe"][0] / totals["tic_tac_toe"][1]
    return [
        {
            "game": name,
            "actions_per_second": round(done / spent),
            "ratio_to_tic_tac_toe": round(done / spent / anchor_rate, 2),
        }
        for name, (done, spent) in totals.items()
    ]


# -- (b) MCTS iterations per second ---------------------------------------------------------------


def positions(game_id: str, count: int) -> list[tuple[int, list[str]]]:
    """(seed, actions) of positions a few random moves into 2-player games."""
    game = towpath.load(game_id, 2)
    found = []
    for seed in range(count):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        for _ in range(4 + 3 * seed):
            state.apply(rng.choice(state.legal_actions()))
        found.append((seed, [str(action) for action in state.history]))
    return found


def towpath_state(game_id: str, seed: int, actions: list[str]) -> State:
    return towpath.replay({"game": game_id, "players": 2, "seed": seed, "actions": actions})


def openspiel_state(game: Any, seed: int, actions: list[str]) -> Any:
    return towpath.interop.openspiel.replayed(game, seed, actions)


def towpath_rate(state: State, seconds: float) -> float:
    bot = MCTSAgent(seed=1, seconds=seconds)
    start = time.perf_counter()
    bot.choose(state)
    return bot.last_iterations / (time.perf_counter() - start)


def openspiel_rate(game: Any, state: Any, seconds: float, max_length: int | None) -> float:
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(1), max_length=max_length
    )
    bot = TimedMCTSBot(game, seconds, evaluator, np.random.RandomState(1))
    start = time.perf_counter()
    bot.mcts_search(state)
    return bot.simulations / (time.perf_counter() - start)


def search_rates(game_ids: list[str], rounds: int, seconds: float) -> list[Row]:
    rows = []
    for game_id in game_ids:
        tallies: dict[str, list[float]] = {
            "towpath mcts": [],
            "MCTSBot": [],
            "MCTSBot, 3-action rollouts": [],
        }
        spiel = pyspiel.load_game(f"towpath_{game_id}(players=2)")
        for seed, actions in positions(game_id, rounds):
            tallies["towpath mcts"].append(
                towpath_rate(towpath_state(game_id, seed, actions), seconds)
            )
            tallies["MCTSBot"].append(
                openspiel_rate(spiel, openspiel_state(spiel, seed, actions), seconds, None)
            )
            tallies["MCTSBot, 3-action rollouts"].append(
                openspiel_rate(spiel, openspiel_state(spiel, seed, actions), seconds, 3)
            )
        ours = float(np.mean(tallies["towpath mcts"]))
        for bot, rates in tallies.items():
            rate = float(np.mean(rates))
            rows.append(
                {
                    "game": game_id,
                    "bot": bot,
                    "iterations_per_second": round(rate, 1),
                    "towpath_ratio": round(ours / rate, 1),
                }
            )
    return rows


# -- OpenSpiel's bots on a clock -----------------------------------------------------------------


class TimedMCTSBot(mcts.MCTSBot):  # type: ignore[misc]
    """OpenSpiel's MCTSBot, searching until its time is up: once it is, the root is marked
    as settled, which ends MCTSBot's own loop after that simulation."""

    def __init__(self, game: Any, seconds: float, evaluator: Any, random_state: Any) -> None:
        super().__init__(
            game, uct_c=2.0, max_simulations=10**9, evaluator=evaluator, solve=False,
            random_state=random_state,
        )  # fmt: skip
        self.seconds = seconds
        self.deadline = 0.0
        self.simulations = 0

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        if time.perf_counter() > self.deadline:
            root.outcome = [0.0] * state.num_players()
        self.simulations += 1
        return super()._apply_tree_policy(root, state)

    def mcts_search(self, state: Any) -> Any:
        self.deadline = time.perf_counter() + self.seconds
        self.simulations = 0
        return super().mcts_search(state)


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, searching until its time is up."""

    def __init__(self, game: Any, seconds: float, random_state: Any) -> None:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        super().__init__(
            game, evaluator, uct_c=2.0, max_simulations=10**9, random_state=random_state
        )
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state: Any) -> Any:
        """ISMCTSBot.run_search with its loop of simulations bounded by the clock."""
        deadline = time.perf_counter() + self.seconds
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        self.simulations = 0
        while self.simulations == 0 or time.perf_counter() < deadline:
            self.simulations += 1
            self.run_simulation(self.resample_from_infostate(state))
        return self.get_final_policy(state, self._root_node)


def opponent_for(game: Any, seconds: float, seed: int) -> Any:
    random_state = np.random.RandomState(seed)
    kind = game.get_type().information
    if kind == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        return "ISMCTSBot", TimedISMCTSBot(game, seconds, random_state)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    return "MCTSBot", TimedMCTSBot(game, seconds, evaluator, random_state)


# -- (c) strength ---------------------------------------------------------------------------------


def duel(game_id: str, seed: int, seconds: float, towpath_seat: int) -> tuple[list[float], str]:
    """One 2-player game; its returns, and the OpenSpiel opponent's name."""
    spiel = pyspiel.load_game(f"towpath_{game_id}(players=2)")
    state, chance = spiel.new_initial_state(), random.Random(seed)
    ours = MCTSAgent(seed=seed, seconds=seconds)
    name, theirs = opponent_for(spiel, seconds, seed)
    while not state.is_terminal():
        world = state.towpath
        if state.is_chance_node():  # every draw is equally likely
            state.apply_action(chance.choice(state.legal_actions()))
        elif state.current_player() == towpath_seat:
            action = ours.choose(world)
            state.apply_action(world.game.action_id(action, world))
        else:
            state.apply_action(theirs.step(state))
    return state.returns(), name


def strength(
    game_ids: list[str], games: int, seconds: float, log: Callable[[str], None]
) -> list[Row]:
    rows = []
    for game_id in game_ids:
        wins = losses = 0.0
        name = ""
        for seed in range(games):
            seat = seed % 2
            start = time.perf_counter()
            returns, name = duel(game_id, seed, seconds, seat)
            wins += returns[seat]
            losses += returns[1 - seat]
            log(
                f"  {game_id} game {seed + 1}/{games}: towpath seat {seat}, returns {returns}, "
                f"{time.perf_counter() - start:.0f} s"
            )
        low, high = wilson(wins, games)
        rows.append(
            {
                "game": game_id,
                "opponent": name,
                "games": games,
                "wins": wins,
                "losses": losses,
                "draws": games - wins - losses,
                "win_rate": round(wins / games, 3),
                "wilson_low": round(low, 3),
                "wilson_high": round(high, 3),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating slices per measure")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per slice")
    parser.add_argument("--games", type=int, default=10, help="strength games per game")
    parser.add_argument("--move", type=float, default=1.0, help="seconds per move in (c)")
    parser.add_argument("--search", default="mississippi,detour", help="games for (b)")
    parser.add_argument("--strength", default="mississippi,detour", help="games for (c)")
    parser.add_argument("--parts", default="abc", help="which measurements to run")
    parser.add_argument("--json", action="store_true", help="print JSON at the end")
    args = parser.parse_args()

    def log(text: str) -> None:
        print(text, flush=True)

    log(f"load average at start: {os.getloadavg()[0]:.2f}")
    results: dict[str, list[Row]] = {}
    if "a" in args.parts:
        results["playouts"] = playouts(args.rounds, args.seconds)
        for row in results["playouts"]:
            log(f"(a) {row}")
    if "b" in args.parts:
        results["search"] = search_rates(args.search.split(","), args.rounds, args.seconds)
        for row in results["search"]:
            log(f"(b) {row}")
    if "c" in args.parts:
        results["strength"] = strength(args.strength.split(","), args.games, args.move, log)
        for row in results["strength"]:
            log(f"(c) {row}")
    log(f"load average at end: {os.getloadavg()[0]:.2f}")
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

"""Bot against bot: 2-player games with seats swapped, and MCTS search speed."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towpath.agents.base import play_out
from towpath.agents.levels import LEVELS, resolve
from towpath.agents.mcts import MCTSAgent
from towpath.api import agent, load
from towpath.core.errors import GameError
from towpath.core.heap import settled
from towpath.sim.stats import wilson

Params = dict[str, Any]
Duel = tuple[int, float, float, str]  # the bot's seat, its return, the opponent's, the ending
UNKNOWN = "unknown"  # the ending of a game kept before records told it
Task = tuple[str, str, str, Params, Params, int]  # game, bot, opponent, their params, seed
OPPONENTS = ("random", "greedy")  # the bots MCTS is measured against


@dataclass(frozen=True)
class Seat:
    """The bot's games from one seat of a pairing."""

    games: int
    wins: float  # a shared win counts its share
    losses: float
    cut_off: int = 0  # games the length limit ended (no winner)

    @property
    def draws(self) -> float:
        """Games nobody won: the length limit's, and those the rules end with no winner."""
        return self.games - self.wins - self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "cut_off": self.cut_off,
            "win_rate": round(self.win_rate, 3),
            "wilson_low": round(low, 3),
            "wilson_high": round(high, 3),
        }


@dataclass(frozen=True)
class Pairing:
    """A bot against an opponent in 2-player games, seats swapped game by game: in all, and
    from each seat (`seats[0]`: the games the bot sat first)."""

    game: str
    bot: str
    opponent: str
    seats: tuple[Seat, Seat]

    @property
    def total(self) -> Seat:
        return Seat(
            sum(s.games for s in self.seats),
            sum(s.wins for s in self.seats),
            sum(s.losses for s in self.seats),
            sum(s.cut_off for s in self.seats),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "opponent": self.opponent,
            **self.total.as_dict(),
            "seats": [seat.as_dict() for seat in self.seats],
        }


def play_duel(
    game_id: str, seats: tuple[str, str], params: tuple[Params, Params], seed: int
) -> tuple[list[float], str]:
    """One 2-player game: the returns of seats 0 and 1, both 0 for a game cut off by its
    length limit (a draw, even where the game names the leader the winner there), and the
    reason it ended (`Ending.reason`)."""
    state = load(game_id, 2).new_state(seed)
    bots = [
        agent(name, seed=seed * 2 + i, **p)
        for i, (name, p) in enumerate(zip(seats, params, strict=True))
    ]
    ending = play_out(state, bots).ending()
    assert ending is not None
    return ([0.0, 0.0] if ending.reason == "limit" else state.returns()), ending.reason


def _duel_task(task: Task) -> tuple[int, Duel]:
    """Game `seed` and its duel, the bot in seat seed % 2."""
    game_id, bot, opponent, bot_params, opponent_params, seed = task
    seat = seed % 2
    with settled():
        if seat == 0:
            returns, ending = play_duel(
                game_id, (bot, opponent), (bot_params, opponent_params), seed
            )
        else:
            returns, ending = play_duel(
                game_id, (opponent, bot), (opponent_params, bot_params), seed
            )
    return seed, (seat, returns[seat], returns[1 - seat], ending)


class DuelRecord:
    """Strength games kept in a file as they end, one JSON line each, so that a run stopped
    in any way and given the same file again plays only the games the file lacks. One file
    may keep several pairings; each line names its pairing (game, bots and their params)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = self._read()

    def _read(self) -> list[dict[str, Any]]:
        """The file's lines, a line cut off as it was written dropped (its game is played
        again); a file that cannot be written is refused now, not after the first game."""
        try:
            with self.path.open("ab+") as file:
                file.seek(0)
                data = file.read()
                whole = data.rfind(b"\n") + 1
                if whole < len(data):
                    file.truncate(whole)
            lines = data[:whole].decode("utf-8").split("\n")[:-1]
        except OSError as error:
            raise GameError(
                f"cannot keep duel record {str(self.path)!r}: {error.strerror}"
            ) from None
        except UnicodeDecodeError:
            raise GameError(
                f"corrupt duel record {str(self.path)!r}: expected UTF-8 text"
            ) from None
        return [self._line(number, line) for number, line in enumerate(lines, 1)]

    def _line(self, number: int, line: str) -> dict[str, Any]:
        try:
            kept = json.loads(line)
            seat, mine, theirs = kept["seat"], float(kept["mine"]), float(kept["theirs"])
            if not (isinstance(kept["seed"], int) and seat in (0, 1)):
                raise ValueError
        except (ValueError, TypeError, KeyError):
            raise GameError(
                f"corrupt duel record {str(self.path)!r}, line {number}: expected a JSON object"
                " with a game's pairing, seed, seat, mine and theirs"
            ) from None
        return {**kept, "mine": mine, "theirs": theirs, "ending": kept.get("ending", UNKNOWN)}

    def kept(self, pairing: dict[str, Any]) -> dict[int, Duel]:
        """The pairing's games in the file, by seed."""
        return {
            line["seed"]: (line["seat"], line["mine"], line["theirs"], line["ending"])
            for line in self.lines
            if all(line.get(name) == value for name, value in pairing.items())
        }

    def keep(self, pairing: dict[str, Any], seed: int, duel: Duel) -> None:
        seat, mine, theirs, ending = duel
        line = {**pairing, "seed": seed, "seat": seat, "mine": mine, "theirs": theirs}
        line["ending"] = ending
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(line) + "\n")


def pairing(
    game_id: str,
    bot: str,
    opponent: str,
    games: int,
    bot_params: Params | None = None,
    opponent_params: Params | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    record: DuelRecord | None = None,
) -> Pairing:
    """`games` 2-player games of `bot` against `opponent`, alternating who sits first (game
    `seed` is played with the bot in seat seed % 2); `progress` hears (games done, games) as
    each game ends. Games kept in `record` are not played again, and each new one is kept (a
    level's games with the bot its preset stood for: a changed preset plays them again)."""
    bot_params, opponent_params = bot_params or {}, opponent_params or {}
    named: dict[str, Any] = {"game": game_id, "bot": bot, "opponent": opponent}
    named |= {"bot_params": bot_params, "opponent_params": opponent_params}
    game = load(game_id, 2)
    named |= {
        f"{role}_preset": resolve(name, game)
        for role, name in (("bot", bot), ("opponent", opponent))
        if name in LEVELS
    }
    kept = record.kept(named) if record else {}
    results = [kept[seed] for seed in range(games) if seed in kept]
    tasks = [
        (game_id, bot, opponent, bot_params, opponent_params, seed)
        for seed in range(games)
        if seed not in kept
    ]
    if progress:
        progress(len(results), games)
    for seed, result in _duels(tasks, workers):
        if record:
            record.keep(named, seed, result)
        results.append(result)
        if progress:
            progress(len(results), games)
    seats = tuple(
        Seat(
            sum(1 for seat, _, _, _ in results if seat == sitting),
            sum(mine for seat, mine, _, _ in results if seat == sitting),
            sum(theirs for seat, _, theirs, _ in results if seat == sitting),
            sum(1 for seat, _, _, ending in results if seat == sitting and ending == "limit"),
        )
        for sitting in (0, 1)
    )
    return Pairing(game_id, bot, opponent, (seats[0], seats[1]))


def _duels(tasks: list[Task], workers: int) -> Iterator[tuple[int, Duel]]:
    """The duels' seeds and results in the order they finish."""
    if workers <= 1:
        yield from map(_duel_task, tasks)
        return
    with ProcessPoolExecutor(workers) as pool:
        for done in as_completed([pool.submit(_duel_task, task) for task in tasks]):
            yield done.result()


def mcts_iterations_per_second(game_id: str, seconds: float = 1.0, positions: int = 3) -> float:
    """MCTS iterations per second on a few positions reached by random play (2 players)."""
    game = load(game_id, 2)
    walker = agent("random", seed=1)
    done = spent = 0.0
    for index in range(positions):
        state = game.new_state(seed=index)
        for _ in range(10 * index):
            if state.is_terminal():
                break
            state.apply(walker.choose(state))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        bot = MCTSAgent(seed=index, seconds=seconds / positions)
        start = time.perf_counter()
        bot.choose(state)
        spent += time.perf_counter() - start
        done += bot.last_iterations
    return done / spent if spent else 0.0

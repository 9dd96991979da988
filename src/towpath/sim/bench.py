"""Random-playout speed: games and actions per second of each game on one core."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from towpath.api import agent, load


@dataclass(frozen=True)
class PlayoutSpeed:
    game: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    def as_dict(self) -> dict[str, float | int | str]:
        return {
            **asdict(self),
            "games_per_second": round(self.games_per_second, 2),
            "actions_per_second": round(self.actions_per_second, 1),
            "actions_per_game": round(self.actions / self.games, 1),
        }


def playout_speed(game_id: str, players: int | None = None, seconds: float = 2.0) -> PlayoutSpeed:
    """Play seeded random games of `game_id` for about `seconds` (at least one game)."""
    game = load(game_id, players)
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = game.new_state(seed=games)
        bot = agent("random", seed=games)
        while not state.is_terminal():
            state.apply(bot.choose(state))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
    return PlayoutSpeed(game_id, game.players, games, actions, elapsed)


def playout_table(
    game_ids: list[str],
    players: int | None,
    seconds: float,
    progress: Callable[[str], None] = lambda _: None,
) -> list[PlayoutSpeed]:
    results = []
    for game_id in game_ids:
        progress(game_id)
        results.append(playout_speed(game_id, players, seconds))
    return results

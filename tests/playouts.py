"""Games of the playout bot in every seat, for each game's tests of its playout policy."""

from __future__ import annotations

from typing import Any

import towpath
from towpath.agents.base import play_out


def playout_game(game_id: str, players: int, seed: int, **options: Any) -> towpath.State:
    """Game `seed` with a playout bot in every seat, each seeded by the game and its seat."""
    state = towpath.load(game_id, players, **options).new_state(seed)
    bots = [towpath.agent("playout", seed=seed * 10 + seat) for seat in range(players)]
    return play_out(state, bots)


def check_games_end_by_the_rules(
    game_id: str, players: int, games: int, options: dict[str, Any]
) -> None:
    """Games 1 to `games` end by the rules, all but at most one."""
    reasons = []
    for seed in range(1, games + 1):
        ending = playout_game(game_id, players, seed, **options).ending()
        assert ending is not None
        reasons.append(ending.reason)
    assert sum(reason != "limit" for reason in reasons) >= games - 1, reasons

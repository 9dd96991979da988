"""towpath: rule-exact engines, bots and tools for five waterway board games.

import towpath
game = towpath.load("mississippi", players=4)
state = game.new_state(seed=42)
bot = towpath.agent("random", seed=1)
while not state.is_terminal():
    state.apply(bot.choose(state))
results = towpath.simulate("mississippi", players=4, agents="greedy,random", games=200)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from towpath.agents import Agent, make_agent
from towpath.core import registry
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, Game, State
from towpath.core.record import replay as _replay
from towpath.core.record import state_from_json
from towpath.games import discover

if TYPE_CHECKING:
    from towpath.sim.runner import simulate

__all__ = [
    "Agent",
    "Game",
    "GameError",
    "IllegalAction",
    "State",
    "agent",
    "from_json",
    "game_ids",
    "load",
    "replay",
    "simulate",
]


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    discover()
    return registry.game_ids()


def load(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A game for `players` seats with `options`; GameError names what was expected."""
    discover()
    return registry.game_class(game_id)(players, **options)


def from_json(text: str) -> State:
    """The exact state saved by `State.to_json()`, random generator included."""
    return state_from_json(text, load)


def replay(record: Mapping[str, JSON], upto: int | None = None) -> State:
    """The state reached by a record {"game", "players", "options", "seed", "actions"}."""
    return _replay(record, load, upto)


def agent(name: str, seed: int = 0, **params: Any) -> Agent:
    """A bot by name ("random", ...); `bot.choose(state)` returns an action."""
    return make_agent(name, seed=seed, **params)


def __getattr__(name: str) -> Any:
    # `simulate` loads pandas and pyarrow: only when it is used, not for every `import towpath`.
    if name == "simulate":
        from towpath.sim.runner import simulate  # noqa: PLC0415

        return simulate
    raise AttributeError(f"module 'towpath' has no attribute {name!r}")

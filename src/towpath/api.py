"""The public contract's functions: `towpath` exports them, and the parts of towpath built on
the contract (the balance lab) import them from here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from towpath.agents import Agent, make_agent
from towpath.core import registry
from towpath.core.game import JSON, Game, State
from towpath.core.record import replay as _replay
from towpath.core.record import state_from_json
from towpath.games import discover


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

"""Bots: `make_agent(name, seed=…, **params)` builds one by name."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache, partial
from typing import Any

from towpath.agents.base import Agent
from towpath.agents.greedy import GreedyAgent
from towpath.agents.levels import LEVELS, LevelAgent
from towpath.agents.mcts import MCTSAgent
from towpath.agents.playout import PlayoutAgent
from towpath.agents.random_agent import RandomAgent
from towpath.core.errors import GameError

AGENTS: dict[str, Callable[..., Agent]] = {
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "playout": PlayoutAgent,
    "random": RandomAgent,
    **{level: partial(LevelAgent, level) for level in LEVELS},
}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(name: str, seed: int = 0, **params: Any) -> Agent:
    """A bot by name; GameError names the known bots or the parameter that was not understood."""
    factory = AGENTS.get(name)
    if factory is None:
        raise GameError(f"unknown agent {name!r}; expected one of: {', '.join(agent_names())}")
    settings = _settings(name)
    unknown = sorted(set(params) - set(settings))
    if unknown:
        takes = f"it takes {', '.join(settings)}" if settings else "it takes no settings"
        raise GameError(f"agent {name!r} does not take {', '.join(unknown)}; {takes}")
    try:
        return factory(seed=seed, **params)
    except (TypeError, ValueError):
        kinds = ", ".join(f"{key}: {settings[key].annotation}" for key in params)
        given = ", ".join(f"{key}={value!r}" for key, value in params.items())
        raise GameError(f"agent {name!r}: expected {kinds}; got {given}") from None


@cache
def _settings(name: str) -> dict[str, inspect.Parameter]:
    """A bot's settings (its factory's parameters but the seed), read once: a server builds a
    bot for every bot move."""
    parameters = inspect.signature(AGENTS[name]).parameters
    return {k: p for k, p in parameters.items() if k != "seed"}


__all__ = ["Agent", "agent_names", "make_agent"]

"""Bots written as text: `random`, `mcts:iterations=200,depth=3`, and lists of them.

The same notation serves `towpath play --seat 1=mcts:seconds=1` and `towpath simulate --agents
mcts:iterations=200,greedy,random`. In a list, a comma-separated piece with `=` and no `:`
continues the settings of the bot before it (bot names never contain `=`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

from towpath.agents.base import Agent
from towpath.agents.greedy import GreedyAgent
from towpath.agents.guide import GuideAgent
from towpath.agents.levels import LEVELS, LevelAgent
from towpath.agents.mcts import MCTSAgent
from towpath.agents.playout import PlayoutAgent
from towpath.agents.random_agent import RandomAgent
from towpath.core.errors import GameError, quote

Param = int | float | str


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


@dataclass(frozen=True)
class AgentSpec:
    """A bot's name and settings; `str(spec)` is its notation, `build(seed)` the bot."""

    name: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def parse(cls, text: str, context: str = "agent") -> AgentSpec:
        """Read `NAME[:key=value,...]`; `context` starts the error message (e.g. "--seat ...")."""
        name, _, params_text = text.strip().partition(":")
        if not name.strip():
            raise GameError(f"{context}: expected AGENT[:name=value,...], got {quote(text)}")
        params = tuple(
            parse_param(item, context) for item in params_text.split(",") if item.strip()
        )
        return cls(name.strip(), params)

    def build(self, seed: int) -> Agent:
        """The bot, seeded; GameError for an unknown bot or a setting it does not take."""
        return make_agent(self.name, seed=seed, **dict(self.params))

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}:" + ",".join(f"{key}={value}" for key, value in self.params)


def build(text: str, seed: int) -> Agent:
    """The bot a notation names, seeded."""
    return AgentSpec.parse(text).build(seed)


def parse_param(item: str, context: str) -> tuple[str, Param]:
    """`key=value`, the value read as an int, else a float, else kept as text."""
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise GameError(f"{context}: agent settings are name=value, got {quote(item)}")
    if key.strip() == "seed":
        raise GameError(f"{context}: a bot's seed comes from the game's seed, not a setting")
    text = value.strip()
    for kind in (int, float):
        try:
            return key.strip(), kind(text)
        except ValueError:
            pass
    return key.strip(), text


def parse_agent_list(text: str) -> list[AgentSpec]:
    """`mcts:iterations=200,depth=3,greedy,random` -> three specs; each bot is checked."""
    context = f"--agents {quote(text)}"
    pieces: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise GameError(f"{context}: expected AGENT[:name=value,...] separated by commas")
        if "=" in piece and ":" not in piece and pieces:
            pieces[-1] += f",{piece}"
        else:
            pieces.append(piece)
    specs = [AgentSpec.parse(piece, context) for piece in pieces]
    for spec in specs:
        spec.build(0)  # an unknown bot or setting fails now, not inside a worker
    return specs


def _guide(seed: int = 0) -> Agent:
    """A lesson's guide, a normal bot after the lesson."""
    return GuideAgent(LevelAgent("normal", build, seed=seed))


# Every bot by name; a level builds its game's preset from its notation.
AGENTS: dict[str, Callable[..., Agent]] = {
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "playout": PlayoutAgent,
    "random": RandomAgent,
    "guide": _guide,
    **{level: partial(LevelAgent, level, build) for level in LEVELS},
}

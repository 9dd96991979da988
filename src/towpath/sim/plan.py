"""A run's plan: every game to play, checked before any is played.

Game i of every variant has the same seed, derived from the run seed and i alone (so variants
are compared on the same deals and dice), and so have its bots, whatever plays it.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from towpath.agents.spec import AgentSpec, parse_agent_list
from towpath.api import load
from towpath.core.errors import GameError, quote
from towpath.sim.playout import Job

DEFAULT_VARIANT = "default"


@dataclass(frozen=True)
class Plan:
    game: str
    players: int
    games: int
    seed: int
    variants: list[str]
    jobs: list[Job]

    @property
    def total(self) -> int:
        return len(self.jobs)


def make_plan(
    game: str,
    players: int | None,
    agents: str | Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any],
    grid: Mapping[str, Sequence[Any]],
    rotate: bool,
) -> Plan:
    """The games of a run, each variant of `grid` checked by loading it."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GameError(f"--games: expected a whole number from 1 up, got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise GameError(f"--seed: expected a whole number from 0 to 2^63 - 1, got {seed!r}")
    specs = agent_specs(agents)
    resolved = load(game, players, **options).players
    if len(specs) > resolved:
        raise GameError(f"--agents: {len(specs)} agents for {resolved} players")
    both = sorted(set(options) & set(grid))
    if both:
        raise GameError(f"option {both[0]} is given both as --option and --grid")
    variants = [{**options, **choice} for choice in grid_choices(grid)]
    for variant in variants:
        load(game, resolved, **variant)
    labels = [variant_label(variant) for variant in variants]
    jobs = [
        Job(
            game=game,
            players=resolved,
            options=tuple(variant.items()),
            variant=label,
            run_seed=seed,
            index=index,
            agents=seat_agents(specs, resolved, index if rotate else 0),
        )
        for index in range(games)
        for variant, label in zip(variants, labels, strict=True)
    ]
    return Plan(game, resolved, games, seed, labels, jobs)


def agent_specs(agents: str | Sequence[str]) -> list[AgentSpec]:
    if isinstance(agents, str):
        return parse_agent_list(agents)
    specs = [AgentSpec.parse(text, f"agent {quote(text)}") for text in agents]
    if not specs:
        raise GameError("agents: expected at least one agent")
    for spec in specs:
        spec.build(0)
    return specs


def seat_agents(specs: Sequence[AgentSpec], players: int, shift: int) -> tuple[str, ...]:
    """The bots by seat: the list repeated around the table, turned `shift` seats."""
    return tuple(str(specs[(seat + shift) % len(specs)]) for seat in range(players))


def grid_choices(grid: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of the grid's values (one empty choice without a grid)."""
    for name, values in grid.items():
        if not values:
            raise GameError(f"--grid {name}: expected at least one value")
    names = list(grid)
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*grid.values())]


def variant_label(options: Mapping[str, Any]) -> str:
    """`max_turns=300 logs=10`, or "default" when no option is set."""
    if not options:
        return DEFAULT_VARIANT
    return " ".join(
        f"{name}={value if isinstance(value, str) else json.dumps(value)}"
        for name, value in options.items()
    )


def parse_grid(pairs: Sequence[str]) -> dict[str, list[str]]:
    """`--grid max_turns=100,300` (a bracketed list stays one value: `sides=[1,2],[3,4]`)."""
    grid: dict[str, list[str]] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        values = [v.strip() for v in re.findall(r"\[[^\]]*\]|[^,]+", text) if v.strip()]
        if not sep or not name.strip() or not values:
            raise GameError(f"--grid {quote(pair)}: expected NAME=VALUE1,VALUE2,...")
        if name.strip() in grid:
            raise GameError(f"--grid {quote(pair)}: option {name.strip()} is already in the grid")
        grid[name.strip()] = values
    return grid

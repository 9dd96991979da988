"""Who sits where: `--seat 1=hard`, `--seat 2=mcts:seconds=1`, `--seat 0=human`.

A bot's settings are checked against the ranges of `towpath.agents.settings`, as the server
checks them."""

from __future__ import annotations

from collections.abc import Sequence

import towpath
from towpath.agents import Agent
from towpath.agents.levels import THINKING
from towpath.agents.settings import check_settings
from towpath.agents.spec import AgentSpec
from towpath.core.errors import GameError, quote

HUMAN = "human"

Controller = Agent | None  # None: a person at this terminal


def parse_seats(specs: Sequence[str], players: int, seed: int) -> list[Controller]:
    """Seat 0 is a person and the others normal bots, unless `specs` say otherwise."""
    controllers: list[Controller] = [None] + [
        towpath.agent("normal", seed=seed + seat) for seat in range(1, players)
    ]
    for spec in specs:
        seat, controller = parse_seat(spec, players, seed)
        controllers[seat] = controller
    return controllers


def parse_seat(spec: str, players: int, seed: int) -> tuple[int, Controller]:
    expected = "expected SEAT=AGENT[:name=value,...], for example 1=hard or 2=mcts:seconds=1"
    seat_text, sep, agent_text = spec.partition("=")
    if not sep or not seat_text.strip().isdigit():
        raise GameError(f"--seat {quote(spec)}: {expected}")
    seat = int(seat_text)
    if seat >= players:
        raise GameError(f"--seat {quote(spec)}: seats are 0 to {players - 1}")
    agent = AgentSpec.parse(agent_text, f"--seat {quote(spec)}")
    if agent.name == HUMAN:
        return seat, None
    try:  # the ranges a shared table allows (see agents/settings.py)
        check_settings(agent.name, dict(agent.params))
    except GameError as error:
        raise GameError(f"--seat {quote(spec)}: {error}") from None
    return seat, agent.build(seed + seat)


def seat_list(controllers: list[Controller]) -> str:
    """Who sits where: "Seats: 0 you · 1 normal bot (thinks up to a second a move) · ..."."""
    return "Seats: " + " · ".join(
        f"{seat} you"
        if bot is None
        else f"{seat} {bot.name} bot" + (f" ({THINKING[bot.name]})" if bot.name in THINKING else "")
        for seat, bot in enumerate(controllers)
    )

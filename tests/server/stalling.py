"""Bot moves that misbehave, run on the server's worker processes by the tests."""

from __future__ import annotations

import time
from collections.abc import Callable

import towpath
from towpath.server.bots import play_move


def first_legal(state_json: str) -> str:
    return str(towpath.from_json(state_json).legal_actions()[0])


def report_then_stall(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    """Reports the first legal action as its leader, then thinks for ever."""
    report(first_legal(state_json))
    time.sleep(3600)
    return first_legal(state_json)


def stall_searches(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    """A search that never reports; other bots play as usual."""
    if spec.startswith("mcts"):
        time.sleep(3600)
    return play_move(state_json, spec, seed, report)


def stall(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    """Every move thinks for ever."""
    time.sleep(3600)
    return first_legal(state_json)


def crash(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    raise RuntimeError("the bot broke")


def think_briefly(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    """Every move takes a fifth of a second."""
    time.sleep(0.2)
    return first_legal(state_json)

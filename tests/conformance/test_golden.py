"""Golden playthroughs: for every game, at 2 players and at its most, a seeded game of random
moves written down step by step
(whose turn, every legal action, the action played, and the view of every seat and of a
spectator), played again and compared. A change to a rule, a view or a notation shows up here as
the first step and place that differ, wherever it happens to be.

After a change meant to alter them, write them again and read the difference in review:

    TOWPATH_GOLDEN=write .venv/bin/pytest tests/conformance/test_golden.py
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import towpath
from towpath.core import registry

FOLDER = Path(__file__).parent / "golden"
STEPS = 60  # the first actions of each game
SEED = 7


GAMES = [
    (game_id, players)
    for game_id in towpath.game_ids()
    for players in sorted({2, registry.game_class(game_id).max_players})
]


def playthrough(game_id: str, players: int) -> Iterator[dict[str, Any]]:
    """Each step of the game as it is written down, then the game's record."""
    state = towpath.load(game_id, players).new_state(SEED)
    bot = towpath.agent("random", seed=SEED)
    for step in range(STEPS):
        if state.is_terminal():
            break
        action = bot.choose(state)
        yield {
            "step": step,
            "seat": state.current_player,
            "legal": [str(a) for a in state.legal_actions()],
            "views": {str(seat): state.view(seat) for seat in (None, *range(players))},
            "played": str(action),
        }
        state.apply(action)
    yield {"record": state.record()}


def path_of(game_id: str, players: int) -> Path:
    return FOLDER / f"{game_id}-{players}.jsonl.gz"


def first_difference(old: Any, new: Any, where: str = "") -> str | None:
    """Where two JSON values first differ (a path of keys and indexes), or None."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            if key not in old or key not in new:
                return f"{where}.{key} (only in the {'new' if key in new else 'golden'} one)"
            found = first_difference(old[key], new[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(old, list) and isinstance(new, list):
        for index, (a, b) in enumerate(zip(old, new, strict=False)):
            found = first_difference(a, b, f"{where}[{index}]")
            if found:
                return found
        return None if len(old) == len(new) else f"{where} (length {len(old)} -> {len(new)})"
    return None if old == new else f"{where}: {old!r} -> {new!r}"


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_seeded_game_plays_as_written_down(game_id: str, players: int) -> None:
    # Through JSON, as written: a tuple in a view is compared as the list it becomes.
    steps = [json.loads(json.dumps(step)) for step in playthrough(game_id, players)]
    path = path_of(game_id, players)
    if os.environ.get("TOWPATH_GOLDEN") == "write":
        FOLDER.mkdir(exist_ok=True)
        lines = "".join(json.dumps(step, sort_keys=True) + "\n" for step in steps)
        path.write_bytes(gzip.compress(lines.encode(), mtime=0))
    golden = [json.loads(line) for line in gzip.decompress(path.read_bytes()).splitlines()]
    for number, (old, new) in enumerate(zip(golden, steps, strict=False)):
        found = first_difference(old, new)
        assert found is None, f"{path.name}, line {number + 1} differs at {found}"
    assert len(golden) == len(steps), f"{path.name}: {len(golden)} lines written, {len(steps)} now"


def test_a_difference_is_found_where_it_is() -> None:
    old = {"views": {"0": {"boats": [1, 2, 3]}}, "seat": 0}
    assert first_difference(old, {"views": {"0": {"boats": [1, 5, 3]}}, "seat": 0}) == (
        ".views.0.boats[1]: 2 -> 5"
    )
    assert first_difference(old, {"views": {"0": {"boats": [1, 2]}}, "seat": 0}) == (
        ".views.0.boats (length 3 -> 2)"
    )
    assert first_difference(old, {"views": {}, "seat": 0}) == ".views.0 (only in the golden one)"
    assert first_difference(old, old) is None

"""Saved states: an exact continuation, and impossible positions refused with one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import towpath
from towpath.core.errors import GameError


def played() -> towpath.State:
    """Seat 0 placed a Reveal tile and must choose whose card to reveal."""
    state = towpath.load("mapped_out", 2, lands_unknown=True).new_state(2)
    state.apply(state.game.parse_action("place 23 1,0"))  # tile 23: reveal 7
    return state


def saved() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played().to_json())
    return data


def test_a_saved_state_continues_exactly() -> None:
    state = played()
    restored = towpath.from_json(state.to_json())
    assert [str(a) for a in restored.legal_actions()] == ["reveal 0.7", "reveal 1.7"]
    for copy in (state, restored):
        copy.apply(copy.legal_actions()[1])
    assert restored.to_json() == state.to_json()


def test_a_clone_is_independent_of_its_original() -> None:
    state = towpath.load("mapped_out", 3, unclear_instructions=True).new_state(8)
    bot = towpath.agent("random", seed=8)
    for _ in range(40):
        state.apply(bot.choose(state))
    before = state.to_json()
    copy = state.clone()
    assert copy.snapshot() == state.snapshot()
    while not copy.is_terminal():
        copy.apply(bot.choose(copy))
    assert state.to_json() == before


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(fields: dict[str, Any]) -> None:
        target = fields
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value

    return change


CORRUPTIONS = [
    ("unknown step", _set(["steps", -1, "do"], "dance")),
    ("step without its position", lambda f: f["steps"][-1].pop("n")),
    ("decision without a seat", _set(["steps", -1, "by"], 7)),
    ("automatic step on top", lambda f: f["steps"].append({"do": "draw"})),
    ("bad card", _set(["rows", 0, 0], [0, "yes", None, 0, False, -1])),
    ("card kind out of range", _set(["rows", 0, 0, 0], 999)),
    ("a card added", lambda f: f["deck"].append(0)),
    ("a tile twice", lambda f: f["pile"].append(f["pile"][0])),
    ("pawn in the void", _set(["pawns", 1], [9, 9])),
    ("phase", _set(["phase"], "dance")),
    ("player", _set(["player"], 5)),
    ("one row missing", lambda f: f["rows"].pop()),
]


@pytest.mark.parametrize(("name", "change"), CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_corrupt_states_are_refused(name: str, change: Callable[[dict[str, Any]], None]) -> None:
    data = saved()
    change(data["state"])
    with pytest.raises(GameError, match="corrupt state") as error:
        towpath.from_json(json.dumps(data))
    assert "\n" not in str(error.value)

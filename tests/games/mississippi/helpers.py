"""Explicit Mississippi positions for rule tests.

Default river facts used by the tests: spaces 1-14 run east along row 0, 15-28 west along
row 1, 29-42 east along row 2, ... Space 20 is (8, 1); its neighbours are 19 (E), 38 (SE),
37 (SW), 21 (W), 9 (NW) and 10 (NE).
"""

from __future__ import annotations

from typing import Any

import towpath
from towpath.games.mississippi.state import MississippiState

E, SE, SW, W, NW, NE = range(6)


def showing(number: int, direction: int) -> int:
    """The facing that turns the default boat's side `number` toward `direction`."""
    return (direction - (number - 1)) % 6


def position(
    spaces: list[int],
    *,
    facing: list[int] | None = None,
    logs: list[int] | None = None,
    supply: int = 0,
    player: int = 0,
    started: bool = True,
    **options: Any,
) -> MississippiState:
    """A state with boats on `spaces` (0 = start area), all rolled, `player` to move."""
    game = towpath.load("mississippi", len(spaces), **options)
    state = game.new_state(0)
    assert isinstance(state, MississippiState)
    state.spaces = list(spaces)
    state.facing = list(facing) if facing is not None else [0] * len(spaces)
    state.logs = list(logs) if logs is not None else [10] * len(spaces)
    state.started = [started] * len(spaces)
    state.supply = supply
    state.player = player
    return state


def act(state: MississippiState, notation: str) -> None:
    state.apply(state.game.parse_action(notation, state))


def notations(state: MississippiState) -> list[str]:
    return [str(action) for action in state.legal_actions()]

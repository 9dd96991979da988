"""Mississippi's action ids and observation tensor, as its encoding module lays them out."""

from __future__ import annotations

import numpy as np
import pytest

from .helpers import E, position, showing

FINISH, BACK = 85, 15  # the default river's finish (84 spaces + 1) and the backward limit


def test_move_ids_run_by_rotation_then_forward_then_backward() -> None:
    game = position([0, 0]).game
    rotations = ["", "r+1 ", "r-1 ", "r+2 ", "r-2 ", "r+3 "]
    for index, turn in enumerate(rotations):
        base = index * (FINISH + BACK)
        assert game.action_id(game.parse_action(f"{turn}f1")) == base
        assert game.action_id(game.parse_action(f"{turn}f{FINISH}")) == base + FINISH - 1
        assert game.action_id(game.parse_action(f"{turn}b1")) == base + FINISH
        assert game.action_id(game.parse_action(f"{turn}b{BACK}")) == base + FINISH + BACK - 1
    assert game.action_id(game.parse_action("r-3 f2")) == game.action_id(
        game.parse_action("r+3 f2")
    )
    assert game.action_id(game.parse_action("pass")) == game.num_distinct_actions - 1 == 600


def test_longest_forward_move_from_the_start_area_has_an_id() -> None:
    state = position([0, 30], logs=[200, 10])
    assert "f84" in [str(a) for a in state.legal_actions()]  # boat 1 on 30 is jumped
    assert state.game.legal_ids(state)[-1] < 600


def test_observation_lists_boats_from_the_observers_own() -> None:
    state = position(
        [12, 40, 0], facing=[showing(6, E), 0, 0], logs=[5, 10, 30], supply=15, player=2
    )
    state.facing[2] = None
    state.started[2] = False
    game = state.game
    parts = game.observation_layout.parts(game.observation_tensor(state.view(1), 1))
    assert [int(np.argmax(row)) for row in parts["space"]] == [40, 0, 12]  # seats 1, 2, 0
    assert parts["rolled"].tolist() == [1, 0, 1] and parts["started"].tolist() == [1, 0, 1]
    assert parts["sides"][2][0] == 1.0 and not parts["sides"][1].any()  # 6 faces east
    assert parts["logs"].tolist() == pytest.approx([10 / 60, 30 / 60, 5 / 60])
    assert parts["supply"].tolist() == pytest.approx([15 / 60])
    assert parts["to_move"].tolist() == [0, 1, 0] and not parts["winner"].any()

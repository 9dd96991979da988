"""How bots judge Mapped Out positions: free placements estimated, a last card's special."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.mapped_out.helpers import act, notations, position
from towpath.games.mapped_out.actions import Place

FREE: dict[str, Any] = {"free_placement": True}


def test_free_placements_are_estimated_as_the_evaluation_after_each() -> None:
    rows = [["right", "right"], ["left", "left"]]
    state = position(rows=rows, board={(0, 0): 3}, hands=[[14, 25], [0]], pile=[4], **FREE)
    actions = state.legal_actions()
    assert len(actions) == 2 * 80, "two tiles on the 9 by 9 box around the map, less its tile"
    estimates = state.game.estimate_actions(state, 0, actions)
    assert estimates is not None
    for action, estimate in zip(actions, estimates, strict=True):
        after = state.clone()
        after.apply(action)
        assert estimate == pytest.approx(after.game.evaluate(after, 0), abs=1e-8), action
    best = max(estimates)
    assert [a for a, e in zip(actions, estimates, strict=True) if e == best] == [Place(14, 1, 0)]
    by_action = dict(zip(actions, estimates, strict=True))
    neutral, far = by_action[Place(14, 0, 1)], by_action[Place(14, 0, 2)]
    assert far == state.game.evaluate(state, 0) < neutral, "among equals, beside the map first"


def test_only_free_placements_are_estimated() -> None:
    state = position(board={(0, 0): 3}, hands=[[14, 25], [0]], pile=[4])
    assert state.game.estimate_actions(state, 0, state.legal_actions()) is None
    free = position(board={(0, 0): 3}, hands=[[14, 25], [0]], pile=[4], **FREE)
    act(free, "place 14 3,3")  # tile 14: reveal 3
    assert free.game.estimate_actions(free, 0, free.legal_actions()) is None


def test_a_last_cards_special_is_judged_by_the_walks_to_come() -> None:
    rows = [["nothing", "nothing"], ["up+change_start", "+nothing"]]
    board = {(0, 0): 3, (0, -1): 14, (0, 1): 13}  # fish 2; 2 2 above; 2 2 below
    state = position(rows=rows, board=board, hands=[[2], [20]], pile=[9], unclear_instructions=True)
    act(state, "place 2 1,0", "reveal 1.1")  # tile 2: reveal 1; seat 1's row is revealed
    assert state.phase == "walk" and notations(state)[0].startswith("start")
    game = state.game
    assert game.evaluate(state, 1) > 0.5 > game.evaluate(state, 0), "seat 1 will walk onto 2 2"

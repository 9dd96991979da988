"""The bots' judgement of Canal King positions: the estimate of building actions agrees with
evaluating each action's result."""

from __future__ import annotations

import pytest

import towpath
from tests.games.canal_king.helpers import NETWORK, position, small
from towpath.core.actions import Action
from towpath.games.canal_king.actions import Place, Swap
from towpath.games.canal_king.state import CanalKingState


def evaluated_after(state: CanalKingState, action: Action, seat: int) -> float:
    after = state.clone()
    after.apply(action)
    return state.game.evaluate(after, seat)


def crosses_once(state: CanalKingState, action: Action) -> bool:
    """A swap, or a tile of a single line: a way can use its line at most once, so the
    estimate is exact."""
    if isinstance(action, Swap):
        return True
    if not isinstance(action, Place):
        return False
    tiles = state.game.parts.tiles
    kind = tiles.kinds[tiles.kind_of[tiles.by_name[action.tile.lower()]]]
    return len(kind.lines) == 1


def test_the_tile_that_joins_the_route_is_estimated_best_and_exactly() -> None:
    # F-(0,2)-(0,3)-E is one tight curve short: a T turned to join the S and SW edges of (0,2)
    # joins E to the network, completing both routes (4: D-F-B-E; 1: A-C-E-B).
    tiles = {**NETWORK, (0, 3): ("S", 0)}
    hands = [["T", "G", "G", "S", "S"], ["S"] * 5]
    state = position(tiles=tiles, hands=hands, cards=[4, 1], **small())
    actions = state.legal_actions()
    estimates = state.game.estimate_actions(state, 0, actions)
    assert estimates is not None
    joining = Place("T", 0, 2, 3)
    assert joining in actions
    best = max(estimates)
    assert estimates[actions.index(joining)] == best
    assert [a for a, e in zip(actions, estimates, strict=True) if e == best] == [joining]
    for action, estimate in zip(actions, estimates, strict=True):
        if crosses_once(state, action):
            assert estimate == pytest.approx(evaluated_after(state, action, 0), abs=1e-12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_estimates_of_single_line_placements_and_swaps_are_exact(players: int) -> None:
    checked = 0
    for seed in range(3):
        state = towpath.load("canal_king", players).new_state(seed)
        walker = towpath.agent("random", seed=seed)
        while not state.is_terminal() and len(state.history) < 120:
            seat = state.current_player
            assert seat is not None and isinstance(state, CanalKingState)
            actions = state.legal_actions()
            estimates = state.game.estimate_actions(state, seat, actions)
            if len(state.history) % 10 == 0 and estimates is not None:
                for viewer in {seat, (seat + 1) % players}:
                    values = state.game.estimate_actions(state, viewer, actions)
                    assert values is not None
                    for action, value in list(zip(actions, values, strict=True))[::7]:
                        if crosses_once(state, action):
                            exact = evaluated_after(state, action, viewer)
                            assert value == pytest.approx(exact, abs=1e-12), str(action)
                            checked += 1
            state.apply(walker.choose(state))
    assert checked > 100


def test_sailing_turns_have_no_estimate() -> None:
    state = position(tiles=NETWORK, cards=[2, 4], **small())
    assert [str(action) for action in state.legal_actions()] == ["launch"]
    assert state.game.estimate_actions(state, 0, state.legal_actions()) is None

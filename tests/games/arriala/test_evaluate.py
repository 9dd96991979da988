"""The bots' judgement of Arriala positions: cards are worth what they do, not a point apiece,
and action points what they buy."""

from __future__ import annotations

import pytest

import towpath
from tests.games.arriala.helpers import position
from towpath.games.arriala.evaluate import (
    AP_POINTS,
    HOLD,
    hand_points,
    lock_left,
    projected_points,
)
from towpath.games.arriala.state import ArrialaState


def hand_value(state: ArrialaState, seat: int = 0) -> float:
    return hand_points(state, seat, lock_left(state))


def test_a_card_is_worth_the_action_points_it_saves_not_a_point_apiece() -> None:
    def worth(card: str) -> float:
        return hand_value(position(2, hands={0: [card]}))

    # Move-up-to-N saves N - 1 AP; Lock and vineyard→canal cards stand for 4-AP actions;
    # canal→vineyard for a 2-AP one; any colour's worker is an AP more.
    assert worth("move2") < worth("move3") < worth("move4") == worth("lock")
    assert worth("to-canal") == worth("lock") < worth("to-canal-any")
    assert 0 < worth("to-vineyard") < worth("to-vineyard-any") == worth("move3")
    assert worth("move2") == pytest.approx(HOLD * AP_POINTS * 1)
    assert worth("lock") == pytest.approx(HOLD * AP_POINTS * 3)


def test_a_lock_card_is_worth_nothing_once_no_lock_can_be_built() -> None:
    # 2 players: stretches 9-16 (2 locks), 18-22 (1), 24-33 (2), 35-41 (2): all 7 built.
    locks = (10, 12, 20, 26, 28, 36, 38)
    assert hand_value(position(2, locks=locks, hands={0: ["lock"]})) == 0.0
    assert hand_value(position(2, locks=locks[:-1], hands={0: ["lock"]})) > 0.0


def test_a_masterwork_card_is_worth_its_points_to_the_last_and_less_to_those_ahead() -> None:
    def worth(points: list[int]) -> float:
        return hand_value(position(2, points=points, hands={0: ["masterwork"]}))

    assert worth([3, 3, 0]) == worth([3, 5, 0]) == pytest.approx(HOLD * 5)
    assert worth([5, 3, 0]) == pytest.approx(HOLD * 3)  # 2 points ahead of the last
    assert worth([9, 3, 0]) == 0.0
    built = position(2, points=[3, 5, 0], hands={0: ["masterwork"]})
    built.masterworks = [1, 1]
    assert hand_value(built) == 0.0


def test_a_hand_counts_no_more_cards_than_a_turn_can_play() -> None:
    five, eight = (position(2, hands={0: ["move3"] * n}) for n in (5, 8))
    assert hand_value(five) == hand_value(eight)
    four = position(2, hands={0: ["move3"] * 4})
    assert hand_value(four) < hand_value(five)
    # The best five count: a weak card more changes nothing, a better one does.
    assert hand_value(position(2, hands={0: ["lock"] * 5 + ["move2"]})) == hand_value(
        position(2, hands={0: ["lock"] * 5})
    )
    assert hand_value(position(2, hands={0: ["move2"] * 5 + ["lock"]})) > hand_value(
        position(2, hands={0: ["move2"] * 5})
    )


def test_cards_lose_their_worth_as_the_canal_is_done() -> None:
    def projected_cards(scored: tuple[tuple[int, int], ...]) -> float:
        bare = position(2, scored=scored, hands={0: []})
        held = position(2, scored=scored, hands={0: ["lock", "move4", "teleport"]})
        return projected_points(held)[0] - projected_points(bare)[0]

    open_canal = projected_cards(())
    half_done = projected_cards(((9, 16), (18, 22), (24, 25)))
    assert open_canal > half_done > 0
    assert half_done == pytest.approx(open_canal * 15 / 30)


def test_the_player_to_move_counts_the_action_points_it_has_left() -> None:
    full, spent = position(2, ap=5), position(2, ap=2)
    assert projected_points(full)[0] - projected_points(spent)[0] == pytest.approx(3 * AP_POINTS)
    assert projected_points(full)[1] == projected_points(spent)[1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_estimates_are_the_evaluation_after_each_action(players: int) -> None:
    """Bots rank every action by `estimate_actions`, which recomputes only what the action
    changes: it must agree with evaluating the position after it, for every seat."""
    checked = 0
    for seed in range(2):
        state = towpath.load("arriala", players).new_state(seed)
        walker = towpath.agent("random", seed=seed)
        while not state.is_terminal():
            if len(state.history) % 23 == 5:
                actions = state.legal_actions()
                for seat in range(players):
                    estimates = state.game.estimate_actions(state, seat, actions)
                    assert estimates is not None
                    for action, estimate in zip(actions, estimates, strict=True):
                        after = state.clone()
                        after.apply(action)
                        assert estimate == pytest.approx(state.game.evaluate(after, seat))
                        checked += 1
            state.apply(walker.choose(state))
    assert checked > 1000


def test_ending_a_turn_costs_the_ap_left_and_hands_the_next_player_nothing() -> None:
    for first in (0, 1):
        state = position(2, ap=2, player=first, first_player=first)
        before = projected_points(state)
        state.apply(state.game.parse_action("end"))
        after = projected_points(state)
        assert state.player == 1 - first and state.ap == 5
        assert before[first] - after[first] == pytest.approx(2 * AP_POINTS)
        assert after[1 - first] == pytest.approx(before[1 - first])

"""Moving workers: action points, free spaces, and the three movement restrictions."""

from __future__ import annotations

import pytest

from tests.games.arriala.helpers import (
    MOISSAC,
    MONTECH,
    act,
    at,
    in_vineyard,
    legal,
    on_blue,
    position,
    refused,
)
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.arriala.actions import BuildMasterwork, Lock, Move


def test_moving_three_spaces_past_two_occupied_spaces_costs_3_ap() -> None:
    state = position(canal={9: "r", 10: "y", 11: "g"})
    act(state, "move r1@9 12")
    assert at(state, 12) == ["r1"] and at(state, 9) == []
    assert state.ap == 2


def test_towns_and_locks_count_as_spaces_when_passed() -> None:
    state = position(canal={15: "y"}, locks=(16,))
    act(state, "move y1@15 18")
    assert state.ap == 2, "16 (a lock) and 17 (a town) each count one space"


def test_any_colour_may_be_moved() -> None:
    state = position(canal={9: "v"}, player=0)
    act(state, "move v1@9 10")
    assert at(state, 10) == ["v1"]


def test_the_destination_must_be_free() -> None:
    state = position(canal={9: "r", 10: "y"}, locks=(11,))
    refused(state, "move r1@9 10", "destination occupied")
    refused(state, "move r1@9 11", "destination occupied")
    assert "move r1@9 12" in legal(state) and "move r1@9 8" in legal(state)


def test_a_town_holds_any_number_of_workers() -> None:
    state = position(canal={MONTECH: "ryg", 9: "r"})
    act(state, "move r2@9 8")
    assert at(state, MONTECH) == ["r1", "r2", "y1", "g1"]


def test_not_enough_action_points() -> None:
    state = position(canal={9: "r"}, ap=2)
    refused(state, "move r1@9 12", "action points")
    assert "move r1@9 11" in legal(state) and "move r1@9 12" not in legal(state)
    refused(state, "place 20", "action points")


def test_a_move_leaves_its_space_and_needs_a_worker() -> None:
    state = position(canal={MONTECH: "r"})
    refused(state, "move r1@8 8", "same space")
    refused(state, "move y1@8 9", "no such worker")
    refused(state, "move r1@10 11", "no such worker")
    refused(state, "move r2@8 9", "no such worker")


def test_one_canal_move_per_worker_per_turn() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2", "teleport"]})
    act(state, "move r1@9 10")
    refused(state, "move r1@10 11", "one canal move")
    refused(state, "play move2 r1@10 12", "one canal move")
    refused(state, "play teleport r1@10 30", "one canal move")


def test_a_move_card_uses_up_the_canal_move_too() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2"]})
    act(state, "play move2 r1@9 11")
    refused(state, "move r1@11 12", "one canal move")


def test_moves_to_and_from_vineyards_are_not_canal_moves() -> None:
    state = position(canal={}, vineyards={"ch": "r"})
    act(state, "to-canal r1@ch 20")
    act(state, "move r1@20 21")
    assert at(state, 21) == ["r1"]
    assert state.player == 1 and state.turn == 1, "4 + 1 AP: the turn ended by itself"


def test_canal_vineyard_canal_in_one_turn_is_refused() -> None:
    state = position(canal={9: "r"}, hands={0: ["to-canal"]})
    act(state, "to-vineyard r1@9 ch")
    assert state.ap == 3
    refused(state, "play to-canal r1@ch 9", "canal-vineyard-canal")
    act(state, "end", "end", "end", "end")
    assert "play to-canal r1@ch 9" in legal(state), "a new turn"


def test_vineyard_canal_vineyard_in_one_turn_is_allowed() -> None:
    state = position(canal={}, vineyards={"ch": "r"}, hands={0: ["to-vineyard"]})
    act(state, "to-canal r1@ch 9", "play to-vineyard r1@9 br")
    assert in_vineyard(state, "Brulhois") == ["r1"]


def test_a_worker_cannot_go_straight_back_where_the_previous_player_moved_it_from() -> None:
    state = position(canal={12: "y", 20: "r"}, player=0)
    act(state, "move y1@12 14", "end")
    assert state.player == 1
    refused(state, "move y1@14 12", "worker moved back")
    assert "move y1@14 13" in legal(state)
    act(state, "end")
    act(state, "move y1@14 12")
    assert at(state, 12) == ["y1"], "two turns later the restriction is gone"


def test_every_space_the_previous_player_moved_it_out_of_is_barred() -> None:
    # Red completes 18-22 with the yellow worker, which may then move again, 22 -> 23.
    state = position(canal={18: "r", 19: "r", 20: "y", 21: "y", 24: "y"}, player=0)
    act(state, "move y3@24 22", "move y3@22 23", "end")
    refused(state, "move y3@23 24", "worker moved back")
    refused(state, "move y3@23 22", "worker moved back")
    assert "move y3@23 25" in legal(state)


def test_the_previous_players_vineyard_move_bars_the_same_vineyard() -> None:
    state = position(canal={}, vineyards={"ch": "y"}, hands={0: ["to-canal-any"]}, player=0)
    act(state, "play to-canal-any y1@ch 20", "end")
    refused(state, "to-vineyard y1@20 ch", "worker moved back")
    assert "to-vineyard y1@20 br" in legal(state)


def test_a_worker_sent_to_a_vineyard_by_the_previous_player_may_not_return_to_its_space() -> None:
    state = position(canal={20: "y"}, hands={0: ["to-vineyard-any"]}, player=0)
    act(state, "play to-vineyard-any y1@20 ch", "end")
    refused(state, "to-canal y1@ch 20", "worker moved back")
    act(state, "to-canal y1@ch 21")
    assert at(state, 21) == ["y1"]


def test_only_the_previous_players_moves_bar_a_worker() -> None:
    state = position(3, canal={12: "y", 30: "g"}, player=0)
    act(state, "move y1@12 14", "end", "end")
    assert state.player == 2
    act(state, "move y1@14 12")


def test_the_restriction_follows_the_worker_not_its_colour() -> None:
    state = position(canal={20: "y", MOISSAC: "y"}, player=0)
    act(state, "move y1@20 23", "end")
    refused(state, "move y1@23 20", "worker moved back")
    act(state, "move y2@23 20")
    assert at(state, 20) == ["y2"], "the other yellow worker in Moissac may go to 20"
    marks = [m for m in state.view(None)["marks"] if m["at"] == "23"]
    assert [(m["number"], m["barred"]) for m in marks] == [(1, ["20"])], "y1 stays, barred"


def test_move_card_covers_its_reach_for_one_ap_each_further_space_one_more() -> None:
    state = position(canal={9: "r", 30: "y"}, hands={0: ["move3", "move3"]})
    act(state, "play move3 r1@9 12")
    assert state.ap == 4
    act(state, "play move3 y1@30 25")
    assert state.ap == 1, "5 spaces: 1 AP for the card and 2 for the spaces beyond 3"


def test_teleport_moves_one_of_your_canal_workers_anywhere_free() -> None:
    state = position(canal={2: "r", 40: "y"}, hands={0: ["teleport", "teleport"]})
    act(state, "play teleport r1@2 41")
    assert at(state, 41) == ["r1"] and state.ap == 4
    refused(state, "play teleport y1@40 3", "own worker")


def test_a_card_must_be_in_hand() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2"]})
    refused(state, "play move3 r1@9 10", "card in hand")
    refused(state, "play lock 20", "card in hand")


def test_placing_a_new_worker_costs_3_ap() -> None:
    state = position(canal={9: "r"})
    refused(state, "place 9", "destination occupied")
    act(state, "place 10")
    assert at(state, 10) == ["r2"] and state.ap == 2, "numbers go in placing order"
    assert state.view(None)["reserve"][0] == 3


def test_placing_needs_a_worker_in_the_reserve() -> None:
    state = position(canal={2: "r", 3: "r", 4: "r", 5: "r", MONTECH: "r"})
    refused(state, "place 20", "reserve empty")


def test_canal_to_vineyard_costs_2_ap_and_only_for_your_own_workers() -> None:
    state = position(canal={9: "r", 10: "y"})
    act(state, "to-vineyard r1@9 fr")
    assert state.ap == 3 and in_vineyard(state, "Frontonnais") == ["r1"]
    refused(state, "to-vineyard y1@10 fr", "own worker")


def test_any_colour_vineyard_cards() -> None:
    state = position(canal={10: "y"}, hands={0: ["to-vineyard-any", "to-vineyard"]})
    refused(state, "play to-vineyard y1@10 ch", "own worker")
    act(state, "play to-vineyard-any y1@10 ch")
    assert in_vineyard(state, "Chasselas") == ["y1"]


def test_a_full_vineyard_takes_no_more_workers() -> None:
    state = position(canal={9: "r"}, vineyards={"ch": "yyyy"})
    refused(state, "to-vineyard r1@9 ch", "vineyard full")


def test_vineyard_to_canal_costs_4_ap() -> None:
    state = position(canal={9: "y"}, vineyards={"br": "ry"})
    act(state, "to-canal r1@br 10")
    assert state.ap == 1
    state.ap = 5
    refused(state, "to-canal y2@br 11", "own worker")
    refused(state, "to-canal r1@br 11", "no such worker")
    refused(state, "to-canal y2@ch 11", "no such worker")


def test_a_river_structure_scores_3_and_keeps_its_worker() -> None:
    state = position(canal={9: "r", 10: "y", 11: "r"}, blue={"b2": "y"})
    act(state, "river r1@9 b1")
    assert state.points[0] == 3 and state.ap == 2
    assert on_blue(state) == ["r1", "y2", None, None]
    movable = {notation.split()[1] for notation in legal(state) if notation.startswith("move r")}
    assert movable == {"r2@11"}, "the worker on b1 is off the canal for good"
    state.ap = 5
    refused(state, "river r2@11 b2", "blue space taken")
    refused(state, "river y1@10 b3", "own worker")


def test_drawing_costs_2_ap_and_has_no_hand_limit() -> None:
    state = position(canal={}, hands={0: ["lock"] * 6})
    pile = len(state.pile)
    act(state, "draw", "draw")
    assert len(state.hands[0]) == 8 and len(state.pile) == pile - 2 and state.ap == 1


def test_an_empty_pile_is_refilled_from_the_shuffled_discards() -> None:
    state = position(canal={})
    state.discards = sorted(state.pile[:3])
    state.pile = []
    act(state, "draw")
    assert len(state.pile) == 2 and state.discards == []
    state.discards, state.pile = [], []
    refused(state, "draw", "empty pile")
    assert "draw" not in legal(state)


def test_masterwork_is_for_the_player_last_on_the_score_track() -> None:
    state = position(canal={}, points=[3, 1, 1, 2], hands={0: ["masterwork"], 1: ["masterwork"]})
    refused(state, "play masterwork cacor", "last place")
    state.player = 1
    act(state, "play masterwork cacor")
    assert state.points == [3, 6, 1, 2]
    assert state.view(None)["masterworks"][1]["builder"] == "yellow"


def test_a_player_tied_for_last_may_build_a_masterwork_once_each() -> None:
    state = position(canal={}, points=[1, 1, 4, 4], hands={0: ["masterwork", "masterwork"]})
    act(state, "play masterwork montech")
    refused(state, "play masterwork montech", "masterwork built")
    state.points = [1, 1, 4, 4]
    act(state, "play masterwork cacor")
    assert "play masterwork" not in " ".join(legal(state))


def test_the_virtual_player_does_not_count_for_last_place() -> None:
    state = position(2, points=[2, 3, 0], hands={0: ["masterwork"]})
    act(state, "play masterwork cacor")
    assert state.points == [7, 3, 0]


def test_the_turn_ends_by_itself_at_0_ap() -> None:
    state = position(canal={9: "r"})
    act(state, "move r1@9 14")
    assert state.player == 1 and state.ap == 5 and state.turn == 1


def test_end_passes_the_turn_and_unused_ap_are_lost() -> None:
    state = position(canal={9: "r"})
    act(state, "move r1@9 10", "end")
    assert state.player == 1 and state.ap == 5
    act(state, "end", "end", "end")
    assert state.player == 0 and state.ap == 5
    act(state, "move r1@10 11")
    assert state.ap == 4, "the red worker may move again in a new turn"


def test_rulebook_example_a_lock_then_a_card_or_a_one_space_move() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2"]})
    act(state, "lock 30")
    assert state.ap == 1
    assert {"move r1@9 10", "play move2 r1@9 11"} <= set(legal(state))
    assert "move r1@9 11" not in legal(state)
    act(state, "move r1@9 10")
    assert state.player == 1, "all 5 AP spent"


def test_rulebook_example_the_violet_worker_moves_four_spaces_for_4_ap() -> None:
    state = position(canal={24: "v"}, player=0)
    act(state, "move v1@24 28")
    assert at(state, 28) == ["v1"] and state.ap == 1


def test_the_same_action_may_be_taken_several_times_in_a_turn() -> None:
    state = position(canal={9: "r", 20: "y", 30: "g"})
    act(state, "move r1@9 10", "move y1@20 21", "move g1@30 31")
    assert state.ap == 2


def test_a_worker_moved_into_a_town_leaves_the_other_worker_of_its_colour_free() -> None:
    state = position(canal={9: "r", MONTECH: "r"})
    act(state, "move r1@9 8")
    act(state, "move r2@8 10")
    assert at(state, MONTECH) == ["r1"] and at(state, 10) == ["r2"]
    refused(state, "move r1@8 9", "one canal move")


class Foreign(Action):
    """An action of no Arriala kind."""

    def notation(self) -> str:
        return "foreign"


def test_actions_built_by_hand_are_refused_for_what_is_wrong_with_them() -> None:
    state = position(canal={9: "r"}, hands={0: ["lock", "masterwork"]})
    cases: list[tuple[Action, str]] = [
        (Move(0, 1, 8, 9, "lock"), "card"),
        (Move(0, 1, 8, 9, "joker"), "card"),
        (BuildMasterwork("masterwork", "eiffel"), "masterwork"),
        (Move(3, 1, 11, 9), "no such worker"),
        (Move(0, 1, 45, 44), "no such worker"),
        (Move(0, 6, 8, 9), "no such worker"),
        (Move(0, 0, 8, 9), "no such worker"),
        (Move(9, 1, 8, 9), "no such worker"),
        (Lock(99), "in play"),
        (Foreign(), "notation"),
    ]
    before = state.to_json()
    for action, rule in cases:
        with pytest.raises(IllegalAction) as error:
            state.apply(action)
        assert error.value.rule == rule, action
        assert "\n" not in str(error.value) and state.to_json() == before


def test_a_new_worker_may_still_make_its_canal_move() -> None:
    # Decision (arriala/__init__.py): placing is not a canal move.
    state = position(canal={})
    act(state, "place 10", "move r1@10 12")
    assert at(state, 12) == ["r1"] and state.player == 1


def test_a_worker_that_made_its_canal_move_may_still_go_to_a_vineyard_or_a_blue_space() -> None:
    # Decision (rules/arriala.md): moves to vineyards and blue spaces are not canal moves.
    state = position(canal={9: "r", 20: "r"})
    act(state, "move r1@9 10", "to-vineyard r1@10 ch")
    assert in_vineyard(state, "Chasselas") == ["r1"]
    state = position(canal={9: "r"})
    act(state, "move r1@9 10", "river r1@10 b2")
    assert state.points[0] == 3 and on_blue(state)[1] == "r1"


def test_a_river_structure_may_go_on_any_free_blue_space() -> None:
    # Decision (arriala/__init__.py): "ein freies blaues Feld", not only the one beside it.
    state = position(canal={9: "r"})
    act(state, "river r1@9 b4")
    assert on_blue(state) == [None, None, None, "r1"]


def test_a_lock_card_keeps_the_stretch_limit_and_no_scored_section() -> None:
    state = position(canal={25: "y"}, locks=(20, 27), scored=((24, 26),), hands={0: ["lock"]})
    refused(state, "play lock 19", "lock limit")
    refused(state, "play lock 24", "scored section")
    refused(state, "play lock 25", "destination occupied")
    act(state, "play lock 30")
    assert state.points[0] == 1 and state.ap == 4


def test_the_own_colour_vineyard_to_canal_card_moves_only_your_workers() -> None:
    state = position(canal={}, vineyards={"br": "ry"}, hands={0: ["to-canal", "to-canal-any"]})
    refused(state, "play to-canal y1@br 11", "own worker")
    act(state, "play to-canal r1@br 11", "play to-canal-any y1@br 12")
    assert at(state, 11) == ["r1"] and at(state, 12) == ["y1"] and state.ap == 3


def test_a_teleport_may_not_take_a_worker_straight_back_either() -> None:
    state = position(canal={20: "y"}, hands={1: ["teleport"]}, player=0)
    act(state, "move y1@20 23", "end")
    refused(state, "play teleport y1@23 20", "worker moved back")
    act(state, "play teleport y1@23 8")
    assert at(state, MONTECH) == ["y1"], "a town is a free canal space"

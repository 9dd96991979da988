"""Sections, locks and their scoring: the spec's scenarios and the rulebook's examples."""

from __future__ import annotations

from tests.games.arriala.helpers import CASTELSARRASIN, MOISSAC, act, at, position, refused
from towpath.games.arriala.sections import majority


def test_rulebook_example_five_workers_two_red_two_yellow_one_green_green_scores_8() -> None:
    # Castelsarrasin-Moissac is the 5-space section 18-22; green walks in from Moissac.
    state = position(canal={18: "r", 19: "r", 20: "y", 21: "y", MOISSAC: "g"})
    act(state, "move g1@23 22")
    assert state.points == [0, 0, 8, 0]
    assert state.view(None)["scored_sections"] == ["18-22"]
    assert state.ap == 4, "the player goes on with the AP left"


def test_rulebook_example_two_red_two_yellow_cancel_out_and_nobody_scores() -> None:
    # A lock on 13 leaves the 4-space section 9-12.
    state = position(canal={9: "r", 10: "r", 11: "y", 14: "y"}, locks=(13,))
    act(state, "move y2@14 12")
    assert state.points == [0, 0, 0, 0]
    assert state.view(None)["scored_sections"] == ["9-12"], "scored all the same, for nobody"


def test_a_majority_tied_again_at_the_next_rank_scores_nothing() -> None:
    assert majority([2, 2, 1, 1]) is None
    assert majority([2, 2, 1, 0]) == 2
    assert majority([1, 1, 1, 0]) is None
    assert majority([3, 1, 1, 0]) == 0
    assert majority([0, 0, 0, 0]) is None
    assert majority([2, 2, 2, 1]) == 3


def test_the_score_table_goes_by_the_section_length() -> None:
    state = position(canal={24 + i: "y" if i < 5 else "g" for i in range(9)})
    act(state, "place 33")
    assert state.points == [0, 18, 0, 0], "10 spaces, yellow 5, green 4, red 1: 18 points"


def test_a_lock_splits_a_section_and_each_full_part_is_scored_at_once() -> None:
    state = position(canal={18: "r", 19: "r", 21: "y", 22: "y"})
    act(state, "lock 20")
    assert state.points == [1 + 2, 2, 0, 0], "the builder's lock point and red's 2-space part"
    assert state.view(None)["scored_sections"] == ["18-19", "21-22"]
    assert state.ap == 1


def test_a_lock_scores_only_the_full_part() -> None:
    state = position(canal={18: "r", 19: "y", 22: "y"})
    act(state, "lock 20")
    assert state.view(None)["scored_sections"] == ["18-19"]
    assert state.points == [1, 0, 0, 0], "red 1, yellow 1: tied, and nobody next"


def test_a_lock_next_to_a_town_creates_no_empty_section() -> None:
    state = position(canal={19: "r", 20: "r", 21: "y", 22: "y"})
    act(state, "lock 18")
    spaces = state.view(None)["spaces"]
    assert spaces[CASTELSARRASIN - 1]["section"] is None
    assert spaces[18 - 1]["section"] is None and spaces[18 - 1]["lock"]
    assert state.view(None)["scored_sections"] == ["19-22"]
    assert state.points == [1, 0, 0, 0], "19-22 is full: red 2, yellow 2 cancel out"


def test_a_scored_section_is_never_scored_again() -> None:
    state = position(canal={18: "r", 19: "r", 20: "r", 21: "y", MOISSAC: "rg"})
    act(state, "move r4@23 22")
    assert state.points == [8, 0, 0, 0]
    act(state, "move r4@22 23", "move y1@21 22", "move g1@23 21")
    assert at(state, 21) == ["g1"], "full once more"
    assert state.points == [8, 0, 0, 0]


def test_the_workers_of_a_scored_section_may_move_again() -> None:
    state = position(canal={CASTELSARRASIN: "gy", 20: "r", 21: "r", 22: "y"})
    act(state, "move g1@17 18", "move y1@17 19")
    assert state.points == [0, 0, 8, 0] and state.ap == 2
    act(state, "move g1@18 17", "move y1@19 18")
    assert at(state, CASTELSARRASIN) == ["g1"] and at(state, 18) == ["y1"]
    assert state.player == 1, "every AP spent"
    state = position(canal={18: "r", 19: "r", 20: "y", 22: "y", 16: "g"})
    act(state, "move g1@16 15")
    refused(state, "move g1@15 14", "one canal move")


def test_no_lock_in_a_scored_section() -> None:
    state = position(canal={19: "r", 20: "r", 21: "y"}, scored=((18, 22),))
    refused(state, "lock 22", "scored section")


def test_the_lock_limit_of_a_stretch() -> None:
    state = position(canal={}, locks=(20,))
    refused(state, "lock 19", "lock limit")
    state = position(canal={}, locks=(10,))
    act(state, "lock 12")
    assert state.locks[12 - 1] and state.points[0] == 1
    state.ap = 5
    refused(state, "lock 14", "lock limit")


def test_a_lock_goes_on_a_free_space_between_towns() -> None:
    state = position(canal={19: "r"})
    refused(state, "lock 19", "destination occupied")
    refused(state, "lock 17", "lock space")
    state.ap = 3
    refused(state, "lock 20", "action points")


def test_a_lock_card_costs_one_ap() -> None:
    state = position(canal={}, hands={0: ["lock"]}, ap=1)
    act(state, "play lock 25")
    assert state.locks[25 - 1] and state.points[0] == 1
    assert "lock" in state.discards and state.hands[0] == []


def test_the_game_ends_the_moment_the_last_section_is_scored_then_vineyards() -> None:
    # Everything else is scored or a lock; 18-22 is the last section in play.
    scored = ((2, 7), (9, 16), (24, 33), (35, 41))
    state = position(
        canal={18: "r", 19: "y", 20: "y", 21: "y", MOISSAC: "y"},
        vineyards={"ch": "rr", "br": "ygg", "fr": "v"},
        scored=scored,
        points=[10, 0, 0, 0],
    )
    act(state, "move y4@23 22")
    assert state.is_terminal() and state.legal_actions() == []
    # yellow: 8 for the section; Chasselas 4 to red; Brulhois 6 to green; Frontonnais 8 to violet.
    assert state.points == [14, 8, 6, 8]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]


def test_a_lock_on_the_last_free_space_ends_the_game() -> None:
    scored = ((2, 7), (9, 16), (24, 33), (35, 41))
    state = position(canal={18: "r", 19: "r", 21: "y", 22: "g"}, scored=scored)
    act(state, "lock 20")
    assert state.is_terminal()
    assert state.points == [3, 0, 0, 0]


def test_vineyards_score_with_the_same_tie_rule() -> None:
    state = position(canal={}, vineyards={"fr": "rryyg", "ch": "rryy", "br": "y"}, max_turns=1)
    act(state, "end")
    assert state.is_terminal()
    assert state.points == [0, 6, 8, 0], "Frontonnais to green, Chasselas to nobody"


def test_three_players_score_no_frontonnais() -> None:
    state = position(3, canal={}, vineyards={"ch": "r"}, max_turns=1)
    act(state, "end")
    assert state.points == [4, 0, 0]

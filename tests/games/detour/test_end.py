"""Finishing, playing out the round, the rank-sum tie-break, the round limit, scores and the
2-player winning conditions (with the source's three examples)."""

from __future__ import annotations

import pytest

from tests.games.detour.helpers import act, play_round_out, position


def test_a_finish_lets_the_round_play_out_then_the_game_ends() -> None:
    state = position(["34", "0", "0"])
    act(state, "move voyage 2")
    assert state.finished == [0] and not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.current_player == 1, "the round is played out"
    play_round_out(state)
    assert state.is_terminal() and state.current_player is None
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.view(None)["winners"] == [0]


def test_several_finishers_the_highest_sum_of_ranks_in_hand_wins() -> None:
    # Spec scenario. Yellow finishes with Voyage, keeping Detour 1 + Backward 2 + Block 3 = 6;
    # red finishes later with Backward, keeping Detour 1 + Block 3 + Voyage 4 = 8.
    state = position(["34", "35", "0"])
    act(state, "move voyage 2")
    act(state, "move backward 1")
    assert state.finished == [0, 1]
    play_round_out(state)
    assert state.returns() == [0.0, 1.0, 0.0]


def test_equal_sums_of_ranks_the_first_to_finish_wins() -> None:
    state = position(["0", "34", "34", "0"])
    state.turn = 1  # red plays first this round after yellow
    act(state, "move voyage 2")
    act(state, "move voyage 2")
    play_round_out(state)
    assert state.finished == [1, 2]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_finishing_in_the_last_round_of_a_cycle_all_hands_are_empty() -> None:
    # Decision (cards.toml): hands are collected only when the next round starts, so in the
    # fourth round of a cycle every hand sums to 0 and the first marker to finish wins.
    hands = [["block"], ["backward"], ["voyage"]]
    state = position(["0", "35", "34"], hands=hands, round_=4)
    act(state, "pass block")
    act(state, "move backward 1")  # red: into space 0 with Balloon + Train
    act(state, "move voyage 2")  # green: 35 Balloon, then space 0
    assert state.finished == [1, 2] and state.is_terminal()
    assert state.view(None)["hands"] == [[], [], []], "no refill once the game is over"
    assert state.returns() == [0.0, 1.0, 0.0]


def test_the_round_limit_gives_the_win_to_the_farthest_marker() -> None:
    state = position(["12", "20", "3"], max_rounds=5, round_=5)
    play_round_out(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0]


def test_at_the_round_limit_a_main_path_marker_beats_a_detour_marker_beside_it() -> None:
    state = position(["D1:6", "9", "3"], max_rounds=5, round_=5)  # D1 space 6 lies beside 9
    play_round_out(state)
    assert state.returns() == [0.0, 1.0, 0.0]


def test_at_the_round_limit_a_tie_shares_the_win() -> None:
    state = position(["9", "9", "3"], max_rounds=5, round_=5)
    play_round_out(state)
    assert state.returns() == [0.5, 0.5, 0.0]


def test_two_players_round_limit_with_both_farthest_markers_of_one_seat() -> None:
    state = position(["9", "3", "9", "5"], players=2, max_rounds=5, round_=5)
    play_round_out(state)
    assert state.returns() == [1.0, 0.0]


def test_scores_are_the_best_map_position_per_player() -> None:
    state = position(["F", "D1:3", "12"])
    assert state.scores() == [36.0, 8.0, 12.0]
    two = position(["3", "D2:5", "30", "1"], players=2)
    assert two.scores() == [30.0, 19.0]


# -- 2 players ----------------------------------------------------------------------------------
# Player 1 (seat 0) plays yellow and green, player 2 (seat 1) red and blue; yellow moves to the
# start position and triggers the end of the game (the source's examples).


def end_two_player_game(green: str, red: str, blue: str) -> list[float]:
    state = position(["34", red, green, blue], players=2)
    act(state, "move voyage 2")
    assert state.finished == [0]
    play_round_out(state)
    assert state.is_terminal()
    return state.returns()


def test_source_example_1_the_enders_other_colour_farthest_behind_loses() -> None:
    assert end_two_player_game(green="10", red="20", blue="15") == [0.0, 1.0]


def test_source_example_2_the_other_colour_on_the_last_tile_wins_even_if_behind() -> None:
    # Spec scenario: rule 1 wins regardless of the rest; green is the last marker on the track.
    assert end_two_player_game(green="33", red="34", blue="35") == [1.0, 0.0]


@pytest.mark.parametrize(("green", "returns"), [("32", [0.0, 1.0]), ("33", [1.0, 0.0])])
def test_rule_1_the_last_map_tile_is_spaces_33_to_35(green: str, returns: list[float]) -> None:
    # Green is the last marker on the track either way: only the last tile saves seat 0.
    assert end_two_player_game(green=green, red="34", blue="35") == returns


def test_rule_1_the_other_colour_having_finished_too_wins() -> None:
    state = position(["34", "0", "35", "0"], players=2)
    act(state, "move voyage 2")
    act(state, "pass voyage")
    act(state, "move backward 1")
    play_round_out(state)
    assert state.finished == [0, 2]
    assert state.returns() == [1.0, 0.0]


def test_source_example_3_a_detour_marker_level_with_another_counts_farther_behind() -> None:
    # Green on D1 space 6 lies beside 9, level with red on 9: green counts farther behind.
    assert end_two_player_game(green="D1:6", red="9", blue="20") == [0.0, 1.0]


def test_rule_2_the_opponent_last_on_the_track_makes_the_ender_win() -> None:
    assert end_two_player_game(green="20", red="10", blue="25") == [1.0, 0.0]


def test_rule_2_a_detour_marker_of_the_opponent_counts_farther_behind() -> None:
    assert end_two_player_game(green="9", red="D1:6", blue="20") == [1.0, 0.0]


def test_rule_2_still_tied_the_player_who_ended_the_game_wins() -> None:
    assert end_two_player_game(green="9", red="9", blue="20") == [1.0, 0.0]


def test_two_players_the_ender_owns_the_first_marker_to_finish() -> None:
    # Red finishes first; yellow finishes later in the round; blue is on the last tile.
    state = position(["35", "34", "0", "33"], players=2, to_play=1, first=1)
    act(state, "move voyage 2")  # red
    act(state, "move backward 1")  # yellow
    play_round_out(state)
    assert state.finished == [1, 0]
    assert state.returns() == [0.0, 1.0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returns_are_zero_until_the_end(players: int) -> None:
    markers = ["0"] * (4 if players == 2 else players)
    assert position(markers, players=players).returns() == [0.0] * players


def test_rule_2_a_detour_marker_ahead_on_the_map_is_not_last() -> None:
    # "Detour or main path position does not affect the last position unless it is a tie
    # breaker": green on D1 space 6 lies beside 9, ahead of red on 8.
    assert end_two_player_game(green="D1:6", red="8", blue="20") == [1.0, 0.0]

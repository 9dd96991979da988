"""Setup by player count, the 2-player virtual player, the end, winners and the turn limit."""

from __future__ import annotations

from collections import Counter

import pytest

import towpath
from tests.games.arriala.helpers import (
    CASTELSARRASIN,
    MALAUSE,
    MOISSAC,
    MONTECH,
    VALENCE,
    act,
    at,
    in_vineyard,
    legal,
    position,
    refused,
)
from towpath.core.errors import GameError
from towpath.games.arriala.state import ArrialaState


def new(players: int, seed: int = 0, **options: object) -> ArrialaState:
    state = towpath.load("arriala", players, **options).new_state(seed)
    assert isinstance(state, ArrialaState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_two_cards_each_the_rest_in_the_pile_workers_in_reserve(players: int) -> None:
    state = new(players, seed=5)
    view = state.view(0)
    assert [len(hand) for hand in state.hands] == [2] * players
    assert view["pile"] == 55 - 2 * players and view["discards"] == []
    assert view["reserve"][:players] == [5] * players
    assert view["scores"] == [0] * len(view["colours"])
    assert view["ap_left"] == 5 and view["current_player"] == 0
    assert Counter(card for hand in state.hands for card in hand) + Counter(state.pile) == Counter(
        state.game.rules.deck
    )


def test_the_deck_has_the_55_cards_of_the_spec() -> None:
    deck = Counter(new(4).game.rules.deck)
    assert deck == {
        "move2": 8,
        "move3": 8,
        "move4": 6,
        "teleport": 7,
        "lock": 6,
        "masterwork": 4,
        "to-vineyard": 5,
        "to-vineyard-any": 3,
        "to-canal": 5,
        "to-canal-any": 3,
    }


def test_same_seed_same_deal_and_first_player_option() -> None:
    assert new(4, seed=9).to_json() == new(4, seed=9).to_json()
    assert new(3, first_player=2).player == 2
    with pytest.raises(GameError, match="first_player"):
        towpath.load("arriala", 2, first_player=3)


def test_four_players_use_the_whole_board() -> None:
    view = new(4).view(None)
    assert all(space["in_play"] for space in view["spaces"])
    assert list(view["vineyards"]) == ["Frontonnais", "Chasselas", "Brulhois"]
    assert [b["in_play"] for b in view["blue_info"]] == [True] * 4
    assert view["virtual"] is None and len(view["scores"]) == 4


def test_three_players_leave_out_frontonnais() -> None:
    state = position(3, canal={9: "r"})
    assert list(state.view(None)["vineyards"]) == ["Chasselas", "Brulhois"]
    refused(state, "to-vineyard r1@9 fr", "in play")
    assert all(space["in_play"] for space in state.view(None)["spaces"])


def test_two_players_virtual_workers_on_the_towns_and_the_first_stretch_closed() -> None:
    state = new(2)
    view = state.view(0)
    assert view["colours"] == ["red", "yellow", "green"] and view["virtual"] == "green"
    for number, town in enumerate((MONTECH, CASTELSARRASIN, MOISSAC, MALAUSE, VALENCE), 1):
        assert at(state, town) == [f"g{number}"], "numbered in canal order of the towns"
    assert view["reserve"] == [5, 5, 0] and view["scores"] == [0, 0, 0]
    assert view["hands"] == [state.hands[0], 2], "the virtual player holds no cards"
    assert [space["in_play"] for space in view["spaces"][:7]] == [False] * 7
    assert view["spaces"][MONTECH - 1]["in_play"]
    assert [b["in_play"] for b in view["blue_info"]] == [False, True, True, True]
    assert list(view["vineyards"]) == ["Chasselas", "Brulhois"]
    assert not view["stretches"][0]["in_play"]


def test_two_players_the_closed_stretch_takes_no_worker_lock_or_river_structure() -> None:
    state = position(2, canal={9: "r", MONTECH: "g"}, hands={0: ["teleport", "lock"]})
    refused(state, "place 5", "in play")
    refused(state, "place 1", "in play")
    refused(state, "move r1@9 7", "in play")
    refused(state, "move g1@8 4", "in play")
    refused(state, "lock 4", "in play")
    refused(state, "river r1@9 b1", "in play")
    assert not any(notation.endswith((" 1", " 7")) for notation in legal(state))


def test_both_players_move_the_virtual_workers_and_it_never_takes_a_turn() -> None:
    state = new(2)
    act(state, "move g1@8 9", "end")
    assert state.current_player == 1
    act(state, "move g2@17 16", "end")
    assert state.current_player == 0 and state.turn == 2
    assert at(state, 9) == ["g1"] and at(state, 16) == ["g2"]


def test_any_colour_cards_move_the_virtual_workers() -> None:
    state = position(2, hands={0: ["to-vineyard-any", "to-canal-any", "move2"]})
    act(state, "play to-vineyard-any g1@8 ch", "play move2 g2@17 19")
    assert in_vineyard(state, "Chasselas") == ["g1"] and at(state, 19) == ["g2"]
    act(state, "end", "end")
    act(state, "play to-canal-any g1@ch 10")
    assert at(state, 10) == ["g1"]


def test_the_virtual_player_scores_sections_like_anyone() -> None:
    state = position(2, canal={18: "g", 19: "g", 20: "g", 21: "r", MOISSAC: "y"})
    act(state, "move y1@23 22")
    assert state.points == [0, 0, 8]


def test_if_the_virtual_player_wins_nobody_wins() -> None:
    state = position(2, points=[3, 4, 9], max_turns=1)
    act(state, "end")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "nobody wins" in state.render_text(0)


def test_a_virtual_player_tied_for_the_win_takes_the_win_from_everyone() -> None:
    tied = position(2, canal={MONTECH: "g", 9: "y"}, points=[3, 9, 9], max_turns=1)
    act(tied, "end")
    assert tied.view(None)["winners"] == ["yellow", "green"]
    assert tied.returns() == [0.0, 0.0]
    behind = position(2, canal={MONTECH: "g", 9: "y", 10: "y"}, points=[3, 9, 9], max_turns=1)
    act(behind, "end")
    assert behind.returns() == [0.0, 1.0], "yellow has more workers on the canal"


def test_a_tie_on_points_goes_to_most_workers_on_the_canal() -> None:
    state = position(
        canal={MONTECH: "r", 9: "y", 12: "y"},
        blue={"b1": "r", "b2": "r"},
        points=[5, 5, 0, 0],
        max_turns=1,
    )
    act(state, "end")
    assert state.returns() == [0.0, 1.0, 0.0, 0.0], "yellow 2 on the canal, red 1 (and 2 blue)"


def test_still_tied_the_win_is_shared() -> None:
    state = position(canal={MONTECH: "r", 9: "y"}, points=[5, 5, 0, 0], max_turns=1)
    act(state, "end")
    assert state.returns() == [0.5, 0.5, 0.0, 0.0]
    assert state.view(None)["winners"] == ["red", "yellow"]


def test_returns_are_zero_until_the_end_and_scores_follow_points() -> None:
    state = position(canal={}, points=[3, 1, 0, 2])
    assert state.returns() == [0.0] * 4 and state.scores() == [3.0, 1.0, 0.0, 2.0]
    assert position(2, points=[1, 2, 7]).scores() == [1.0, 2.0], "one score per seat"


def test_the_turn_limit_ends_the_game_and_scores_vineyards() -> None:
    state = position(3, canal={}, vineyards={"ch": "y"}, max_turns=4)
    act(state, "end", "end", "end")
    assert not state.is_terminal()
    act(state, "end")
    assert state.is_terminal() and state.points == [0, 4, 0]
    assert state.returns() == [0.0, 1.0, 0.0]
    with pytest.raises(towpath.IllegalAction) as error:
        act(state, "end")
    assert error.value.rule == "game over"

"""The shared pieces: the generator, hex and square geometry, options, the registry."""

from __future__ import annotations

from collections import Counter

import pytest

import towpath
from towpath.core import grid, registry
from towpath.core.actions import Words, turn_of
from towpath.core.errors import GameError
from towpath.core.game import EndingJSON
from towpath.core.hexgrid import ODD_Q, ODD_R, OffsetLayout, opposite
from towpath.core.options import LENGTH_SPAN, BoolOption, ChoiceOption, IntListOption, IntOption
from towpath.core.piles import draw, shared_win
from towpath.core.rng import Rng


def test_rng_is_deterministic_and_restorable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng.from_state(a.state)
    assert [a.below(1000) for _ in range(20)] == [c.below(1000) for _ in range(20)]
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_draws_stay_in_range_and_cover_it() -> None:
    rng = Rng(7)
    rolls = Counter(rng.randint(1, 6) for _ in range(6000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(800 < count < 1200 for count in rolls.values())
    assert all(0.0 <= rng.random() < 1.0 for _ in range(100))
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_shuffle_is_a_permutation() -> None:
    items = list(range(30))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))


def test_the_round_counts_every_players_turn_and_names_the_limit_only_in_its_last_fifth() -> None:
    assert turn_of(0, 600, 4) == "Round 1"
    assert turn_of(3, 600, 4) == "Round 1"  # the fourth player's turn
    assert turn_of(4, 600, 4) == "Round 2"
    assert turn_of(479, 600, 4) == "Round 120"  # a player would read "of 600" as the game's length
    assert turn_of(480, 600, 4) == "Round 121 · turn 481 of 600"
    assert turn_of(600, 600, 3) == "Round 200 · turn 600 of 600"  # stopped: the last turn


@pytest.mark.parametrize("layout", [ODD_R, ODD_Q], ids=lambda layout: layout.name)
def test_hex_neighbours_are_symmetric(layout: OffsetLayout) -> None:
    for col in range(-3, 4):
        for row in range(-3, 4):
            for direction, other in layout.neighbours((col, row)):
                assert layout.neighbour(other, opposite(direction)) == (col, row)
                assert layout.direction((col, row), other) == direction
                assert layout.distance((col, row), other) == 1


def test_hex_distance() -> None:
    assert ODD_R.distance((0, 0), (3, 0)) == 3
    assert ODD_R.distance((0, 0), (0, 2)) == 2
    assert ODD_Q.distance((0, 0), (2, 0)) == 2
    assert ODD_R.direction((0, 0), (5, 5)) is None


def test_square_grid() -> None:
    assert grid.step((0, 0), "up") == (0, -1)
    assert grid.step((1, 1), "left", 2) == (-1, 1)
    assert grid.neighbours((0, 0)) == [(0, -1), (1, 0), (0, 1), (-1, 0)]
    assert grid.manhattan((0, 0), (2, -3)) == 5
    assert grid.bounds([(1, 2), (-1, 5)]) == (-1, 2, 1, 5)


def test_options_read_text_and_values() -> None:
    assert BoolOption("x", False, "").coerce("true") is True
    assert IntOption("n", 1, "", 1, 9).coerce("4") == 4
    assert ChoiceOption("c", "a", "", ("a", "b")).coerce("b") == "b"
    assert IntListOption("l", None, "", 3, 0, 9).coerce("1, 2, 3") == [1, 2, 3]
    for option, value in [
        (BoolOption("x", False, ""), "maybe"),
        (IntOption("n", 1, "", 1, 9), 10),
        (IntOption("n", 1, "", 1, 9), True),
        (ChoiceOption("c", "a", "", ("a", "b")), "z"),
        (IntListOption("l", None, "", 3, 0, 9), "[1, 2"),
        (IntListOption("l", None, "", 3, 0, 9), [1, 2, 10]),
    ]:
        with pytest.raises(GameError, match=f"option {option.name}: expected"):
            option.coerce(value)


def test_every_option_number_is_bounded_and_a_length_limit_by_its_span() -> None:
    for game_id in towpath.game_ids():
        for spec in registry.game_class(game_id).option_specs:
            if spec.name in ("max_turns", "max_rounds"):
                assert isinstance(spec, IntOption) and isinstance(spec.default, int)
                assert spec.high == LENGTH_SPAN * spec.default, (game_id, spec.name)
            if isinstance(spec, IntOption | IntListOption):
                with pytest.raises(GameError, match=f"to {spec.high}"):
                    spec.coerce([10**15] * 6 if isinstance(spec, IntListOption) else 10**15)


def test_registry_names_the_known_games() -> None:
    with pytest.raises(GameError, match=r"expected one of: .*mississippi"):
        towpath.load("no_such_game")
    assert "mississippi" in towpath.game_ids()


def test_random_agent_is_seeded_and_named() -> None:
    state = towpath.load("mississippi", 3).new_state(1)
    first = towpath.agent("random", seed=5).choose(state)
    assert towpath.agent("random", seed=5).choose(state) == first
    with pytest.raises(GameError, match="unknown agent"):
        towpath.agent("oracle")


def test_draw_reshuffles_the_discards_when_the_pile_is_empty() -> None:
    rng = Rng(1)
    pile, discards = [1, 2], [5, 6, 7]
    assert draw(pile, discards, rng) == 2 and draw(pile, discards, rng) == 1
    drawn = [draw(pile, discards, rng) for _ in range(3)]
    assert sorted(d for d in drawn if d is not None) == [5, 6, 7] and discards == []
    assert draw(pile, discards, rng) is None


def test_shared_win_splits_the_return() -> None:
    assert shared_win([2], 3) == [0.0, 0.0, 1.0]
    assert shared_win([0, 2], 4) == [0.5, 0.0, 0.5, 0.0]
    assert shared_win([], 2) == [0.0, 0.0]


def test_words_make_a_log_line_naming_the_player() -> None:
    assert Words("pass", "passed").line("Ann") == "Ann passed"
    said = Words("place a tile", "placed", "a straight (S) on 1,7")
    assert said.line("Bob") == "Bob placed a straight (S) on 1,7"
    assert said.to_json() == {
        "kind": "place a tile",
        "did": "placed",
        "what": "a straight (S) on 1,7",
    }


def test_an_ending_says_its_reason_winners_and_how() -> None:
    state = towpath.load("mississippi", 2, max_turns=1).new_state(0)
    assert state.ending() is None and state.last_played() is None
    state.apply(state.legal_actions()[0])
    ending = state.ending()
    assert ending is not None
    told: EndingJSON = {"reason": "limit", "winners": [], "how": ending.how}
    assert ending.to_json() == told

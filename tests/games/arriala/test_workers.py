"""Workers are told apart (rules/arriala.md, "A turn"): public numbers within a colour, given in
placing order; actions name the worker they move; alike workers are one choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import towpath
from tests.conformance.test_twins import check_twins as check_resampled_twins
from tests.games.arriala.helpers import (
    MOISSAC,
    act,
    at,
    in_vineyard,
    legal,
    position,
    refused,
)
from towpath.core.errors import GameError
from towpath.games.arriala.state import ArrialaState

RED_1 = {"colour": "red", "number": 1}
RED_2 = {"colour": "red", "number": 2}


def named_workers(state: ArrialaState) -> set[str]:
    """Every worker the legal actions name, as `r2@23`."""
    return {word for notation in legal(state) for word in notation.split() if "@" in word}


def moissac_scenario() -> ArrialaState:
    """Two red workers in Moissac, the previous player (seat 0) having moved r1 there from 24
    and r2 from 26; seat 1 to play."""
    state = position(canal={24: "r", 26: "r"}, player=0)
    act(state, "move r1@24 23", "move r2@26 23", "end")
    assert state.player == 1
    return state


def test_moissac_the_worker_moved_from_26_may_go_to_24_the_one_moved_from_24_may_not() -> None:
    state = moissac_scenario()
    assert "move r2@23 24" in legal(state)
    refused(state, "move r1@23 24", "worker moved back")
    act(state, "move r2@23 24")
    assert at(state, 24) == ["r2"] and at(state, MOISSAC) == ["r1"]


def test_moissac_the_two_workers_are_two_distinct_legal_actions() -> None:
    state = moissac_scenario()
    assert {"move r1@23 25", "move r2@23 25"} <= set(legal(state))
    first, second = state.clone(), state.clone()
    act(first, "move r1@23 25")
    act(second, "move r2@23 25")
    assert at(first, 25) == ["r1"] and at(second, 25) == ["r2"]
    assert first.view(None) != second.view(None), "each leaves its own restriction behind"


@pytest.mark.parametrize("seat", [0, 1, 2, 3, None])
def test_moissac_every_seat_sees_both_workers_numbers_and_marks(seat: int | None) -> None:
    view = moissac_scenario().view(seat)
    assert view["spaces"][MOISSAC - 1]["workers"] == [RED_1, RED_2]
    marks = [(m["colour"], m["number"], m["at"], m["barred"]) for m in view["marks"]]
    assert marks == [("red", 1, "23", ["24"]), ("red", 2, "23", ["26"])]


def test_alike_workers_are_one_choice_listed_under_the_lowest_number() -> None:
    state = position(canal={MOISSAC: "rr"}, vineyards={"ch": "rr"})
    named = named_workers(state)
    assert named == {"r1@23", "r3@ch"}, "r2 is alike with r1, r4 with r3"
    refused(state, "move r2@23 24", "equal workers")
    refused(state, "to-vineyard r2@23 br", "equal workers")
    refused(state, "river r2@23 b3", "equal workers")
    refused(state, "to-canal r4@ch 24", "equal workers")


def test_naming_an_alike_higher_number_says_which_to_name() -> None:
    state = position(canal={MOISSAC: "rr"})
    with pytest.raises(GameError, match="r2 and r1 at 23 are under the same restrictions: name r1"):
        state.apply(state.game.parse_action("move r2@23 24", state))


def test_a_mark_of_the_turn_makes_a_worker_a_choice_of_its_own() -> None:
    state = position(canal={MOISSAC: "rr", 24: "r"})
    act(state, "move r3@24 23")
    named = named_workers(state)
    assert named == {"r1@23", "r3@23"}, "r3 has made its canal move; r2 is alike with r1"
    assert "move r3@23 25" not in legal(state), "its canal move is used"
    assert {"to-vineyard r1@23 ch", "to-vineyard r3@23 ch"} <= set(legal(state))
    refused(state, "to-vineyard r2@23 ch", "equal workers")


def test_workers_that_left_different_places_this_turn_are_told_apart() -> None:
    # Decision (arriala/__init__.py): r2 has left Chasselas this turn, which bars it from
    # there next turn; r1 has left nothing. Moving one or the other leaves different positions.
    state = position(canal={MOISSAC: "r"}, vineyards={"ch": "r"})
    act(state, "to-canal r2@ch 23")
    assert at(state, MOISSAC) == ["r1", "r2"] and state.ap == 1
    assert {"move r1@23 24", "move r2@23 24"} <= set(legal(state))
    act(state, "move r1@23 24")
    marks = {m["number"]: m["barred"] for m in state.view(None)["marks"]}
    assert marks == {1: ["23"], 2: ["ch"]}, "the next player sees each worker's own bars"


def test_numbers_are_given_in_placing_order() -> None:
    state = position(canal={})
    act(state, "place 30", "end", "end", "end", "end")
    act(state, "to-vineyard r1@30 ch", "place 10")
    assert in_vineyard(state, "Chasselas") == ["r1"] and at(state, 10) == ["r2"]
    act(state, "end", "end", "end")
    act(state, "place 9")
    assert at(state, 9) == ["r3"], "a worker gone to a vineyard keeps its number"
    assert state.view(None)["reserve"][0] == 2


def test_a_named_worker_must_stand_where_the_action_says() -> None:
    state = position(canal={12: "r", MOISSAC: "ry"})
    game = state.game
    with pytest.raises(GameError) as error:
        game.parse_action("move r2@12 15", state)
    message = str(error.value)
    assert "r2 does not stand at 12; expected a worker at 12 (r1@12)" in message
    assert "\n" not in message
    with pytest.raises(GameError, match=r"expected a worker at 24 \(none stands there\)"):
        game.parse_action("move r1@24 15", state)
    with pytest.raises(GameError, match=r"expected a worker at ch \(none stands there\)"):
        game.parse_action("to-canal r3@ch 15", state)
    assert str(game.parse_action("move r2@23 15", state)) == "move r2@23 15"
    assert str(game.parse_action("move r2@12 15")) == "move r2@12 15", "no state: no check"
    three = position(3, canal={12: "r"})
    with pytest.raises(GameError, match=r"a colour in play \(red, yellow, green\)"):
        three.game.parse_action("move v1@12 15", three)


def twins() -> tuple[ArrialaState, ArrialaState]:
    """Two yellow workers reach Moissac in one order and in the other."""
    one = position(canal={22: "y", 24: "y"}, hands={0: ["move2"], 1: ["teleport"]})
    other = one.clone()
    act(one, "move y1@22 23", "move y2@24 23")
    act(other, "move y2@24 23", "move y1@22 23")
    return one, other


def check_twins(one: ArrialaState, other: ArrialaState) -> None:
    """Equal views give equal legal actions, equal views after each, equal resamples."""
    seats = [None, *range(one.game.players)]
    assert all(one.view(seat) == other.view(seat) for seat in seats)
    actions = one.legal_actions()
    assert actions == other.legal_actions()
    for action in actions:
        after_one, after_other = one.clone(), other.clone()
        after_one.apply(action)
        after_other.apply(action)
        assert all(after_one.view(seat) == after_other.view(seat) for seat in seats), action
    for seat in seats:
        for seed in range(3):
            world_one, world_other = one.resample(seat, seed), other.resample(seat, seed)
            assert world_one.snapshot() == world_other.snapshot()
            assert world_one.rng.state == world_other.rng.state


def test_twins_reached_by_workers_arriving_in_either_order_are_alike_in_everything() -> None:
    one, other = twins()
    assert one.history != other.history
    check_twins(one, other)
    act(one, "end")
    act(other, "end")
    check_twins(one, other)


def test_the_short_form_names_the_one_worker_the_rules_allow_the_action() -> None:
    state = moissac_scenario()
    game = state.game
    # r1 was moved out of 24 by the previous player: only r2 may go there.
    assert str(game.parse_action("move r@23 24", state)) == "move r2@23 24"
    # Both may go to 25, each barred from another place: two choices, and the engine picks none.
    with pytest.raises(GameError) as error:
        game.parse_action("move r@23 25", state)
    assert str(error.value) == (
        "bad Arriala action 'move r@23 25': r@23 names different workers: say r1 or r2"
    )
    act(state, "move r1@23 25")
    # Alone on its place, a worker is the one meant even where the rules will refuse its move
    # (r1 has had its canal move): the refusal then names the rule.
    assert str(game.parse_action("move r@25 26", state)) == "move r1@25 26"
    assert str(game.parse_action("move r@23 22", state)) == "move r2@23 22"


def test_the_short_form_of_two_workers_told_apart_is_refused_naming_both() -> None:
    # r1 and r2 in Moissac, moved there from 24 and 26: both may go to 22, but they are two
    # different workers (each is barred from its own place), so `r@23` names neither.
    state = moissac_scenario()
    before = state.to_json()
    with pytest.raises(GameError, match=r"r@23 names different workers: say r1 or r2$"):
        state.game.parse_action("move r@23 22", state)
    with pytest.raises(GameError, match=r"r@23 names different workers: say r1 or r2$"):
        state.game.parse_action("to-vineyard r@23 ch", state)
    assert state.to_json() == before


def test_the_short_form_of_workers_the_rules_all_refuse_names_every_choice() -> None:
    # r3 has had its canal move, a choice apart from r1 and r2 (alike); 22 is taken, so the
    # rules refuse the move to every one of them: the refusal names both choices.
    state = position(canal={MOISSAC: "rr", 24: "r", 22: "y"})
    act(state, "move r3@24 23")
    with pytest.raises(GameError, match=r"r@23 names different workers: say r1 or r3$"):
        state.game.parse_action("move r@23 22", state)


def test_the_short_form_of_alike_workers_is_their_one_choice() -> None:
    state = position(canal={MOISSAC: "rr"}, vineyards={"ch": "rr"})
    game = state.game
    assert str(game.parse_action("move r@23 22", state)) == "move r1@23 22"
    assert str(game.parse_action("to-canal r@ch 24", state)) == "to-canal r3@ch 24"


def test_a_record_written_before_workers_were_numbered_reads_as_it_was_played() -> None:
    state = moissac_scenario()
    game = state.game
    # What the engine played then: the worker with the fewest options, the lower number
    # among equals (both may go to 25 and both carry one barred place).
    assert str(game.parse_recorded("move r@23 25", state)) == "move r1@23 25"
    assert str(game.parse_recorded("move r@23 24", state)) == "move r2@23 24"
    assert str(game.parse_recorded("move r2@23 25", state)) == "move r2@23 25"


def test_the_short_form_needs_a_position_and_a_worker_there() -> None:
    state = moissac_scenario()
    with pytest.raises(GameError, match=r"expected a worker with its number, like r2@12"):
        state.game.parse_action("move r@23 24")
    with pytest.raises(GameError, match="no worker of that colour there"):
        state.game.parse_action("move y@23 24", state)
    with pytest.raises(GameError, match="expected a worker like r2@12"):
        state.game.parse_action("move r0@23 24", state)


def test_records_written_before_workers_were_numbered_replay_as_they_were() -> None:
    # Random games recorded by the engine before workers had numbers (`move r@23 24`), with
    # where each worker stood at the end, the points, locks and scored spaces.
    saved = json.loads((Path(__file__).parent / "data" / "records_before_numbers.json").read_text())
    for game in saved:
        record = game["record"]
        assert any(
            "@" in action and action.split("@")[0][-1].isalpha() for action in record["actions"]
        )
        state = towpath.replay(record)
        fields = state.snapshot()
        assert state.is_terminal()
        for name in ("where", "points", "locks", "scored"):
            assert fields[name] == game[name], name


def stacked(state: ArrialaState) -> bool:
    """Do two workers of one colour share a town or a vineyard?"""
    places = [s["workers"] for s in state.view(None)["spaces"]]
    places += list(state.view(None)["vineyards"].values())
    colours = [[w["colour"] for w in workers] for workers in places]
    return any(len(c) != len(set(c)) for c in colours)


def stacked_positions(players: int, wanted: int) -> list[ArrialaState]:
    """Positions of seeded random games where two workers of one colour share a place."""
    found: list[ArrialaState] = []
    for seed in range(50):
        state = towpath.load("arriala", players).new_state(seed)
        assert isinstance(state, ArrialaState)
        bot = towpath.agent("random", seed=seed)
        while not state.is_terminal() and len(found) < wanted:
            if stacked(state) and len(state.history) % 9 == 0:
                found.append(state.clone())
            state.apply(bot.choose(state))
        if len(found) >= wanted:
            return found
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twins_with_stacked_workers_resample_alike_and_act_alike(players: int) -> None:
    """The conformance suite's twins (a position and a world resampled from it), at positions
    with stacked workers."""
    positions = stacked_positions(players, 6)
    assert len(positions) == 6, "random games reach positions with stacked workers"
    for index, state in enumerate(positions):
        for seat in (state.current_player, None, index % players):
            check_resampled_twins(state, state.resample(seat, index), seat, 100 + index)

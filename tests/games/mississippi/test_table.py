"""What the table shows of Mississippi: moves in words, the last move, taking back, the end."""

from __future__ import annotations

import re

import towpath
from tests.games.mississippi.helpers import SE, E, W, act, position, showing
from towpath.core.actions import Words
from towpath.games.mississippi.actions import Move
from towpath.games.mississippi.words import Sent, reactions


def test_a_forward_move_is_said_with_where_it_lands_jumping_boats() -> None:
    state = position([10, 11, 12])
    said = state.words(state.game.parse_action("f3", state))
    what = "3 open spaces downstream to space 15 for 3 logs"
    assert said == Words("go downstream", "went", what, (("boat-0", "15"),))


def test_a_turn_is_said_with_its_cost() -> None:
    state = position([10, 30])
    assert state.words(state.game.parse_action("r+1 f1", state)).what.endswith(
        ", after turning 60° clockwise (free)"
    )
    assert (
        "turning 180° clockwise (2 logs)"
        in state.words(state.game.parse_action("r+3 f1", state)).what
    )


def test_a_backward_move_says_the_logs_it_takes_from_the_supply() -> None:
    state = position([10, 30], supply=2)
    said = state.words(state.game.parse_action("b4", state))
    assert said.line("Ann") == "Ann went 4 open spaces upstream to space 6, taking 2 logs"
    start = position([1, 30])
    assert start.words(start.game.parse_action("b1", start)).what == (
        "1 open space upstream to the start area"
    )


def test_a_pass_is_said_and_the_finish_is_named() -> None:
    state = position([0, 30], logs=[0, 5])
    assert state.words(state.game.parse_action("pass", state)).did == "passed"
    near = position([84, 30])
    assert near.words(near.game.parse_action("f1", near)).what.endswith(
        "across the finish for 1 log"
    )


def test_the_last_move_marks_the_boat_that_moved() -> None:
    state = position([10, 30])
    act(state, "f2")
    assert state.last_played() == {"seat": 0, "action": "f2"}
    drawing = state.render_svg(None)
    assert '<g data-boat="0" data-piece="boat-0" data-last="1">' in drawing
    assert drawing.count('data-last="1"') == 1


def test_a_move_cannot_be_taken_back_it_ends_the_turn() -> None:
    state = position([10, 30])
    act(state, "f2")
    assert not state.undoable()


def test_crossing_the_finish_is_a_win_and_the_turn_limit_ends_with_nobody() -> None:
    state = position([84, 30])
    act(state, "f1")
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("win", (0,))
    assert ending.how == "The first boat across the finish wins."
    limited = position([10, 30], max_turns=1)
    act(limited, "f1")
    ending = limited.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("limit", ())
    assert ending.how.startswith("The 1-turn limit ended the game")


def test_the_move_targets_are_drawn_for_the_seat_to_move_only() -> None:
    state = position([10, 30])
    assert state.current_player == 0
    assert 'data-pick="f1"' in state.render_svg(0)
    for watcher in (1, None):
        drawing = state.render_svg(watcher)
        assert 'data-pick="f1"' not in drawing and 'data-pick="pass"' in drawing
    assert 'data-pick="f1"' not in state.render_svg(0, reveal=True), "a replay is not played"


def test_a_move_longer_than_the_river_is_said_without_walking_past_its_ends() -> None:
    # Built directly (notation refuses it): words stop at the finish and the start area.
    state = position([10, 30])
    far = 10**6
    assert state.words(Move(0, True, far)).what == (
        f"{far} open spaces downstream across the finish for {far} logs"
    )
    assert state.words(Move(0, False, far)).what == (
        f"{far} open spaces upstream to the start area"
    )


def test_the_log_names_each_boat_docking_sends_on_in_order() -> None:
    # Boat 0 lands on 20 turned to show 1 east and 4 west: 0 against boat 1 on 19 (1 west),
    # -2 against boat 2 on 21 (6 east), so boat 2 goes on 2 open spaces to 23.
    facing = [showing(1, E), showing(1, W), showing(6, E)]
    state = position([18, 19, 21], facing=facing)
    said = state.words(state.game.parse_action("f1", state)).what
    assert said == (
        "1 open space downstream to space 20 for 1 log; docking sent seat 2's boat on to space 23"
    )
    act(state, "f1")
    assert state.spaces == [20, 19, 23], "the words tell what the move then does"


def test_a_docking_chain_is_told_step_by_step() -> None:
    # On 20, boat 1 on 9 (NW) is +1 against boat 0 and goes on to 10 (NE): then boat 0 is +5.
    state = position([18, 9, 70], facing=[0, showing(6, SE), 0])
    said = state.words(state.game.parse_action("f2", state))
    assert said.what == (
        "2 open spaces downstream to space 20 for 2 logs; docking sent seat 1's boat on to "
        "space 10, then seat 0's boat on to space 25"
    )
    assert said.story == (("boat-0", "20"), ("boat-1", "10"), ("boat-0", "25"))
    assert said.to_json()["story"] == [["boat-0", "20"], ["boat-1", "10"], ["boat-0", "25"]]
    act(state, "f2")
    assert state.spaces[:2] == [25, 10]


def test_a_boat_docking_sends_across_the_finish_is_told_so() -> None:
    state = position([80, 83, 10], facing=[showing(1, W), showing(3, E), 0])
    said = state.words(state.game.parse_action("f2", state)).what
    assert said.endswith("; docking sent seat 1's boat across the finish")


def test_a_move_that_docks_with_no_difference_tells_nothing_more() -> None:
    state = position([17, 20], facing=[showing(4, W), showing(4, E)])
    said = state.words(state.game.parse_action("f2", state)).what
    assert said == "2 open spaces downstream to space 19 for 2 logs"


def test_a_boat_sent_on_twice_running_is_named_once() -> None:
    assert reactions([Sent(1, 8), Sent(1, 11), Sent(0, 14)], finish=85) == (
        "; docking sent seat 1's boat on to space 8, then on to space 11, "
        "then seat 0's boat on to space 14"
    )


def test_the_turn_chips_are_drawn_only_once_the_boat_may_turn() -> None:
    game = towpath.load("mississippi", 2)
    state = game.new_state(1)
    assert 'data-pick="r+1"' not in state.render_svg(0), "no turning on a boat's first turn"
    assert 'data-pick="pass"' not in state.render_svg(0), "a boat with logs cannot pass"
    for notation in ("f3", "f3"):
        state.apply(game.parse_action(notation, state))
    assert 'data-pick="r+1"' in state.render_svg(0)


def test_the_upstream_targets_stop_at_the_backward_limit_and_say_the_logs_the_supply_pays() -> None:
    """From 21 the boat may go back 15 open spaces (to 5, jumping the boat on 10), and earns a
    log a space while the supply's 4 last: "+4" from four spaces back on."""
    state = position([21, 10], supply=4)
    drawing = state.render_svg(0)
    targets = dict(re.findall(r'data-pick="b(\d+)"[^>]*?>(?:(?!</g>).)*?>(\+\d+)<', drawing))
    assert sorted(map(int, targets)) == list(range(1, 16)), "15 spaces back at the most"
    assert targets["1"] == "+1" and targets["3"] == "+3"
    assert {targets[str(n)] for n in range(4, 16)} == {"+4"}, "the supply runs out after 4"
    assert "b16" not in drawing


def test_a_boats_first_move_tells_the_die_roll_that_set_it_facing() -> None:
    state = position([0, 0], started=False, facing=[showing(4, E), showing(2, E)])
    first = state.words(state.game.parse_action("f2", state)).what
    assert first.endswith("(first turn: the die rolled 4, so side 4 faced downstream)"), first
    act(state, "f2")
    state.started[1] = True  # a boat that has moved before: no roll to tell
    assert "die" not in state.words(state.game.parse_action("f1", state)).what

"""What the table shows of Detour: cards in words, the last move, taking back, the end."""

from __future__ import annotations

import re

from tests.games.detour.helpers import act, play_round_out, position
from towpath.core.actions import Words
from towpath.games.detour.actions import Backward, Move
from towpath.games.detour.state import DetourState


def words(state: DetourState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def test_a_move_part_is_said_with_the_card_colour_and_where_it_ends() -> None:
    state = position(["2", "0", "0", "0"])
    assert words(state, "move detour 1") == Words(
        "move", "played", "Detour: yellow goes 1 space on, to space 3"
    )


def test_actions_parts_say_what_they_do() -> None:
    state = position(["5", "5", "0", "0"])
    assert words(state, "detour red").what == "Detour: red is sent onto D1"
    assert words(state, "backward 1").what == (
        "Backward: every marker goes 2 spaces back, then yellow goes 1 space on, to space 4"
    )
    assert (
        words(state, "block 0").what == "Block: the next round is blocked; yellow stays on space 5"
    )
    assert (
        words(state, "pass voyage").line("Ann")
        == "Ann played Voyage: no effect, yellow stays on space 5"
    )


def test_a_move_longer_than_the_track_is_said_ending_at_the_finish() -> None:
    # Built directly (notation refuses it): words follow the track no further than the finish.
    state = position(["30", "5", "0", "0"])
    far = 10**6
    assert state.words(Move("voyage", far)).what == (
        f"Voyage: yellow goes {far} spaces on, to the finish"
    )
    assert state.words(Backward(far)).what.endswith(
        f"then yellow goes {far} spaces on, to the finish"
    )


def test_the_first_part_of_a_special_can_be_taken_back_until_the_second() -> None:
    state = position(["D1:1", "5", "0", "0"])
    act(state, "move detour 1")
    assert state.pending is not None and state.undoable()
    assert words(state, "done").kind == "end the turn"
    act(state, "done")
    assert not state.undoable()


def test_a_plain_card_cannot_be_taken_back() -> None:
    state = position(["2", "0", "0", "0"])
    act(state, "move voyage 1")
    assert not state.undoable()


def test_the_last_move_marks_the_markers_the_card_moved() -> None:
    state = position(["5", "5", "0", "0"])
    act(state, "detour red")
    assert state.last_played() == {
        "colour": "yellow",
        "seat": 0,
        "action": "detour red",
        "markers": ["red"],
    }
    assert 'data-marker="red" data-piece="marker-red" data-last="1"' in state.render_svg(None)


def test_the_round_limit_ends_with_the_farthest_marker_winning() -> None:
    state = position(["9", "3", "0", "0"], max_rounds=1)
    play_round_out(state)
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("limit", (0,))
    assert ending.how == "The 1-round limit ended the game: the farthest marker wins."


def test_a_finished_circuit_is_a_win() -> None:
    state = position(["35", "3", "0", "0"], hands=[["voyage"], ["voyage"], ["voyage"], ["voyage"]])
    act(state, "move voyage 1")
    play_round_out(state)
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("win", (0,))


def test_every_space_of_the_map_is_drawn_in_a_cell_of_its_own() -> None:
    # The detours run round the board's corners (D2 beside spaces 17-19, D3 beside 27-30).
    drawing = position(["0", "0", "0", "0"]).render_svg(None)
    spaces = re.findall(r'data-space="([^"]+)"[^>]*><rect x="([\d.]+)" y="([\d.]+)"', drawing)
    names = {name for name, _, _ in spaces}
    assert len(names) == 36 + 6 + 5 + 6 and {"17", "31", "D2.3", "D3.6"} <= names
    assert len({(x, y) for _, x, y in spaces}) == len(spaces)

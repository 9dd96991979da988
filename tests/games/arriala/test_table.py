"""What the table shows of Arriala: actions in words, the last move, taking back within a turn,
the end with every hand shown."""

from __future__ import annotations

import re

from tests.games.arriala.helpers import MOISSAC, act, position
from towpath.core.actions import Words
from towpath.games.arriala.state import ArrialaState


def words(state: ArrialaState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def test_a_move_names_the_worker_the_places_and_its_cost() -> None:
    state = position(canal={12: "r", MOISSAC: "y"})
    assert words(state, "move r1@12 15") == Words(
        "move a worker", "moved", "red worker 1 from space 12 to space 15 (3 AP)"
    )
    assert (
        words(state, "move r1@12 23").what == "red worker 1 from space 12 to Moissac (23) (11 AP)"
    )


def test_a_card_is_named_once_played_and_a_draw_names_none() -> None:
    state = position(canal={12: "r"}, hands={0: ["move3", "to-vineyard-any"]})
    said = words(state, "play move3 r1@12 16")
    assert said.kind == "play a card"
    assert said.line("Ann") == "Ann played Move 3: red worker 1 from space 12 to space 16 (2 AP)"
    assert words(state, "play to-vineyard-any r1@12 ch").what == (
        "To a vineyard (any colour): red worker 1 from space 12 to the Chasselas vineyard (1 AP)"
    )
    assert words(state, "draw") == Words("draw a card", "drew", "a card (2 AP)")
    assert words(state, "end").line("Ann") == "Ann ended their turn"


def test_locks_places_and_river_structures_say_their_points() -> None:
    state = position(canal={12: "r"})
    assert words(state, "lock 20").what == "a lock on space 20 (+1 point) (4 AP)"
    assert words(state, "place 30").what == "a new worker on space 30 (3 AP)"
    assert words(state, "river r1@12 b2").what == (
        "a river structure on b2 with red worker 1 from space 12 (+3 points) (3 AP)"
    )


def test_actions_paid_with_points_are_taken_back_within_the_turn() -> None:
    state = position(canal={12: "r"})
    act(state, "move r1@12 13")
    assert state.undoable()
    act(state, "place 30")
    assert state.undoable()


def test_cards_draws_and_the_end_of_a_turn_cannot_be_taken_back() -> None:
    state = position(canal={12: "r"}, hands={0: ["move3"]})
    act(state, "play move3 r1@12 14")
    assert not state.undoable(), "the card was hidden in hand"
    act(state, "draw")
    assert not state.undoable(), "the draw showed a card"
    act(state, "end")
    assert not state.undoable(), "the turn is over"


def test_the_last_move_marks_both_places() -> None:
    state = position(canal={12: "r"})
    act(state, "move r1@12 14")
    assert state.last_played() == {
        "action": "move r1@12 14",
        "spaces": [12, 14],
        "vineyards": [],
        "blue": [],
        "masterworks": [],
    }
    assert state.render_svg(None).count('data-last="1"') == 2


def test_the_turn_limit_scores_the_vineyards_and_shows_every_hand() -> None:
    state = position(2, hands={0: ["lock"], 1: ["teleport", "move2"]}, max_turns=1)
    assert state.view(0)["hands"][1] == 2
    act(state, "end")
    ending = state.ending()
    assert ending is not None and ending.reason == "limit"
    assert ending.how == "The 1-turn limit ended the game; the vineyards were scored by majority."
    assert state.view(0)["hands"] == [["lock"], ["move2", "teleport"]]
    assert state.open_view()["hands"] == state.view(None)["hands"]


def test_the_virtual_player_ahead_means_nobody_wins() -> None:
    state = position(2, points=[1, 2, 9], max_turns=1)
    act(state, "end")
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("limit", ())
    state.turn = 0  # the same end reached by the canal's completion, not the limit
    ending = state.ending()
    assert ending is not None and (ending.reason, ending.winners) == ("nobody", ())
    assert ending.how.endswith("The virtual player has the most points, so nobody wins.")


def test_an_action_that_completes_a_section_tells_its_scoring() -> None:
    state = position(canal={18: "r", 19: "r", 20: "y", 21: "y", 23: "g"})
    assert words(state, "move g1@23 22").what == (
        "green worker 1 from Moissac (23) to space 22 (1 AP); section 18–22 scored: green +8"
    )
    state = position(canal={9: "r", 10: "r", 11: "y", 14: "y"}, locks=(13,))
    assert words(state, "move y2@14 12").what.endswith(
        "; section 9–12 scored: a tie, nobody scores"
    )


def test_a_lock_that_cuts_off_full_parts_tells_each_and_not_its_own_point_again() -> None:
    state = position(canal={9: "r", 11: "y"}, locks=(12,))
    assert words(state, "lock 10").what == (
        "a lock on space 10 (+1 point) (4 AP); sections 9 and 11 scored: red +1, yellow +1"
    )
    assert words(state, "place 30").what == "a new worker on space 30 (3 AP)"


def test_each_section_to_score_is_barred_with_its_points_and_a_lock_breaks_the_bar() -> None:
    """A lock on 5 cuts 2-7 into 2-4 (3 spaces: 4 points) and 6-7 (2 spaces: 2 points); 9-16
    runs over two rows (8 spaces, 14 points: one label, two bars); a scored section has none."""
    drawing = position(canal={12: "r"}, locks=(5,), scored=((18, 22),)).render_svg(0)
    bars = re.findall(r'<g class="section">(.*?)</g>', drawing)
    said = [re.search(r"<title>section (\S+):", bar).group(1) for bar in bars]  # type: ignore[union-attr]
    assert said == ["2–4", "6–7", "9–16", "9–16", "24–33", "35–41"]
    labels = [re.findall(r"<text[^>]*>([^<]*)</text>", bar) for bar in bars]
    assert labels == [
        ["4 points when full"],
        ["2 points"],
        [],  # 9-11: the longer row, 12-16, carries the label
        ["14 points when full"],
        ["18 points when full"],
        ["12 points when full"],
    ]


def test_a_canal_space_tells_its_stretchs_locks_in_its_help() -> None:
    drawing = position(locks=(10,)).render_svg(0)
    assert "space 12 · section 11–16, scored once full · locks between Montech and" in drawing
    assert "Castelsarrasin: 1 of 2" in drawing

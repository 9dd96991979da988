"""Mississippi in German (towpath.core.i18n): the log, the ending and the board speak German
inside `speaking("de")`, name seats by the token the page replaces, and stay English outside."""

from __future__ import annotations

import html
import re
from importlib import resources

from babel.messages.pofile import read_po

import towpath
from tests.games.mississippi.helpers import SE, E, W, act, position, showing
from towpath.core.actions import Words
from towpath.core.i18n import speaking
from towpath.games.mississippi.state import MississippiState

SAME = "same in German"
# Words the drawing gets from towpath.core's helpers (svg.legend's heading), translated by
# core's catalogue, not this game's; and the game's title, a name.
NOT_OURS = {"Mississippi"}


def said(state: MississippiState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def test_a_move_with_docking_is_said_in_german_naming_seats_by_their_token() -> None:
    # On 20, boat 1 on 9 (NW) is +1 against boat 0 and goes on to 10 (NE): then boat 0 is +5.
    state = position([18, 9, 70], facing=[0, showing(6, SE), 0])
    with speaking("de"):
        words = said(state, "f2")
    assert (words.kind, words.did) == ("flussabwärts fahren", "fuhr")
    assert words.what == (
        "2 freie Felder flussabwärts bis Feld 20 für 2 Stämme; das Anlegen schob das Boot von "
        "seat 1 weiter bis Feld 10, dann das Boot von seat 0 weiter bis Feld 25"
    )
    assert words.story == (("boat-0", "20"), ("boat-1", "10"), ("boat-0", "25"))
    assert "'s" not in words.what


def test_one_space_one_log_and_a_turn_are_said_in_the_singular() -> None:
    state = position([10, 30], supply=5)
    with speaking("de"):
        back = said(state, "r-2 b1")
        start = said(position([1, 30]), "b1")
        finish = said(position([84, 30]), "f1")
    assert back.line("Ann") == (
        "Ann fuhr 1 freies Feld flussaufwärts bis Feld 9 und nahm 1 Stamm, nach einer Drehung "
        "um 120° gegen den Uhrzeigersinn (1 Stamm)"
    )
    assert start.what == "1 freies Feld flussaufwärts bis in den Startbereich"
    assert finish.what == "1 freies Feld flussabwärts über die Ziellinie für 1 Stamm"


def test_a_costly_turn_a_free_turn_and_a_pass_are_german() -> None:
    state = position([10, 30])
    with speaking("de"):
        half = said(state, "r+3 f1").what
        free = said(state, "r+1 f1").what
        passed = said(position([0, 30], logs=[0, 5]), "pass")
    assert half.endswith(", nach einer Drehung um 180° im Uhrzeigersinn (2 Stämme)")
    assert free.endswith(", nach einer Drehung um 60° im Uhrzeigersinn (kostenlos)")
    assert passed == Words("passen", "passte", "(keine Stämme, im Startbereich)")


def test_docking_a_boat_across_the_finish_is_german() -> None:
    state = position([80, 83, 10], facing=[showing(1, W), showing(3, E), 0])
    with speaking("de"):
        what = said(state, "f2").what
    assert what.endswith("; das Anlegen schob das Boot von seat 1 über die Ziellinie")


def test_the_endings_say_how_in_german() -> None:
    won = position([84, 30])
    act(won, "f1")
    limited = position([10, 30], max_turns=1)
    act(limited, "f1")
    with speaking("de"):
        win, limit = won.ending(), limited.ending()
    assert win is not None and win.how == "Das erste Boot, das die Ziellinie überquert, gewinnt."
    assert limit is not None and limit.how == (
        "Das Zuglimit (1) beendete das Spiel, bevor ein Boot die Ziellinie überquerte: "
        "Niemand gewinnt."
    )
    english = won.ending()
    assert english is not None and english.how == "The first boat across the finish wins."


def midgame() -> MississippiState:
    """Boat 0 moved last (to 12), boat 1 waits in the start area to move, boat 2 is on 40."""
    state = position([10, 0, 40], logs=[5, 3, 1], supply=4)
    act(state, "f2")
    return state


def test_the_board_has_german_labels_and_help() -> None:
    state = midgame()
    with speaking("de"):
        drawing = state.render_svg(1)
    assert "<title>Boot von seat 0: Jede Seite zeigt ihre Zahl</title>" in drawing
    assert "<title>Boot von seat 1</title>" in drawing, "a boat in the start area"
    assert "<title>Flussfeld 12</title>" in drawing
    assert ">Runde 1 · Stämme im Vorrat: 6</text>" in drawing
    assert " · Feld 40 · 1 Stamm</text>" in drawing
    assert " · Startbereich · 3 Stämme ◀ am Zug</text>" in drawing
    assert 'aria-label="Feld 1: 1 freies Feld flussabwärts"' in drawing
    assert 'aria-label="Feld 13: 12 freie Felder flussabwärts"' in drawing, "12 is jumped"
    assert ">Drehen:</text>" in drawing
    assert ">ein Boot, in Farbe und Nummer seines Spielers</text>" in drawing
    first = towpath.load("mississippi", 2, logs=0).new_state(0)  # no logs: only a pass
    with speaking("de"):
        chips = first.render_svg(0)
    assert ">Oder:</text>" in chips and 'aria-label="passen"' in chips


def test_a_drawing_made_in_german_leaves_the_english_one_english() -> None:
    # The drawings are kept for reuse: the German ones must not come back in English.
    state = midgame()
    with speaking("de"):
        state.render_svg(1)
    drawing = state.render_svg(1)
    assert "<title>seat 0&#x27;s boat: each side shows its number</title>" in drawing
    assert ">Round 1 · supply 6 logs</text>" in drawing
    assert "Flussfeld" not in drawing and "Stämme" not in drawing


def words_drawn(drawing: str) -> set[str]:
    """The words of a drawing's titles and texts (a text's parts joined), with 3 letters or more."""
    found = re.findall(r"<(title|text)\b[^>]*>(.*?)</\1>", drawing)
    texts = {html.unescape(re.sub(r"<[^>]+>", "", inner)) for _, inner in found}
    return {text for text in texts if sum(char.isalpha() for char in text) >= 3}


def same_in_german() -> set[str]:
    path = resources.files("towpath.games.mississippi").joinpath("data", "de.po")
    with path.open("rb") as file:
        catalogue = read_po(file)
    return {
        message.id
        for message in catalogue
        if isinstance(message.id, str) and any(SAME in c for c in message.user_comments)
    }


def test_no_english_words_are_left_on_a_german_board() -> None:
    first = towpath.load("mississippi", 2, logs=0).new_state(0)  # only a pass: "Or:"
    assert isinstance(first, MississippiState)
    states = [(midgame(), 1), (midgame(), None), (first, 0)]
    english: set[str] = set()
    german: set[str] = set()
    for state, seat in states:
        english |= words_drawn(state.render_svg(seat))
        with speaking("de"):
            german |= words_drawn(state.render_svg(seat))
    assert {"pass", "river space 12", "the start area"} <= english, "the drawings say enough"
    left = (english & german) - same_in_german() - NOT_OURS
    assert not left, f"English on the German board: {sorted(left)[:5]}"

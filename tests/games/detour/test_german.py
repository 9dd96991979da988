"""Detour in German (towpath.core.i18n): the actions in words, how a game ended and the board,
each said in German inside `speaking("de")` and as before in English outside it."""

from __future__ import annotations

import re
from html import unescape
from importlib import resources

from babel.messages.pofile import read_po

from tests.games.detour.helpers import ALL, act, play_round_out, position
from towpath.core.actions import Words
from towpath.core.i18n import speaking
from towpath.games.detour.actions import Move
from towpath.games.detour.state import DetourState

SEAT_NAME = re.compile(r'<tspan data-seat-name="\d+">[^<]*</tspan>')  # the client names the seat
WORDS = re.compile(r'<(title|text)\b[^>]*>(.*?)</\1>|aria-label="([^"]*)"')


def words(state: DetourState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def said(drawing: str) -> set[str]:
    """The words of a drawing's texts, hover help and pick labels that hold 3 letters or more."""
    found = set()
    for _tag, inner, label in WORDS.findall(SEAT_NAME.sub("", drawing)):
        text = unescape(re.sub(r"<[^>]+>", "", inner or label)).strip()
        if len(re.findall(r"[^\W\d_]", text)) >= 3:
            found.add(text)
    return found


def same_in_german() -> set[str]:
    """The catalogue's words that German writes as English does (marked by the translator)."""
    path = resources.files("towpath.games.detour").joinpath("data", "de.po")
    with path.open("rb") as file:
        read = read_po(file)
    return {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in read
        if message.id and any("same in German" in c for c in message.user_comments)
    }


def mid_game() -> DetourState:
    """Yellow on detour D1 has played Detour's move part and may still send red (on branch 16)
    onto D2; green has finished with no card left in hand; a Block was played this round."""
    hands = [ALL, ALL, [], ALL]
    state = position(["D1:1", "16", "F", "5"], block_next=True, hands=hands)
    act(state, "move detour 1")
    assert state.pending == {"card": "detour", "part": "action"}
    return state


def test_move_parts_are_said_in_german_with_their_plurals() -> None:
    state = position(["0", "0", "0", "0"])
    with speaking("de"):
        assert words(state, "move detour 1") == Words(
            "ziehen", "spielte", "Umweg: Gelb zieht 1 Feld vor, auf Feld 1"
        )
        assert words(state, "move voyage 3").line("Ann") == (
            "Ann spielte Reise: Gelb zieht 3 Felder vor, auf Feld 3"
        )
        assert (
            words(state, "pass voyage").line("Ann")
            == "Ann spielte Reise: ohne Wirkung, Gelb bleibt auf dem Start"
        )
        assert words(state, "pass voyage").kind == "eine Karte ohne Wirkung spielen"
    assert words(state, "move voyage 3").line("Ann") == (
        "Ann played Voyage: yellow goes 3 spaces on, to space 3"
    )


def test_moves_onto_a_detour_and_into_the_finish_are_said_in_german() -> None:
    state = position(["D1:1", "0", "0", "0"])
    with speaking("de"):
        assert words(state, "move voyage 1").what == ("Reise: Gelb zieht 1 Feld vor, auf Feld D1.2")
    state = position(["30", "5", "0", "0"])
    with speaking("de"):
        assert state.words(Move("voyage", 9)).what == "Reise: Gelb zieht 9 Felder vor, ins Ziel"


def test_the_action_parts_are_said_in_german() -> None:
    state = position(["5", "5", "0", "0"])
    with speaking("de"):
        assert words(state, "detour red").line("Ann") == (
            "Ann spielte Umweg: Rot wird auf D1 geschickt"
        )
        assert words(state, "detour red").kind == "eine Spielfigur auf einen Umweg schicken"
        backward = words(state, "backward 1")
        assert backward.kind == "Rückwärts spielen"
        assert backward.what == (
            "Rückwärts: Jede Spielfigur geht 2 Felder zurück, dann zieht Gelb 1 Feld vor, "
            "auf Feld 4"
        )
        assert words(state, "block 0").what == (
            "Blockade: Die nächste Runde ist blockiert; Gelb bleibt auf Feld 5"
        )
    assert words(state, "block 0").what == (
        "Block: the next round is blocked; yellow stays on space 5"
    )


def test_ending_a_turn_without_the_second_part_is_said_in_german() -> None:
    state = position(["D1:1", "5", "0", "0"])
    act(state, "move detour 1")
    with speaking("de"):
        done = words(state, "done")
    assert done.kind == "den Spielzug beenden"
    assert done.line("Ann") == "Ann beendete den Spielzug von Gelb ohne den zweiten Teil der Karte"


def test_how_the_game_ended_is_said_in_german() -> None:
    state = position(["9", "3", "0", "0"], max_rounds=1)
    play_round_out(state)
    ending = state.ending()
    assert ending is not None
    with speaking("de"):
        german = state.ending()
    assert german is not None and german.how == (
        "Das Rundenlimit von 1 Runde hat das Spiel beendet: "
        "Die am weitesten vorgerückte Spielfigur gewinnt."
    )
    assert ending.how == "The 1-round limit ended the game: the farthest marker wins."
    state = position(["35", "3", "0", "0"], hands=[["voyage"]] * 4)
    act(state, "move voyage 1")
    play_round_out(state)
    with speaking("de"):
        won = state.ending()
    assert won is not None and won.how.endswith(
        "Von den Spielfiguren im Ziel gewinnt die, deren Farbe noch den höchsten Rang auf der "
        "Hand hat."
    )


def test_the_board_is_drawn_in_german() -> None:
    state = mid_game()
    with speaking("de"):
        drawing = state.render_svg(0)
    assert "<title>Rot (seat 1)</title>" in drawing, "the seat token stays for the page"
    assert (
        "<title>Rückwärts: mit Bahn + Boot + Ballon ziehen oder alle Spielfiguren zurücksetzen"
        " · Rang 2: Kommen mehrere Spielfiguren in derselben Runde ins Ziel, entscheidet der "
        "Rang der Karten auf der Hand</title>"
    ) in drawing
    assert "<title>4: Boot · blauer Bereich</title>" in drawing
    assert ">Start</text>" in drawing and " · als 1. im Ziel</text>" in drawing
    assert ">Runde 1 von höchstens 200 · Startspieler: <tspan" in drawing
    assert "die nächste Runde ist blockiert" in drawing
    assert 'data-pick="detour" aria-label="Umweg: auch den Aktionsteil"' in drawing
    assert 'data-pick="done" aria-label="fertig (auslassen)"' in drawing
    assert 'data-pick="1" aria-label="Feld D1.3: 1 Feld weiter"' in drawing
    assert 'data-pick="2" aria-label="Feld D1.4: 2 Felder weiter"' in drawing
    assert 'data-space="go"' in drawing and 'data-card="Backward"' in drawing


def test_the_german_board_keeps_no_english_words() -> None:
    state = mid_game()
    english = state.render_svg(0)
    with speaking("de"):
        german = state.render_svg(0)
    assert state.render_svg(0) == english, "English is drawn as before, whatever was drawn since"
    allowed = {state.game.title} | same_in_german()
    assert {"red (seat 1)", "no card in hand", "moved by the last card"} <= said(english)
    left = (said(english) & said(german)) - allowed
    assert not left, f"English words in the German board: {sorted(left)}"
    english_words = re.compile(r"\b(space|rank|marker|round|card|finished|blue|move|train|boat)")
    assert not [text for text in said(german) - allowed if english_words.search(text.lower())]
    blocked = position(["3", "4", "5", "6"], blocked=True)
    with speaking("de"):
        headline = blocked.render_svg(None)
    assert "blockierte Runde: keine Bewegungsteile" in headline
    assert not (said(blocked.render_svg(None)) & said(headline)) - allowed

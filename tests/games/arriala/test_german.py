"""Arriala in German (towpath.core.i18n): the log and the legal actions, the scoring said after
an action, the game's end and the board's drawing, from explicit positions; English stays as
it was."""

from __future__ import annotations

import html
import re
from pathlib import Path

from babel.messages.pofile import read_po

from tests.games.arriala.helpers import MOISSAC, act, position
from towpath.core.actions import Words
from towpath.core.i18n import speaking
from towpath.games.arriala.components import EFFECTS, load_board, load_rules
from towpath.games.arriala.state import ArrialaState
from towpath.games.arriala.view import CARD_FACES
from towpath.games.arriala.words import ANY_COLOUR_TITLES, CARD_TITLES, COLOURS, MASTERWORKS

CATALOGUE = Path(__file__).parents[3] / "src/towpath/games/arriala/data/de.po"
SHOWN = re.compile(r"<(title|text)\b[^>]*>(.*?)</\1>", re.S)


def german(state: ArrialaState, notation: str) -> Words:
    with speaking("de"):
        return state.words(state.game.parse_action(notation, state))


def shown(drawing: str) -> set[str]:
    """The words of a drawing's `<title>` and `<text>` elements with at least 3 letters."""
    texts = {html.unescape(re.sub(r"<[^>]+>", "", m.group(2))) for m in SHOWN.finditer(drawing)}
    return {text for text in texts if re.search(r"[^\W\d_]{3}", text)}


def test_moves_and_cards_are_said_in_german() -> None:
    state = position(canal={12: "r", MOISSAC: "y"}, hands={0: ["move3", "to-vineyard-any"]})
    assert german(state, "move r1@12 15") == Words(
        "Arbeiter bewegen", "bewegte", "Arbeiter Rot 1 von Feld 12 nach Feld 15 (3 AP)"
    )
    assert german(state, "move y1@23 24").what == (
        "Arbeiter Gelb 1 von Moissac (23) nach Feld 24 (1 AP)"
    )
    said = german(state, "play move3 r1@12 16")
    assert said.kind == "Karte spielen"
    assert said.line("Ann") == (
        "Ann spielte Bewegen 3: Arbeiter Rot 1 von Feld 12 nach Feld 16 (2 AP)"
    )
    assert german(state, "play to-vineyard-any r1@12 ch").line("Ann") == (
        "Ann spielte Ins Weingut (beliebige Farbe): Arbeiter Rot 1 von Feld 12 ins Weingut "
        "Chasselas (1 AP)"
    )
    assert german(state, "draw") == Words("Karte ziehen", "zog", "eine Karte (2 AP)")
    assert german(state, "end").line("Ann") == "Ann beendete den Zug"


def test_points_are_one_punkt_or_several_punkte() -> None:
    state = position(canal={12: "r"})
    assert german(state, "lock 20") == Words(
        "Schleuse bauen", "baute", "eine Schleuse auf Feld 20 (+1 Punkt) (4 AP)"
    )
    assert german(state, "river r1@12 b2").line("Ann") == (
        "Ann baute ein Flussbauwerk auf b2 mit Arbeiter Rot 1 von Feld 12 (+3 Punkte) (3 AP)"
    )
    assert german(state, "place 30").line("Ann") == (
        "Ann setzte einen neuen Arbeiter auf Feld 30 (3 AP)"
    )


def test_a_masterwork_is_named_in_german() -> None:
    state = position(canal={12: "r"}, hands={0: ["masterwork"]}, points=[0, 4, 4, 4])
    assert german(state, "play masterwork cacor").line("Ann") == (
        "Ann spielte Meisterbauwerk: Kanalbrücke von Cacor (+5 Punkte) (1 AP)"
    )
    assert german(state, "play masterwork montech").what == (
        "Meisterbauwerk: Schiffshebewerk von Montech (+5 Punkte) (1 AP)"
    )


def test_the_scoring_after_an_action_is_said_in_german() -> None:
    state = position(canal={18: "r", 19: "r", 20: "y", 21: "y", 23: "g"})
    assert german(state, "move g1@23 22").what == (
        "Arbeiter Grün 1 von Moissac (23) nach Feld 22 (1 AP); Abschnitt 18–22 ausgezählt: Grün +8"
    )
    state = position(canal={9: "r", 10: "r", 11: "y", 14: "y"}, locks=(13,))
    assert german(state, "move y2@14 12").what.endswith(
        "; Abschnitt 9–12 ausgezählt: Gleichstand, niemand erhält Punkte"
    )
    state = position(canal={9: "r", 11: "y"}, locks=(12,))
    assert german(state, "lock 10").what == (
        "eine Schleuse auf Feld 10 (+1 Punkt) (4 AP); Abschnitte 9 und 11 ausgezählt: "
        "Rot +1, Gelb +1"
    )


def test_the_end_is_told_in_german() -> None:
    state = position(2, points=[1, 2, 9], max_turns=1)
    act(state, "end")
    with speaking("de"):
        ending = state.ending()
    assert ending is not None and ending.reason == "limit"
    assert ending.how == (
        "Das Zuglimit von 1 Zug hat das Spiel beendet; die Weingüter wurden nach Mehrheit "
        "ausgezählt."
    )
    state.turn = 0  # the same end reached by the canal's completion, not the limit
    with speaking("de"):
        ending = state.ending()
    assert ending is not None and ending.reason == "nobody"
    assert ending.how.endswith(
        "Der virtuelle Spieler hat die meisten Punkte, also gewinnt niemand."
    )
    ending = state.ending()
    assert ending is not None
    assert ending.how.endswith("The virtual player has the most points, so nobody wins.")


def mid_game() -> ArrialaState:
    """Two players and the virtual one: workers on the canal, in a vineyard and on a blue
    space, a lock, a scored section and a hand of every kind of card."""
    return position(
        2,
        canal={9: "r", 10: "r", 12: "y", MOISSAC: "ryg", 30: "g"},
        vineyards={"ch": "y"},
        blue={"b3": "r"},
        locks=(11,),
        scored=((9, 10),),
        points=[4, 3, 7],
        hands={0: ["lock", "masterwork", "move3", "teleport", "to-canal", "to-vineyard-any"]},
    )


def test_the_board_is_drawn_in_german() -> None:
    state = mid_game()
    with speaking("de"):
        drawing = state.render_svg(0)
    titles = re.findall(r"<title>(.*?)</title>", drawing)
    assert "Arbeiter Rot 1 auf Feld 9" in titles
    assert "Arbeiter Gelb 3 im Weingut Chasselas" in titles
    assert "b2 an der Strecke Montech–Castelsarrasin" in titles
    words = shown(drawing)
    assert {"Weingüter", "Kanalbrücke von Cacor", "Chasselas (ch) · 4 Pkt."} <= words
    assert {"Versetzen", "Meisterbauwerk", "nur als Letzter", "Zug beenden"} <= words
    assert "Spieler · Aufnahmestapel: 49 Karten · Ablage: 0" in words
    assert "Gelb · Platz 2 · 3 Punkte · Reserve 2" in words  # the client writes the seat's name
    assert "Grün · virtueller Spieler · 7 Punkte · Reserve 3" in words
    # The seat to play: its name goes where the phrase puts it.
    assert re.search(
        r'· Rot \(<tspan data-seat-name="0">Platz 1</tspan>\) ist am Zug · noch 5 Aktionspunkte ',
        drawing,
    )


def test_no_english_words_are_left_on_the_german_board() -> None:
    state = mid_game()
    english = shown(state.render_svg(0))
    with speaking("de"):
        drawing = state.render_svg(0)
    with open(CATALOGUE, "rb") as file:
        same = {
            message.id
            for message in read_po(file)
            if any("same in German" in comment for comment in message.user_comments)
        }
    board = load_board(None)
    names = {*board.towns, "Arriala: Canal de Garonne"}  # names
    names |= {f"{a}–{b}" for a, b in zip(board.towns, board.towns[1:], strict=False)}
    left = (english & shown(drawing)) - same - names
    assert not left, f"English on the German board: {sorted(left)}"
    assert state.render_svg(0) == state.render_svg(0)
    assert "Flussbauwerke" not in state.render_svg(0), "English again outside German"
    assert "the last move" in state.render_svg(0), "the legend's cache keeps each language"


def test_the_names_from_the_data_files_are_marked_for_translation() -> None:
    rules, board = load_rules(), load_board(None)
    assert set(COLOURS) == set(rules.colours)
    assert set(MASTERWORKS) == {work.name for work in board.masterworks}
    assert set(CARD_TITLES) | {"move"} == set(EFFECTS) == set(CARD_FACES)
    any_colour = {card.effect for card in rules.cards.values() if card.any_colour}
    assert any_colour <= set(ANY_COLOUR_TITLES)

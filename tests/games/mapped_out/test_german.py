"""Mapped Out in German (towpath.core.i18n): the actions and the log, what is to be done next,
the end, the board's words and help texts, and the names of every component in the data files.
English stays as it was outside `speaking("de")`."""

from __future__ import annotations

import html
import re
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po

from tests.games.mapped_out.helpers import act, position, walking
from towpath.core.actions import Words
from towpath.core.i18n import speaking
from towpath.games.mapped_out import components as data
from towpath.games.mapped_out import words as said
from towpath.games.mapped_out.components import components
from towpath.games.mapped_out.state import MappedOutState

EXPANSIONS: dict[str, Any] = {"lands_unknown": True, "unclear_instructions": True}
SAME = "same in German"  # a translator's comment: German writes the word as English does
# Words on the board that are not Mapped Out's to translate: its title, and the legend's
# heading drawn by towpath.core.svg (translated, if at all, by towpath.core's catalogue).
NOT_OURS = {"Mapped Out"}


def words(state: MappedOutState, notation: str) -> Words:
    return state.words(state.game.parse_action(notation, state))


def drawn_words(drawing: str) -> set[str]:
    """The text of every <text> and <title> of a drawing that has a word of 3 letters or more."""
    found = re.findall(r"<(text|title)\b[^>]*>(.*?)</\1>", drawing, flags=re.S)
    texts = {html.unescape(re.sub(r"<[^>]+>", "", body)) for _, body in found}
    return {text for text in texts if re.search(r"[A-Za-zÄÖÜäöüß]{3}", text)}


def same_in_german() -> set[str]:
    """The catalogue's words that German writes as English does (commented so)."""
    path = resources.files(data.PACKAGE).joinpath("data", "de.po")
    with path.open("rb") as file:
        catalogue = read_po(file)
    return {
        str(message.id)
        for message in catalogue
        if message.id and any(SAME in comment for comment in message.user_comments)
    }


def middle_of_the_build() -> MappedOutState:
    """Seat 0 has just placed a Reveal 3 and is to choose whose card 3: rows of revealed cards
    with specials, a card seat 0 studied, an armed card, special tiles, a tile without fish."""
    state = position(
        rows=[
            ["+left", "-right", "+any+fishful", "jump", "+match:fish2"],
            ["up", "+down+draw", "right", "+invert", "+copy", "left"],
        ],
        board={(0, 0): 2, (1, 0): 42, (2, 0): 53, (0, 1): 0, (1, 1): 47},
        hands=[[14, 50], [25, 13]],
        pile=[4, 6],
        choose_orientation=True,
        **EXPANSIONS,
    )
    state.rows[1][5][3] |= 1  # seat 0 studied seat 1's card 6
    state.rows[0][2][4] = True  # the Fishful card is armed
    act(state, "place 14 3,0")
    return state


def test_the_actions_are_said_in_german_with_the_seat_token() -> None:
    state = position(board={(0, 0): 2}, hands=[[14], [25]], pile=[6])
    with speaking("de"):
        assert words(state, "place 14 1,0") == Words(
            "ein Plättchen legen",
            "legte",
            "ein Plättchen Enthüllen 3 (Fische: 2, 2) auf Feld 1,0",
        )
        act(state, "place 14 1,0")
        told = words(state, "reveal 1.3")
        assert told.kind == "eine Karte enthüllen"
        assert told.line("Ann") == "Ann enthüllte Karte 3 von seat 1"
    assert words(state, "reveal 1.3").line("Ann") == "Ann revealed seat 1's card 3"


def test_a_swap_a_study_and_a_tile_without_fish_are_said_in_german() -> None:
    state = position(board={(0, 0): 2}, hands=[[13], [0]], pile=[6])
    with speaking("de"):
        act(state, "place 13 1,0")
        swapped = words(state, "swap 0.4 1.2")
        assert swapped.line("Bo") == "Bo tauschte Karte 4 von seat 0 mit Karte 2 von seat 1"
        act(state, "swap 0.4 1.2")
        placed = words(state, "place 0 2,0").what
        assert placed == "ein Plättchen Betrachten 2 (Fische: keine) auf Feld 2,0"
        act(state, "place 0 2,0")
        assert words(state, "study 0.1").line("Cy") == "Cy betrachtete Karte 1 von seat 0"


def test_the_prompt_counts_the_cards_left_in_german() -> None:
    state = position(board={(0, 0): 2}, hands=[[12], [25]], pile=[6])  # 12: Study 3
    act(state, "place 12 1,0")
    with speaking("de"):
        assert state.view(0)["prompt"] == "noch 3 verdeckte Karten betrachten"
        act(state, "study 1.1", "study 1.2")
        assert state.view(0)["prompt"] == "noch 1 verdeckte Karte betrachten"
        drawing = state.render_svg(0)  # the headline, in two lines within the drawing
        assert ">Bau der Landkarte · Stapel: 1 Plättchen</text>" in drawing
        assert ">als Nächstes: noch 1 verdeckte Karte betrachten</text>" in drawing
    assert state.view(0)["prompt"] == "study 1 more face-down card(s)"


def test_a_walk_is_said_in_german() -> None:
    state = walking(rows=[["+any", "+left"], ["+right", "+up"]], board={(0, 0): 2, (0, -1): 3})
    with speaking("de"):
        assert state.view(0)["prompt"] == "die Richtung der Karte „Beliebig“ wählen"
        assert words(state, "go up").line("Ann") == "Ann ging nach oben"
        drawing = state.render_svg(0)
        assert "↑ nach oben" in drawing and "← nach links" in drawing
    assert words(state, "go up").line("Ann") == "Ann went up"


def test_the_end_is_told_in_german() -> None:
    for muddled, scored in (
        (False, "der besuchten Plättchen"),
        (True, "im eigenen Wertungsstapel"),
    ):
        state = position(
            rows=[["+left"] * 8, ["+right"] * 8],
            board={(0, 0): 2},
            hands=[[14], [25]],
            muddled_waters=muddled,
        )
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        with speaking("de"):
            ending = state.ending()
        assert ending is not None
        how = f"Alle Wanderungen sind beendet: Es zählt die beste Fischart {scored}, die meisten "
        assert ending.how == how + "Punkte gewinnen."
        english = state.ending()
        assert english is not None and english.how.startswith("Every walk is done")


def test_the_board_has_german_help_texts_and_labels() -> None:
    state = middle_of_the_build()
    with speaking("de"):
        drawing = state.render_svg(0)
    assert "<title>Figur von seat 1</title>" in drawing
    assert "<title>Karte 6 von seat 1: nach links · bekannt bei seat 0</title>" in drawing
    assert (
        "<title>Karte 2 von seat 1: nach unten+Nachziehen · bekannt bei seat 0, seat 1" in drawing
    )
    assert "<title>Karte 4 von seat 0: verdeckt · niemandem bekannt</title>" in drawing
    assert ">Enthüllen 2</text>" in drawing and ">Insel</text>" in drawing
    assert ">Fischsuche 2</text>" in drawing and ">Fischreich</text>" in drawing
    assert ">keine Fische</text>" in drawing and ">2 verdeckte Plättchen</text>" in drawing
    assert "</tspan> (du) · 1 Plättchen auf der Hand" in drawing, "no score while building"
    assert 'aria-label="Karte 3 von seat 1"' in drawing
    assert ">Fisch der Art 1 (bis 4)</text>" in drawing
    assert "als Nächstes: wählen, wessen Karte 3 enthüllt wird" in drawing
    english = state.render_svg(0)
    assert {"seat 1's pawn", "Reveal 2"} <= drawn_words(english)


def test_no_english_words_are_left_on_a_german_board() -> None:
    shown = middle_of_the_build()
    orienting = middle_of_the_build()
    act(orienting, "reveal 1.3")  # choose_orientation: the chips upright / upside-down
    assert orienting.steps[-1]["do"] == "orient"
    going = walking(rows=[["+any", "+left"], ["+right", "+up"]], board={(0, 0): 2, (1, 0): 0})
    allowed = same_in_german() | NOT_OURS
    for state in (shown, orienting, going):
        for seat in (0, 1, None):
            english = drawn_words(state.render_svg(seat))
            with speaking("de"):
                german = drawn_words(state.render_svg(seat))
            assert len(english) > 10
            left = {text for text in english & german if text not in allowed}
            assert not left, f"English on the German board: {sorted(left)}"
    assert "upright" in drawn_words(orienting.render_svg(0))
    with speaking("de"):
        assert "richtig herum" in drawn_words(orienting.render_svg(0))


def test_every_component_named_in_the_data_files_has_its_german_name() -> None:
    assert set(said.ACTIONS) == set(data.PLACE_ACTIONS)
    assert set(said.MOVES) == set(data.MOVES) - {"match"}
    assert set(said.TILE_SPECIALS) == set(data.TILE_SPECIALS)
    assert set(said.CARD_SPECIALS) == set(data.CARD_SPECIALS)
    built = components()
    for tile in built.tiles:
        names = [said.action_name(tile.action)]
        names += [said.tile_special_name(tile.special)] if tile.special else []
        with speaking("de"):
            german = [said.action_name(tile.action)]
            german += [said.tile_special_name(tile.special)] if tile.special else []
        assert all(g != e for g, e in zip(german, names, strict=True)), tile
    for kind in built.kinds:
        with speaking("de"):
            card = said.card_name(kind.name)
        assert card != said.card_name(kind.name) == kind.name
        assert "_" not in card and kind.move not in card.lower()
    with speaking("de"):
        assert said.card_name("up+ultra_reveal") == "nach oben+Ultra-Enthüllen"
        assert said.card_special_name("hand_swap") == "Handtausch"
    assert said.card_special_name("hand_swap") == "hand swap"

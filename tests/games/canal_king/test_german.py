"""Canal King in German (towpath.core.i18n): the actions, the end and the board as a German reader
gets them, with the seat token "seat N" left for the page to name; English stays as it was."""

from __future__ import annotations

import html
import re
import tomllib
from importlib import resources
from pathlib import Path

from babel.messages.pofile import read_po

from tests.games.canal_king.helpers import NETWORK, act, launch, position, small
from towpath.core import svg
from towpath.core.actions import Words
from towpath.core.i18n import catalogue, speaking
from towpath.games.canal_king.state import CanalKingState
from towpath.games.canal_king.table import CanalKingTable
from towpath.games.canal_king.view import LETTERS, flag_letter
from towpath.games.canal_king.words import COLOUR_NAMES, FLAGGED

PACKAGE = "towpath.games.canal_king"
DATA = Path(str(resources.files(PACKAGE).joinpath("data")))
HANDS = [["S", "ST:red", "G", "T", "TT"], ["S", "S:purple", "G:yellow", "G", "T"]]
# Words of the drawing that towpath.core.svg writes, in core's catalogue, not this game's.


def german(state: CanalKingState, notation: str) -> Words:
    with speaking("de"):
        return state.words(state.game.parse_action(notation, state))


def sailing() -> CanalKingState:
    """Seat 0's ship stopped on its flag at 2,0 and to lose its next turn; seat 1 builds."""
    tiles = {**NETWORK, (2, 0): ("G:red", 2)}
    state = position(
        tiles=tiles,
        specials={1: (2, 2, 0)},
        hands=HANDS,
        cards=[6, 5],
        colours=["orange", "green"],
        **small(),
    )
    launch(state, 0, (2, 0), entry=4, exit=2, stop="flag", last_port="A")
    assert state.ships[0] is not None
    state.ships[0]["skip"] = True
    return state


def drawn_words(drawing: str) -> set[str]:
    """The words of a drawing's texts and help texts with at least 3 letters, tspans within."""
    found = re.findall(r"<(text|title)\b[^>]*>(.*?)</\1>", drawing)
    said = {html.unescape(re.sub("<[^>]+>", "", inner)) for _, inner in found}
    return {text for text in said if len(re.findall("[^\\W\\d_]", text)) >= 3}


def same_in_german() -> set[str]:
    """The catalogue's words German writes as English does (marked "# same in German")."""
    with (DATA / "de.po").open("rb") as file:
        read = read_po(file)
    return {
        str(message.id)
        for message in read
        if message.id and any("same in German" in note for note in message.user_comments)
    }


def test_a_placement_is_said_in_german_with_its_flag_and_turn() -> None:
    state = position(2, hands=HANDS, **small())
    assert german(state, "place S 0,0 r0") == Words(
        "ein Plättchen legen", "legte", "eine Gerade (S) auf 0,0"
    )
    said = german(state, "place ST:red 1,0 r3")
    assert said.line("Bob") == (
        "Bob legte ein ST-Plättchen (Gerade + enge Kurve) mit roter Flagge auf 1,0, um 180° gedreht"
    )
    assert state.words(state.game.parse_action("place S 0,0 r0")).what == "a straight (S) on 0,0"


def test_a_replacement_and_a_purple_flag_in_german() -> None:
    state = position(2, tiles=NETWORK, hands=HANDS, player=1, **small())
    said = german(state, "replace S:purple 4,3 r0")
    assert said == Words(
        "ein Plättchen ersetzen",
        "ersetzte",
        "eine Gerade (S) auf 4,3 durch eine Gerade (S) mit lila Flagge",
    )


def test_a_swap_counts_its_tiles_in_german_and_names_their_colours() -> None:
    state = position(2, hands=HANDS, **small())
    assert german(state, "swap S G") == Words(
        "Plättchen tauschen",
        "tauschte",
        "eine Gerade (S), eine weite Kurve (G) gegen 2 neue",
    )
    assert german(state, "swap ST:red").what == (
        "ein ST-Plättchen (Gerade + enge Kurve) mit roter Flagge gegen ein neues"
    )
    assert state.words(state.game.parse_action("swap ST:red")).what == (
        "an ST tile (straight + tight curve) with a red flag for a new one"
    )


def test_the_special_tile_sailing_and_the_forced_turns_in_german() -> None:
    state = position(2, hands=HANDS, **small())
    assert german(state, "special 1,1 r2").line("Ann") == (
        "Ann spielte das Sonderplättchen auf 1,1, um 120° gedreht"
    )
    assert german(state, "launch") == Words(
        "das Schiff zu Wasser lassen", "ließ", "das eigene Schiff zu Wasser: die Route ist fertig"
    )
    launch(state, 0, (0, 0), entry=3, exit=0, stop="flag", last_port="A")
    assert german(state, "return").line("Ann") == "Ann fuhr zurück nach Hafen A"
    assert german(state, "sail 1,0 from NW") == Words(
        "fahren", "fuhr", "nach 1,0, Einfahrt über die Nordwestkante"
    )
    assert german(state, "skip").line("Ann") == (
        "Ann musste diesen Zug aussetzen (Halt auf einem Sonderplättchen)"
    )


def test_the_end_is_said_in_german() -> None:
    state = position(2, hands=HANDS, max_turns=1, **small())
    act(state, "place S 0,0 r0")
    with speaking("de"):
        ending = state.ending()
    assert ending is not None and ending.reason == "limit"
    assert ending.how == (
        "Das Zuglimit (1) beendete das Spiel, bevor ein Schiff seine Route vollendet hatte: "
        "Niemand gewinnt."
    )
    won = position(2, hands=HANDS, **small())
    won.winner = 0
    with speaking("de"):
        ending = won.ending()
    assert ending is not None and ending.how == (
        "Das erste Schiff, das nach beiden Anläufen seinen Zielhafen erreicht, gewinnt."
    )
    english = won.ending()
    assert english is not None
    assert english.how == "The first ship to reach its final port with both calls made wins."


def test_the_board_helps_and_labels_in_german_with_the_seat_token() -> None:
    state = sailing()
    with speaking("de"):
        drawing = state.render_svg(1)
    assert "<title>Schiff von seat 0 (setzt den nächsten Zug aus)</title>" in drawing
    assert "Nachziehstapel: " in drawing and " Plättchen</text>" in drawing
    said = [  # the seat's words, in lines under its name beside the board
        "Farbe grün · Route E-A-C-F",
        "3 von 4 Häfen verbunden (A-C-F); noch zu verbinden: E",
        "Sonderplättchen gespielt",
    ]
    assert all(f">{line}</text>" in drawing for line in said)
    assert ">S:lila</text>" in drawing and ">ST:rot</text>" in drawing
    assert 'aria-label="Feld 1,2"' in drawing and 'aria-label="Hafen A"' in drawing
    assert ">Flagge (R rot …): ein Schiff dieser Farbe hält</text>" in drawing
    english = state.render_svg(1)
    assert "<title>seat 0's ship (loses its next turn)</title>" in html.unescape(english)
    assert ">S:purple</text>" in english and 'aria-label="cell 1,2"' in english
    assert ">3 of 4 ports joined (A-C-F); still to join: E</text>" in english
    assert max(len(set("EACF") & set(ports)) for ports in state.view(1)["joined"]) == 3


def test_the_hand_to_move_is_picked_in_german_words() -> None:
    state = position(2, hands=HANDS, colours=["yellow", "blue"], **small())
    with speaking("de"):
        drawing = state.render_svg(0)
    assert 'data-pick="ST:red" aria-label="Plättchen ST:rot"' in drawing
    assert 'aria-label="zu Wasser lassen"' in drawing and 'data-pick="launch"' in drawing
    assert ">Ge</text>" in drawing, "seat 0's own yellow flag"


def test_a_german_board_keeps_no_english_words() -> None:
    state = sailing()
    for seat in (0, 1, None):
        english = drawn_words(state.render_svg(seat))
        with speaking("de"):
            german = drawn_words(state.render_svg(seat))
        assert len(english) > 15
        kept = (english & german) - same_in_german()
        assert not kept, f"left in English for seat {seat}: {sorted(kept)}"


def test_german_drawings_do_not_leak_into_english_ones() -> None:
    """The drawing's caches keep the languages apart."""
    state = sailing()
    english = state.render_svg(1)
    with speaking("de"):
        german = state.render_svg(1)
        assert state.render_svg(1) == german
    assert german != english
    assert state.render_svg(1) == english


def test_every_colour_a_tile_set_may_name_is_said_in_german() -> None:
    colours = set(tomllib.loads((DATA / "tiles.toml").read_text())["colours"])
    assert colours <= set(COLOUR_NAMES) and colours <= set(FLAGGED) and colours <= set(LETTERS)
    assert set(svg.COLOURS) <= set(COLOUR_NAMES) and set(svg.COLOURS) <= set(FLAGGED)
    words = catalogue(PACKAGE, "de")
    for said in [*COLOUR_NAMES.values(), *FLAGGED.values(), *LETTERS.values()]:
        assert said in words, said
    with speaking("de"):
        letters = [flag_letter(colour) for colour in sorted(colours)]
    assert len(set(letters)) == len(colours), f"flags a reader can tell apart: {letters}"
    assert [flag_letter(colour) for colour in sorted(colours)] == [
        svg.letter(colour) for colour in sorted(colours)
    ]


def test_the_options_are_marked_for_the_form() -> None:
    words = catalogue(PACKAGE, "de")
    own = [
        spec
        for spec in CanalKingTable.option_specs
        if spec.name in {"ordered_calls", "board", "tiles", "routes"}
    ]
    assert len(own) == 4
    for spec in own:
        assert spec.label in words and spec.help in words, spec.name
    assert words["Calls in the card's order"] == "Anlaufhäfen in Kartenreihenfolge"
    assert CanalKingTable.blurb in words and CanalKingTable.play_time in words


def test_the_german_rules_follow_the_english_ones() -> None:
    english = (DATA / "guide.md").read_text()
    german = (DATA / "guide.de.md").read_text()

    def shape(text: str) -> list[str]:
        """The headings' levels, the numbered and bulleted items, in order."""
        marks = re.findall(r"^(#+ |\d+\. |- )", text, flags=re.MULTILINE)
        return [mark.strip() for mark in marks]

    assert shape(german) == shape(english)
    assert german.startswith("# Canal King\n")
    assert "Sonderplättchen" in german and "Anlaufhäfen in Kartenreihenfolge" in german

"""Views, hidden hands, resampling, the text rendering, notation and saved states."""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest

import towpath
from tests.games.arriala.helpers import MOISSAC, MONTECH, act, position
from towpath.core.errors import GameError
from towpath.games.arriala.state import ArrialaState

SPEC_KEYS = {
    "scores",
    "spaces",
    "scored_sections",
    "vineyards",
    "blue",
    "reserve",
    "hands",
    "ap_left",
    "pile",
}


def test_a_view_has_the_keys_of_the_spec() -> None:
    state = position(canal={9: "r", MONTECH: "yg"}, locks=(13,), hands={0: ["lock"], 1: []})
    view = state.view(0)
    assert set(view) >= SPEC_KEYS
    assert view["spaces"][MONTECH - 1] == {
        "number": 8,
        "town": "Montech",
        "workers": [{"colour": "yellow", "number": 1}, {"colour": "green", "number": 1}],
        "lock": False,
        "section": None,
        "in_play": True,
    }
    assert view["spaces"][9 - 1]["section"] == "9-12" and view["spaces"][13 - 1]["lock"]
    assert view["spaces"][14 - 1]["section"] == "14-16"


def test_hands_own_by_name_others_as_counts_pile_as_a_count() -> None:
    state = position(canal={}, hands={0: ["lock", "move2"], 1: ["teleport"], 2: [], 3: []})
    assert state.view(0)["hands"] == [["lock", "move2"], 1, 0, 0]
    assert state.view(1)["hands"] == [2, ["teleport"], 0, 0]
    assert state.view(None)["hands"] == [2, 1, 0, 0]
    assert state.view(0)["pile"] == 52
    assert "teleport" not in json.dumps(state.view(0)), "no name of another seat's card"


def test_a_view_does_not_change_with_what_others_hold() -> None:
    one = position(canal={}, hands={0: ["lock"], 1: ["teleport"]})
    other = position(canal={}, hands={0: ["lock"], 1: ["move4"]})
    assert one.view(0) == other.view(0) and one.view(None) == other.view(None)
    assert one.view(1) != other.view(1)


def test_played_cards_are_public_in_the_discards() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2"]})
    act(state, "play move2 r1@9 11")
    assert state.view(1)["discards"] == ["move2"]


def test_resampling_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = position(canal={9: "r"}, hands={0: ["move2", "lock"], 1: ["teleport", "teleport"]})
    act(state, "play move2 r1@9 11")
    world = state.resample(0, 7)
    assert world.view(0) == state.view(0)
    assert world.hands[0] == ["lock"] and world.discards == ["move2"]
    assert len(world.hands[1]) == 2 and len(world.pile) == len(state.pile)
    everything = Counter(world.pile + world.discards + [c for h in world.hands for c in h])
    assert everything == Counter(state.game.rules.deck)
    deals = {tuple(state.resample(0, seed).hands[1]) for seed in range(20)}
    assert len(deals) > 1, "other hands are drawn anew"
    spectator = state.resample(None, 3)
    assert spectator.view(None) == state.view(None)


def test_the_text_shows_canal_towns_locks_workers_sections_vineyards_and_scores() -> None:
    state = position(
        canal={18: "r", 19: "r", MONTECH: "yg", 30: "v"},
        vineyards={"ch": "y"},
        blue={"b3": "g"},
        locks=(20,),
        scored=((18, 19),),
        points=[2, 0, 3, 1],
        hands={0: ["lock"]},
    )
    text = state.render_text(0)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert "  8 Montech: y1 g1" in lines
    assert "Score track: red 2 · yellow 0 · green 3 · violet 1" in lines
    row = lines[lines.index(" 17 Castelsarrasin: -") + 2]
    assert row.startswith("     r1* r2*  L   .   . "), row
    assert "Vineyard Chasselas (ch, 4 points): y2 . . ." in lines
    assert "b3 g2" in text and "red: lock" in text and "yellow: 0 cards" in text
    assert "red (seat 0) to play, 5 AP left" in lines[0]


def test_the_text_of_the_two_player_board_shows_the_closed_stretch() -> None:
    state = position(2)
    text = state.render_text(None)
    assert "  1 Grisolles (out of play)" in text
    assert "closed" in text and "green (virtual) 0" in text


@pytest.mark.parametrize(
    "text",
    [
        "move r2@12 15",
        "play move3 y2@12 16",
        "play teleport r1@12 30",
        "to-vineyard r5@12 ch",
        "play to-vineyard-any y3@12 br",
        "to-canal r2@ch 15",
        "play to-canal-any g1@fr 15",
        "place 15",
        "river r1@12 b2",
        "lock 20",
        "play lock 20",
        "play masterwork cacor",
        "draw",
        "end",
    ],
)
def test_notation_round_trips(text: str) -> None:
    game = towpath.load("arriala", 4)
    assert str(game.parse_action(text)) == text
    assert str(game.parse_action("  " + text.upper() + " ")) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("move r12 15", "worker like r2@12"),
        ("move x1@12 15", "colour letter rygv"),
        ("move r@12 15", "expected a worker with its number, like r2@12"),
        ("move r6@12 15", "its number from 1 to 5"),
        ("move r0@12 15", "its number from 1 to 5"),
        ("move r²@12 15", "its number from 1 to 5"),
        ("to-canal 2@ch 15", "worker like r2@12"),
        ("move r1@12 43", "space number from 1 to 42"),
        ("move r1@0 4", "space number"),
        ("to-vineyard r1@12 xx", "vineyard: fr, ch, br"),
        ("river r1@12 b9", "blue space: b1, b2, b3, b4"),
        ("play joker 3", "card: move2"),
        ("play masterwork eiffel", "masterwork: montech, cacor"),
        ("play lock", "expected move"),
        ("fly r1@1 2", "expected move"),
        ("move r1@²3 4", "space number"),
        ("place 999999999999", "space number from 1 to 42"),
        ("lock " + "9" * 5000, "space number from 1 to 42"),
        ("move r" + "1" * 5000 + "@12 15", "its number from 1 to 5"),
    ],
)
def test_bad_notation_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(GameError, match=expected) as error:
        towpath.load("arriala", 4).parse_action(text)
    assert "\n" not in str(error.value)


def test_numbers_read_whatever_zeros_lead_them() -> None:
    game = towpath.load("arriala", 4)
    assert str(game.parse_action("move r" + "0" * 5000 + "1@012 " + "0" * 5000 + "15")) == (
        "move r1@12 15"
    )


def test_a_saved_state_continues_and_a_corrupt_one_is_refused() -> None:
    state = position(canal={9: "r", 10: "y"}, hands={0: ["lock"]})
    act(state, "move r1@9 11")
    copy = towpath.from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    data = json.loads(state.to_json())
    broken: list[dict[str, object]] = [
        {"where": [8] * 20},
        {"locks": [True] * 3},
        {"pile": data["state"]["pile"] + ["lock"]},
        {"hands": [["joker"], [], [], []]},
        {"ap": 9},
        {"left": [[]] * 3},
        {"masterworks": [7, None]},
        {"where": [43] * 5 + [-1] * 15},
        {"where": [42 + 3] * 2 + [-1] * 18},
        {"where": [-1, 10] + [-1] * 3 + [9] + [-1] * 14},
        {"left": [[10, 8]] + [[]] * 19},
        {"barred": [[8, 8]] + [[]] * 19},
    ]
    for change in broken:
        text = json.dumps({**data, "state": {**data["state"], **change}})
        with pytest.raises(GameError, match="corrupt state"):
            towpath.from_json(text)


def test_the_state_fields_are_exactly_the_snapshot() -> None:
    state = position(canal={9: "r"})
    assert list(state.snapshot()) == list(type(state).fields)
    assert state.clone().to_json() == state.to_json()


def test_the_text_tells_what_workers_may_no_longer_do_this_turn() -> None:
    state = position(canal={12: "y", 20: "r"})
    assert "This turn" not in state.render_text(None)
    act(state, "move y1@12 14", "end")
    assert "This turn: y1@14 not back to 12" in state.render_text(1)
    act(state, "move r1@20 21")
    assert "r1@21 moved, left 20" in state.render_text(1)


def test_after_a_reshuffle_resampled_piles_hold_only_reshuffled_cards() -> None:
    state = position(canal={}, hands={0: ["masterwork"], 1: ["move2"]})
    reshuffled = ["lock", "lock", "teleport"]
    rest = sorted((Counter(state.pile) - Counter(reshuffled)).elements())
    state.hands[2], state.hands[3] = rest[:25], rest[25:]
    state.discards, state.pile = list(reshuffled), []
    act(state, "draw")
    assert state.view(1)["reshuffled"] == reshuffled and len(state.pile) == 2
    for seed in range(30):
        world = state.resample(1, seed)
        assert not Counter(world.pile) - Counter(reshuffled)
        assert world.view(1) == state.view(1)


VERBS = {"move", "to-vineyard", "to-canal", "place", "river", "lock", "play"}


def board_picks(state: ArrialaState, seat: int) -> set[str]:
    """The runs of notation a person may click on the board (`data-pick`, see core.svg)."""
    return {
        html.unescape(run) for run in re.findall(r'data-pick="([^"]*)"', state.render_svg(seat))
    }


def has_run(notation: str, run: str) -> bool:
    """The web client's test (static/room.js): do the run's words occur in a row?"""
    words, part = notation.split(), run.split()
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


def check_every_action_is_picked_on_the_board(state: ArrialaState) -> None:
    """Every word of a legal action but its verb is on the board: the person clicks the worker,
    the space, vineyard, blue space, card or chip, and chooses among what is left."""
    seat = state.current_player
    assert seat is not None
    picks = board_picks(state, seat)
    for action in state.legal_actions():
        notation = str(action)
        covered = {word for run in picks if has_run(notation, run) for word in run.split()}
        assert set(notation.split()) - VERBS <= covered, notation


def test_every_legal_action_can_be_picked_on_the_board() -> None:
    state = position(
        canal={MOISSAC: "rry", 24: "r"},
        vineyards={"ch": "gg"},
        hands={0: ["move2", "teleport", "lock", "masterwork", "to-canal-any", "to-vineyard"]},
    )
    act(state, "move r3@24 23")
    picks = board_picks(state, 0)
    assert {"r1@23", "r2@23", "r3@23", "y1@23", "g1@ch", "g2@ch"} <= picks
    check_every_action_is_picked_on_the_board(state)
    for players in (2, 3, 4):
        played = towpath.load("arriala", players).new_state(players)
        assert isinstance(played, ArrialaState)
        bot = towpath.agent("random", seed=players)
        for step in range(300):
            if played.is_terminal():
                break
            if step % 15 == 0:
                check_every_action_is_picked_on_the_board(played)
            played.apply(bot.choose(played))

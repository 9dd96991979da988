"""Who knows which card: views hide every face-down card its seat does not know, and resampling
redeals exactly what the seat does not know."""

from __future__ import annotations

from collections import Counter

import towpath
from tests.games.mapped_out.helpers import act, names, position
from towpath.games.mapped_out.state import MappedOutState

ROW = ["left", "right", "up", "down", "any", "nothing", "up", "down"]


def cards_in_play(state: MappedOutState) -> Counter[int]:
    cards = [c[0] for row in state.rows for c in row] + [c[0] for c in state.discards]
    return Counter(cards + state.deck)


def test_a_players_own_view_never_shows_their_unstudied_cards() -> None:
    state = towpath.load("mapped_out", 3).new_state(4)
    assert isinstance(state, MappedOutState)
    for seat in (None, 0, 1, 2):
        for owner in range(3):
            assert names(state, seat, owner) == [None] * 8


def studied() -> MappedOutState:
    """Seat 0 studied its own card 1 and seat 1's card 2 (tile 0: study 2)."""
    state = position(rows=[ROW, ROW], board={(0, 0): 2}, hands=[[0, 4], [5, 6]], pile=[7, 8, 9])
    act(state, "place 0 1,0", "study 0.1", "study 1.2")
    return state


def test_studied_cards_show_only_to_the_studier_and_everyone_sees_who_knows() -> None:
    state = studied()
    assert names(state, 0, 0) == ["left", *[None] * 7]
    assert names(state, 0, 1) == [None, "right", *[None] * 6]
    assert names(state, 1, 0) == [None] * 8 and names(state, None, 1) == [None] * 8
    assert names(state, 1, 1) == [None] * 8, "seat 1's own card 2 is known to seat 0 only"
    assert state.view(1)["rows"][1][1]["known_by"] == [0]
    studied_card = state.view(0)["rows"][0][0]
    assert studied_card["revealed"] is False and studied_card["orientation"] is None, (
        "studying shows the type only: the orientation is drawn when the card is revealed"
    )


def test_the_spectator_sees_no_hand() -> None:
    view = studied().view(None)
    assert [hand["tiles"] for hand in view["hand_details"]] == [[], []]
    assert [hand["count"] for hand in view["hand_details"]] == [2, 2]


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = studied()
    worlds = [state.resample(0, seed) for seed in range(30)]
    for world in worlds:
        assert world.view(0) == state.view(0)
        assert world.rows[0][0][0] == state.rows[0][0][0] and world.rows[1][1][0] == 1
        assert world.hands[0] == state.hands[0]
        assert cards_in_play(world) == cards_in_play(state)
        assert sorted(world.hands[1] + world.pile) == sorted(state.hands[1] + state.pile)
    assert len({tuple(c[0] for c in w.rows[1]) for w in worlds}) > 1
    assert len({tuple(w.hands[1]) for w in worlds}) > 1
    unknown_to_1 = {w.rows[1][1][0] for w in (state.resample(1, s) for s in range(30))}
    assert len(unknown_to_1) > 1, "seat 1 never studied its own card 2"


def test_resample_depends_on_the_view_and_seed_alone() -> None:
    state = studied()
    for seat in (None, 0, 1):
        twice = state.resample(seat, 3).resample(seat, 8)
        assert twice.to_json() == state.resample(seat, 8).to_json()


def test_see_cards_shows_the_owner_its_set_but_not_the_order() -> None:
    state = towpath.load("mapped_out", 2, see_cards=True).new_state(6)
    assert isinstance(state, MappedOutState)
    own = sorted(state.game.card_names[c[0]] for c in state.rows[0])
    assert state.view(0)["known_set"] == own
    assert state.view(None)["known_set"] is None and state.view(1)["known_set"] != []
    assert names(state, 0, 0) == [None] * 8
    assert state.view(1)["rows"][0][0]["set_of"] == 0


def test_resample_keeps_the_see_cards_set_and_shuffles_its_order() -> None:
    state = towpath.load("mapped_out", 2, see_cards=True).new_state(6)
    assert isinstance(state, MappedOutState)
    mine = Counter(c[0] for c in state.rows[0])
    orders, theirs = set(), set()
    for seed in range(30):
        world = state.resample(0, seed)
        assert Counter(c[0] for c in world.rows[0]) == mine
        orders.add(tuple(c[0] for c in world.rows[0]))
        theirs.add(tuple(sorted(c[0] for c in world.rows[1])))
    assert len(orders) > 1, "the order of the set is unknown"
    assert len(theirs) > 1, "the other set is unknown"


def test_a_removed_face_down_card_stays_unknown_and_is_redealt() -> None:
    rows = [["left", *ROW[1:]], ["left+remove", *ROW[1:]]]
    state = position(
        rows=rows,
        board={(0, 0): 3},
        hands=[[2], [5]],
        pile=[9],
        deck=["jump", "copy", "invert"],
        unclear_instructions=True,
    )
    act(state, "place 2 1,0", "reveal 1.1", "remove 1.5")
    assert state.view(0)["discards"][0]["card"] is None
    removed = {state.resample(0, seed).discards[0][0] for seed in range(30)}
    assert len(removed) > 1


def test_a_hard_revealed_card_face_down_stays_known_to_all_after_resampling() -> None:
    rows = [["left", "right", "-up", *ROW[3:]], ROW]
    state = position(rows=rows, board={(0, 0): 2}, hands=[[14], [3]], pile=[4], hard_reveal=True)
    act(state, "place 14 1,0", "reveal 0.3")
    for seat in (None, 0, 1):
        world = state.resample(seat, 1)
        assert names(world, seat, 0)[2] == "up" and world.rows[0][2][0] == 2

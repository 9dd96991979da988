"""Resampling consistent with what the seat has seen: a seat that built on after a route card's
ports were joined does not hold that card; the deal is uniform among the deals that fit."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import towpath
from tests.games.canal_king.helpers import NETWORK, act, position, small
from towpath.core.errors import GameError
from towpath.core.rng import Rng
from towpath.games.canal_king.actions import LAUNCH
from towpath.games.canal_king.deal import counted_deal, deal
from towpath.games.canal_king.state import CanalKingState

WITHOUT_D = {cell: tile for cell, tile in NETWORK.items() if cell != (4, 3)}
JOINED = {2, 6}  # the small board's cards whose ports F-A-B-C-D join: B-D-F-C and F-B-D-A
CHI_SQUARE_LIMIT = {11: 31.26, 17: 40.79}  # by degrees of freedom, at p = 0.001


def joined_by_seat_0(third_card: int = 4) -> CanalKingState:
    """Seat 0 joins D to F-A-B-C (cards 2 and 6 complete, not its own card 1), seat 1 builds on
    (a swap), and seat 2 (card 4, D-F-B-E, unless told) is to play."""
    state = position(
        3, tiles=WITHOUT_D, cards=[1, 3, third_card], hands=[["S"], ["T"], ["G"]], **small()
    )
    act(state, "place S 4,3 r0")
    act(state, "swap T")
    return state


def dealt_cards(state: CanalKingState, seat: int, seeds: range) -> Counter[tuple[int, ...]]:
    """The route cards (numbers from 1) of the other seats in the resamples for `seat`."""
    found: Counter[tuple[int, ...]] = Counter()
    for seed in seeds:
        world = state.resample(seat, seed)
        assert world.view(seat) == state.view(seat)
        found[tuple(card + 1 for other, card in enumerate(world.routes) if other != seat)] += 1
    return found


def chi_square(counts: Counter[tuple[int, ...]], expected: int) -> float:
    return sum((count - expected) ** 2 / expected for count in counts.values())


def test_the_view_shows_the_route_cards_each_seat_is_known_not_to_hold() -> None:
    state = joined_by_seat_0()
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["ruled_out_routes"] == [[2, 6], [2, 6], []]


def test_a_seat_that_kept_building_is_never_dealt_a_route_its_canals_had_joined() -> None:
    state = joined_by_seat_0()
    for seat_1, _ in dealt_cards(state, 0, range(200)):
        assert seat_1 not in JOINED
    act(state, "swap G")  # seat 2 builds on too
    assert state.view(None)["ruled_out_routes"] == [[2, 6], [2, 6], [2, 6]]
    for viewer in (0, 1, 2):
        for cards in dealt_cards(state, viewer, range(100)):
            assert not JOINED & set(cards), (viewer, cards)


def test_a_route_joined_for_its_holder_stays_possible_until_the_holders_turn() -> None:
    state = joined_by_seat_0()
    pending = 0
    for seed in range(200):
        world = state.resample(0, seed)
        if world.routes[2] + 1 in JOINED:
            assert world.legal_actions() == [LAUNCH], "it would be seat 2's forced launch"
            pending += 1
    assert pending > 0


def test_the_deal_is_uniform_among_the_consistent_deals() -> None:
    # Seat 0 holds card 1; seat 1 may hold 3, 4 or 5; seat 2 any other of 2 to 6: 12 deals.
    state = joined_by_seat_0()
    counts = dealt_cards(state, 0, range(2400))
    consistent = {(a, b) for a in (3, 4, 5) for b in range(2, 7) if b != a}
    assert set(counts) == consistent
    assert chi_square(counts, 2400 // 12) < CHI_SQUARE_LIMIT[11]


def test_where_no_deal_fits_a_complete_route_may_be_dealt_pending_its_launch() -> None:
    # Not a position of a legal game: seat 1 is taken to have built on past every card.
    state = position(tiles=NETWORK, cards=[1, 3], player=1, **small())
    state.ruled_out[1] = 0b111111
    seen = set()
    for seed in range(100):
        world = state.resample(0, seed)
        seen.add(world.routes[1] + 1)
        if world.routes[1] + 1 in JOINED:
            assert world.legal_actions() == [LAUNCH]
    assert seen == {2, 3, 4, 5, 6}


def test_no_view_shows_a_route_complete_before_its_owner_launches_after_turns() -> None:
    joined, unjoined = joined_by_seat_0(third_card=2), joined_by_seat_0(third_card=4)
    assert joined.route_done(2) and not unjoined.route_done(2)
    for seat in (None, 0, 1):
        assert joined.view(seat) == unjoined.view(seat)


def test_counted_deals_are_uniform_where_shuffled_deals_rarely_fit() -> None:
    # Holders 0 and 1 take two of cards 0-2, holder 2 one of the three cards left of 0-4.
    allowed = [0b111, 0b111, 0b11111]
    rng = Rng(7)
    counts = Counter(tuple(counted_deal(allowed, rng) or ()) for _ in range(1800))
    assert len(counts) == 18 and all(len(set(cards)) == 3 for cards in counts)
    assert chi_square(counts, 100) < CHI_SQUARE_LIMIT[17]
    # Five holders in a ring of two cards each fit 2 of the 55,440 deals of 11 cards.
    ring = [0b11, 0b110, 0b1100, 0b11000, 0b10001]
    dealt = Counter(tuple(deal(list(range(11)), ring, rng)) for _ in range(200))
    assert set(dealt) == {(0, 1, 2, 3, 4), (1, 2, 3, 4, 0)}
    assert min(dealt.values()) > 60


def test_where_no_deal_fits_any_deal_of_the_pool_is_drawn() -> None:
    assert counted_deal([0b1, 0b1], Rng(1)) is None
    rng = Rng(3)
    dealt = Counter(tuple(deal([0, 1, 2], [0b1, 0b1], rng)) for _ in range(600))
    assert len(dealt) == 6 and min(dealt.values()) > 60


def test_a_saved_state_keeps_the_ruled_out_routes_and_refuses_impossible_ones() -> None:
    state = towpath.load("canal_king", 3, **small()).new_state(13)
    walker = towpath.agent("random", seed=13)
    while not any(state.view(None)["ruled_out_routes"]):
        state.apply(walker.choose(state))
    assert isinstance(state, CanalKingState)
    assert towpath.from_json(state.to_json()).to_json() == state.to_json()
    data = json.loads(state.to_json())
    complete, own = state.complete_routes(), 1 << state.routes[0]
    incomplete = next(1 << card for card in range(6) if not complete >> card & 1)
    for ruled_out in ([own, 0, 0], [incomplete, 0, 0], [0, 0], [1 << 6, 0, 0]):
        broken = json.dumps({**data, "state": {**data["state"], "ruled_out": ruled_out}})
        with pytest.raises(GameError, match="corrupt state"):
            towpath.from_json(broken)

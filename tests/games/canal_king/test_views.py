"""What each seat sees, resampling the hidden parts, and the text board."""

from __future__ import annotations

import re
from collections import Counter

from tests.games.canal_king.helpers import NETWORK, act, launch, position, small
from towpath.core import svg
from towpath.games.canal_king.state import CanalKingState


def test_routes_and_colours_are_hidden_from_other_seats_until_revealed() -> None:
    state = position(3, cards=[1, 2, 3], colours=["red", "blue", "green"])
    assert state.view(0)["routes"] == [["A", "E", "H", "C"], None, None]
    assert state.view(0)["colours"] == ["red", None, None]
    assert state.view(2)["routes"] == [None, None, ["C", "H", "J", "F"]]
    assert state.view(None)["routes"] == [None, None, None]
    assert state.view(None)["colours"] == [None, None, None]


def test_the_view_has_every_key_of_the_spec() -> None:
    state = position(tiles={(4, 3): ("S:red", 1)}, specials={1: (2, 2, 0)}, hands=[["G"], ["T"]])
    view = state.view(0)
    assert {"tiles", "hands", "colours", "routes", "ships", "pile", "discards"} <= set(view)
    assert view["tiles"] == [
        {"cell": [2, 2], "lines": [[0, 3]], "flag": None, "special_owner": 1},
        {"cell": [4, 3], "lines": [[1, 4]], "flag": "red", "special_owner": None},
    ]
    assert view["hands"] == [
        [{"tile": "G", "lines": [[0, 2]], "flag": None}],
        [{"tile": "T", "lines": [[0, 1]], "flag": None}],
    ], "hands are open"
    assert view["pile"] == len(state.pile) and view["discards"] == 0
    assert view["ships"] == [None, None]


def test_resampling_keeps_the_seats_own_secrets_and_redeals_the_others() -> None:
    state = position(3, cards=[1, 2, 3], colours=["red", "blue", "green"])
    seen_routes: Counter[int] = Counter()
    seen_colours: Counter[int] = Counter()
    for seed in range(200):
        world = state.resample(0, seed)
        assert world.routes[0] == 0 and world.colours[0] == state.colours[0]
        assert len(set(world.routes)) == 3 and len(set(world.colours)) == 3
        assert sorted(world.pile) == sorted(state.pile)
        seen_routes.update(world.routes[1:])
        seen_colours.update(world.colours[1:])
    assert set(seen_routes) == set(range(1, 12)), "any card but seat 0's own"
    assert set(seen_colours) == set(range(6)) - {state.colours[0]}


def test_revealed_routes_and_colours_are_not_redrawn() -> None:
    state = position(3, tiles=NETWORK, cards=[6, 1, 2], **small())
    launch(state, 0, "F")
    for seed in range(30):
        world = state.resample(1, seed)
        assert world.routes[0] == 5 and world.routes[1] == 0
        assert world.colours == state.colours


def test_a_redrawn_route_that_is_complete_is_pending_its_launch() -> None:
    # Seat 1's card 5 (E-A-C-F) is not complete; some redraws give it a complete card.
    state = position(tiles=NETWORK, cards=[1, 5], player=1, **small())
    launches = 0
    for seed in range(40):
        world = state.resample(0, seed)
        assert world.view(0) == state.view(0)
        if world.routes[1] in (1, 5):  # cards 2 and 6 are joined by NETWORK
            assert world.legal_actions() == [world.game.parse_action("launch")]
            launches += 1
    assert launches > 0


def test_the_text_board_shows_ports_tiles_flags_specials_and_ships() -> None:
    tiles = {**NETWORK, (2, 0): ("G:red", 2)}
    state = position(tiles=tiles, specials={1: (2, 2, 0)}, cards=[6, 5], **small())
    launch(state, 0, (2, 0), entry=4, exit=2, stop="flag", last_port="A")
    text = state.render_text(1)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[2].split() == ["A", "A", "B", "B"], "northern ports over their docks"
    assert "R @0" in text, "the red flag and seat 0's ship on 2,0"
    assert "*1" in text and "≈" in text and "dock" in text
    assert "ship on 2,0 in by SW out by SE · last port A · calls done none" in text


def test_the_default_board_fits_an_80_column_terminal_panel() -> None:
    # The terminal client draws the board in a panel: 4 columns of border and padding.
    state = position(6, hands=[["ST:purple", "ST:orange", "ST:yellow", "S:purple", "G:orange"]] * 6)
    for seat in range(3):
        launch(state, seat, "J", calls=("A", "B"))
    launch(state, 3, (9, 7), entry=0, exit=3, stop="special", last_port="E", calls=("B", "D"))
    state.ships[3]["skip"] = True  # type: ignore[index]
    text = state.render_text(0)
    assert "ship on 9,7 in by N out by S · last port E · calls done B D" in text
    assert "loses its next turn" in text
    assert "Tiles at r0 (rK turns K×60° clockwise): G 02 · S 03 · ST 03 12" in text
    assert max(len(line) for line in text.splitlines()) <= 76


def test_views_after_a_move_stay_consistent_with_the_state() -> None:
    state = position(hands=[["S"], ["G"]])
    act(state, "place S 4,3 r0")
    assert isinstance(state, CanalKingState)
    assert state.view(1)["tiles"][0]["cell"] == [4, 3]


def test_the_lines_from_a_seats_route_ports_are_its_own_to_see() -> None:
    """NETWORK joins F-A-B-C-D; a straight at (0,3) leads into E alone, and one at (2,2) leads
    nowhere. Seat 0's route A-C-E-B reaches both networks through its ports, not the lone
    straight; a spectator is shown none."""
    tiles = {**NETWORK, (0, 3): ("S", 0), (2, 2): ("S", 0)}
    state = position(tiles=tiles, cards=[1, 2], **small())
    assert state.view(0)["routes"][0] == ["A", "C", "E", "B"]
    assert sorted(map(tuple, state.view(0)["route_lines"])) == sorted(
        [(*cell, 0) for cell in NETWORK] + [(0, 3, 0)]
    )
    assert (0, 3, 0) not in map(tuple, state.view(1)["route_lines"]), "B-D-F-C: not E's line"
    assert state.view(None)["route_lines"] == []
    edged = re.compile(f'<path [^>]*stroke="{svg.INK}"')
    board_and_legend = len(NETWORK) + 1 + 1
    assert len(edged.findall(state.render_svg(0))) == board_and_legend
    assert not edged.findall(state.render_svg(None))


def test_an_unplayed_special_tile_stands_in_its_seats_hand_to_be_picked_and_turned() -> None:
    state = position(specials={1: (2, 2, 0)}, hands=[["G"], ["T"]])
    assert state.view(0)["special_lines"] == [[0, 3]], "a straight"
    drawing = state.render_svg(0)
    own = drawing[drawing.index('data-hand="0"') : drawing.index('data-hand="1"')]
    other = drawing[drawing.index('data-hand="1"') :]
    special = own[own.index('<g data-tile="special"') :]
    assert special.startswith('<g data-tile="special" class="pick" data-pick="special"')
    assert 'data-centre="' in special.split(">")[0], "previewed and turned like a hand tile"
    assert ">special</text>" in special
    assert 'data-tile="special"' not in other, "seat 1 played its special tile already"

"""The bots' judgement of Canal King positions, and the quick estimate of building actions
checked against searching each action's result."""

from __future__ import annotations

from collections import Counter

import pytest

import towpath
from tests.games.canal_king.helpers import NE, NETWORK, NW, SE, SW, N, S, position, small
from towpath.agents.mcts import MCTSAgent
from towpath.core.actions import Action
from towpath.games.canal_king import CanalKing
from towpath.games.canal_king.actions import Place, Swap
from towpath.games.canal_king.components import EDGES, PAIRS, line_bit
from towpath.games.canal_king.evaluate import (
    FAR,
    HOPELESS,
    NO_CELLS,
    ORDERS,
    TILE,
    Canals,
    building_turns,
    launch_turns,
    lead,
    progress,
    via,
    way,
)
from towpath.games.canal_king.fitting import CONSTRAINT_BITS, demanding
from towpath.games.canal_king.state import CanalKingState


def evaluated_after(state: CanalKingState, action: Action, seat: int) -> float:
    after = state.clone()
    after.apply(action)
    return state.game.evaluate(after, seat)


def single_line(state: CanalKingState, action: Action) -> bool:
    tiles = state.game.parts.tiles
    if not isinstance(action, Place):
        return False
    kind = tiles.kinds[tiles.kind_of[tiles.by_name[action.tile.lower()]]]
    return len(kind.lines) == 1


def on_a_dock(state: CanalKingState, action: Place) -> bool:
    """A tile on a dock cell may join its port to itself, so a way can turn in the port and
    cross the tile twice: the estimate does not see that."""
    return state.game.parts.board.cell(action.col, action.row) in state.game.parts.board.dock_cells


def positions(players: int) -> list[CanalKingState]:
    """Building turns along seeded random games."""
    found = []
    for seed in range(2):
        state = towpath.load("canal_king", players).new_state(seed)
        walker = towpath.agent("random", seed=seed)
        while not state.is_terminal() and len(state.history) < 150:
            assert isinstance(state, CanalKingState)
            if len(state.history) % 15 == 0 and state.ships[state.player] is None:
                found.append(state.clone())
            state.apply(walker.choose(state))
    return found


def one_curve_short(hand: list[str]) -> CanalKingState:
    """F-(0,2)-(0,3)-E is one tight curve short: a T turned to join the S and SW edges of
    (0,2) joins E to the network, completing route 4 (D-F-B-E) of seat 0 holding `hand`;
    seat 1's route 2 (B-D-F-C) is complete."""
    tiles = {**NETWORK, (0, 3): ("S", 0)}
    return position(tiles=tiles, hands=[hand, ["S"] * 5], cards=[4, 2], **small())


def test_the_tile_that_joins_the_route_is_estimated_best_and_exactly() -> None:
    state = one_curve_short(["T", "G", "G", "S", "S"])
    actions = state.legal_actions()
    estimates = state.game.estimate_actions(state, 0, actions)
    assert estimates is not None
    joining = Place("T", 0, 2, 3)
    best = max(estimates)
    assert [a for a, e in zip(actions, estimates, strict=True) if e == best] == [joining]
    assert best == pytest.approx(evaluated_after(state, joining, 0), abs=1e-12)


def test_a_tile_the_hand_lacks_costs_a_turn_to_draw() -> None:
    # Joining E needs a tight curve at (0,2): a T in hand lays it, five G must draw one first.
    curve, gentle = one_curve_short(["T", "G", "G", "G", "G"]), one_curve_short(["G"] * 5)
    assert building_turns(Canals(gentle).legs(0)) == building_turns(Canals(curve).legs(0)) + 1
    canals = Canals(gentle)
    assert building_turns(canals.holding(0, canals.kinds).legs(0)) == building_turns(
        Canals(curve).legs(0)
    )


def test_a_tile_in_an_opponents_hand_can_still_be_had() -> None:
    # With the pile and the discards empty, seat 0's five G need the T that seat 1 holds (it
    # comes back when seat 1 swaps it away) as much as one in the pile; without it, the way
    # must go round.
    def turns(theirs: list[str]) -> int:
        state = one_curve_short(["G"] * 5)
        state.hands[1] = sorted(state.game.parts.tiles.by_name[n.lower()] for n in theirs)
        state.pile, state.discards = [], []
        return building_turns(Canals(state).legs(0))

    from_pile = building_turns(Canals(one_curve_short(["G"] * 5)).legs(0))
    assert turns(["T", "S", "S", "S", "S"]) == from_pile < turns(["S"] * 5)


def test_long_ways_are_told_apart() -> None:
    # A route 45 tiles away is nearer than one 46 tiles away, and neither is hopeless.
    nearer, farther = (building_turns([tiles * TILE, FAR, 0, FAR, 0]) for tiles in (45, 46))
    assert nearer < farther < HOPELESS


def swap_estimates(state: CanalKingState) -> dict[tuple[str, ...], float]:
    actions = state.legal_actions()
    estimates = state.game.estimate_actions(state, state.player, actions)
    assert estimates is not None
    return {a.tiles: e for a, e in zip(actions, estimates, strict=True) if isinstance(a, Swap)}


def test_the_more_tiles_a_swap_draws_the_likelier_they_bring_what_the_way_lacks() -> None:
    curve, gentle = one_curve_short(["T", "G", "G", "G", "G"]), one_curve_short(["G"] * 5)
    swaps = swap_estimates(gentle)
    by_count = [swaps[("G",) * count] for count in range(1, 6)]
    assert gentle.game.evaluate(gentle, 0) < by_count[0]
    assert by_count == sorted(set(by_count))
    assert by_count[-1] < gentle.game.evaluate(curve, 0), "never beyond holding the T"


def test_a_swap_giving_up_the_tile_the_way_needs_is_estimated_below_the_position() -> None:
    state = one_curve_short(["T", "G", "G", "S", "S"])
    now = state.game.evaluate(state, 0)
    for tiles, estimate in swap_estimates(state).items():
        if "T" in tiles:
            assert estimate < now, tiles
        else:
            assert estimate == pytest.approx(now, abs=1e-12), "the way lacks nothing to draw"


@pytest.mark.parametrize("players", [2, 4])
def test_a_swap_keeping_a_tile_of_each_kind_is_estimated_no_worse_than_the_position(
    players: int,
) -> None:
    kept = 0
    for state in positions(players):
        now = state.game.evaluate(state, state.player)
        tiles = state.game.parts.tiles
        hand = Counter(tiles.kind_of[tile] for tile in state.hands[state.player])
        for given, estimate in swap_estimates(state).items():
            gone = Counter(tiles.kind_of[tiles.by_name[name.lower()]] for name in given)
            if all(count < hand[kind] for kind, count in gone.items()):
                kept += 1
                assert estimate >= now - 1e-12, given
    assert kept


@pytest.mark.parametrize("players", [2, 3])
def test_a_single_line_tile_is_estimated_exactly_while_the_fitting_tiles_stand(
    players: int,
) -> None:
    """The estimate leaves out how a tile changes what fits its neighbours; with that held as
    it was, its route distances are those of a search of the position after the tile (away
    from the docks)."""
    checked = 0
    for state in positions(players):
        canals = Canals(state)
        building = [seat for seat in range(players) if state.ships[seat] is None]
        legs = {seat: canals.legs(seat) for seat in building}
        for action in state.legal_actions()[::9]:
            if not isinstance(action, Place) or not single_line(state, action):
                continue
            if on_a_dock(state, action):
                continue
            after = state.clone()
            after.apply(action)
            held = Canals(after)
            held.opened = {seat: canals.open_lines(seat) for seat in building}
            cell = state.game.parts.board.cell(action.col, action.row)
            assert cell is not None
            for seat in building:
                estimated = way(via(canals, seat, legs[seat], cell, after.board[cell]))
                assert estimated == way(held.legs(seat)), str(action)
                checked += 1
    assert checked > 100


def test_a_cell_is_passed_only_along_lines_a_fitting_tile_may_have() -> None:
    game = towpath.load("canal_king", 2)
    assert isinstance(game, CanalKing)
    tables, tiles = game.tables, game.parts.tiles
    every = (1 << len(tiles.kinds)) - 1
    assert tables.open_lines(0, every) == (1 << len(PAIRS)) - 1  # a free cell, nothing around
    # Canal must face five neighbours, terrain the sixth: no tile has exactly five canal edges.
    assert tables.open_lines(0b100000_011111, every) == 0
    straight = tiles.by_name["s"] * EDGES
    over_straight = tables.cell_states([straight], [0])[0]
    opened = tables.open_lines(over_straight, every)
    assert opened & line_bit(0, 3)  # a tile keeps its lines
    assert opened & line_bit(1, 4) and opened & line_bit(1, 2)  # SS, ST, SSS, STT add these
    # No tile has a straight and a gentle curve from its north end to the south-west.
    assert not opened & line_bit(0, 4)
    # Only the forks join a straight's end to a tight curve (N-S with N-NE, or S-N with S-SW).
    forks = tiles.kind_of[tiles.by_name["yst"]]
    assert opened & line_bit(0, 1)
    assert not tables.open_lines(over_straight, every & ~(1 << forks)) & line_bit(0, 1)
    special = tiles.special * EDGES
    assert tables.open_lines(tables.cell_states([special], [0])[0], every) == 0


def test_the_kept_lines_and_liftable_edges_are_those_of_each_cell_state() -> None:
    """`open_lines_of` and `lifting` keep, per kinds held, what `open_lines` says of each cell
    state and of each cell state were one of its edges to demand canal."""
    game = towpath.load("canal_king", 2)
    assert isinstance(game, CanalKing)
    tables = game.tables
    kinds_held = [(1 << len(tables.parts.tiles.kinds)) - 1, 0b1011, 0b10]
    for state in positions(2):
        keys = tables.cell_states(state.board, state.constraints)
        for kinds in kinds_held:
            for _ in range(2):  # as found, then as kept
                assert tables.open_lines_of(keys, kinds) == [
                    tables.open_lines(key, kinds) for key in keys
                ]
                for key in keys:
                    lines, constraint = key & ~CONSTRAINT_BITS, key & CONSTRAINT_BITS
                    facings = [
                        edge
                        for edge in range(EDGES)
                        if tables.open_lines(lines | demanding(constraint, edge, True), kinds)
                    ]
                    assert tables.lifting(key, kinds) == sum(1 << edge for edge in facings)


def test_a_way_needs_tiles_the_player_can_still_get() -> None:
    # Joining E needs a tight curve at (0,2): with every T, TT, TTT... gone, it needs more.
    state = one_curve_short(["G"] * 5)
    assert building_turns(Canals(state).legs(0)) < HOPELESS
    curves = {"t", "tt", "ttt", "stt", "tg", "yst", "st", "ss"}
    names = state.game.parts.tiles.names
    state.pile = [t for t in state.pile if names[t].split(":")[0].lower() not in curves]
    assert way(Canals(state).legs(0)) // TILE > 1


def test_a_way_whose_legs_need_lines_no_tile_joins_goes_around_that_cell() -> None:
    """Route 4 (D-F-B-E) on the empty small board, calling at B first: searched on their own,
    the leg D-B enters B by its dock (3,0) along a straight N-S, and the leg F-B along a gentle
    curve N-SW. Each fits, but no tile has both (a fork turns its gentle curve to the other
    side), so that way cannot be built: D-B goes round by (4,3)-(4,0), B's other dock, for one
    stop more."""
    state = position(cards=[4, 2], hands=[["S", "G", "T", "S", "G"], ["S"] * 5], **small())
    canals, tables = Canals(state), state.game.tables
    dock = state.game.parts.board.cell(3, 0)
    assert dock is not None
    b_first = ORDERS[1]
    assert way(canals.legs(0)) == sum(canals.legs(0)[leg] for leg in b_first) == 10 * TILE + 3
    d_to_b, f_to_b, f_to_e = canals.needs(0, b_first, [NO_CELLS] * 3)
    straight, gentle = line_bit(N, S), line_bit(N, SW)
    assert (dock, straight) in d_to_b and (dock, gentle) in f_to_b
    assert not any(cell == dock for cell, _ in f_to_e)
    key = canals.keys[dock]
    assert tables.joins(key, canals.kinds, straight) and tables.joins(key, canals.kinds, gentle)
    assert not tables.joins(key, canals.kinds, straight | gentle)
    assert canals.unjoined([d_to_b, f_to_b, f_to_e]) == dock

    cost, needs = canals.buildable(0, b_first)
    assert canals.unjoined(needs) is None
    assert not any(cell == dock for cell, _ in needs[0])
    assert cost == 10 * TILE + 4
    assert canals.buildable_way(0) == cost  # the other order needs 13 tiles
    assert progress(state, 0, canals) == -launch_turns(cost)


def test_lines_a_crossing_tile_joins_are_one_way() -> None:
    state = position(cards=[4, 2], **small())
    canals = Canals(state)
    middle = state.game.parts.board.cell(2, 1)
    assert middle is not None
    across = [[(middle, line_bit(N, S))], [(middle, line_bit(NE, SW))]]
    assert canals.unjoined(across) is None  # an SS
    askew = [[(middle, line_bit(N, S))], [(middle, line_bit(NE, NW))]]
    assert canals.unjoined(askew) == middle  # no tile crosses a straight with a gentle curve


def through(edge: int) -> int:
    """The lines of a cell that use `edge`, as a bit mask."""
    return sum(line_bit(edge, other) for other in range(EDGES) if other != edge)


def test_terrain_between_two_tiles_stays_and_a_free_cell_may_be_freed() -> None:
    # (1,0)'s T joins N and NE: its NW edge faces the laid (0,0) and its SE edge the free (2,1)
    # with terrain. A tile may replace the T to face (2,1) with canal, never to face (0,0):
    # (0,0) demands terrain there, and (0,0) may not face it with canal while the T does not.
    state = position(tiles={(0, 0): ("S", 0), (1, 0): ("T", 0)}, cards=[4, 2], **small())
    board = state.game.parts.board
    laid, free = board.cell(0, 0), board.cell(2, 1)
    assert laid is not None and free is not None
    opened = Canals(state).open_lines(0)
    assert not (opened.fitting[laid] | opened.freed[laid]) & through(SE)
    assert not opened.fitting[free] & through(NW)
    assert opened.freed[free] & through(NW)


def test_a_building_seat_needs_its_tiles_a_launch_and_its_stops() -> None:
    # Legs: start to 1st call one tile and a stop in port, 1st to 2nd two stops, 2nd to final
    # a tile and a flag and the stop in port; the other order cannot be joined.
    assert building_turns([TILE + 1, FAR, 2, FAR, TILE + 2]) == 2 + 1 + 5
    assert building_turns([FAR, FAR, 2, FAR, FAR]) == HOPELESS


def test_a_seat_far_ahead_still_hurries() -> None:
    # Against a hopeless opponent the lead alone hardly changes with a turn more or less.
    hopeless = -float(HOPELESS)
    assert lead([-10.0, hopeless], 0) - lead([-11.0, hopeless], 0) > 0.01
    assert lead([-10.0, -12.0], 0) > lead([-10.0, -11.0], 0) > lead([-10.0, -10.0], 0)
    assert 0.5 < lead([-1.0, hopeless], 0) < 1.0


def test_a_seat_behind_gains_nothing_by_blocking_every_route() -> None:
    # A blockade of every route would end the game only at its turn limit, with no winner.
    hopeless = -float(HOPELESS)
    assert lead([hopeless, hopeless], 0) == 0.0
    assert lead([hopeless, -5.0], 0) == 0.0
    assert lead([-30.0, -5.0], 0) > lead([hopeless, hopeless], 0)


def test_sailing_turns_have_no_estimate() -> None:
    state = position(tiles=NETWORK, cards=[2, 4], **small())
    assert [str(action) for action in state.legal_actions()] == ["launch"]
    assert state.game.estimate_actions(state, 0, state.legal_actions()) is None


def test_the_estimates_and_the_bots_know_the_very_same_tile_only_as_its_swap() -> None:
    state = position(
        tiles={(4, 3): ("S:red", 0)}, hands=[["S:red", "S", "G", "T", "TT"], ["T"] * 5]
    )
    actions = state.legal_actions()
    names = [str(action) for action in actions]
    assert "replace S:red 4,3 r0" not in names and "swap S:red" in names
    estimates = state.game.estimate_actions(state, 0, actions)
    assert estimates is not None and len(estimates) == len(actions)
    bots = [towpath.agent("greedy", seed=seed) for seed in range(3)]
    bots.append(towpath.agent("mcts", seed=0, iterations=20, root_worlds=2))
    for bot in bots:
        assert bot.choose(state.clone()) in actions


def test_mcts_judges_the_estimate_s_32_best_actions_in_15_common_worlds() -> None:
    state = towpath.load("canal_king", 2).new_state(0)
    assert len(state.legal_actions()) > 32
    bot = MCTSAgent(seed=1, iterations=32 * 15)
    bot.choose(state)
    assert (bot.settings.depth, bot.settings.root_worlds, bot.settings.shortlist) == (0, 15, 32)
    assert bot.last_root is not None
    assert [child.visits for child in bot.last_root.children.values()] == [15] * 32

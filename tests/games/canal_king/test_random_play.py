"""Invariants of Canal King seen through views at every step of seeded random games: tiles
agree edge by edge, no canal opens onto the border outside a dock, secrets stay secret while
the rest of the table is the same for every seat."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from tests.conformance.configs import Config
from tests.conformance.test_contract import play_checking_every_step
from tests.games.canal_king.helpers import small
from towpath.core.hexgrid import ODD_Q, opposite
from towpath.games.canal_king.actions import SailToCell, SailToPort
from towpath.games.canal_king.canals import port_groups
from towpath.games.canal_king.state import CanalKingState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
# What every seat sees alike: the board, the open hands, the ships, the piles' sizes.
PUBLIC = ("tiles", "hands", "special_played", "ships", "pile", "discards", "discard_tiles")
Cell = tuple[int, int]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=soak.games(3))
@given(seed=SEEDS)
def test_default_board(players: int, seed: int) -> None:
    play_checking_views(towpath.load("canal_king", players), seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=soak.games(8))
@given(seed=SEEDS)
def test_small_board_with_sailing(players: int, seed: int) -> None:
    play_checking_views(towpath.load("canal_king", players, **small(ordered_calls=True)), seed)


def play_checking_views(game: towpath.Game, seed: int) -> None:
    state = game.new_state(seed)
    assert isinstance(state, CanalKingState)
    bot = towpath.agent("random", seed=seed)
    before: dict[Cell, list[list[int]]] = {}
    while True:
        view = state.view(None)
        tiles = {(t["cell"][0], t["cell"][1]): t["lines"] for t in view["tiles"]}
        changed = {cell for cell in tiles if before.get(cell) != tiles[cell]}
        for cell in changed:
            check_edges(cell, tiles, view["board"])
        before = tiles
        for seat in [None, *range(game.players)]:
            seen = state.view(seat)
            check_secrets(state, seat, seen)
            assert all(seen[key] == view[key] for key in PUBLIC), "the table is open to all"
        assert state.groups == port_groups(state.board, state.game.parts), "kept step by step"
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    check_end(state)


def check_edges(cell: Cell, tiles: dict[Cell, list[list[int]]], board: dict[str, Any]) -> None:
    docks = {(c, r, e) for places in board["ports"].values() for c, r, e in places}
    canal = {edge for line in tiles[cell] for edge in line}
    for edge, (col, row) in ODD_Q.neighbours(cell):
        inside = 0 <= col < board["cols"] and 0 <= row < board["rows"]
        if (*cell, edge) in docks:
            assert edge in canal, f"{cell} needs canal on its dock edge {edge}"
        elif not inside:
            assert edge not in canal, f"{cell} opens canal onto the border by edge {edge}"
        elif (col, row) in tiles:
            facing = {e for line in tiles[(col, row)] for e in line}
            assert (edge in canal) == (opposite(edge) in facing), f"{cell} and {col},{row}"


def check_secrets(state: CanalKingState, seat: int | None, view: dict[str, Any]) -> None:
    parts = state.game.parts
    revealed = any(ship is not None for ship in state.ships)
    over = state.is_terminal()  # the end reveals every colour and route
    for owner in range(state.game.players):
        colour, route = view["colours"][owner], view["routes"][owner]
        if owner == seat or revealed or over:
            assert colour == parts.tiles.colours[state.colours[owner]]
        else:
            assert colour is None, f"seat {seat} sees seat {owner}'s colour"
        if owner == seat or state.ships[owner] is not None or over:
            assert route == [parts.board.ports[p].name for p in parts.routes[state.routes[owner]]]
        else:
            assert route is None, f"seat {seat} sees seat {owner}'s route"


def check_end(state: CanalKingState) -> None:
    view = state.view(None)
    if state.winner is None:
        assert view["turn"] == view["max_turns"]
        assert state.returns() == [0.0] * state.game.players
        return
    ship = view["ships"][state.winner]
    route = view["routes"][state.winner]
    assert ship["at"] == route[3] and sorted(ship["calls_done"]) == sorted(route[1:3])
    assert state.returns()[state.winner] == 1.0 and sum(state.returns()) == 1.0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_contract_holds_through_the_sailing_race(players: int) -> None:
    """The conformance suite's step-by-step checks on a game where ships sail: the first seed
    (from 0) whose random game sails a few times within the turn limit."""
    config = Config("canal_king", players, small(ordered_calls=True, max_turns=250))
    seed = next(seed for seed in range(1000) if sails(config, seed) >= 5)
    play_checking_every_step(config, seed)


def sails(config: Config, seed: int) -> int:
    """The sailing turns of the random game of the contract check (its bot seeded seed + 1)."""
    state = config.load().new_state(seed)
    bot = towpath.agent("random", seed=seed + 1)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    return sum(isinstance(action, SailToPort | SailToCell) for action in state.history)

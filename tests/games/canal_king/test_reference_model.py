"""The engine against a slow model written straight from rules/canal_king.md, at every step of
seeded random games: the building moves (Placing rules, A building turn), whose routes are
complete (Finishing the route), the route cards each seat cannot hold (Resampling) and where a
ship can stop (Sailing). The engine works from precomputed masks and incremental port groups;
the model checks each rule from scratch."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.canal_king.helpers import small
from towpath.core.hexgrid import ODD_Q, opposite
from towpath.games.canal_king.actions import (
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
    Word,
)
from towpath.games.canal_king.components import EDGE_NAMES, Components
from towpath.games.canal_king.state import CanalKingState

Crossing = tuple[int, int]  # a cell entered by an edge


def canal_edges(parts: Components, code: int) -> set[int]:
    return {edge for line in parts.tiles.pairs[code] for edge in line}


def exits(parts: Components, code: int, entry: int) -> list[int]:
    """The edges a line of the tile joins to `entry`."""
    return [b if a == entry else a for a, b in parts.tiles.pairs[code] if entry in (a, b)]


def beyond(state: CanalKingState, cell: int, edge: int) -> tuple[str, Any]:
    """What lies past an edge: ("port", port), ("border", None), ("free", None) or
    ("tile", crossing of the neighbour)."""
    board = state.game.parts.board
    col, row = ODD_Q.neighbour(board.coords(cell), edge)
    other = board.cell(col, row)
    if other is None:
        docked = [p for p, port in enumerate(board.ports) if (cell, edge) in port.docks]
        return ("port", docked[0]) if docked else ("border", None)
    return ("tile", (other, opposite(edge))) if state.board[other] >= 0 else ("free", None)


def fits(state: CanalKingState, cell: int, code: int) -> bool:
    """The placing rules, edge by edge."""
    parts, mine = state.game.parts, canal_edges(state.game.parts, code)
    for edge in range(6):
        kind, where = beyond(state, cell, edge)
        if (kind == "port" and edge not in mine) or (kind == "border" and edge in mine):
            return False
        if kind == "tile":
            other, facing = where
            if (edge in mine) != (facing in canal_edges(parts, state.board[other])):
                return False
    return True


def building(state: CanalKingState, seat: int) -> set[str]:
    parts = state.game.parts
    tiles, board = parts.tiles, parts.board
    found: set[str] = set()
    for cell in range(board.size):
        old = state.board[cell]
        col, row = board.coords(cell)
        for tile in set(state.hands[seat]):
            for rotation in tiles.rotations[tiles.kind_of[tile]]:
                code = tile * 6 + rotation
                if not fits(state, cell, code):
                    continue
                if old < 0:
                    found.add(str(Place(tiles.names[tile], col, row, rotation)))
                elif (
                    old // 6 != tiles.special
                    and tiles.lines[code] & tiles.lines[old] == (tiles.lines[old])
                    and (tile, tiles.lines[code]) != (old // 6, tiles.lines[old])  # not the same
                ):
                    found.add(str(Replace(tiles.names[tile], col, row, rotation)))
        if state.specials[seat] is not None or cell in board.dock_cells:
            continue
        for rotation in tiles.rotations[tiles.special_kind]:
            code = tiles.special * 6 + rotation
            over_straight = old >= 0 and old // 6 != tiles.special
            if fits(state, cell, code) and (
                old < 0 or (over_straight and tiles.lines[old] == tiles.lines[code])
            ):
                found.add(str(Special(col, row, rotation)))
    return found


def route_done(state: CanalKingState, seat: int) -> bool:
    return card_done(state, state.routes[seat])


def card_done(state: CanalKingState, card: int) -> bool:
    """Every port of the card reached from its start, turning only in ports."""
    parts = state.game.parts
    start, *others = parts.routes[card]
    ports, seen = {start}, set()
    todo: list[Crossing] = [
        dock for p in (start,) for dock in parts.board.ports[p].docks if state.board[dock[0]] >= 0
    ]
    while todo:
        crossing = todo.pop()
        if crossing in seen:
            continue
        seen.add(crossing)
        cell, entry = crossing
        for edge in exits(parts, state.board[cell], entry):
            kind, where = beyond(state, cell, edge)
            if kind == "tile":
                todo.append(where)
            elif kind == "port" and where not in ports:
                ports.add(where)
                todo += [d for d in parts.board.ports[where].docks if state.board[d[0]] >= 0]
    return set(others) <= ports


def stops(state: CanalKingState, seat: int) -> set[str]:
    """Each path followed until its first stop, never repeating a crossing (Sailing)."""
    parts, ship = state.game.parts, state.ships[seat]
    assert ship is not None
    tiles, found = parts.tiles, set()

    def sail(crossing: Crossing, path: frozenset[Crossing]) -> None:
        cell, entry = crossing
        tile = state.board[cell] // 6
        if crossing in path:
            return
        if tiles.flag_of[tile] == state.colours[seat] or (
            tile == tiles.special and cell != state.specials[seat]
        ):
            found.add(crossing)
            return
        for edge in exits(parts, state.board[cell], entry):
            kind, where = beyond(state, cell, edge)
            if kind == "tile":
                sail(where, path | {crossing})
            elif kind == "free":
                found.add(crossing)
            elif kind == "port":
                found.add(where)

    if ship["port"] is not None:
        for dock in parts.board.ports[ship["port"]].docks:
            if state.board[dock[0]] >= 0:
                sail(dock, frozenset())
    else:
        cell, entry = ship["cell"], ship["entry"]
        ways = exits(parts, state.board[cell], entry) if ship["exit"] is None else [ship["exit"]]
        for edge in ways + [entry] * (ship["stop"] == "dead_end"):
            kind, where = beyond(state, cell, edge)
            if kind == "tile":
                sail(where, frozenset({(cell, entry)}))
            elif kind == "port":
                found.add(where)
    return {
        f"sail {parts.board.ports[stop].name}"
        if isinstance(stop, int)
        else "sail {},{} from {}".format(*parts.board.coords(stop[0]), EDGE_NAMES[stop[1]])
        for stop in found
    }


@pytest.mark.parametrize(
    ("players", "options", "steps"),
    [(3, small(), 600), (5, small(ordered_calls=True), 600), (2, {}, 120)],
)
def test_the_engine_agrees_with_the_model_at_every_step(
    players: int, options: dict[str, Any], steps: int
) -> None:
    sailed = ruled = 0
    for seed in (0, 13, 14):  # 13 and 14 reach the sailing race on the small board
        state = towpath.load("canal_king", players, **options).new_state(seed)
        assert isinstance(state, CanalKingState)
        bot = towpath.agent("random", seed=seed)
        cards = range(len(state.game.parts.routes))
        ruled_out: list[set[int]] = [set() for _ in range(players)]
        for _ in range(steps):
            if state.is_terminal():
                break
            seat = state.current_player
            assert seat is not None
            done = [route_done(state, other) for other in range(players)]
            assert [state.route_done(other) for other in range(players)] == done
            actions, ship = state.legal_actions(), state.ships[seat]
            if ship is None and not done[seat]:
                moves = {str(a) for a in actions if not isinstance(a, Swap | Word)}
                assert moves == building(state, seat)
            elif ship is not None and not ship["skip"]:
                sailed += 1
                assert {str(a) for a in actions if isinstance(a, SailToPort | SailToCell)} == (
                    stops(state, seat)
                )
            state.apply(bot.choose(state))
            if state.ships[seat] is None:  # complete at the end of a turn, and no launch
                ruled_out[seat] |= {card + 1 for card in cards if card_done(state, card)}
            assert state.view(None)["ruled_out_routes"] == [sorted(r) for r in ruled_out]
            ruled += any(ruled_out)
    assert sailed > 0 or not options, "the small board's games reach the sailing race"
    assert ruled > 0 or not options, "and some seats build on past complete routes"

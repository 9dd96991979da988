"""Explicit Canal King positions for rule tests.

Geometry (flat-top, odd-q): edges N 0, NE 1, SE 2, S 3, SW 4, NW 5. An even column's SE
neighbour is (col + 1, row), an odd column's is (col + 1, row + 1).

The small board (data/small/board.toml) is 5 × 4 with ports A (0,0 N; 1,0 N), B (3,0 N; 4,0 N),
C (4,1 SE; 4,2 SE), D (3,3 S; 4,3 S), E (0,3 S; 1,3 S), F (0,1 SW; 0,2 SW); its cards are
1 A-C-E-B, 2 B-D-F-C, 3 C-E-A-D, 4 D-F-B-E, 5 E-A-C-F, 6 F-B-D-A. NETWORK joins F-A-B-C-D:

    F -(0,1)-(0,0)- A -(1,0)-(2,0)-(3,0)- B -(4,0)-(4,1)- C -(4,2)-(4,3)- D
"""

from __future__ import annotations

from typing import Any

import towpath
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.canal_king.actions import Place
from towpath.games.canal_king.canals import port_groups
from towpath.games.canal_king.components import EDGES
from towpath.games.canal_king.state import CanalKingState, _static_constraints

N, NE, SE, S, SW, NW = range(6)

Tiles = dict[tuple[int, int], tuple[str, int]]

NETWORK: Tiles = {
    (0, 0): ("S", 0),
    (0, 1): ("G", 4),
    (1, 0): ("T", 0),
    (2, 0): ("G", 2),
    (3, 0): ("T", 5),
    (4, 0): ("S", 0),
    (4, 1): ("G", 0),
    (4, 2): ("T", 2),
    (4, 3): ("S", 0),
}


def small(**options: Any) -> dict[str, Any]:
    """Options for the small board and its route cards."""
    return {"board": "small", "routes": "small", **options}


def position(
    players: int = 2,
    *,
    tiles: Tiles | None = None,
    specials: dict[int, tuple[int, int, int]] | None = None,
    hands: list[list[str]] | None = None,
    cards: list[int] | None = None,
    colours: list[str] | None = None,
    player: int = 0,
    seed: int = 0,
    **options: Any,
) -> CanalKingState:
    """A state with these tiles (each checked against the placing rules), special tiles
    {seat: (col, row, rotation)}, hands, route `cards` (numbers from 1) and colours."""
    state = towpath.load("canal_king", players, **options).new_state(seed)
    assert isinstance(state, CanalKingState)
    game = state.game
    parts = game.parts
    state.board = [-1] * parts.board.size
    state.constraints = _static_constraints(game)
    for (col, row), (name, rotation) in (tiles or {}).items():
        put(state, col, row, parts.tiles.by_name[name.lower()] * EDGES + rotation)
    for seat, (col, row, rotation) in (specials or {}).items():
        state.specials[seat] = parts.board.cell(col, row)
        put(state, col, row, parts.tiles.special * EDGES + rotation)
    if hands is not None:
        state.hands = [sorted(parts.tiles.by_name[name.lower()] for name in hand) for hand in hands]
    if cards is not None:
        state.routes = [number - 1 for number in cards]
    if colours is not None:
        state.colours = [parts.tiles.colours.index(colour) for colour in colours]
    state.player = player
    state.groups = port_groups(state.board, parts)
    return state


def put(state: CanalKingState, col: int, row: int, code: int) -> None:
    """Put a tile down directly, refusing positions the placing rules forbid."""
    cell = state.game.parts.board.cell(col, row)
    assert cell is not None
    state._check_edges(Place("test", col, row, 0), cell, code)
    state._set_tile(cell, code)


def launch(
    state: CanalKingState,
    seat: int,
    at: str | tuple[int, int],
    *,
    entry: int | None = None,
    exit: int | None = None,
    stop: str = "port",
    last_port: str | None = None,
    calls: tuple[str, ...] = (),
) -> None:
    """Put seat's ship at a port (a name) or on a tile (col, row), colours revealed."""
    board = state.game.parts.board
    port = board.port_index[at] if isinstance(at, str) else None
    cell = None if isinstance(at, str) else board.cell(*at)
    last = last_port if last_port is not None else at if isinstance(at, str) else "A"
    state.ships[seat] = {
        "port": port,
        "cell": cell,
        "entry": entry,
        "exit": exit,
        "stop": stop,
        "last_port": board.port_index[last],
        "calls": [board.port_index[name] for name in calls],
        "skip": False,
    }
    state.revealed = True
    state._legal = None


def act(state: CanalKingState, notation: str) -> None:
    state.apply(state.game.parse_action(notation, state))


def notations(state: CanalKingState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def refusal(state: CanalKingState, notation: str) -> str:
    """The rule that refuses `notation` (the state must be left as it was)."""
    before = state.to_json()
    try:
        act(state, notation)
    except IllegalAction as error:
        assert state.to_json() == before
        return error.rule
    raise AssertionError(f"{notation} was not refused")


def complete(state: CanalKingState) -> list[bool]:
    """Whose routes are complete."""
    return [state.route_done(seat) for seat in range(state.game.players)]


def error_of(state: CanalKingState, action: Action) -> IllegalAction:
    """The refusal of an action built directly (not through notation)."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalAction as error:
        assert state.to_json() == before
        return error
    raise AssertionError(f"{action} was not refused")


def tile_at(state: CanalKingState, col: int, row: int) -> tuple[str, int] | None:
    """(tile name, rotation) on a cell, or None."""
    cell = state.game.parts.board.cell(col, row)
    assert cell is not None
    code = state.board[cell]
    if code < 0:
        return None
    return state.game.parts.tiles.names[code // EDGES], code % EDGES

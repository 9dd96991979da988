"""Explicit Mapped Out positions for rule tests.

Rows are written as card names: `left` is face down, `+left` revealed upright, `-left` revealed
upside-down (non-directional cards: `+any`). Boards map (x, y) cells to tile ids. Useful tiles of
the default data (see data/*.toml):
  0: no fish, study 2      2: fish 1, reveal 1       14: fish 2 2, reveal 3
  25: fish 1 1, reveal 4   32: fish 1 1 2, reveal 2  13: fish 2 2, swap 4
  42-46 island, 47-48 tunnel, 49 go home, 50 destructor (reveal 7), 51-52 swapper,
  53 score +2 (fish 1), 54 score -2 (fish 1 2 3), 55 corker, 56 teleporter (fish 3 4),
  57 superscore (fish 4 4), 58-59 combo
"""

from __future__ import annotations

from typing import Any

import towpath
from towpath.core.game import JSON
from towpath.games.mapped_out.components import components
from towpath.games.mapped_out.state import MappedOutState

Cell = tuple[int, int]


def kind(name: str) -> int:
    return components().kind_named(name).index


def make_card(state: MappedOutState, token: str) -> list[Any]:
    up = token[0] in "+-"
    name = token[1:] if up else token
    card_kind = components().kind_named(name)
    turn = (0 if token[0] == "+" else 180) if up and card_kind.directional else None
    return [card_kind.index, up, turn, state.game.everyone if up else 0, False, -1]


def position(
    players: int = 2,
    *,
    rows: list[list[str]] | None = None,
    board: dict[Cell, int] | None = None,
    hands: list[list[int]] | None = None,
    pile: list[int] | None = None,
    deck: list[str] | None = None,
    pawns: list[Cell] | None = None,
    player: int = 0,
    start: Cell = (0, 0),
    **options: Any,
) -> MappedOutState:
    """A build-phase position with `player` about to play a tile."""
    state = towpath.load("mapped_out", players, **options).new_state(0)
    assert isinstance(state, MappedOutState)
    if rows is not None:
        state.rows = [[make_card(state, token) for token in row] for row in rows]
    if board is not None:
        state.board = {f"{x},{y}": tile for (x, y), tile in board.items()}
        state.start_tile = board[start]
    if hands is not None:
        state.hands = [sorted(hand) for hand in hands]
        for seat, hand in enumerate(hands):
            for tile in hand:
                state.tile_seen[tile] = 1 << seat
    if pile is not None:
        state.pile = list(pile)
    if deck is not None:
        state.deck = [kind(name) for name in deck]
    state.pawns = [list(p) for p in pawns] if pawns else [list(start) for _ in range(players)]
    state.player = player
    state.steps = [{"do": "turn"}]
    state._advance()
    return state


def walking(players: int = 2, **kwargs: Any) -> MappedOutState:
    """The same position with the build phase just over: the walk runs to the first choice."""
    state = position(players, **kwargs)
    state.end_build()
    state._advance()
    return state


def act(state: MappedOutState, *notations: str) -> None:
    for notation in notations:
        state.apply(state.game.parse_action(notation, state))


def notations(state: MappedOutState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def names(state: MappedOutState, viewer: int | None, seat: int) -> list[str | None]:
    """The card names of `seat`'s row as `viewer` sees them."""
    row: list[dict[str, JSON]] = state.view(viewer)["rows"][seat]
    return [card["card"] for card in row]


def cells(state: MappedOutState, seat: int) -> list[Cell]:
    """The cells of a seat's walked path."""
    return [(entry[0], entry[1]) for entry in state.paths[seat]]

"""How a Detour player judges a position: how far each colour has come, and what its hand
can still move.

A colour's progress is its map position plus the spaces its cards still in hand can pay for
(about one space per transport token, though not every token fits the next space's cost); a
marker on a detour is a little behind a main-path marker beside it, since the detour is longer.
A finished colour has done the whole circuit. A player with one colour is as far as it is; a
player with two colours (the 2-player game) needs both along, since the game is lost by the
player whose colour is last, so the slower colour counts double.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towpath.core.game import logistic

if TYPE_CHECKING:
    from towpath.games.detour.state import DetourState

SPACES_PER_TOKEN = 0.6
DETOUR_PENALTY = 1.0  # spaces
LEAD_SCALE = 4.0  # spaces of progress that make a clear, but not decisive, lead


def colour_progress(state: DetourState, colour: int) -> float:
    board, node = state.game.map, state.nodes[colour]
    if node == board.finish:
        return float(board.position[node])
    tokens = sum(len(state.game.cards[key].move) for key in state.hands[colour])
    on_detour = DETOUR_PENALTY if board.detour_of[node] >= 0 else 0.0
    return board.position[node] - on_detour + SPACES_PER_TOKEN * tokens


def seat_progress(state: DetourState, seat: int) -> float:
    values = [colour_progress(state, colour) for colour in state.game.colours_of[seat]]
    return (sum(values) + min(values)) / (len(values) + 1)


def evaluate(state: DetourState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    progress = [seat_progress(state, other) for other in range(state.game.players)]
    best_other = max(p for other, p in enumerate(progress) if other != seat)
    return logistic((progress[seat] - best_other) / LEAD_SCALE)

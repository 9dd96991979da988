"""How a Mapped Out player judges a position: the walk each row would make on today's map.

While the map is built, every row is walked on the map as it stands: the cards as the world
has them (a bot evaluates worlds resampled from its view, so face-down cards are its guesses),
a face-down directional card as printed (its orientation is a coin flip at reveal, so upright
is as good a guess as any), Any stepping to the neighbouring tile that raises the best fish type
most, and the rarer movements (Jump, Match, Copy, Invert) and the tiles' specials left out. The
estimate is the best fish type over the tiles visited; so it is too while the special of the
card that ended the build phase is resolved, before anyone sets out. Once the walk has begun, the
scores walked so far are what counts. The value is the seat's lead over the best other estimate.

With free_placement a tile may go on thousands of cells: `estimate_placements` judges them all
at the price of the few that touch the map, since a tile off the map's edge changes no walk on
the map as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from towpath.core.game import logistic
from towpath.core.grid import DIRECTIONS, OPPOSITE, Cell, step
from towpath.games.mapped_out.actions import Place
from towpath.games.mapped_out.cards import TURN, UP
from towpath.games.mapped_out.cells import around, key
from towpath.games.mapped_out.scoring import fish_totals, tile_score
from towpath.games.mapped_out.state import MappedOutState

LEAD_SCALE = 2.0  # fish of lead that make a clear, but not decisive, lead
# Among placements judged alike, one beside the map ranks first: with other guesses of the
# face-down cards a walk may step onto it, while onto a far one none can.
BESIDE_THE_MAP = 1e-9


def evaluate(state: MappedOutState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    return lead(state, seat, state.board)


def estimate_placements(state: MappedOutState, seat: int, actions: Sequence[Place]) -> list[float]:
    """The evaluation after each placement: today's map with the tile on its cell (a hair more
    beside the map)."""
    board = state.board
    unchanged = evaluate(state, seat)
    touching = {near for cell in board for near, _ in around(cell)}
    values = []
    for action in actions:
        cell = key(action.x, action.y)
        if cell in touching:
            values.append(lead(state, seat, {**board, cell: action.tile}) + BESIDE_THE_MAP)
        else:
            values.append(unchanged)
    return values


def lead(state: MappedOutState, seat: int, board: dict[str, int]) -> float:
    """The seat's lead over the best other estimate, the map being `board`."""
    players = range(state.game.players)
    if state.phase == "build" or not any(state.paths):
        estimates = [float(estimated_score(state, other, board)) for other in players]
    else:
        estimates = state.scores()
    best_other = max(e for other, e in enumerate(estimates) if other != seat)
    return logistic((estimates[seat] - best_other) / LEAD_SCALE)


def estimated_score(state: MappedOutState, seat: int, board: dict[str, int]) -> int:
    game = state.game
    here: Cell = (state.pawns[seat][0], state.pawns[seat][1])
    visited = {board[key(*here)]}
    for card in state.rows[seat]:
        move = state.kind(card).move
        if move in DIRECTIONS:
            turned = card[UP] and card[TURN] == 180
            target = step(here, OPPOSITE[move] if turned else move)
        elif move == "any":
            target = _best_step(state, board, here, visited)
        else:
            continue
        tile = board.get(key(*target))
        if tile is not None:
            here = target
            visited.add(tile)
    return tile_score([game.tiles[t] for t in visited], game.rules)


def _best_step(state: MappedOutState, board: dict[str, int], here: Cell, visited: set[int]) -> Cell:
    """The neighbouring tile whose fish raise the best type most (staying put if none)."""
    game = state.game
    best, best_gain = here, -1
    for direction in DIRECTIONS:
        target = step(here, direction)
        tile = board.get(key(*target))
        if tile is None:
            continue
        tiles = [game.tiles[t] for t in visited | {tile}]
        gain = max(fish_totals(tiles, game.rules))
        if gain > best_gain:
            best, best_gain = target, gain
    return best

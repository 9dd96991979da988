"""How a Mapped Out player judges a position: the walk each row would make on today's map.

While the map is built, every row is walked on the map as it stands: the cards as the world
has them (a bot evaluates worlds resampled from its view, so face-down cards are its guesses),
a face-down directional card as printed (its orientation is a coin flip at reveal, so upright
is as good a guess as any), Any stepping to the neighbouring tile that raises the best fish type
most, and the rarer movements (Jump, Match, Copy, Invert) and the tiles' specials left out. The
estimate is the best fish type over the tiles visited; so it is too while the special of the
card that ended the build phase is resolved, before anyone sets out. Once the walk has begun, the
scores walked so far are what counts. The value is the seat's lead over the best other estimate.
"""

from __future__ import annotations

from towpath.core.game import logistic
from towpath.core.grid import DIRECTIONS, OPPOSITE, Cell, step
from towpath.games.mapped_out.cards import TURN, UP
from towpath.games.mapped_out.cells import key
from towpath.games.mapped_out.scoring import fish_totals, tile_score
from towpath.games.mapped_out.state import MappedOutState

LEAD_SCALE = 2.0  # fish of lead that make a clear, but not decisive, lead


def evaluate(state: MappedOutState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    players = range(state.game.players)
    if state.phase == "build" or not any(state.paths):
        estimates = [float(estimated_score(state, other)) for other in players]
    else:
        estimates = state.scores()
    best_other = max(e for other, e in enumerate(estimates) if other != seat)
    return logistic((estimates[seat] - best_other) / LEAD_SCALE)


def estimated_score(state: MappedOutState, seat: int) -> int:
    game = state.game
    here: Cell = (state.pawns[seat][0], state.pawns[seat][1])
    visited = {state.board[key(*here)]}
    for card in state.rows[seat]:
        move = state.kind(card).move
        if move in DIRECTIONS:
            turned = card[UP] and card[TURN] == 180
            target = step(here, OPPOSITE[move] if turned else move)
        elif move == "any":
            target = _best_step(state, here, visited)
        else:
            continue
        tile = state.board.get(key(*target))
        if tile is not None:
            here = target
            visited.add(tile)
    return tile_score([game.tiles[t] for t in visited], game.rules)


def _best_step(state: MappedOutState, here: Cell, visited: set[int]) -> Cell:
    """The neighbouring tile whose fish raise the best type most (staying put if none)."""
    game = state.game
    best, best_gain = here, -1
    for direction in DIRECTIONS:
        target = step(here, direction)
        tile = state.board.get(key(*target))
        if tile is None:
            continue
        tiles = [game.tiles[t] for t in visited | {tile}]
        gain = max(fish_totals(tiles, game.rules))
        if gain > best_gain:
            best, best_gain = target, gain
    return best

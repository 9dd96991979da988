"""How an Arriala player judges a position: points banked, plus what the open sections and the
vineyards are likely to pay.

- Each unscored section is expected to pay its table value to the colour that would win its
  majority now, in proportion to how full it is (a full section scores now; a nearly empty one
  is anyone's).
- Each vineyard is expected to pay its majority holder at the end, not quite surely.
- A card in hand is worth about a point (most cards are a cheap move, lock or worker).
The value is the lead of the projected points over the best other colour, the virtual player
of the 2-player game included (if it wins, nobody does).
"""

from __future__ import annotations

from towpath.core.game import logistic
from towpath.games.arriala.sections import majority, section
from towpath.games.arriala.state import ArrialaState

VINEYARD_CERTAINTY = 0.7
CARD_POINTS = 1.0
LEAD_SCALE = 6.0  # points of projected lead that make a clear, but not decisive, lead


def projected_points(state: ArrialaState) -> list[float]:
    """Banked points plus expected section, vineyard and card points, by colour."""
    layout = state.game.layout
    projected = [float(points) for points in state.points]
    occupant = state.occupant()
    done: set[int] = set()
    for space in layout.open_spaces:
        if state.scored[space] or state.locks[space] or space in done:
            continue
        first, last = section(state, space)
        done.update(range(first, last + 1))
        counts = [0] * layout.colours
        for place in range(first, last + 1):
            if occupant[place] >= 0:
                counts[state.colour_of(occupant[place])] += 1
        winner = majority(counts)
        if winner is not None:
            share = sum(counts) / (last - first + 1)
            projected[winner] += layout.board.score_table[last - first] * share
    for index, vineyard in enumerate(layout.board.vineyards):
        if not layout.vineyard_in_play[index]:
            continue
        code = layout.vineyard_code(index)
        counts = [0] * layout.colours
        for worker, place in enumerate(state.where):
            if place == code:
                counts[state.colour_of(worker)] += 1
        winner = majority(counts)
        if winner is not None:
            projected[winner] += vineyard.points * VINEYARD_CERTAINTY
    for seat, hand in enumerate(state.hands):
        projected[seat] += CARD_POINTS * len(hand)
    return projected


def evaluate(state: ArrialaState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    projected = projected_points(state)
    best_other = max(p for colour, p in enumerate(projected) if colour != seat)
    return logistic((projected[seat] - best_other) / LEAD_SCALE)

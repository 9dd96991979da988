"""Mapped Out (Pandaqi): build a shared map from tiles whose actions reveal, swap and study
face-down movement cards, then walk it by those cards and score the best fish type.

The modules flow one way: components, actions, cards and cells → table (the game as set up) →
position (the state's data) → steps → build and walk (the two phases) → view → state →
evaluate → this package, which registers the game.
"""

from __future__ import annotations

from towpath.core.game import State
from towpath.core.registry import register
from towpath.games.mapped_out.evaluate import evaluate
from towpath.games.mapped_out.state import MappedOutState
from towpath.games.mapped_out.table import MappedOutTable


@register
class MappedOut(MappedOutTable):
    state_class = MappedOutState

    def new_state(self, seed: int = 0) -> State:
        return MappedOutState(self, seed)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, MappedOutState)
        return evaluate(state, seat)

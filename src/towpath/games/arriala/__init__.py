"""Arriala: Canal de Garonne (Florian Fay): workers, locks and vineyards on the Garonne canal.

Rules: rules/arriala.md. Where it is silent, this engine decides:
- A river structure may go on any free blue space in play, not only the one beside the
  worker's stretch (rulebook: "ein freies blaues Feld").
- Placing a new worker is not a canal move: the new worker may still make its one canal move.
- The "moved back" rule bars every place the previous player moved the worker out of (canal
  spaces, towns, vineyards), for every kind of move: action points, move cards, teleport,
  vineyard to canal and canal to vineyard. The spec says vineyard moves "fall only under the
  next rule" (canal→vineyard→canal), yet the moved-back rule names vineyards itself; "only" is
  read as "not under the one-canal-move rule", so vineyard moves obey both of the others.
- Workers of one colour in one town or vineyard are named together; an action moves the one
  with the fewest options left this turn (see movement._pick).
- Played cards are public: the view lists the discards (sorted) and, after the discards are
  reshuffled, which cards formed the new pile; resampling deals the pile from those.
"""

from __future__ import annotations

from towpath.core.game import State
from towpath.core.registry import register
from towpath.games.arriala.evaluate import evaluate
from towpath.games.arriala.state import ArrialaState
from towpath.games.arriala.table import ArrialaTable


@register
class Arriala(ArrialaTable):
    state_class = ArrialaState

    def new_state(self, seed: int = 0) -> State:
        return ArrialaState(self, seed)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, ArrialaState)
        return evaluate(state, seat)

"""Mapped Out (Pandaqi): build a shared map from tiles whose actions reveal, swap and study
face-down movement cards, then walk it by those cards and score the best fish type.

**Decisions** where rules/mapped_out.md leaves a choice open (more in build.py and walk.py):
- The last card of a row (Unclear Instructions): its reveal ends the build phase at once. The
  rest of the action under way is dropped (an Ultra Reveal's further picks, the tile's on-play
  special, the draw), but the card's own special triggers first, in full, the revealer
  choosing as in the phase, and the walk begins after it:
  - Fishless / Fishful: the card is armed and scores in the walk.
  - Remove: a card of the owner's row (the revealed one too) leaves the game before the walk.
  - Draw: a face-down card joins the owner's row where the revealer says (it is revealed when
    walked); the phase stays over although the row is no longer all face up.
  - Hand Swap: the hands are swapped (they matter in the walk only with Muddled Waters).
  - Move Swap: two revealed cards swap places before the walk.
  - Ultra Reveal: its cards are revealed (orientation as in the phase) and trigger nothing,
    since specials trigger only in the build phase, which is over.
  - Change Start: the owner's pawn moves to an adjacent tile, where its walk then begins.
- Swap N between two cards that are both at position N is one action, named from the lower
  seat's card (`swap 0.3 1.3`).
- free_placement: a tile may go on any empty cell of the map's bounding box grown by 4 cells
  (rules.toml) on every side; the boards draw that far while the map is built.

The modules flow one way: components, actions, cards and cells → words (everything said to
people, in English or German) and table (the game as set up) → position (the state's data) →
steps → build and walk (the two phases) → view → state → evaluate → encoding → this package,
which registers the game. The playout rule of thumb (playout.py) reads the position and the two
phases.
"""

from __future__ import annotations

from collections.abc import Sequence

from towpath.core.actions import Action
from towpath.core.encoding import Encoding
from towpath.core.game import Game
from towpath.core.registry import register
from towpath.core.rng import Rng
from towpath.games.mapped_out.actions import Place
from towpath.games.mapped_out.encoding import MappedOutEncoding
from towpath.games.mapped_out.evaluate import estimate_placements, evaluate
from towpath.games.mapped_out.playout import playout_action
from towpath.games.mapped_out.state import MappedOutState
from towpath.games.mapped_out.table import MappedOutTable


@register
class MappedOut(MappedOutTable, Game[MappedOutState]):
    state_class = MappedOutState

    def evaluate(self, state: MappedOutState, seat: int) -> float:
        return evaluate(state, seat)

    def playout_action(self, state: MappedOutState, rng: Rng) -> Action:
        return playout_action(state, rng)

    def estimate_actions(
        self, state: MappedOutState, seat: int, actions: Sequence[Action]
    ) -> list[float] | None:
        """free_placement's placements, thousands of them; elsewhere the actions are few and
        bots judge each one's result, seeing the turn to its end."""
        places = [action for action in actions if isinstance(action, Place)]
        if not self.free_placement or len(places) != len(actions):
            return None
        return estimate_placements(state, seat, places)

    def _encoding(self) -> Encoding:
        return MappedOutEncoding(self)

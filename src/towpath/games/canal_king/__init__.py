"""Canal King (Tactic): build hex canals to join your secret route's ports, then sail it first.

Rules: rules/canal_king.md. Where it is silent this engine decides (see also the data files):
- A route is complete when its four ports are joined port to port, through any ports; ships
  turn in ports, so the calls' order never matters for completion (only for sailing, with
  `ordered_calls`, where a call stopped in out of order does not count).
- Drawing after a placement or replacement fills the hand back to 5; a swap draws as many tiles
  as it discarded. A tile replaced by the special tile goes to the discards too. A launched
  player's hand stays in front of them, out of play. The discard pile's tiles are public.
- A building player with no possible action (no tiles left to hold) plays `pass`.
- A ship stopped on a tile whose way on leads to a free space cannot sail on (it may return).
  Sailing round back into the port it left is a stop like any other. `return` counts no call.
- On a flag or special-tile stop where lines fork at the entry edge (only in a custom tile
  set), the ship goes on next turn by any line from that edge.
- A ship on a tile that a special tile replaces stays there, on the same line, and is not
  stopped by it (it stops on special tiles it sails onto).
- The very same tile, which may not replace itself (Replacement details), is a tile of the
  same type (kind and flag) whose lines, as turned, are those of the tile there: the one
  rotation of the type that keeps every old line. A tile of another kind with the same lines
  (only in a custom tile set) is another tile and may replace it.
- Resampling rules out for a holder the route cards complete at the end of any of its turns
  before its launch: a `pass` of a building player counts as a building turn (it too would
  have been a launch). Per seat, those cards are kept as the turns end and shown in every view
  (`ruled_out_routes`, card numbers from 1): they follow from the board as it stood, so equal
  views resample alike. Where no deal fits, every deal of the unseen cards is equally likely.
- A route card names four different ports (a route "connects four ports"); a data file with a
  repeated port is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from towpath.core.actions import Action
from towpath.core.encoding import Encoding
from towpath.core.game import Game
from towpath.core.registry import register
from towpath.core.rng import Rng
from towpath.games.canal_king.encoding import CanalKingEncoding
from towpath.games.canal_king.evaluate import estimate_actions, evaluate_all
from towpath.games.canal_king.playout import playout_action
from towpath.games.canal_king.state import BUILDING, CanalKingState
from towpath.games.canal_king.table import CanalKingTable


@register
class CanalKing(CanalKingTable, Game[CanalKingState]):
    state_class = CanalKingState

    def evaluate(self, state: CanalKingState, seat: int) -> float:
        return evaluate_all(state)[seat]

    def evaluate_all(self, state: CanalKingState) -> list[float]:
        return evaluate_all(state)

    def playout_action(self, state: CanalKingState, rng: Rng) -> Action:
        return playout_action(state, rng)

    def estimate_actions(
        self, state: CanalKingState, seat: int, actions: Sequence[Action]
    ) -> list[float] | None:
        if not all(isinstance(action, BUILDING) for action in actions):
            return None
        return estimate_actions(state, seat, actions)

    def _encoding(self) -> Encoding:
        return CanalKingEncoding(self)

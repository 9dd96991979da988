"""Mississippi (Roland Siegers): hex boats numbered 1-6 race down a river on logs."""

from __future__ import annotations

from towpath.core.actions import Action
from towpath.core.encoding import Encoding
from towpath.core.game import Game
from towpath.core.registry import register
from towpath.core.rng import Rng
from towpath.games.mississippi.encoding import MississippiEncoding
from towpath.games.mississippi.evaluate import evaluate
from towpath.games.mississippi.playout import playout_action
from towpath.games.mississippi.state import MississippiState
from towpath.games.mississippi.table import MississippiTable


@register
class Mississippi(MississippiTable, Game[MississippiState]):
    state_class = MississippiState

    def evaluate(self, state: MississippiState, seat: int) -> float:
        return evaluate(state, seat)

    def playout_action(self, state: MississippiState, rng: Rng) -> Action:
        return playout_action(state, rng)

    def _encoding(self) -> Encoding:
        return MississippiEncoding(self)

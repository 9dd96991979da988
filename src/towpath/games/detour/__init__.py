"""Detour: a card-driven race around a circuit, paying transports space by space."""

from __future__ import annotations

from towpath.core.actions import Action
from towpath.core.encoding import Encoding
from towpath.core.game import Game
from towpath.core.registry import register
from towpath.core.rng import Rng
from towpath.games.detour.encoding import DetourEncoding
from towpath.games.detour.evaluate import evaluate
from towpath.games.detour.playout import playout_action
from towpath.games.detour.state import DetourState
from towpath.games.detour.table import DetourTable


@register
class Detour(DetourTable, Game[DetourState]):
    state_class = DetourState

    def evaluate(self, state: DetourState, seat: int) -> float:
        return evaluate(state, seat)

    def playout_action(self, state: DetourState, rng: Rng) -> Action:
        return playout_action(state, rng)

    def _encoding(self) -> Encoding:
        return DetourEncoding(self)

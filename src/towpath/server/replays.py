"""A finished game's replay, a step at a time, at the cost of a drawing per step and seat.

The record of a finished game never changes, so its replay keeps a position every
`CHECKPOINT` actions (a step is reached from the one before it, not from the start) and its
latest `ANSWERS_KEPT` answers whole, in JSON: clients stepping or looping through a replay cost
the server one drawing per step and seat.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.core.i18n import language

CHECKPOINT = 32  # actions between the positions a replay keeps
ANSWERS_KEPT = 64  # answers a replay keeps, by step and seat


def drawing(
    state: State, seat: int | None, reveal: bool = False, narrow: bool = False
) -> tuple[str | None, str | None]:
    """The board as SVG, or as text for a game without an SVG rendering: (svg, text);
    `reveal`: every secret shown (a replay); `narrow`: for a phone."""
    try:
        return state.render_svg(seat, reveal=reveal, narrow=narrow), None
    except GameError:
        return None, state.render_text(seat)


class Replay:
    """The replay of one finished record: its actions (in notation) and their words (in each
    language: see `towpath.server.room.Said`); every answer also holds `about` (the room and
    its seed)."""

    def __init__(
        self, game: Game, seed: int, actions: list[str], moves: list[Any], about: dict[str, Any]
    ) -> None:
        self.game = game
        self.seed = seed
        self.actions = list(actions)
        self.moves = list(moves)
        self.about = about
        self.lock = threading.Lock()  # answers are made in worker threads
        self.positions: dict[int, State] = {}
        self.answers: OrderedDict[tuple[int, int | None, str, bool], bytes] = OrderedDict()

    def answer(self, step: int, seat: int | None, narrow: bool = False) -> bytes:
        """The position after `step` actions as `seat` is shown it, every secret revealed, in
        JSON, in the language spoken now (`narrow`: its board drawn for a phone)."""
        with self.lock:
            key = (step, seat, language(), narrow)
            found = self.answers.get(key)
            if found is None:
                made = self._made(step, seat, narrow)
                found = self.answers[key] = json.dumps(made).encode()
                if len(self.answers) > ANSWERS_KEPT:
                    self.answers.popitem(last=False)
            self.answers.move_to_end(key)
            return found

    def _made(self, step: int, seat: int | None, narrow: bool) -> dict[str, Any]:
        state = self.position(step)
        svg, text = drawing(state, seat, reveal=True, narrow=narrow)
        log = state.log(seat)
        return {
            **self.about,
            "seat": seat,
            "step": step,
            "steps": len(self.actions),
            "action": log[step - 1] if step else None,
            "current_player": state.current_player,
            "view": state.open_view(),
            "svg": svg,
            "text": text,
            "log": log,
            "moves": [move[language()] for move in self.moves[:step]],
        }

    def position(self, step: int) -> State:
        """The state after `step` actions, from the nearest kept position before it."""
        if not self.positions:
            self.positions[0] = self.game.new_state(self.seed)
        known = max(at for at in self.positions if at <= step)
        state = self.positions[known].clone()
        for at in range(known, step):
            if at % CHECKPOINT == 0 and at not in self.positions:
                self.positions[at] = state.clone()
            state.apply(self.game.parse_recorded(self.actions[at], state))
        return state

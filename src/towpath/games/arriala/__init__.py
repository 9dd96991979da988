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
  with the fewest options left this turn (see ArrialaState._pick).
- Played cards are public: the view lists the discards (sorted) and, after the discards are
  reshuffled, which cards formed the new pile; resampling deals the pile from those.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.core.options import FileOption, IntOption, Option
from towpath.core.registry import register
from towpath.games.arriala.actions import NOTATION_HELP, Notation
from towpath.games.arriala.components import Layout, build_layout, load_board, load_rules
from towpath.games.arriala.evaluate import evaluate
from towpath.games.arriala.state import ArrialaState

RULES = load_rules()


@cache
def notation_for(layout: Layout) -> Notation:
    """One reader per board and player count, so its cache serves every game of that kind."""
    return Notation(layout, RULES)


@register
class Arriala(Game):
    id = "arriala"
    title = "Arriala: Canal de Garonne"
    min_players = 2
    max_players = 4
    default_players = 3
    option_specs: ClassVar[tuple[Option, ...]] = (
        IntOption("first_player", 0, "the seat that starts", 0, 3),
        IntOption(
            "max_turns", RULES.max_turns, "player turns before the game ends (vineyards scored)", 1
        ),
        FileOption(
            "board", None, "a TOML file with the towns, stretches, vineyards and score table"
        ),
    )
    option_sets = ({}, {"first_player": 1, "max_turns": 40})
    state_class = ArrialaState
    notation_help = NOTATION_HELP

    rules = RULES
    layout: Layout
    first_player: int
    max_turns: int
    notation: Notation

    def _setup(self) -> None:
        first = self.option("first_player", int) or 0
        if first >= self.players:
            raise GameError(f"option first_player: expected a seat from 0 to {self.players - 1}")
        self.first_player = first
        self.max_turns = self.option("max_turns", int) or RULES.max_turns
        self.layout = build_layout(load_board(self.option("board", str)), self.players, RULES)
        self.notation = notation_for(self.layout)

    def new_state(self, seed: int = 0) -> State:
        return ArrialaState(self, seed)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, ArrialaState)
        return evaluate(state, seat)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return self.notation.parse(text)

"""Arriala as set up at the table: the options, the board for the player count, the rule
numbers and the notation reader. The states read these; this module knows no state."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.game import Game, State
from towpath.core.i18n import N_
from towpath.core.options import (
    FileOption,
    Option,
    first_player_option,
    turn_limit,
)
from towpath.games.arriala.actions import NOTATION_HELP, Notation
from towpath.games.arriala.components import Layout, build_layout, load_board, load_rules

RULES = load_rules()


@cache
def notation_for(layout: Layout) -> Notation:
    """One reader per board and player count, so its cache serves every game of that kind."""
    return Notation(layout, RULES)


class ArrialaTable(Game):
    id = "arriala"
    hidden_information = True
    title = "Arriala: Canal de Garonne"
    min_players = 2
    max_players = 4
    default_players = 3
    blurb = N_(
        "Dig the Garonne canal together: place and move workers to win the majority of each "
        "section as it fills. Five action points a turn, locks, river structures, vineyards and "
        "cards."
    )
    play_time = N_("60–90 minutes")
    option_specs: ClassVar[tuple[Option, ...]] = (
        first_player_option(4),
        turn_limit(RULES.max_turns, N_("player turns before the game ends (vineyards scored)")),
        FileOption(
            "board",
            None,
            N_("a TOML file with the towns, stretches, vineyards and score table"),
            label=N_("Board"),
        ),
    )
    option_sets = ({}, {"first_player": 1, "max_turns": 40})
    notation_help = NOTATION_HELP

    rules = RULES
    layout: Layout
    first_player: int
    max_turns: int
    notation: Notation

    def _setup(self) -> None:
        self.first_player = self.seat_option("first_player")
        self.max_turns = self.option("max_turns", int) or RULES.max_turns
        self.layout = build_layout(load_board(self.option("board", str)), self.players, RULES)
        self.notation = notation_for(self.layout)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return self.notation.parse(text)

"""Mississippi as set up at the table: player count, options, river and rules.

The states read it; the registered game (the package) adds its states and their evaluation.
"""

from __future__ import annotations

from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.game import State
from towpath.core.i18n import N_
from towpath.core.options import (
    FileOption,
    IntListOption,
    IntOption,
    Option,
    first_player_option,
    turn_limit,
)
from towpath.core.race import RaceTable
from towpath.games.mississippi.actions import NOTATION_HELP, parse
from towpath.games.mississippi.components import River, load_river, load_rules

RULES = load_rules()


class MississippiTable(RaceTable):
    id = "mississippi"
    title = "Mississippi"
    min_players = 2
    max_players = 6
    default_players = 4
    blurb = N_(
        "Paddle your hexagonal boat down a snaking river, spending logs to move and turn. Boats "
        "that come to rest side by side push the one with the higher number downstream."
    )
    play_time = N_("20–45 minutes")
    option_specs: ClassVar[tuple[Option, ...]] = (
        IntOption(
            "logs",
            None,
            N_("logs dealt to each player (default: by player count)"),
            0,
            500,
            True,
            label=N_("Logs each"),
        ),
        IntListOption(
            "side_numbers",
            list(RULES.side_numbers),
            N_("the boat's six numbers, clockwise (each from 0 to 99)"),
            length=6,
            low=0,
            high=99,
            label=N_("Boat numbers"),
        ),
        first_player_option(6),
        turn_limit(RULES.max_turns),
        FileOption(
            "river",
            None,
            N_("a TOML file with the river's cells in track order"),
            label=N_("River"),
        ),
    )
    option_sets = ({}, {"first_player": 1, "side_numbers": [6, 5, 4, 3, 2, 1]}, {"logs": 3})
    notation_help = NOTATION_HELP

    rules = RULES
    river: River
    side_numbers: tuple[int, ...]
    logs_each: int

    def _setup(self) -> None:
        self.first_player = self.seat_option("first_player")
        logs = self.option("logs", int)
        self.logs_each = RULES.logs_per_player[self.players] if logs is None else logs
        self.side_numbers = tuple(self.option("side_numbers", list) or RULES.side_numbers)
        self.max_turns = self.option("max_turns", int) or RULES.max_turns
        self.river = load_river(self.option("river", str))
        # The legal actions by (started, logs, open spaces ahead, open spaces behind).
        self.legal: dict[tuple[bool, int, int, int], tuple[tuple[Action, ...], frozenset[Action]]]
        self.legal = {}

    def rotation_cost(self, rotation: int) -> int:
        """Logs to turn `rotation` × 60°: the first free steps cost nothing, each further one 1."""
        return max(0, abs(rotation) - RULES.free_rotation_steps)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text, self.river.finish)

"""Canal King (Tactic): build hex canals to join your secret route's ports, then sail it first."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.core.options import BoolOption, FileOption, IntOption, Option
from towpath.core.registry import register
from towpath.games.canal_king.actions import NOTATION_HELP, parse
from towpath.games.canal_king.components import (
    Components,
    builtin_components,
    load_components,
    load_rules,
)
from towpath.games.canal_king.state import CanalKingState
from towpath.games.canal_king.tables import ActionTables

RULES = load_rules()
SMALL = Path(__file__).parent / "data" / "small"
SMALL_BOARD, SMALL_ROUTES = str(SMALL / "board.toml"), str(SMALL / "routes.toml")


@cache
def builtin_tables() -> ActionTables:
    """The built-in board and tiles' action tables, shared by every game that uses them."""
    return ActionTables(builtin_components())


@register
class CanalKing(Game):
    id = "canal_king"
    title = "Canal King"
    min_players = 2
    max_players = 6
    default_players = 4
    option_specs: ClassVar[tuple[Option, ...]] = (
        BoolOption(
            "ordered_calls", False, "the ship must stop in the ports of call in the card's order"
        ),
        IntOption("first_player", 0, "the seat that starts", 0, 5),
        IntOption("max_turns", RULES.max_turns, "player turns before the game ends unfinished", 1),
        FileOption("board", None, "a TOML file with the board's size and ports"),
        FileOption("tiles", None, "a TOML file with the tile set"),
        FileOption("routes", None, "a TOML file with the route cards"),
    )
    # The small board reaches the sailing race in random play (the default board rarely does),
    # and its short turn limit keeps the suite's time in budget.
    option_sets = (
        {},
        {
            "board": SMALL_BOARD,
            "routes": SMALL_ROUTES,
            "ordered_calls": True,
            "first_player": 1,
            "max_turns": 200,
        },
    )
    state_class = CanalKingState
    notation_help = NOTATION_HELP

    parts: Components
    tables: ActionTables
    ordered_calls: bool
    first_player: int
    max_turns: int

    def _setup(self) -> None:
        first = self.option("first_player", int) or 0
        if first >= self.players:
            raise GameError(f"option first_player: expected a seat from 0 to {self.players - 1}")
        self.first_player = first
        self.ordered_calls = bool(self.option("ordered_calls", bool))
        self.max_turns = self.option("max_turns", int) or RULES.max_turns
        self.parts = load_components(
            self.option("board", str), self.option("tiles", str), self.option("routes", str)
        )
        if len(self.parts.tiles.colours) < self.players:
            raise GameError(f"tiles file: {self.players} players need {self.players} colours")
        if len(self.parts.routes) < self.players:
            raise GameError(f"routes file: {self.players} players need {self.players} cards")
        builtin = self.options["board"] is None and self.options["tiles"] is None
        self.tables = builtin_tables() if builtin else ActionTables(self.parts)

    def new_state(self, seed: int = 0) -> State:
        return CanalKingState(self, seed)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        known = self.tables.parsed
        action = known.get(text)
        if action is None:
            action = parse(text, self.parts)
            if len(known) < 200_000:
                known[text] = action
        return action

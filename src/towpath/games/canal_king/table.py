"""Canal King as set up at the table: players, options, components and their action tables."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, ClassVar

from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.i18n import N_
from towpath.core.options import (
    BoolOption,
    FileOption,
    Option,
    first_player_option,
    turn_limit,
)
from towpath.core.race import RaceTable
from towpath.games.canal_king.actions import NOTATION_HELP, parse
from towpath.games.canal_king.components import (
    Components,
    builtin_components,
    load_components,
    load_rules,
)
from towpath.games.canal_king.fitting import ActionTables

RULES = load_rules()


FileKey = tuple[str, int, int] | None  # a data file's path, modification time and size


@cache
def builtin_tables() -> ActionTables:
    """The built-in board and tiles' action tables, shared by every game that uses them."""
    return ActionTables(builtin_components())


@lru_cache(maxsize=8)
def loaded_parts(
    board: FileKey, tiles: FileKey, routes: FileKey
) -> tuple[Components, ActionTables]:
    """Components and their action tables, loaded once per version of the data files (a
    designer's simulation plays thousands of games on one board)."""
    parts = load_components(*(None if key is None else key[0] for key in (board, tiles, routes)))
    builtin = board is None and tiles is None
    return parts, builtin_tables() if builtin else ActionTables(parts)


def file_key(path: str | None) -> FileKey:
    if path is None:
        return None
    try:
        stat = Path(path).stat()
    except OSError:
        return (path, -1, -1)  # loading reports the error
    return (path, stat.st_mtime_ns, stat.st_size)


class CanalKingTable(RaceTable):
    """The game's options checked and its components loaded; the states read them from here."""

    id = "canal_king"
    hidden_information = True
    title = "Canal King"
    min_players = 2
    max_players = 6
    default_players = 4
    # The words for people here are marked (N_): the server says them in the reader's language.
    blurb = N_(
        "Build one shared network of hex canal tiles to join the four ports of your secret route."
        " Then launch your ship and be the first to sail it, past flags and rivals' special "
        "tiles."
    )
    play_time = N_("45–90 minutes (small board: 15–30)")
    option_specs: ClassVar[tuple[Option, ...]] = (
        BoolOption(
            "ordered_calls",
            False,
            N_("the ship must stop in the ports of call in the card's order"),
            label=N_("Calls in the card's order"),
        ),
        first_player_option(6),
        turn_limit(RULES.max_turns),
        FileOption(
            "board",
            None,
            N_("a TOML file with the board's size and ports, or small"),
            label=N_("Board"),
        ),
        FileOption("tiles", None, N_("a TOML file with the tile set"), label=N_("Tile set")),
        FileOption(
            "routes",
            None,
            N_("a TOML file with the route cards, or small"),
            label=N_("Route cards"),
        ),
    )
    # Thousands of placements and a costly evaluation: a short budget is better spent judging
    # the best-ranked actions in common worlds than growing a tree whose leaves would see
    # different worlds and random rollouts (at 1 s a move, 27 and 30 of 40 games against
    # greedy in two runs, against 22 of 40 with the bot's defaults). The estimate's 32 best in
    # 15 worlds rather than its 16 best in 30 (benchmarks/root_choice.py: over 107 positions
    # of greedy games, each choice judged in 30 other worlds, +0.0035 with a standard error of
    # 0.0018, where greedy's way of choosing is -0.0053): the best is often beyond the 16th,
    # and fewer worlds cost little. At 1 s a move it won 25 of 40 against greedy.
    mcts_settings: ClassVar[Mapping[str, Any]] = {"depth": 0, "root_worlds": 15, "shortlist": 32}
    # Its playout policy builds well: the easy level also plays 3 moves in 10 at random.
    bot_levels: ClassVar[Mapping[str, str]] = {"easy": "playout:randomness=0.3"}
    # The small board reaches the sailing race in random play (the default board rarely does),
    # and its short turn limit keeps the suite's time in budget.
    option_sets = (
        {},
        {
            "board": "small",
            "routes": "small",
            "ordered_calls": True,
            "first_player": 1,
            "max_turns": 200,
        },
    )
    notation_help = NOTATION_HELP

    parts: Components
    tables: ActionTables
    ordered_calls: bool

    def _setup(self) -> None:
        self.first_player = self.seat_option("first_player")
        self.ordered_calls = bool(self.option("ordered_calls", bool))
        self.max_turns = self.option("max_turns", int) or RULES.max_turns
        self.parts, self.tables = loaded_parts(
            *(file_key(self.option(name, str)) for name in ("board", "tiles", "routes"))
        )
        if len(self.parts.tiles.colours) < self.players:
            raise GameError(f"tiles file: {self.players} players need {self.players} colours")
        if len(self.parts.routes) < self.players:
            raise GameError(f"routes file: {self.players} players need {self.players} cards")

    def parse_action(self, text: str, state: State | None = None) -> Action:
        known = self.tables.parsed
        action = known.get(text)
        if action is None:
            action = parse(text, self.parts)
            if len(known) < 200_000:
                known[text] = action
        return action

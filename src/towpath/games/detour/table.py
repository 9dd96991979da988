"""Detour as set up at the table: player count, options, map, cards and seat colours.

The states read it; the registered game (the package) adds its states and their evaluation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.game import JSON, Game, State
from towpath.core.i18n import N_
from towpath.core.options import (
    FileOption,
    Option,
    first_player_option,
    length_limit,
)
from towpath.games.detour.actions import NOTATION_HELP, Backward, Block, Move, Pass, SendOnDetour
from towpath.games.detour.actions import parse as parse_notation
from towpath.games.detour.components import Card, CardSet, Map, load_cards, load_map, load_rules

RULES = load_rules()


class DetourTable(Game):
    id = "detour"
    keeps_score = False  # `scores` are how far each colour has come
    title = "Detour"
    min_players = 2
    max_players = 4
    default_players = 4
    blurb = N_(
        "Race your marker round a circuit, paying each space in trains, boats and balloons with "
        "four cards. Send rivals on detours, push everyone back or block the next round."
    )
    play_time = N_("20–40 minutes")
    option_specs: ClassVar[tuple[Option, ...]] = (
        first_player_option(4, N_("the seat holding the first-player marker at the start")),
        length_limit(
            "max_rounds",
            RULES.max_rounds,
            N_("rounds before the game ends unfinished"),
            N_("Round limit"),
        ),
        FileOption(
            "map",
            None,
            N_("a TOML file replacing the map (costs, blue areas, detours)"),
            label=N_("Map"),
        ),
        FileOption("cards", None, N_("a TOML file replacing the four cards"), label=N_("Cards")),
    )
    option_sets = ({}, {"first_player": 1, "max_rounds": 40})
    # Its playout policy plays close to greedy: the easy level plays 3 moves in 10 at random.
    bot_levels: ClassVar[Mapping[str, str]] = {"easy": "playout:randomness=0.3"}
    notation_help = NOTATION_HELP

    rules = RULES
    map: Map
    card_set: CardSet
    cards: dict[str, Card]
    card_keys: tuple[str, ...]
    colours: tuple[str, ...]
    owner: tuple[int, ...]
    colours_of: tuple[tuple[int, ...], ...]
    round_order: tuple[tuple[int, ...], ...]
    first_player: int
    max_rounds: int

    def _setup(self) -> None:
        self.first_player = self.seat_option("first_player")
        self.max_rounds = self.option("max_rounds", int) or RULES.max_rounds
        self.map = load_map(self.option("map", str))
        self.card_set = load_cards(self.option("cards", str))
        self.cards = {card.key: card for card in self.card_set.cards}
        self.card_keys = tuple(self.cards)
        self._seat_colours()
        self._tables()

    def _seat_colours(self) -> None:
        """Seat k plays colour k, and with 2 players colour k + 2 as well (colours A and B)."""
        players = self.players
        per_player = RULES.colours_per_player[players]
        self.colours = RULES.colours[: players * per_player]
        self.owner = tuple(colour % players for colour in range(len(self.colours)))
        self.colours_of = tuple(
            tuple(seat + k * players for k in range(per_player)) for seat in range(players)
        )
        # A round: from the first player clockwise, colour A of each seat, then colour B.
        self.round_order = tuple(
            tuple(
                (first + i) % players + k * players
                for k in range(per_player)
                for i in range(players)
            )
            for first in range(players)
        )

    def _tables(self) -> None:
        """Per node, how far each move can go; the shared action objects."""
        board, card_set = self.map, self.card_set
        self.move_reach = {key: board.reach_table(card.tokens) for key, card in self.cards.items()}
        pushed = list(range(len(board.entry)))
        for _ in range(card_set.backward_spaces):
            pushed = [board.behind[node] for node in pushed]
        self.pushed_back: tuple[int, ...] = tuple(pushed)
        after_push = board.reach_table(card_set.backward_move)
        self.backward_reach = tuple(after_push[node] for node in pushed)
        block_tables = [board.reach_table(tokens) for tokens in card_set.block_moves]
        self.block_reach = tuple(max(column) for column in zip(*block_tables, strict=True))
        self.moves: dict[str, tuple[Action, ...]] = {
            key: tuple(Move(key, n) for n in range(1, sum(card.tokens) + 1))
            for key, card in self.cards.items()
        }
        self.passes: dict[str, Action] = {key: Pass(key) for key in self.cards}
        self.detour_actions: tuple[Action, ...] = tuple(SendOnDetour(c) for c in self.colours)
        self.backward_actions: tuple[Action, ...] = tuple(
            Backward(n) for n in range(sum(card_set.backward_move) + 1)
        )
        most = max(sum(tokens) for tokens in card_set.block_moves)
        self.block_actions: tuple[Action, ...] = tuple(Block(n) for n in range(most + 1))
        self.action_card = {card.action: card.key for card in self.card_set.cards}
        # The legal actions by what they depend on (DetourState._listed).
        self.legal: dict[Hashable, tuple[tuple[Action, ...], frozenset[Action]]] = {}

    def map_view(self) -> dict[str, JSON]:
        """The map as plain data, built afresh for each view."""
        board = self.map
        return {
            "costs": [list(cost) for cost in board.costs],
            "blue": sorted(board.blue),
            "tile_spaces": board.tile_spaces,
            "detours": [
                {
                    "name": d.name,
                    "branch": d.branch,
                    "merge": d.merge,
                    "costs": [list(cost) for cost in d.costs],
                    "beside": list(d.beside),
                }
                for d in board.detours
            ],
            "symbols": dict(zip(RULES.transports, RULES.symbols, strict=True)),
        }

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse_notation(text, self.card_keys, self.colours, self.map.longest)

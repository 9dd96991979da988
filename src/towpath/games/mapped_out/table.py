"""Mapped Out as set up at the table: its options, its components, and what the states read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import Game, State
from towpath.core.i18n import N_
from towpath.core.options import (
    BoolOption,
    ChoiceOption,
    FileOption,
    Option,
    first_player_option,
)
from towpath.games.mapped_out.actions import NOTATION_HELP, Bounds, parse
from towpath.games.mapped_out.components import CardKind, Rules, Tile, load_components

EXPANSIONS = {"lands_unknown": True, "unclear_instructions": True}


class MappedOutTable(Game):
    id = "mapped_out"
    hidden_information = True
    title = "Mapped Out"
    min_players = 2
    max_players = 5
    default_players = 4
    blurb = N_(
        "Build a map of fish tiles whose actions reveal, swap and study face-down movement cards."
        " Then walk the map by your own cards: your best kind of fish scores."
    )
    play_time = N_("20–30 minutes")
    option_specs: ClassVar[tuple[Option, ...]] = (
        BoolOption(
            "see_cards",
            False,
            N_("players see their own cards before they are laid"),
            label=N_("See your cards first"),
        ),
        BoolOption(
            "choose_orientation",
            False,
            N_("whoever reveals a card chooses its orientation"),
            label=N_("Choose orientations"),
        ),
        BoolOption(
            "hard_reveal",
            False,
            N_("a Reveal on a revealed card turns it face down"),
            label=N_("Hard reveal"),
        ),
        BoolOption(
            "muddled_waters",
            False,
            N_("walk together one card a turn, building score piles"),
            label=N_("Muddled Waters (walk together)"),
        ),
        BoolOption(
            "lands_unknown",
            False,
            N_("add the 18 Lands Unknown map tiles"),
            label=N_("Lands Unknown expansion"),
        ),
        BoolOption(
            "unclear_instructions",
            False,
            N_("add the 29 Unclear Instructions cards"),
            label=N_("Unclear Instructions expansion"),
        ),
        BoolOption(
            "free_placement",
            False,
            N_("a tile may go on an empty cell not touching the map"),
            label=N_("Free placement"),
        ),
        ChoiceOption(
            "void_move",
            "skip",
            N_("a move into an empty cell: skip it, or stop the walk"),
            choices=("skip", "stop"),
            label=N_("A move into an empty cell"),
        ),
        first_player_option(5, N_("the seat that plays the first tile")),
        FileOption(
            "tiles", None, N_("a TOML file replacing the 42 base map tiles"), label=N_("Map tiles")
        ),
        FileOption(
            "cards",
            None,
            N_("a TOML file replacing the 40 base movement cards"),
            label=N_("Movement cards"),
        ),
    )
    # Its playout policy plays close to greedy: the easy level plays half its moves at random.
    bot_levels: ClassVar[Mapping[str, str]] = {"easy": "playout:randomness=0.5"}
    option_sets = (
        {},
        EXPANSIONS,
        {**EXPANSIONS, "muddled_waters": True, "choose_orientation": True, "see_cards": True},
        {
            "unclear_instructions": True,
            "see_cards": True,
            "hard_reveal": True,
            "free_placement": True,
            "void_move": "stop",
            "first_player": 1,
        },
    )
    notation_help = NOTATION_HELP

    rules: Rules
    tiles: tuple[Tile, ...]
    kinds: tuple[CardKind, ...]
    tile_ids: tuple[int, ...]
    deck: tuple[int, ...]
    everyone: int
    seats_in: tuple[tuple[int, ...], ...]  # knowledge mask -> the seats in it
    card_names: tuple[str, ...]
    first_player: int
    see_cards: bool
    choose_orientation: bool
    hard_reveal: bool
    muddled_waters: bool
    free_placement: bool
    void_move: str
    bounds: Bounds

    def _setup(self) -> None:
        data = load_components(self.option("tiles", str), self.option("cards", str))
        self.rules, self.tiles, self.kinds = data.rules, data.tiles, data.kinds
        lands, unclear = self._flag("lands_unknown"), self._flag("unclear_instructions")
        self.tile_ids = data.base_tiles + (data.extra_tiles if lands else ())
        self.deck = data.base_deck + (data.extra_deck if unclear else ())
        self.everyone = (1 << (self.players + 1)) - 1  # every seat and the spectator
        self.seats_in = tuple(
            tuple(s for s in range(self.players) if mask >> s & 1)
            for mask in range(self.everyone + 1)
        )
        self.card_names = tuple(kind.name for kind in self.kinds)
        self.first_player = self.seat_option("first_player")
        self.see_cards = self._flag("see_cards")
        self.choose_orientation = self._flag("choose_orientation")
        self.hard_reveal = self._flag("hard_reveal")
        self.muddled_waters = self._flag("muddled_waters")
        self.free_placement = self._flag("free_placement")
        self.void_move = self.option("void_move", str) or "skip"
        rules = self.rules
        if len(self.deck) < rules.row_cards * self.players:
            raise GameError(f"the deck cannot deal {rules.row_cards} cards to {self.players}")
        if len(self.tile_ids) < rules.hand_tiles * self.players + 1:
            raise GameError(f"the tiles cannot deal {rules.hand_tiles} to {self.players}")
        # Each tile lies at most the free placement margin (or 1) outside the map's box.
        reach = len(self.tile_ids) * max(1, rules.free_placement_margin)
        self.bounds = Bounds(max(self.tile_ids), self.players, len(self.deck), reach)

    def _flag(self, name: str) -> bool:
        return bool(self.option(name, bool))

    def parse_action(self, text: str, state: State | None = None) -> Action:
        return parse(text, self.bounds)

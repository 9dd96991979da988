"""Arriala's components, loaded from data/*.toml: the board, the rule numbers and the deck.

`Layout` is the board as a game of a given player count uses it, with the per-space tables
the state reads at every step. Canal spaces are numbered 0..length-1 in canal order (towns
included); the notation and the text rendering count them from 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from towpath.core.datafile import builtin_toml, user_toml
from towpath.core.errors import GameError

PACKAGE = __package__ or "towpath.games.arriala"
EFFECTS = ("move", "teleport", "lock", "masterwork", "to-vineyard", "to-canal")
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True)
class CardType:
    name: str
    effect: str
    reach: int  # move cards: spaces covered by the card's own AP
    any_colour: bool  # to-vineyard / to-canal cards: any worker, not only your own
    count: int


@dataclass(frozen=True)
class Costs:
    move_per_space: int
    play_card: int
    to_vineyard: int
    draw: int
    place: int
    river: int
    to_canal: int
    lock: int


@dataclass(frozen=True)
class Points:
    lock: int
    river: int
    masterwork: int


@dataclass(frozen=True, eq=False)
class Rules:
    colours: tuple[str, ...]
    action_points: int
    max_turns: int
    workers_per_colour: int
    starting_hand: int
    locks_total: int
    costs: Costs
    points: Points
    cards: dict[str, CardType]
    deck: tuple[str, ...]  # every card by name, sorted


@dataclass(frozen=True)
class Stretch:
    first: int  # the canal space of its first non-town space
    spaces: int
    max_locks: int
    blue: bool


@dataclass(frozen=True)
class Vineyard:
    id: str
    name: str
    places: int
    points: int


@dataclass(frozen=True)
class Masterwork:
    id: str
    name: str


@dataclass(frozen=True)
class Reduction:
    closed_stretches: frozenset[int]
    closed_vineyards: frozenset[str]
    virtual_player: bool


@dataclass(frozen=True, eq=False)
class Board:
    towns: tuple[str, ...]
    stretches: tuple[Stretch, ...]
    score_table: tuple[int, ...]
    vineyards: tuple[Vineyard, ...]
    masterworks: tuple[Masterwork, ...]
    reductions: dict[int, Reduction]

    @property
    def length(self) -> int:
        return len(self.towns) + sum(stretch.spaces for stretch in self.stretches)

    @property
    def blue_stretches(self) -> tuple[int, ...]:
        """For each blue space (b1, b2, ...), the stretch it lies beside."""
        return tuple(i for i, stretch in enumerate(self.stretches) if stretch.blue)


@dataclass(frozen=True, eq=False)
class Layout:
    """The board for one player count, with per-space tables.

    Location codes (the state's `where` per worker): -1 the reserve, 0..length-1 a canal space,
    length + v vineyard v, length + len(vineyards) + b blue space b.
    """

    board: Board
    players: int
    colours: int  # colours in play: the seats, then the virtual player if any
    virtual: int | None  # the virtual player's colour
    town_name: tuple[str | None, ...]  # per canal space
    is_town: tuple[bool, ...]  # per canal space
    stretch_of: tuple[int, ...]  # per canal space, -1 on towns
    in_play: tuple[bool, ...]  # per canal space
    playable: tuple[int, ...]  # the canal spaces in play, in order
    open_spaces: tuple[int, ...]  # the non-town canal spaces in play
    towns_in_play: tuple[int, ...]
    vineyard_in_play: tuple[bool, ...]
    blue_in_play: tuple[bool, ...]
    vineyard_index: dict[str, int]
    blue_index: dict[str, int]
    masterwork_index: dict[str, int]

    length: int  # canal spaces, towns included
    blue_base: int  # the location code of blue space 0

    def vineyard_code(self, vineyard: int) -> int:
        return self.length + vineyard

    def blue_code(self, blue: int) -> int:
        return self.blue_base + blue

    def place_name(self, code: int) -> str:
        """A location as the notation writes it: a space number or a vineyard id."""
        if code < self.length:
            return str(code + 1)
        return self.board.vineyards[code - self.length].id


def blue_id(blue: int) -> str:
    return f"b{blue + 1}"


@cache
def load_rules() -> Rules:
    data = builtin_toml(PACKAGE, "components.toml")
    cards = {
        entry["name"]: CardType(
            name=entry["name"],
            effect=entry["effect"],
            reach=entry.get("reach", 0),
            any_colour=entry.get("any_colour", False),
            count=entry["count"],
        )
        for entry in data["deck"]
    }
    assert all(card.effect in EFFECTS for card in cards.values())
    assert len({colour[0] for colour in data["colours"]}) == len(data["colours"])
    costs, points = data["costs"], data["points"]
    return Rules(
        colours=tuple(data["colours"]),
        action_points=data["turn"]["action_points"],
        max_turns=data["turn"]["max_turns"],
        workers_per_colour=data["workers"]["per_colour"],
        starting_hand=data["cards"]["starting_hand"],
        locks_total=data["locks"]["total"],
        costs=Costs(**costs),
        points=Points(**points),
        cards=cards,
        deck=tuple(sorted(c.name for c in cards.values() for _ in range(c.count))),
    )


def load_board(path: str | None) -> Board:
    """The built-in board, or the one in the TOML file at `path` (option `board`)."""
    if path is None:
        return builtin_board()
    return build_board(user_toml(path, "board"), path)


@cache
def builtin_board() -> Board:
    return build_board(builtin_toml(PACKAGE, "board.toml"), "built-in")


def build_board(data: dict[str, Any], source: str) -> Board:
    read = _Reader(f"board {source}")
    towns = read.names(data, "towns", minimum=2)
    stretches = read.tables(data, "stretches")
    read.check(len(stretches) == len(towns) - 1, "expected one stretch between each two towns")
    table = tuple(read.int_list(data, "score_table"))
    built: list[Stretch] = []
    first = 1
    for entry in stretches:
        spaces = read.whole(entry, "spaces", low=1)
        read.check(spaces <= len(table), f"score_table needs an entry for {spaces} spaces")
        built.append(
            Stretch(first, spaces, read.whole(entry, "max_locks"), read.flag(entry, "blue"))
        )
        first += spaces + 1
    vineyards = tuple(
        Vineyard(
            read.identifier(entry, "id"),
            read.text(entry, "name"),
            read.whole(entry, "places", low=1),
            read.whole(entry, "points"),
        )
        for entry in read.tables(data, "vineyards")
    )
    masterworks = tuple(
        Masterwork(read.identifier(entry, "id"), read.text(entry, "name"))
        for entry in read.tables(data, "masterworks")
    )
    read.unique([v.id for v in vineyards], "vineyard ids")
    read.unique([m.id for m in masterworks], "masterwork ids")
    board = Board(towns, tuple(built), table, vineyards, masterworks, {})
    board.reductions.update(_read_reductions(read, data.get("players"), board))
    return board


def _read_reductions(read: _Reader, raw: object, board: Board) -> dict[int, Reduction]:
    read.check(isinstance(raw, dict), "expected a [players.N] table for 2, 3 and 4 players")
    assert isinstance(raw, dict)
    reductions = {}
    vineyard_ids = {v.id for v in board.vineyards}
    for players in (2, 3, 4):
        entry = raw.get(str(players))
        read.check(isinstance(entry, dict), f"expected a [players.{players}] table")
        assert isinstance(entry, dict)
        closed = read.int_list(entry, "closed_stretches")
        read.check(
            all(0 <= i < len(board.stretches) for i in closed),
            f"players.{players}: closed_stretches must be stretch numbers from 0",
        )
        open_ = [i for i in range(len(board.stretches)) if i not in closed]
        read.check(
            bool(open_) and open_ == list(range(open_[0], open_[-1] + 1)),
            f"players.{players}: the open stretches must be one unbroken run",
        )
        vineyards = read.names(entry, "closed_vineyards", minimum=0)
        read.check(
            set(vineyards) <= vineyard_ids,
            f"players.{players}: unknown vineyard in closed_vineyards",
        )
        reductions[players] = Reduction(
            frozenset(closed), frozenset(vineyards), read.flag(entry, "virtual_player")
        )
    return reductions


@cache
def build_layout(board: Board, players: int, rules: Rules) -> Layout:
    reduction = board.reductions[players]
    colours = players + (1 if reduction.virtual_player else 0)
    town_name: list[str | None] = []
    stretch_of: list[int] = []
    in_play: list[bool] = []
    for index, town in enumerate(board.towns):
        beside = {index - 1, index} & set(range(len(board.stretches)))
        town_name.append(town)
        stretch_of.append(-1)
        in_play.append(bool(beside - reduction.closed_stretches))
        if index < len(board.stretches):
            stretch = board.stretches[index]
            town_name += [None] * stretch.spaces
            stretch_of += [index] * stretch.spaces
            in_play += [index not in reduction.closed_stretches] * stretch.spaces
    playable = tuple(p for p, on in enumerate(in_play) if on)
    towns_in_play = tuple(p for p in playable if town_name[p] is not None)
    if colours > len(rules.colours):
        raise GameError(f"board: {players} players need {colours} colours")
    if reduction.virtual_player and len(towns_in_play) > rules.workers_per_colour:
        raise GameError(
            f"board: the virtual player has {rules.workers_per_colour} workers "
            f"for {len(towns_in_play)} towns in play"
        )
    return Layout(
        board=board,
        players=players,
        colours=colours,
        virtual=players if reduction.virtual_player else None,
        length=len(town_name),
        blue_base=len(town_name) + len(board.vineyards),
        town_name=tuple(town_name),
        is_town=tuple(name is not None for name in town_name),
        stretch_of=tuple(stretch_of),
        in_play=tuple(in_play),
        playable=playable,
        open_spaces=tuple(p for p in playable if town_name[p] is None),
        towns_in_play=towns_in_play,
        vineyard_in_play=tuple(v.id not in reduction.closed_vineyards for v in board.vineyards),
        blue_in_play=tuple(s not in reduction.closed_stretches for s in board.blue_stretches),
        vineyard_index={v.id: i for i, v in enumerate(board.vineyards)},
        blue_index={blue_id(b): b for b in range(len(board.blue_stretches))},
        masterwork_index={m.id: i for i, m in enumerate(board.masterworks)},
    )


class _Reader:
    """Typed reads from a TOML table; every failure is one GameError line naming the file."""

    def __init__(self, what: str) -> None:
        self.what = what

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise GameError(f"{self.what}: {message}")

    def _get(self, table: object, key: str) -> object:
        self.check(isinstance(table, dict) and key in table, f"expected a key {key!r}")
        assert isinstance(table, dict)
        return table[key]

    def whole(self, table: object, key: str, low: int = 0) -> int:
        value = self._get(table, key)
        self.check(
            isinstance(value, int) and not isinstance(value, bool) and value >= low,
            f"{key} must be a whole number from {low}, got {value!r}",
        )
        assert isinstance(value, int)
        return value

    def flag(self, table: object, key: str) -> bool:
        value = self._get(table, key)
        self.check(isinstance(value, bool), f"{key} must be true or false, got {value!r}")
        return bool(value)

    def text(self, table: object, key: str) -> str:
        value = self._get(table, key)
        self.check(isinstance(value, str) and bool(value), f"{key} must be a non-empty string")
        return str(value)

    def identifier(self, table: object, key: str) -> str:
        value = self.text(table, key)
        self.check(
            bool(_IDENTIFIER.match(value)),
            f"{key} {value!r} must be lower-case letters, digits and '-', starting with a letter",
        )
        return value

    def names(self, table: object, key: str, minimum: int) -> tuple[str, ...]:
        value = self._get(table, key)
        self.check(
            isinstance(value, list)
            and len(value) >= minimum
            and all(isinstance(v, str) and v for v in value),
            f"{key} must be a list of at least {minimum} names",
        )
        assert isinstance(value, list)
        self.unique(value, key)
        return tuple(value)

    def int_list(self, table: object, key: str) -> list[int]:
        value = self._get(table, key)
        self.check(
            isinstance(value, list)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value),
            f"{key} must be a list of whole numbers",
        )
        assert isinstance(value, list)
        return value

    def tables(self, table: object, key: str) -> list[dict[str, Any]]:
        value = self._get(table, key)
        self.check(
            isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value),
            f"{key} must be a non-empty list of tables",
        )
        assert isinstance(value, list)
        return value

    def unique(self, values: list[str], what: str) -> None:
        self.check(len(set(values)) == len(values), f"{what} must not repeat")

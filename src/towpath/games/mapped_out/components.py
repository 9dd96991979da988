"""Mapped Out's components, loaded from data/*.toml: map tiles, movement cards and rule numbers.

Tile ids are fixed: the base tiles first (0-41), then the Lands Unknown tiles. Card kinds are
fixed too: the base kinds, then the Unclear Instructions kinds; identical cards share a kind, so
nothing in a state tells two copies of one card apart. Options `tiles` and `cards` replace the
base tiles and the base cards with a designer's TOML files (in the shape of data/tiles.toml and
data/cards.toml); the ids after them shift.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, TypeGuard

from towpath.core.datafile import builtin_toml, option_toml
from towpath.core.errors import GameError
from towpath.core.grid import DIRECTIONS

PACKAGE = __package__ or "towpath.games.mapped_out"

PLACE_ACTIONS = ("reveal", "swap", "study")
MOVES = (*DIRECTIONS, "any", "nothing", "jump", "match", "copy", "invert")
ON_VISIT = ("island", "tunnel", "go_home", "teleporter")
ON_PLAY = ("destructor", "swapper", "corker")
ON_SCORE = ("score", "superscore", "combo")
TILE_SPECIALS = (*ON_VISIT, *ON_PLAY, *ON_SCORE)
CARD_SPECIALS = (
    "fishless",
    "fishful",
    "remove",
    "draw",
    "hand_swap",
    "move_swap",
    "ultra_reveal",
    "change_start",
)
# Reveal specials are printed only on the simplest cards (rulebook, Unclear Instructions).
SPECIAL_MOVES = (*DIRECTIONS, "any")


@dataclass(frozen=True)
class Rules:
    row_cards: int
    hand_tiles: int
    fish_types: int
    free_placement_margin: int
    jump_distance: int
    destructor_tiles: int
    ultra_reveal_cards: int
    fish_card_points: int
    superscore_bonus: int
    combo_bonus: int


@dataclass(frozen=True)
class Tile:
    id: int
    fish: tuple[int, ...]
    action: str
    n: int
    by_type: tuple[int, ...]  # fish of each type: index 0 counts type 1
    special: str | None = None
    value: int = 0


@dataclass(frozen=True)
class CardKind:
    index: int
    move: str
    fish: int = 0
    special: str | None = None

    @property
    def name(self) -> str:
        """`left`, `match:fish2`, `up+ultra_reveal`: what a player reads on the card."""
        base = f"match:fish{self.fish}" if self.move == "match" else self.move
        return f"{base}+{self.special}" if self.special else base

    @property
    def directional(self) -> bool:
        """Left/Right/Up/Down: the cards an orientation turns around."""
        return self.move in DIRECTIONS


@dataclass(frozen=True)
class Components:
    rules: Rules
    tiles: tuple[Tile, ...]
    kinds: tuple[CardKind, ...]
    base_tiles: tuple[int, ...]
    extra_tiles: tuple[int, ...]
    base_deck: tuple[int, ...]
    extra_deck: tuple[int, ...]

    def kind_named(self, name: str) -> CardKind:
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise GameError(f"no movement card is called {name!r}")


@cache
def components() -> Components:
    """The built-in components."""
    return _load(None, None)


def load_components(tiles: str | None, cards: str | None) -> Components:
    """The components, the base tiles and base cards read from the TOML files at these paths
    where given (options `tiles` and `cards`)."""
    return components() if tiles is None and cards is None else _load(tiles, cards)


def _load(tiles: str | None, cards: str | None) -> Components:
    rules = load_rules(builtin_toml(PACKAGE, "rules.toml"), "rules.toml")
    base = read_tiles(
        option_toml(PACKAGE, tiles, "tiles.toml", "tiles"), tiles or "tiles.toml", 0, rules
    )
    extra = read_tiles(
        builtin_toml(PACKAGE, "lands_unknown.toml"), "lands_unknown.toml", len(base), rules
    )
    if any(tile.special is not None for tile in base):
        raise GameError(f"{tiles or 'tiles.toml'}: base tiles have no specials")
    if any(tile.special is None for tile in extra):
        raise GameError("lands_unknown.toml: every Lands Unknown tile has a special")
    kinds: list[CardKind] = []
    base_deck = read_cards(
        option_toml(PACKAGE, cards, "cards.toml", "cards"), cards or "cards.toml", kinds
    )
    extra_deck = read_cards(
        builtin_toml(PACKAGE, "unclear_instructions.toml"), "unclear_instructions.toml", kinds
    )
    return Components(
        rules=rules,
        tiles=(*base, *extra),
        kinds=tuple(kinds),
        base_tiles=tuple(tile.id for tile in base),
        extra_tiles=tuple(tile.id for tile in extra),
        base_deck=tuple(base_deck),
        extra_deck=tuple(extra_deck),
    )


def load_rules(data: dict[str, Any], source: str) -> Rules:
    try:
        setup, board, specials = data["setup"], data["map"], data["specials"]
        values = {
            "row_cards": setup["row_cards"],
            "hand_tiles": setup["hand_tiles"],
            "fish_types": board["fish_types"],
            "free_placement_margin": board["free_placement_margin"],
            **{name: specials[name] for name in _SPECIAL_NUMBERS},
        }
    except (KeyError, TypeError) as missing:
        raise GameError(f"{source}: missing rule number {missing}") from None
    for name, value in values.items():
        if not _is_int(value) or value < 0:
            raise GameError(f"{source}: {name} must be a whole number ≥ 0, got {value!r}")
    return Rules(**values)


_SPECIAL_NUMBERS = (
    "jump_distance",
    "destructor_tiles",
    "ultra_reveal_cards",
    "fish_card_points",
    "superscore_bonus",
    "combo_bonus",
)


def read_tiles(data: dict[str, Any], source: str, first_id: int, rules: Rules) -> list[Tile]:
    """The `tiles = [{fish, action, n, special?, value?}, ...]` list of a data file."""
    raw = data.get("tiles")
    if not isinstance(raw, list) or not raw:
        raise GameError(f"{source}: expected tiles = [{{fish = [...], action = ..., n = ...}}]")
    return [_read_tile(item, source, first_id + i, rules) for i, item in enumerate(raw)]


def _read_tile(item: Any, source: str, tile_id: int, rules: Rules) -> Tile:
    where = f"{source}: tile {tile_id}"
    if not isinstance(item, dict) or not set(item) <= {"fish", "action", "n", "special", "value"}:
        raise GameError(f"{where}: expected keys fish, action, n and optional special, value")
    fish, action, n = item.get("fish"), item.get("action"), item.get("n")
    special, value = item.get("special"), item.get("value", 0)
    if not isinstance(fish, list) or not all(
        _is_int(f) and 1 <= f <= rules.fish_types for f in fish
    ):
        raise GameError(f"{where}: fish must list types 1 to {rules.fish_types}")
    if action not in PLACE_ACTIONS or not _is_int(n) or not 1 <= n <= rules.row_cards:
        raise GameError(f"{where}: action must be reveal, swap or study with n from 1")
    if special is not None and special not in TILE_SPECIALS:
        raise GameError(f"{where}: unknown special {special!r}")
    if not _is_int(value) or (value and special != "score"):
        raise GameError(f"{where}: only a score tile has a value")
    if special == "superscore" and len(set(fish)) != 1:
        raise GameError(f"{where}: a superscore tile shows one fish type only")
    by_type = tuple(fish.count(kind) for kind in range(1, rules.fish_types + 1))
    return Tile(tile_id, tuple(fish), action, n, by_type, special, value)


def read_cards(data: dict[str, Any], source: str, kinds: list[CardKind]) -> list[int]:
    """The deck of a data file as kind indices; new kinds are appended to `kinds`."""
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise GameError(f"{source}: expected cards = [{{move = ..., count = ...}}]")
    deck: list[int] = []
    for item in raw:
        kind, count = _read_card(item, source, len(kinds))
        known = next((k for k in kinds if k.name == kind.name), None)
        if known is None:
            kinds.append(kind)
            known = kind
        deck += [known.index] * count
    return deck


def _read_card(item: Any, source: str, index: int) -> tuple[CardKind, int]:
    if not isinstance(item, dict) or not set(item) <= {"move", "fish", "special", "count"}:
        raise GameError(f"{source}: expected cards with keys move, count, optional fish, special")
    move, fish = item.get("move"), item.get("fish", 0)
    special, count = item.get("special"), item.get("count")
    if move not in MOVES:
        raise GameError(f"{source}: unknown move {move!r}; expected one of {', '.join(MOVES)}")
    if not _is_int(count) or count < 1:
        raise GameError(f"{source}: {move} count must be a whole number ≥ 1")
    if (move == "match") != (_is_int(fish) and fish >= 1):
        raise GameError(f"{source}: a match card (and only it) names a fish type")
    if special is not None and (special not in CARD_SPECIALS or move not in SPECIAL_MOVES):
        raise GameError(f"{source}: {move} cannot carry the special {special!r}")
    return CardKind(index, move, fish, special), count


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)

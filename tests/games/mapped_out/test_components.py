"""The data files: the 42 tiles, 40 cards and both expansions as counted in the spec; bad data
and bad options give one-line errors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import towpath
from towpath.core.errors import GameError
from towpath.games.mapped_out import MappedOut
from towpath.games.mapped_out.components import (
    components,
    load_rules,
    read_cards,
    read_tiles,
)
from towpath.games.mapped_out.state import MappedOutState

DATA = components()
BASE = [DATA.tiles[t] for t in DATA.base_tiles]
EXTRA = [DATA.tiles[t] for t in DATA.extra_tiles]


def test_the_base_tiles() -> None:
    assert len(BASE) == 42
    assert Counter(len(t.fish) for t in BASE) == {0: 2, 1: 10, 2: 20, 3: 10}
    assert Counter(f for t in BASE for f in t.fish) == {1: 20, 2: 20, 3: 20, 4: 20}
    assert Counter(t.action for t in BASE) == {"reveal": 21, "swap": 15, "study": 6}
    reveal = Counter(t.n for t in BASE if t.action == "reveal")
    swap = Counter(t.n for t in BASE if t.action == "swap")
    assert set(reveal) == set(swap) == set(range(1, 9))
    assert max(reveal.values()) - min(reveal.values()) <= 1, "positions spread evenly"
    assert max(swap.values()) - min(swap.values()) <= 1
    assert sorted(t.n for t in BASE if t.action == "study") == [1, 1, 2, 2, 3, 3]


def test_the_base_cards() -> None:
    names = Counter(DATA.kinds[k].name for k in DATA.base_deck)
    assert names == {"left": 8, "right": 8, "up": 8, "down": 8, "any": 4, "nothing": 4}


def test_the_lands_unknown_tiles() -> None:
    assert len(EXTRA) == 18 and all(t.fish for t in EXTRA)
    assert Counter(t.special for t in EXTRA) == {
        "island": 5,
        "tunnel": 2,
        "go_home": 1,
        "destructor": 1,
        "swapper": 2,
        "score": 2,
        "corker": 1,
        "teleporter": 1,
        "superscore": 1,
        "combo": 2,
    }
    assert sorted(t.value for t in EXTRA if t.special == "score") == [-2, 2]
    assert all(len(set(t.fish)) == 1 for t in EXTRA if t.special == "superscore")


def test_the_unclear_instructions_cards() -> None:
    kinds = [DATA.kinds[k] for k in DATA.extra_deck]
    assert len(kinds) == 29
    assert Counter(k.move for k in kinds) == {
        "left": 3,
        "right": 3,
        "up": 3,
        "down": 3,
        "any": 5,
        "jump": 3,
        "match": 3,
        "copy": 3,
        "invert": 3,
    }
    simple = [k for k in kinds if k.move in ("left", "right", "up", "down", "any")]
    assert all(k.special for k in simple) and not any(k.special for k in kinds if k not in simple)
    assert {k.special for k in simple} == {
        "fishless",
        "fishful",
        "remove",
        "draw",
        "hand_swap",
        "move_swap",
        "ultra_reveal",
        "change_start",
    }
    assert sorted(k.fish for k in kinds if k.move == "match") == [1, 2, 3]


def test_the_options_choose_the_components() -> None:
    base = towpath.load("mapped_out", 2)
    full = towpath.load("mapped_out", 2, lands_unknown=True, unclear_instructions=True)
    assert isinstance(base, MappedOut) and isinstance(full, MappedOut)
    assert (len(base.tile_ids), len(base.deck)) == (42, 40)
    assert (len(full.tile_ids), len(full.deck)) == (60, 69)


RULES = DATA.rules
BAD_TILES: list[tuple[Any, str]] = [
    ({}, "expected tiles"),
    ({"tiles": [{"fish": [5], "action": "reveal", "n": 1}]}, "fish must list types 1 to 4"),
    ({"tiles": [{"fish": [1], "action": "fly", "n": 1}]}, "action must be"),
    ({"tiles": [{"fish": [1], "action": "reveal", "n": 9}]}, "action must be"),
    ({"tiles": [{"fish": [1], "action": "swap", "n": 1, "special": "volcano"}]}, "unknown special"),
    ({"tiles": [{"fish": [1], "action": "swap", "n": 1, "value": 3}]}, "only a score tile"),
    ({"tiles": [{"fish": [1, 2], "action": "swap", "n": 1, "special": "superscore"}]}, "one fish"),
    ({"tiles": [{"fish": [1], "action": "swap", "n": 1, "colour": "red"}]}, "expected keys"),
]


@pytest.mark.parametrize(("data", "message"), BAD_TILES)
def test_bad_tile_data_is_a_one_line_error(data: Any, message: str) -> None:
    with pytest.raises(GameError, match=message) as error:
        read_tiles(data, "bad.toml", 0, RULES)
    assert "\n" not in str(error.value) and "bad.toml" in str(error.value)


BAD_CARDS: list[tuple[Any, str]] = [
    ({"cards": []}, "expected cards"),
    ({"cards": [{"move": "fly", "count": 1}]}, "unknown move"),
    ({"cards": [{"move": "left", "count": 0}]}, "count must be"),
    ({"cards": [{"move": "match", "count": 1}]}, "names a fish type"),
    ({"cards": [{"move": "left", "fish": 2, "count": 1}]}, "names a fish type"),
    ({"cards": [{"move": "jump", "special": "draw", "count": 1}]}, "cannot carry"),
]


@pytest.mark.parametrize(("data", "message"), BAD_CARDS)
def test_bad_card_data_is_a_one_line_error(data: Any, message: str) -> None:
    with pytest.raises(GameError, match=message) as error:
        read_cards(data, "bad.toml", [])
    assert "\n" not in str(error.value)


def test_bad_rule_numbers_are_one_line_errors() -> None:
    with pytest.raises(GameError, match="missing rule number"):
        load_rules({"setup": {}}, "rules.toml")
    good = {
        "setup": {"row_cards": 8, "hand_tiles": 5},
        "map": {"fish_types": 4, "free_placement_margin": 1},
        "specials": {
            "jump_distance": 2,
            "destructor_tiles": 3,
            "ultra_reveal_cards": 3,
            "fish_card_points": 1,
            "superscore_bonus": 6,
            "combo_bonus": -6,
        },
    }
    with pytest.raises(GameError, match="combo_bonus must be a whole number"):
        load_rules(good, "rules.toml")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"void_move": "fly"}, "expected one of skip, stop"),
        ({"see_cards": "maybe"}, "expected true or false"),
        ({"first_player": 2}, "expected a seat from 0 to 1"),
        ({"first_player": -1}, "expected a whole number"),
    ],
)
def test_bad_options_are_one_line_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message) as error:
        towpath.load("mapped_out", 2, **options)
    assert "\n" not in str(error.value)


def play_out(game: towpath.Game, seed: int = 3) -> towpath.State:
    state = game.new_state(seed)
    bot = towpath.agent("random", seed=seed)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    return state


def test_a_designers_tiles_and_cards_replace_the_base_ones(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        "tiles = " + "[" + ", ".join(['{fish = [3, 3], action = "study", n = 1}'] * 12) + "]"
    )
    cards = tmp_path / "cards.toml"
    cards.write_text('cards = [{ move = "right", count = 16 }, { move = "nothing", count = 2 }]')
    game = towpath.load("mapped_out", 2, tiles=str(tiles), cards=str(cards), lands_unknown=True)
    assert isinstance(game, MappedOut)
    assert len(game.tile_ids) == 12 + 18 and len(game.deck) == 18
    assert game.tiles[12].special == "island", "the Lands Unknown tiles follow the designer's"
    state = play_out(game)
    assert isinstance(state, MappedOutState)
    assert {game.card_names[card[0]] for row in state.rows for card in row} <= {"right", "nothing"}
    assert towpath.from_json(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "cannot read tiles file"),
        ("tiles = [", "not valid TOML"),
        ('tiles = [{fish = [1], action = "swap", n = 1, special = "island"}]', "no specials"),
        ('tiles = [{fish = [1], action = "swap", n = 1}]', "the tiles cannot deal 5 to 2"),
    ],
)
def test_a_bad_tiles_file_is_a_one_line_error(
    tmp_path: Path, text: str | None, message: str
) -> None:
    path = tmp_path / "tiles.toml"
    if text is not None:
        path.write_text(text)
    with pytest.raises(GameError, match=message) as error:
        towpath.load("mapped_out", 2, tiles=str(path))
    assert "\n" not in str(error.value)


def test_a_bad_cards_file_is_a_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('cards = [{ move = "left", count = 15 }]')
    with pytest.raises(GameError, match="the deck cannot deal 8 cards to 2") as error:
        towpath.load("mapped_out", 2, cards=str(path))
    assert "\n" not in str(error.value)
    path.write_text('cards = [{ move = "sideways", count = 20 }]')
    with pytest.raises(GameError, match="unknown move 'sideways'"):
        towpath.load("mapped_out", 2, cards=str(path))

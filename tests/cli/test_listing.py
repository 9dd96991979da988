"""How the terminal lists legal actions: filtered by their start, grouped by their words, never
more than LIMIT one by one."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import towpath
from towpath.cli.listing import LIMIT, Legal, head, natural, normal, word_index

TILES = ("S", "S:blue", "G")
CELLS = [f"{col},{row}" for col in range(10) for row in range(8)]


def placements(tiles: tuple[str, ...] = TILES, cells: list[str] = CELLS) -> list[str]:
    return [f"place {tile} {cell} r{k}" for cell in cells for tile in tiles for k in (0, 1)]


def listed(legal: Legal, text: str = "") -> list[str]:
    return [legal.notations[i] for i in legal.outline(text).actions]


def labels(legal: Legal, text: str = "") -> list[tuple[str, int]]:
    return [(group.label, len(group.indices)) for group in legal.outline(text).groups]


def shown(legal: Legal, text: str = "", width: int = 80) -> list[str]:
    console = Console(width=width, file=io.StringIO())
    console.print(legal.render(legal.outline(text), width))
    assert isinstance(console.file, io.StringIO)
    return [line.rstrip() for line in console.file.getvalue().splitlines()]


def test_words_are_read_as_typed() -> None:
    assert normal("place  S ") == "place S " and normal("  place S") == "place S"
    assert word_index("") == 0 and word_index("place") == 0 and word_index("place ") == 1
    assert head("1,7") == "1," and head("S:blue") == "S:" and head("r2@12") == "r2@"
    assert head("-1,0") == "-1," and head("f12") == "f12"
    assert sorted(["10,", "2,", "1,"], key=natural) == ["1,", "2,", "10,"]


def test_up_to_the_limit_every_action_is_listed_one_by_one() -> None:
    notations = [f"move {n}" for n in range(LIMIT)]
    outline = Legal(notations).outline()
    assert outline.groups == [] and outline.actions == list(range(LIMIT))
    assert outline.total == LIMIT and outline.unlisted == 0


def test_past_the_limit_actions_are_grouped_by_their_first_word() -> None:
    legal = Legal([*placements(), "swap S", "swap G", "swap S G", "pass"])
    assert labels(legal) == [("place", 480)]
    assert listed(legal) == ["swap S", "swap G", "swap S G", "pass"], "small groups are listed"


def test_a_word_every_action_shares_groups_them_by_the_next_word() -> None:
    legal = Legal(placements())
    assert labels(legal, "place") == [("place S", 160), ("place S:blue", 160), ("place G", 160)]
    assert labels(legal, "pl") == labels(legal, "place")
    group = legal.outline("place").groups[0]
    assert group.following[:2] == [("0,0", 2), ("0,1", 2)]


def test_a_whole_word_typed_asks_for_that_word_only() -> None:
    legal = Legal(placements())
    assert len(legal.starting("place S")) == 320, "as characters, S:blue starts with S"
    assert len(legal.matching("place S")) == 160
    assert len(legal.matching("place S:")) == 160
    assert all(" S " in legal.notations[i] for i in legal.matching("place S"))


def test_many_groups_are_split_by_the_head_of_their_word() -> None:
    legal = Legal(placements())
    groups = labels(legal, "place S")
    assert groups == [(f"place S {col},", 16) for col in range(10)]
    assert listed(legal, "place S 1,") == [
        f"place S 1,{row} r{k}" for row in range(8) for k in (0, 1)
    ]


def test_groups_past_the_line_count_are_shown_in_columns_without_their_words() -> None:
    cells = [f"{n}" for n in range(30)]
    legal = Legal([f"lock {cell} {k}" for cell in cells for k in range(4)])
    assert len(legal.outline().groups) == 30
    lines = shown(legal)
    assert lines[0] == "120 legal actions; type the start of one, such as 'lock 0':"
    assert "lock 0 … 4" in lines[1] and "lock 1 … 4" in lines[1]
    assert len(lines) < 12


def test_single_actions_past_the_limit_are_counted_not_listed() -> None:
    legal = Legal([f"f{n}" for n in range(1, 61)])
    outline = legal.outline()
    assert len(outline.actions) == LIMIT and outline.unlisted == 20
    assert shown(legal)[-1] == "… and 20 more: type more of one to see them, or list all."


def test_a_group_line_shows_the_words_that_follow_as_far_as_the_width_allows() -> None:
    legal = Legal(placements())
    for width in (64, 80, 120):
        lines = shown(legal, "place", width)
        assert lines[0] == "480 actions start with 'place'; type more, such as 'place S':"
        assert all(len(line) <= width for line in lines)
        assert lines[1].startswith("place S …       160  0,0 (2) · 0,1 (2) · ")
        assert lines[1].endswith(" more"), "80 cells do not fit on a line"
        hidden = int(lines[1].split("… ")[-1].split()[0])
        assert lines[1].count(" (2)") + hidden == 80


def test_the_words_that_complete_the_one_typed_say_whether_a_space_follows() -> None:
    legal = Legal(["swap S", "swap S G", "swap G", "swap G S:blue", "place S 1,0 r0", "pass"])
    assert legal.next_words("") == {"swap": (4, True), "place": (1, True), "pass": (1, False)}
    assert legal.next_words("sw") == {"swap": (4, True)}
    assert legal.next_words("swap ") == {"S": (2, False), "G": (2, False)}
    assert legal.next_words("swap G ") == {"S:blue": (1, False)}
    assert legal.next_words("place S 1") == {"1,0": (1, True)}
    assert legal.next_words("zz") == {}


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_no_listing_of_a_real_game_lists_more_than_the_limit(game_id: str) -> None:
    """Every position of a seeded random game, listed whole and by each group shown."""
    options = {"board": "small", "routes": "small"} if game_id == "canal_king" else {}
    state = towpath.load(game_id, 3, **options).new_state(5)
    bot = towpath.agent("random", seed=5)
    for _ in range(120):
        if state.is_terminal():
            break
        legal = Legal([str(action) for action in state.legal_actions()])
        outline = legal.outline()
        assert len(outline.actions) <= LIMIT
        assert len(outline.actions) + sum(len(g.indices) for g in outline.groups) + (
            outline.unlisted
        ) == len(legal)
        for group in outline.groups:
            inner = legal.outline(group.label)
            assert len(inner.actions) <= LIMIT and inner.total == len(group.indices)
        state.apply(bot.choose(state))


def test_the_default_canal_king_board_opens_with_three_lines_not_hundreds() -> None:
    state = towpath.load("canal_king", 3).new_state(4)
    legal = Legal([str(action) for action in state.legal_actions()])
    lines = shown(legal, width=80)
    assert len(legal) > 1000 and len(lines) == 4
    assert [line.split(" …")[0] for line in lines[1:]] == ["place", "special", "swap"]
    assert sum(int(line.split("…")[1].split()[0]) for line in lines[1:]) == len(legal)

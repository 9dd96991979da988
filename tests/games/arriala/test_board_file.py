"""A board from a file (option `board`): a custom canal, and one-line errors for bad files."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import towpath
from tests.games.arriala.helpers import act, refused
from towpath.core.errors import GameError
from towpath.games.arriala.state import ArrialaState

BUILTIN = resources.files("towpath.games.arriala").joinpath("data", "board.toml").read_text()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_builtin_board_read_from_a_file_plays_the_same(tmp_path: Path) -> None:
    board = write(tmp_path, BUILTIN)
    one = towpath.load("arriala", 3, board=board).new_state(4)
    two = towpath.load("arriala", 3).new_state(4)
    assert one.view(0) == two.view(0)


def test_a_board_with_wider_lock_limits_runs_out_of_the_8_locks(tmp_path: Path) -> None:
    board = write(tmp_path, BUILTIN.replace("max_locks = 1", "max_locks = 3"))
    state = towpath.load("arriala", 4, board=board).new_state(0)
    assert isinstance(state, ArrialaState)
    for space in (3, 5, 10, 12, 19, 21, 26, 28):
        state.locks[space - 1] = True
    refused(state, "lock 7", "lock supply")


def test_a_small_custom_board_plays_to_the_end(tmp_path: Path) -> None:
    board = write(
        tmp_path,
        """
towns = ["A", "B", "C"]
stretches = [
    { spaces = 2, max_locks = 1, blue = true },
    { spaces = 3, max_locks = 1, blue = false },
]
score_table = [1, 2, 4]
vineyards = [{ id = "ch", name = "Chasselas", places = 2, points = 4 }]
masterworks = [{ id = "cacor", name = "Cacor canal bridge" }]
[players.2]
closed_stretches = []
closed_vineyards = []
virtual_player = true
[players.3]
closed_stretches = []
closed_vineyards = []
virtual_player = false
[players.4]
closed_stretches = [1]
closed_vineyards = []
virtual_player = false
""",
    )
    state = towpath.load("arriala", 2, board=board).new_state(1)
    assert isinstance(state, ArrialaState)
    assert state.view(0)["spaces"][0]["workers"] == [{"colour": "green", "number": 1}]
    act(state, "place 2", "end")
    bot = towpath.agent("random", seed=1)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    assert len(state.view(None)["spaces"]) == 8


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("towns = [", 'towns = ["Extra", '), "one stretch between each two towns"),
        (("spaces = 10,", "spaces = 11,"), "score_table needs an entry for 11 spaces"),
        (("max_locks = 1,", "max_locks = -1,"), "max_locks must be a whole number"),
        (('id = "fr"', 'id = "Fr!"'), "must be lower-case letters"),
        (('id = "ch"', 'id = "fr"'), "vineyard ids must not repeat"),
        (("blue = true", "blue = 1"), "blue must be true or false"),
        (("closed_stretches = [0]", "closed_stretches = [9]"), "stretch numbers"),
        (("closed_stretches = [0]", "closed_stretches = [2]"), "one unbroken run"),
        (("closed_stretches = [0]", "closed_stretches = []"), "5 workers for 6 towns in play"),
        (('closed_vineyards = ["fr"]', 'closed_vineyards = ["xx"]'), "unknown vineyard"),
        (("[players.4]", "[players.5]"), "players.4"),
        (("score_table = [", "score_tables = ["), "expected a key 'score_table'"),
    ],
)
def test_a_bad_board_file_is_one_line_error(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in BUILTIN
    board = write(tmp_path, BUILTIN.replace(old, new, 1))
    with pytest.raises(GameError, match=message) as error:
        towpath.load("arriala", 2, board=board)
    assert "\n" not in str(error.value) and "board" in str(error.value)


def test_a_missing_or_broken_board_file(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="cannot read"):
        towpath.load("arriala", 2, board=str(tmp_path / "none.toml"))
    with pytest.raises(GameError, match="not valid TOML"):
        towpath.load("arriala", 2, board=write(tmp_path, "towns = ["))

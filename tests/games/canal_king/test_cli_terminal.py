"""`towpath play canal_king` at a real terminal: a person plays a whole game on the small board
by typing the start of actions to narrow them and completing words with Tab, and the terminal
never lists more than 40 actions unasked."""

from __future__ import annotations

import re

import pytest

import towpath
from tests.cli.terminal import ENTER, TAB, Terminal
from tests.cli.test_cli import NUMBERED
from tests.games.canal_king.helpers import small
from tests.games.canal_king.test_cli import KINDS
from towpath.cli.play import COMMAND_WORDS
from towpath.core.game import State
from towpath.games.canal_king.state import CanalKingState

SEED = 1
ARGS = ["play", "canal_king", "-p", "2", "--delay", "0", "--seed", str(SEED), "--seat", "1=random"]
SMALL = ["-o", "board=small", "-o", "routes=small"]
PLAYED = re.compile(r"^seat (\d) \((you|random)\): (.+?)(?: ·.*)?$", re.MULTILINE)


def listed(block: str) -> list[str]:
    return [number for number, kind in NUMBERED.findall(block) if kind in KINDS]


class Player:
    """A person at the terminal, with a copy of the game that follows the moves it reports."""

    def __init__(self, columns: int) -> None:
        self.terminal = Terminal([*ARGS, *SMALL], columns=columns)
        self.mirror: State = towpath.load("canal_king", 2, **small()).new_state(SEED)
        self.followed = 0  # moves reported and played on the copy
        self.completions = 0  # words completed with Tab

    def follow(self) -> None:
        moves = PLAYED.findall(self.terminal.printed())
        for _seat, _who, notation in moves[self.followed :]:
            self.mirror.apply(self.mirror.game.parse_action(notation, self.mirror))
        self.followed = len(moves)

    def notations(self) -> list[str]:
        return [str(action) for action in self.mirror.legal_actions()]

    def type_by_completion(self, notation: str) -> int:
        """Type each word as far as it is the only one that fits, then Tab; where the output
        stood when Enter was pressed."""
        words, typed = notation.split(), ""
        for at, word in enumerate(words):
            fits = {n.split()[at] for n in self.notations() if n.startswith(typed)}
            fits |= set(COMMAND_WORDS) if at == 0 else set()  # list, save...
            unique = [
                word[:k]
                for k in range(1, len(word))
                if {w for w in fits if w.startswith(word[:k])} == {word}
            ]
            if unique:
                self.terminal.send(unique[0] + TAB)
                having = [n.split() for n in self.notations() if n.startswith(typed + word)]
                goes_on = all(len(w) > at + 1 for w in having if w[at] == word)
                typed += word + (" " if goes_on else "")
                self.completions += 1
            else:
                self.terminal.send(word)
                typed += word
            self.terminal.type_line(typed)
            if at < len(words) - 1 and not typed.endswith(" "):
                self.terminal.send(" ")
                typed += " "
                self.terminal.type_line(typed)
        assert typed == notation
        return self.enter()

    def enter(self, keys: str = "") -> int:
        since = self.terminal.mark()
        self.terminal.send(keys + ENTER)
        return since

    def narrow_then_number(self, notation: str) -> int:
        """Type all but the last word (after list, if they are an action themselves: swap S of
        swap S G), read the number of the action in the listing, type it; where the output
        stood when the number was entered."""
        start = " ".join(notation.split()[:-1])
        since = self.enter(f"list {start}" if start in self.notations() else start)
        block = self.terminal.wait_for_prompt(since, f" with {start!r}")
        assert len(listed(block)) <= 40, block
        number = re.search(rf"(\d+) {re.escape(notation)}(?:\s|$)", block, re.MULTILINE)
        assert number, block
        assert self.notations()[int(number[1]) - 1] == notation
        return self.enter(number[1])


@pytest.mark.parametrize("columns", [80, 120])
def test_a_person_plays_a_whole_game_through_filters_and_completion(columns: int) -> None:
    player = Player(columns)
    terminal = player.terminal
    chooser = towpath.agent("greedy", seed=SEED)
    since, turns, narrowed = 0, 0, 0
    while True:
        terminal.wait_for_prompt_or_text(since, "Game over")
        assert len(listed(terminal.printed(since))) <= 40, terminal.printed(since)
        player.follow()
        if player.mirror.is_terminal():
            break
        legal = player.notations()
        heading = f"{len(legal)} legal action"
        assert heading in terminal.wait_for_prompt(since, heading)
        if turns == 0:
            check_the_completion_menu(player, legal)
            check_a_bad_line(player)
        action = str(chooser.choose(player.mirror))
        if turns % 2 and " " in action:
            since = player.narrow_then_number(action)
            narrowed += 1
        else:
            since = player.type_by_completion(action)
        terminal.wait_for_text(since, f"seat 0 (you): {action}")
        turns += 1
    assert terminal.exit_status() == 0
    out = terminal.printed()
    assert "Traceback" not in out and "Game over: seat 0 won." in out
    assert isinstance(player.mirror, CanalKingState) and not player.mirror.ended_by_limit()
    assert player.mirror.returns()[0] == 1.0
    assert turns >= 10 and narrowed >= 4 and player.completions >= turns


def check_the_completion_menu(player: Player, legal: list[str]) -> None:
    """`place ` and Tab: a menu of the tiles in hand, each with its count of actions; the bar
    below counts the actions that start with the line."""
    terminal = player.terminal
    terminal.send("place " + TAB)
    tiles = [n.split()[1] for n in legal if n.startswith("place ")]
    first = tiles[0]
    terminal.wait(
        lambda: f"{first}  " in terminal.text() and "actions" in terminal.text(), "a menu"
    )
    screen = terminal.text()
    for tile in dict.fromkeys(tiles):
        assert re.search(
            rf"^\s+{re.escape(tile)}\s+{tiles.count(tile)} actions", screen, re.MULTILINE
        ), screen
    bar = screen.rstrip().splitlines()[-1].strip()
    assert bar == f"{len(tiles)} legal actions start with 'place '", screen
    terminal.send("\x15")  # Ctrl-U: the line is wiped
    terminal.type_line("")


def check_a_bad_line(player: Player) -> None:
    """A line that names no action and starts none: one line says so, the prompt comes back."""
    since = player.enter("xyz")
    said = player.terminal.wait_for_prompt(since, "bad Canal King action 'xyz'")
    whole = f"bad Canal King action 'xyz': {player.mirror.game.notation_help}"
    assert whole in [line.strip() for line in said.splitlines()], "the error is one line"

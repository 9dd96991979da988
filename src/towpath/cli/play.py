"""A game at the terminal: people type actions, bots answer after a visible pause.

The legal actions are shown grouped by their first words, never more than `listing.LIMIT` one
by one unless all are asked for; typing the start of an action lists those that start so."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from towpath.cli.listing import Legal
from towpath.cli.seats import Controller
from towpath.core.actions import Action, Words
from towpath.core.errors import GameError, IllegalAction, quote
from towpath.core.game import State

COMMANDS = (
    "Type an action's notation or its number. Type the start of actions (such as {start}) to "
    "list those; at a terminal, Tab completes the next word. Other commands: list (the legal "
    "actions by their first words), list WORDS (those that start with WORDS), list all, board "
    "(draw it again), save FILE (write the game record), help, quit."
)
COMMAND_WORDS = ("list", "board", "save", "help", "quit")

Reader = Callable[[str], str]
LineReader = Callable[[str, Legal], str]  # a prompt and the legal actions it may complete


def plain_reader(console: Console) -> LineReader:
    """Reads lines from input that is not a terminal (a pipe, a file): no completion."""
    return lambda prompt, _legal: console.input(prompt)


class Quit(Exception):
    """The person asked to leave (`by_command`: by the quit command, not by the input ending)."""

    def __init__(self, by_command: bool) -> None:
        super().__init__()
        self.by_command = by_command


class Session:
    """One game between the controllers of its seats."""

    def __init__(
        self,
        state: State,
        controllers: list[Controller],
        console: Console,
        read: LineReader,
        delay: float,
        page: bool = False,
    ) -> None:
        self.state = state
        self.controllers = controllers
        self.console = console
        self.read = read
        self.delay = delay
        self.page = page  # `list all` goes through a pager
        self.actions: list[Action] = []
        self.legal = Legal([])

    def run(self) -> bool:
        """Play to the end; False if the input ended first (quitting is not a failure)."""
        try:
            while not self.state.is_terminal():
                self.turn()
        except Quit as leaving:
            self.console.print("Game left unfinished.")
            return leaving.by_command
        humans = [seat for seat, c in enumerate(self.controllers) if c is None]
        self.show_board(humans[0] if len(humans) == 1 else None)
        self.show_result()
        return True

    def turn(self) -> None:
        seat = self.state.current_player
        assert seat is not None
        controller = self.controllers[seat]
        if controller is None:
            action, said = self.ask(seat)
        else:
            time.sleep(self.delay)
            with self.console.status(f"seat {seat} ({controller.name}) is thinking…"):
                action = controller.choose(self.state)
            said = self.state.words(action)
            self.state.apply(action)
        who = "you" if controller is None else controller.name
        told = f" ({who}): {action} · {said.did} {said.what}".rstrip()
        self.console.print(Text.assemble((f"seat {seat}", "bold"), told))

    def ask(self, seat: int) -> tuple[Action, Words]:
        """Read lines until one names a legal action, and play it; the action and its words
        (said of the position it was played in)."""
        self.actions = self.state.legal_actions()
        self.legal = Legal([str(action) for action in self.actions])
        self.show_board(seat)
        self.show_actions("")
        while True:
            try:
                line = self.read(f"seat {seat}> ", self.legal).strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit(by_command=False) from None
            action = self.answer(line, seat)
            if action is None:
                continue
            before = self.state.clone()
            try:
                self.state.apply(action)
            except IllegalAction as error:
                self.error(f"illegal: {error} (rule: {error.rule})")
                continue
            return action, before.words(action)

    def answer(self, line: str, seat: int) -> Action | None:
        """The action a line names, or None after handling a command, listing the actions that
        start with the line or reporting an error."""
        command, _, argument = line.partition(" ")
        if not line:
            return None
        if command == "quit":
            raise Quit(by_command=True)
        if command == "help":
            start = " ".join(self.legal.words[0][:2])
            self.console.print(COMMANDS.format(start=start), markup=False)
            self.console.print(f"Actions: {self.state.game.notation_help}", markup=False)
        elif command == "list":
            self.list_actions(argument.strip())
        elif command == "board":
            self.show_board(seat)
        elif command == "save":
            self.save(argument.strip())
        else:
            return self.choose(line)
        return None

    def choose(self, line: str) -> Action | None:
        """The action a number or a notation names; the start of actions lists them."""
        if line.isdigit():
            number = int(line)
            if 1 <= number <= len(self.actions):
                return self.actions[number - 1]
            self.error(f"expected an action number from 1 to {len(self.actions)}")
            return None
        try:
            return self.state.game.parse_action(line, self.state)
        except IllegalAction as error:  # refused as it is read, by the rule it names
            self.error(f"illegal: {error} (rule: {error.rule})")
            return None
        except GameError as error:
            if self.legal.starting(line):
                self.show_actions(line)
            else:
                self.error(str(error))
            return None

    def list_actions(self, words: str) -> None:
        if words == "all":
            self.show_all()
        elif self.legal.starting(words):
            self.show_actions(words)
        else:
            kind = self.legal.words[0][0]
            self.error(f"list: no legal action starts with {quote(words)} (try list {kind})")

    def save(self, path: str) -> None:
        if not path:
            self.error("save: expected a file name, for example: save game.json")
            return
        try:
            Path(path).write_text(json.dumps(self.state.record(), indent=1) + "\n", "utf-8")
        except OSError as error:
            self.error(f"save: cannot write {quote(path)}: {error.strerror}")
            return
        self.console.print(f"Saved the game record to {path}.", markup=False)

    def error(self, message: str) -> None:
        """One line, however long: the terminal wraps it, not a newline."""
        self.console.print(Text(message, style="red"), soft_wrap=True)

    def show_board(self, seat: int | None) -> None:
        title = Text(f"{self.state.game.title} · seen by seat {seat}") if seat is not None else None
        self.console.print(Panel(Text(self.state.render_text(seat)), title=title, expand=False))

    def show_actions(self, start: str) -> None:
        self.console.print(self.legal.render(self.legal.outline(start), self.console.width))

    def show_all(self) -> None:
        if not self.page:
            self.console.print(self.legal.render_all())
            return
        with self.console.pager():
            self.console.print(self.legal.render_all())

    def show_result(self) -> None:
        returns, scores = self.state.returns(), self.state.scores()
        winners = [seat for seat, value in enumerate(returns) if value > 0]
        if winners:
            names = ", ".join(f"seat {seat}" for seat in winners)
            self.console.print(f"[bold green]Game over: {names} won.[/]")
        else:
            self.console.print("[bold]Game over: no winner.[/]")
        self.console.print("Scores: " + ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(scores)))

"""A game at the terminal: people type actions, bots answer after a visible pause."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from towpath.cli.seats import Controller
from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction, quote
from towpath.core.game import State

COMMANDS = (
    "Type an action's number or its notation. Other commands: "
    "list (the legal actions), board (draw it again), save FILE (write the game record), "
    "help, quit."
)

Reader = Callable[[str], str]


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
        read: Reader,
        delay: float,
    ) -> None:
        self.state = state
        self.controllers = controllers
        self.console = console
        self.read = read
        self.delay = delay

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
            action = self.ask(seat)
        else:
            time.sleep(self.delay)
            action = controller.choose(self.state)
            self.state.apply(action)
        who = "you" if controller is None else controller.name
        self.console.print(Text.assemble((f"seat {seat}", "bold"), f" ({who}): {action}"))

    def ask(self, seat: int) -> Action:
        """Read lines until one names a legal action, and play it."""
        self.show_board(seat)
        self.show_actions()
        while True:
            try:
                line = self.read(f"seat {seat}> ").strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit(by_command=False) from None
            action = self.answer(line, seat)
            if action is None:
                continue
            try:
                self.state.apply(action)
            except IllegalAction as error:
                self.error(f"illegal: {error} (rule: {error.rule})")
                continue
            return action

    def answer(self, line: str, seat: int) -> Action | None:
        """The action a line names, or None after handling a command or reporting an error."""
        command, _, argument = line.partition(" ")
        if not line:
            return None
        if command == "quit":
            raise Quit(by_command=True)
        if command == "help":
            self.console.print(COMMANDS, markup=False)
            self.console.print(f"Actions: {self.state.game.notation_help}", markup=False)
        elif command == "list":
            self.show_actions()
        elif command == "board":
            self.show_board(seat)
        elif command == "save":
            self.save(argument.strip())
        else:
            return self.choose(line)
        return None

    def choose(self, line: str) -> Action | None:
        try:
            return self.pick(line, self.state.legal_actions())
        except GameError as error:
            self.error(str(error))
            return None

    def pick(self, line: str, actions: list[Action]) -> Action:
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(actions):
                raise GameError(f"expected an action number from 1 to {len(actions)}")
            return actions[number - 1]
        return self.state.game.parse_action(line, self.state)

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
        self.console.print(Text(message, style="red"))

    def show_board(self, seat: int | None) -> None:
        title = Text(f"{self.state.game.title} · seen by seat {seat}") if seat is not None else None
        self.console.print(Panel(Text(self.state.render_text(seat)), title=title, expand=False))

    def show_actions(self) -> None:
        items = [
            Text.assemble((f"{n:>3} ", "cyan"), str(action))
            for n, action in enumerate(self.state.legal_actions(), start=1)
        ]
        self.console.print(Columns(items, padding=(0, 2)))

    def show_result(self) -> None:
        returns, scores = self.state.returns(), self.state.scores()
        winners = [seat for seat, value in enumerate(returns) if value > 0]
        if winners:
            names = ", ".join(f"seat {seat}" for seat in winners)
            self.console.print(f"[bold green]Game over: {names} won.[/]")
        else:
            self.console.print("[bold]Game over: no winner.[/]")
        self.console.print("Scores: " + ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(scores)))

"""Stepping through a saved game record at the terminal."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

import towpath
from towpath.cli.play import Reader
from towpath.core.game import JSON, State

KEYS = "Enter or n: next · p: previous · a number: go to that action · end · q: quit"


def all_positions(record: Mapping[str, JSON]) -> list[State]:
    """The position before the first action, and after each action of the record."""
    final = towpath.replay(record)  # checks the whole record before any stepping
    state = towpath.load(final.game.id, final.game.players, **final.game.options).new_state(
        final.seed
    )
    positions = [state.clone()]
    for action in final.history:
        state.apply(action)
        positions.append(state.clone())
    return positions


class Replay:
    def __init__(self, positions: list[State], seat: int | None, console: Console) -> None:
        self.positions = positions
        self.seat = seat
        self.console = console

    def show(self, index: int) -> None:
        state = self.positions[index]
        last = self.positions[-1].history
        done = f"after action {index} of {len(last)}"
        if index:
            done += f" (seat {self.mover(index)}: {last[index - 1]})"
        board = Text(state.render_text(self.seat))
        self.console.print(Panel(board, title=Text(f"{state.game.title} · {done}"), expand=False))

    def mover(self, index: int) -> int | None:
        return self.positions[index - 1].current_player

    def run(self, read: Reader) -> None:
        index = 0
        self.show(index)
        self.console.print(KEYS, markup=False)
        while True:
            try:
                line = read("replay> ").strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            if line in ("q", "quit"):
                return
            target = self.target(line, index)
            if target is None:
                self.console.print(Text(f"expected one of: {KEYS}", style="red"))
                continue
            index = target
            self.show(index)

    def target(self, line: str, index: int) -> int | None:
        last = len(self.positions) - 1
        if line in ("", "n", "next"):
            return min(index + 1, last)
        if line in ("p", "prev", "previous"):
            return max(index - 1, 0)
        if line == "end":
            return last
        if line.isdigit() and int(line) <= last:
            return int(line)
        return None

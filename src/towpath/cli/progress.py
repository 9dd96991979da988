"""Progress bars for long runs of games (the balance lab, the bots' strength)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Games per second, over the last half minute."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


class GamesProgress:
    """A task of a Rich progress bar fed by (done, total) reports; games done before the first
    report (stored by an earlier run) count as done from the start, not in the rate."""

    def __init__(self, progress: Progress, description: str) -> None:
        self.progress = progress
        self.description = description
        self.task: TaskID | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.task is None:
            self.task = self.progress.add_task(self.description, total=total, completed=done)
        else:
            self.progress.update(self.task, completed=done)


def games_bar(console: Console) -> Progress:
    """A progress bar of games done, their rate, the time spent and the time to go."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )

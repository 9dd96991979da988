"""A game's lesson: a short prepared game, `data/lesson.toml` of the game's package, that a
learner plays against a guide bot while the page explains each of the learner's moves.

The file names the table (`players`, `seed`, `[options]`) and every move in the order it is
played (`[[steps]]`: `play`, its notation; `say`, what the page explains). The learner sits in
seat 0; a step of another seat is the guide's, and its `say` tells what the guide did. Reading a
lesson plays it through, so a lesson that a rule change broke fails at once, naming its step.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from towpath.core.datafile import builtin_toml
from towpath.core.errors import GameError
from towpath.core.i18n import Translator
from towpath.core.options import OptionValue

if TYPE_CHECKING:
    from towpath.core.game import JSON, Game

LEARNER = 0  # the seat of the one who learns


@dataclass(frozen=True)
class Step:
    seat: int
    play: str  # the action's notation, as the engine writes it
    say: str


@dataclass(frozen=True)
class Lesson:
    package: str  # the game's, whose catalogue translates what the steps say
    players: int
    seed: int
    options: dict[str, OptionValue]
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, JSON]:
        """The lesson as the page reads it, in the language spoken now."""
        _ = Translator(self.package)._
        return {
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "steps": [
                {"seat": s.seat, "play": s.play, "say": _(s.say) if s.say else ""}
                for s in self.steps
            ],
        }


def has_lesson(game: type[Game[Any]]) -> bool:
    return resources.files(game.package()).joinpath("data", "lesson.toml").is_file()


@cache
def read_lesson(game: type[Game[Any]]) -> Lesson:
    """The game's lesson, played through once to check it and to learn whose each step is."""
    data = builtin_toml(game.package(), "lesson.toml")
    table = game(data["players"], **data.get("options", {}))
    state = table.new_state(data["seed"])
    steps = []
    for number, step in enumerate(data["steps"], start=1):
        seat = state.current_player
        try:
            action = table.parse_action(step["play"], state)
            state.apply(action)
        except GameError as error:
            raise GameError(f"{game.id}'s lesson, step {number}: {error}") from None
        assert seat is not None
        steps.append(Step(seat, str(action), step.get("say", "")))
    options = table.non_default_options()
    return Lesson(game.package(), data["players"], data["seed"], options, tuple(steps))

"""Every setting of every bot: its type, its range and what it does, in one table.

The ranges are what a shared table (the server, `towpath play --seat`) lets a bot be given: the
largest move they allow stays affordable (an MCTS search of at most 10 s, whose iterations,
rollouts, priors and root worlds are each bounded, so a search honours its time within one
evaluation; a greedy choice of a few hundred evaluations). `towpath.agent` itself takes any
value a bot accepts, for research runs of the balance lab. `/api/games` describes the bots
from this table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from towpath.agents.levels import LEVELS, THINKING
from towpath.core.errors import GameError
from towpath.core.game import JSON
from towpath.core.i18n import N_, translator

_, n_ = translator(__name__)

Param = int | float | str

MAX_SECONDS = 10.0  # the longest search a move may be given
DEFAULT_SECONDS = 1.0  # an MCTS given no budget searches this long


@dataclass(frozen=True)
class Setting:
    """One setting: an int or float within [low, high] (above `low` where `open_low`), or one
    of `choices`."""

    name: str
    kind: type[int] | type[float] | type[str]
    help: str
    low: float | None = None
    high: float | None = None
    open_low: bool = False
    choices: tuple[str, ...] = ()

    def expected(self) -> str:
        """The values the setting takes, in words (in the language spoken now)."""
        if self.choices:
            return _("one of {choices}", choices=", ".join(self.choices))
        low, high = f"{self.low:g}", f"{self.high:g}"
        if self.kind is int:
            if self.open_low:
                return _("an integer above {low} to {high}", low=low, high=high)
            return _("an integer from {low} to {high}", low=low, high=high)
        if self.open_low:
            return _("a number above {low} to {high}", low=low, high=high)
        return _("a number from {low} to {high}", low=low, high=high)

    def check(self, value: object) -> Param:
        """The value, if it is of the setting's type and within its range; else GameError."""
        wrong = GameError(
            _(
                "bot setting {name}: expected {expected}, got {value}",
                name=self.name,
                expected=self.expected(),
                value=repr(value),
            )
        )
        if self.choices:
            if value not in self.choices:
                raise wrong
            return str(value)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise wrong
        if self.kind is int and not isinstance(value, int):
            raise wrong
        assert self.low is not None and self.high is not None
        too_low = value <= self.low if self.open_low else value < self.low
        if too_low or value > self.high:
            raise wrong
        return value

    def form(self) -> dict[str, JSON]:
        """What a form needs to offer the setting, its words in the language spoken now."""
        kind = "choice" if self.choices else self.kind.__name__
        return {
            "name": self.name,
            "kind": kind,
            "low": self.low,
            "high": self.high,
            "open_low": self.open_low,
            "choices": list(self.choices),
            "help": _(self.help),
            "expected": self.expected(),
        }


def _int(name: str, low: int, high: int, help: str) -> Setting:
    return Setting(name, int, help, low, high)


def _float(name: str, low: float, high: float, help: str, open_low: bool = False) -> Setting:
    return Setting(name, float, help, low, high, open_low)


BOTS: dict[str, tuple[Setting, ...]] = {
    "random": (),
    "easy": (),
    "normal": (),
    "hard": (),
    "guide": (),  # a game's lesson (towpath.core.lesson): not offered at a table
    "playout": (_float("randomness", 0, 1, N_("share of moves played uniformly at random")),),
    "greedy": (
        _int("budget", 0, 20_000, N_("evaluations spent playing on to the end of a turn")),
        _int("sample", 1, 1000, N_("with more legal actions than this, judge a random sample")),
        _int("shortlist", 1, 64, N_("where the game estimates actions, judge only the best few")),
        _int("worlds", 1, 16, N_("worlds the best few actions are judged in (what one hides)")),
    ),
    "mcts": (
        _int("iterations", 1, 100_000, N_("search iterations (the search also stops at seconds)")),
        _float("seconds", 0, MAX_SECONDS, N_("seconds of search per move"), open_low=True),
        _float("exploration", 0, 10, N_("UCB1's exploration constant")),
        Setting("rollout", str, N_("rollout policy"), choices=("random", "greedy", "playout")),
        _float("epsilon", 0, 1, N_("share of random actions in greedy rollouts")),
        _int("depth", 0, 30, N_("actions per rollout before the evaluation judges")),
        _float("widening", 0, 10, N_("progressive widening: children per square root of visits")),
        _int("min_children", 1, 64, N_("children a node may always have")),
        _int("prior_sample", 1, 500, N_("actions judged one ahead to order a node's children")),
        _int("prior_depth", 0, 5, N_("tree depth down to which children are ordered")),
        _int("root_worlds", 0, 100, N_("common worlds the root's shortlist is first judged in")),
        _int("shortlist", 1, 64, N_("the root's best-ranked actions judged in root_worlds")),
        _float(
            "discount", 0, 1, N_("per action to an outcome: below 1, wins sooner"), open_low=True
        ),
        _float("finish", 0, 1, N_("what a game ended by its rules adds to every seat's value")),
        Setting("clock", str, N_("what seconds are timed by"), choices=("wall", "cpu")),
    ),
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def check_settings(name: str, settings: Mapping[str, object]) -> dict[str, Param]:
    """The settings, each checked against the table (GameError names the first wrong one and
    what it expects), with an MCTS's search time made explicit: `DEFAULT_SECONDS` when it
    has no budget, `MAX_SECONDS` when it is given only iterations."""
    table = BOTS.get(name)
    if table is None:
        raise GameError(f"unknown agent {name!r}; expected one of: {', '.join(bot_names())}")
    known = {setting.name: setting for setting in table}
    unknown = sorted(set(settings) - set(known))
    if unknown:
        takes = f"it takes {', '.join(known)}" if known else "it takes no settings"
        raise GameError(f"agent {name!r} does not take {', '.join(unknown)}; {takes}")
    checked = {key: known[key].check(value) for key, value in settings.items()}
    if name == "mcts" and "seconds" not in checked:
        checked["seconds"] = MAX_SECONDS if "iterations" in checked else DEFAULT_SECONDS
    return checked


def describe_bots() -> list[dict[str, JSON]]:
    """The bots, their settings and what a bot given none is run with, for `/api/games`."""
    return [
        {
            "name": name,
            "level": name in LEVELS,
            "thinking": _(THINKING[name]) if name in THINKING else None,
            "settings": [setting.form() for setting in BOTS[name]],
            "defaults": dict(check_settings(name, {})),
        }
        for name in [*LEVELS, *(name for name in bot_names() if name not in {*LEVELS, "guide"})]
    ]

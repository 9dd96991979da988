"""Bot levels for people: "easy", "normal" and "hard", each a bot with settings per game.

A level names no bot until it meets a game: `resolve(level, game)` is the game's preset
(`Game.bot_levels`) or the one of `LEVELS`; `towpath.agent("easy")` plays the preset of the
game of the state it is asked about. What each level thinks per move (`THINKING`) is what a
person may expect to wait.
"""

from __future__ import annotations

from collections.abc import Callable

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.game import Game, State
from towpath.core.i18n import N_

LEVELS = {  # the presets of a game that sets none
    "easy": "playout",
    "normal": "greedy",
    "hard": "mcts:rollout=playout,seconds=2",
}
# Short enough that "normal bot: ..." fits a phone's seat list (390 px wide).
THINKING = {
    "easy": N_("plays at once, by rule of thumb"),
    "normal": N_("thinks up to a second a move"),
    "hard": N_("searches up to 2 s a move"),
}


def resolve(spec: str, game: Game) -> str:
    """The bot spec a level stands for in `game` (any other spec as it is)."""
    name = spec.partition(":")[0]
    if name not in LEVELS:
        return spec
    return str(game.bot_levels.get(name, LEVELS[name]))


class LevelAgent(Agent):
    """A level's bot: the preset of the game it plays, built when it first meets the game."""

    def __init__(self, level: str, build: Callable[[str, int], Agent], seed: int = 0) -> None:
        self.name = level
        self.build = build  # a bot from its notation and seed (agents.spec.build)
        self.seed = seed
        self.played: dict[str, Agent] = {}  # game id -> its preset's bot

    def choose(self, state: State) -> Action:
        game = state.game
        bot = self.played.get(game.id)
        if bot is None:
            bot = self.played[game.id] = self.build(resolve(self.name, game), self.seed)
        return bot.choose(state)

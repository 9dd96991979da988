"""The guide: the bot a learner meets in a game's lesson (`towpath.core.lesson`). It plays its
seats' moves of the lesson while the game follows it, then as the level it stands in for."""

from __future__ import annotations

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.lesson import has_lesson, read_lesson


class GuideAgent(Agent):
    name = "guide"

    def __init__(self, after: Agent) -> None:
        self.after = after  # the bot once the lesson is over or left

    def choose(self, state: State) -> Action:
        return self._lesson_move(state) or self.after.choose(state)

    @staticmethod
    def _lesson_move(state: State) -> Action | None:
        game = type(state.game)
        if not has_lesson(game):
            return None
        steps, played = read_lesson(game).steps, len(state.history)
        if played >= len(steps) or steps[played].seat != state.current_player:
            return None
        try:
            action = state.game.parse_action(steps[played].play, state)
        except GameError:
            return None
        return action if action in state.legal_actions() else None

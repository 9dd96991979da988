"""What every bot is: something that picks an action for the seat to move."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from towpath.core.actions import Action
from towpath.core.game import State


class Agent(ABC):
    """A bot. `choose` sees the state only through the current seat's view, legal actions
    and `resample`, never the hidden parts."""

    name: str

    @abstractmethod
    def choose(self, state: State) -> Action:
        """An action for `state.current_player`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def play_out(state: State, bots: Sequence[Agent]) -> State:
    """Play `state` to its end, each seat's moves chosen by its bot; the ended state."""
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state

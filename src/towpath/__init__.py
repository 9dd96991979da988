"""towpath: rule-exact engines, bots and tools for five waterway board games.

```python
import towpath
game = towpath.load("mississippi", players=4)
state = game.new_state(seed=42)
bot = towpath.agent("random", seed=1)
while not state.is_terminal():
    state.apply(bot.choose(state))
results = towpath.simulate("mississippi", players=4, agents="greedy,random", games=200)
```
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towpath.core import compiled  # noqa: F401 - first: it chooses compiled modules or source

# isort: split
from towpath.agents import Agent
from towpath.api import agent, from_json, game_ids, load, replay
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import Game, State

if TYPE_CHECKING:
    from towpath.sim.runner import simulate

__all__ = [
    "Agent",
    "Game",
    "GameError",
    "IllegalAction",
    "State",
    "agent",
    "from_json",
    "game_ids",
    "load",
    "replay",
    "simulate",
]


def __getattr__(name: str) -> Any:
    # `simulate` loads pandas and pyarrow: only when it is used, not for every `import towpath`.
    if name == "simulate":
        from towpath.sim.runner import simulate  # noqa: PLC0415

        return simulate
    raise AttributeError(f"module 'towpath' has no attribute {name!r}")

"""The researchers' door: towpath's games in reinforcement-learning and game-theory libraries.

- `towpath.interop.pettingzoo.env(game_id, players=…, render_mode=…, **options)`: an AEC
  environment per game (observations {"observation", "action_mask"}).
- `towpath.interop.gymnasium.env(game_id, seat=0, opponents="greedy")`: one seat against bots.
- `import towpath.interop.openspiel` registers `towpath_<game_id>` OpenSpiel games.

They need the `rl` extra (`pip install towpath[rl]`). Every adapter sees a game only through its
public contract: action ids and observation tensors come from the game's encoding
(`Game.action_id`, `Game.observation_tensor`), and an observation is built from `view(seat)`
alone. The modules of this package import their library, so import the one you use.
"""

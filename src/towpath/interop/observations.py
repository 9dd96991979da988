"""What the adapters show a seat: the observation tensor and string, the legal-action mask and
the information state, each from the seat's view (and, for the information state, the actions
played, which every game plays in the open: `state.log(seat)`)."""

from __future__ import annotations

import json

import numpy as np
import numpy.typing as npt

from towpath.core.encoding import Tensor, TensorLayout
from towpath.core.game import Game, State


def observation(state: State, seat: int) -> Tensor:
    return state.game.observation_tensor(state.view(seat), seat)


def observation_string(state: State, seat: int) -> str:
    """The seat's view as compact JSON: equal views, equal strings."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


def action_mask(state: State) -> npt.NDArray[np.int8]:
    """1 at the ids of the legal actions of the seat to move, 0 elsewhere."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    mask[state.game.legal_ids(state)] = 1
    return mask


def remembered(game: Game) -> int:
    """How many of the latest actions the information state recalls: one round of turns."""
    return game.players


def information_layout(game: Game) -> TensorLayout:
    """The observation's slices, then `recent_actions` [R, A]: one-hot ids of the latest R
    actions, the latest first (R = `remembered`, A = `num_distinct_actions`)."""
    return game.observation_layout.extended(
        [("recent_actions", (remembered(game), game.num_distinct_actions))]
    )


def information_tensor(state: State, seat: int) -> Tensor:
    game = state.game
    layout = information_layout(game)
    tensor = layout.zeros()
    tensor[: game.observation_layout.size] = observation(state, seat)
    recent = layout.parts(tensor)["recent_actions"]
    latest = state.log(seat, latest=remembered(game))
    for row, text in enumerate(reversed(latest)):
        recent[row, game.action_id(game.parse_action(text, state))] = 1.0
    return tensor


def information_string(state: State, seat: int) -> str:
    """The seat's view and every action played so far, as the seat knows them."""
    return observation_string(state, seat) + "\n" + " | ".join(state.log(seat))

"""What the adapters show a seat: the observation tensor and string, the legal-action mask and
the information state, each from the seat's view (and, for the information state, the actions
played, which every game plays in the open: `state.log(seat)`).

The information state's tensor keeps the latest actions as binary ids rather than one-hot rows,
so its size stays small where a game has tens of thousands of action ids (Canal King)."""

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


def digits(game: Game) -> int:
    """Binary digits enough for any action id + 1 (0 meaning no action)."""
    return game.num_distinct_actions.bit_length()


def information_layout(game: Game) -> TensorLayout:
    """The observation's slices, then `recent_actions` [R, D]: the latest R actions, the latest
    first, each as the binary digits (most significant first) of its id + 1, all 0 where fewer
    were played (R = `remembered`, D = `digits`). An action is remembered by its id without
    the position it was played in (`Encoding.recalled_id`)."""
    return game.observation_layout.extended([("recent_actions", (remembered(game), digits(game)))])


def information_tensor(state: State, seat: int) -> Tensor:
    game = state.game
    layout = information_layout(game)
    tensor = layout.zeros()
    tensor[: game.observation_layout.size] = observation(state, seat)
    recent = layout.parts(tensor)["recent_actions"]
    width = digits(game)
    latest = state.log(seat, latest=remembered(game))
    for row, text in enumerate(reversed(latest)):
        number = game.encoding.recalled_id(game.parse_action(text)) + 1
        recent[row] = [number >> (width - 1 - bit) & 1 for bit in range(width)]
    return tensor


def information_string(state: State, seat: int) -> str:
    """The seat's view and every action played so far, as the seat knows them."""
    return observation_string(state, seat) + "\n" + " | ".join(state.log(seat))

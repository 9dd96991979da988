"""What the adapters show a seat: the observation tensor and string, the legal-action mask and
the information state, each from the seat's view (and, for the information state, the actions
played, which every game plays in the open: `state.log(seat)`).

An information state is perfect recall: the seat's view holds everything it has learnt (what it
saw once stays in it, such as who knows a card), and every action is public, so the view and the
actions played tell every two of the seat's action-observation histories apart (a test over
random games). The tensor keeps the actions as binary ids rather than one-hot rows, so its size
stays small where a game has tens of thousands of action ids (Canal King)."""

from __future__ import annotations

import json
from collections.abc import Sequence

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


def digits(game: Game) -> int:
    """Binary digits enough for any action id + 1 (0 meaning no action)."""
    return game.num_distinct_actions.bit_length()


def information_layout(game: Game) -> TensorLayout:
    """The observation's slices, then `actions` [M, D]: every action played so far, oldest
    first, each as the binary digits (most significant first) of its id + 1, the rows after
    the last all 0 (M = the game's `max_game_length`, D = `digits`). An id is the one the
    action had in the position it was played in: every game plays its actions in the open
    and reads an id only against what every seat sees (the map, the canal, open hands)."""
    rows = game.encoding.max_game_length()
    return game.observation_layout.extended([("actions", (rows, digits(game)))])


def information_tensor(state: State, seat: int, played: Sequence[int]) -> Tensor:
    """The seat's observation and the ids of the actions `played` so far, oldest first."""
    game = state.game
    layout = information_layout(game)
    tensor = layout.zeros()
    tensor[: game.observation_layout.size] = observation(state, seat)
    if played:
        width = digits(game)
        numbers = np.asarray(played, dtype=np.int64)[:, None] + 1
        shifts = np.arange(width - 1, -1, -1, dtype=np.int64)
        layout.parts(tensor)["actions"][: len(played)] = numbers >> shifts & 1
    return tensor


def information_string(state: State, seat: int) -> str:
    """The seat's view and every action played so far, as the seat knows them."""
    return observation_string(state, seat) + "\n" + " | ".join(state.log(seat))

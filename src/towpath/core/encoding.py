"""A game as fixed-size numbers, for learning and search libraries: action ids and view tensors.

Each game package has an `encoding` module with an `Encoding` subclass for one game configuration:
- every action the game can ever have, listed once in blocks (the id layout: the ids of a block
  are consecutive, in the order the game documents), so an action's id is its place in the list
  and is the same in every process and for every version of the same data files;
- a layout of named slices of one flat float32 tensor, and a writer that fills them from
  `view(seat)` alone, every value from 0 to 1 (so equal views give equal tensors and nothing a
  seat may not know can reach its tensor);
- the facts a library declares about the game: whether anything is hidden, whether chance plays
  a part, whether the returns always add up to the same total, and the most actions a game has.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from towpath.core.actions import Action
from towpath.core.errors import GameError

Shape = tuple[int, ...]
Tensor = npt.NDArray[np.float32]
View = Mapping[str, Any]


class TensorLayout:
    """Named slices of one flat float32 tensor, in order; `shape` of each slice as given."""

    def __init__(self, pieces: Sequence[tuple[str, Shape]]) -> None:
        self.pieces = tuple(pieces)
        names = [name for name, _ in self.pieces]
        if len(set(names)) != len(names):
            raise GameError(f"tensor layout: slice names must differ, got {names}")
        self.slices: dict[str, slice] = {}
        start = 0
        for name, shape in self.pieces:
            size = math.prod(shape)
            self.slices[name] = slice(start, start + size)
            start += size
        self.size = start

    def zeros(self) -> Tensor:
        return np.zeros(self.size, dtype=np.float32)

    def parts(self, tensor: Tensor) -> dict[str, Tensor]:
        """The named slices of `tensor`, shaped, sharing its memory."""
        return {name: tensor[self.slices[name]].reshape(shape) for name, shape in self.pieces}

    def describe(self) -> list[str]:
        """One line per slice: name, shape and where it lies in the flat tensor."""
        return [
            f"{name} {list(shape)}: [{self.slices[name].start}, {self.slices[name].stop})"
            for name, shape in self.pieces
        ]

    def extended(self, pieces: Sequence[tuple[str, Shape]]) -> TensorLayout:
        return TensorLayout([*self.pieces, *pieces])


class Encoding(ABC):
    """One game configuration's action ids and view tensors (see the module docstring).

    The id layout lists one *key* per id. An action's key is the action itself, unless the
    game names it relative to the position (`key`, `action_of`): an Arriala worker's move is
    keyed without the space the worker stands on, a Canal King swap by the places in the hand
    it empties. Such actions need the state to be read from an id, or to get one.
    """

    hidden_information: bool = False
    chance: bool = False
    # What the returns always add up to once the game is over, or None where it varies.
    returns_sum: float | None = None

    def __init__(self) -> None:
        self.blocks: dict[str, range] = {}
        keys: list[Hashable] = []
        for name, block in self.action_blocks():
            self.blocks[name] = range(len(keys), len(keys) + len(block))
            keys += block
        self.keys = tuple(keys)
        self.ids = {key: number for number, key in enumerate(keys)}
        if len(self.ids) != len(keys):
            raise GameError("action layout: an action is listed twice")
        self.layout = TensorLayout(self.observation_pieces())

    @abstractmethod
    def action_blocks(self) -> Sequence[tuple[str, Sequence[Hashable]]]:
        """The key of every action of this configuration, in named blocks, in id order."""

    @abstractmethod
    def observation_pieces(self) -> Sequence[tuple[str, Shape]]:
        """The observation tensor's named slices and their shapes."""

    @abstractmethod
    def write(self, view: View, seat: int, parts: Mapping[str, Tensor]) -> None:
        """Fill the zeroed `parts` (named as in `observation_pieces`) from `view(seat)`."""

    @abstractmethod
    def max_game_length(self) -> int:
        """The most actions a game of this configuration can have before it is over."""

    def key(self, action: Action, state: Any) -> Hashable:
        """The id layout's key of `action`, in `state` (None where the game needs none)."""
        return action

    def action_of(self, key: Hashable, state: Any) -> Action:
        """The action a key stands for in `state`."""
        assert isinstance(key, Action)
        return key

    @property
    def size(self) -> int:
        return len(self.keys)

    def action_id(self, action: Action, state: Any = None) -> int:
        number = self.ids.get(self.key(action, state))
        if number is None:
            raise GameError(f"{action} has no id: it is no action of this game")
        return number

    def action(self, action_id: int, state: Any = None) -> Action:
        if not isinstance(action_id, int | np.integer) or not 0 <= action_id < len(self.keys):
            raise GameError(
                f"expected an action id from 0 to {len(self.keys) - 1}, got {action_id!r}"
            )
        return self.action_of(self.keys[action_id], state)

    def observe(self, view: View, seat: int) -> Tensor:
        tensor = self.layout.zeros()
        self.write(view, seat, self.layout.parts(tensor))
        return tensor


def one_hot(row: Tensor, index: int) -> None:
    """Set `row[index]` to 1 where the index lies in the row (a value beyond it sets nothing)."""
    if 0 <= index < len(row):
        row[index] = 1.0


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as `seat` sees the table: itself first, then the others clockwise."""
    return [(seat + k) % players for k in range(players)]


def fraction(value: float, most: float) -> float:
    """`value / most`, kept within 0 and 1 (0 where `most` is 0)."""
    return 0.0 if most <= 0 else min(1.0, max(0.0, value / most))

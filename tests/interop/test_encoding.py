"""Action ids and observation tensors of every game (core.encoding, games/<game>/encoding.py)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import towpath
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import Game, State

from .phases import CASES, Case, cases

GAMES = sorted(CASES)


def random_states(game: Game, seed: int, every: int = 7) -> list[State]:
    """Positions along one seeded random game, every few actions, the end included."""
    state, rng, states = game.new_state(seed=seed), random.Random(seed), []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            states.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return [*states, state]


def digest(game_id: str, players: int, options: dict[str, Any]) -> str:
    game = towpath.load(game_id, players, **options)
    text = "\n".join(str(key) for key in game.encoding.keys)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("case", [c for c in cases() if c.lead is None], ids=str)
def test_every_legal_action_has_one_id_and_back(case: Case) -> None:
    game = towpath.load(case.game, case.players, **case.options)
    assert len(game.encoding.keys) == game.num_distinct_actions
    for state in random_states(game, seed=1):
        ids = game.legal_ids(state)
        assert len(set(ids)) == len(ids) == len(state.legal_actions())
        assert all(0 <= number < game.num_distinct_actions for number in ids)
        for action in state.legal_actions():
            assert game.encoding.action(game.action_id(action, state), state) == action
        for first in state.legal_actions()[:1]:
            assert game.action_from_id(game.action_id(first, state), state) == first


@pytest.mark.parametrize("case", [c for c in cases() if c.lead is None], ids=str)
def test_observation_is_a_function_of_the_view(case: Case) -> None:
    """Two states with equal view(seat) (a state and a world resampled for the seat) give the
    seat equal observations, of the layout's size, every value from 0 to 1."""
    game = towpath.load(case.game, case.players, **case.options)
    size = game.observation_layout.size
    for state in random_states(game, seed=2):
        for seat in range(game.players):
            twin = state.resample(seat, seed=len(state.history) + seat)
            assert twin.view(seat) == state.view(seat)
            tensor = game.observation_tensor(state.view(seat), seat)
            assert tensor.dtype == np.float32 and tensor.shape == (size,)
            assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            assert np.array_equal(tensor, game.observation_tensor(twin.view(seat), seat))


@pytest.mark.parametrize("case", [c for c in cases() if c.lead is None], ids=str)
def test_different_views_give_different_observations(case: Case) -> None:
    """The observation carries everything in view(seat): over a seeded random game, every
    position the seat sees differently has a tensor of its own."""
    game = towpath.load(case.game, case.players, **case.options)
    views: dict[tuple[int, bytes], str] = {}
    for state in random_states(game, seed=4, every=1):
        for seat in range(game.players):
            view = state.view(seat)
            tensor = game.observation_tensor(view, seat).tobytes()
            text = json.dumps(view, sort_keys=True)
            assert views.setdefault((seat, tensor), text) == text


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_tell_the_seats_apart(game_id: str) -> None:
    game = towpath.load(game_id, 3)
    state = random_states(game, seed=3)[1]
    tensors = {game.observation_tensor(state.view(s), s).tobytes() for s in range(3)}
    assert len(tensors) == 3  # each seat sees the table from its own place


def test_ids_are_the_same_in_another_process() -> None:
    chosen = [c for c in cases() if c.players in (2, 4) and not c.lead]
    code = (
        "import json, sys\n"
        "from tests.interop.test_encoding import digest\n"
        "print(json.dumps([digest(*case) for case in json.loads(sys.argv[1])]))\n"
    )
    given = json.dumps([[c.game, c.players, c.options] for c in chosen])
    result = subprocess.run(
        [sys.executable, "-c", code, given], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == [digest(c.game, c.players, c.options) for c in chosen]


def test_bad_ids_and_foreign_actions_are_refused() -> None:
    game = towpath.load("mississippi", players=2)
    with pytest.raises(GameError, match="expected an action id from 0 to 600, got 601"):
        game.action_from_id(601)
    with pytest.raises(GameError, match="expected an action id from 0 to 600, got -1"):
        game.action_from_id(-1)
    detour = towpath.load("detour", players=2)
    with pytest.raises(GameError, match="has no id: it is no action of this game"):
        game.action_id(detour.parse_action("done"))
    state = game.new_state(seed=0)
    pass_id = game.action_id(game.parse_action("pass"))
    with pytest.raises(IllegalAction, match=r"pass \(id 600\) is not a legal action here"):
        game.action_from_id(pass_id, state)
    assert game.action_from_id(0, state) == game.parse_action("f1")


def test_layout_names_its_slices_in_order() -> None:
    layout = towpath.load("mississippi", players=2).observation_layout
    assert layout.describe()[:2] == ["space [2, 86]: [0, 172)", "sides [2, 6]: [172, 184)"]
    assert layout.size == sum(int(np.prod(shape)) for _, shape in layout.pieces)

"""OpenSpiel's own check (random_sim_test, with serialization) on every game and player count,
over seeded random games that reach every phase of each game; declarations and hooks."""

from __future__ import annotations

import hashlib
import json
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest

import towpath
from towpath.interop import openspiel
from towpath.interop.observations import information_string

from .phases import CASES, EXPECTED, PHASES, Case


def game_string(case: Case) -> str:
    settings = "".join(f",{key}={value}" for key, value in case.options.items())
    return f"towpath_{case.game}(players={case.players}{settings})"


def lead_state(game: Any, case: Case) -> Any:
    """The OpenSpiel state after the case's lead (None for a case without one)."""
    if case.lead is None:
        return None
    seed, actions = case.lead_game()
    state = game.new_initial_state()
    if state.is_chance_node():
        state.apply_action(seed)
    for text in actions:
        table = state.towpath.game
        state.apply_action(table.action_id(table.parse_action(text, state.towpath), state.towpath))
    return state


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_random_sim_test_passes_reaching_every_phase(game_id: str) -> None:
    seen: set[str] = set()

    def note(state: Any) -> None:
        if state.towpath is not None:
            seen.update(PHASES[game_id](state.towpath.view(None)))

    for case in (case for case in CASES[game_id] if case.sims):
        game = pyspiel.load_game(game_string(case))
        pyspiel.random_sim_test(
            game,
            num_sims=case.sims,
            serialize=True,
            verbose=False,
            state_checker_fn=note,
            specific_initial_state=lead_state(game, case),
        )
    assert seen == EXPECTED[game_id]


def test_declarations_follow_chance_and_hidden_information() -> None:
    mississippi = pyspiel.load_game("towpath_mississippi(players=4)")
    kind = mississippi.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert mississippi.max_chance_outcomes() == openspiel.SEEDS
    assert mississippi.max_game_length() == 500
    assert mississippi.num_distinct_actions() == towpath.load("mississippi").num_distinct_actions
    detour = pyspiel.load_game("towpath_detour(players=3)").get_type()
    assert detour.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert detour.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert detour.utility == pyspiel.GameType.Utility.CONSTANT_SUM


def test_seed_chance_node_starts_that_seeded_game() -> None:
    state = pyspiel.load_game("towpath_mississippi(players=2)").new_initial_state()
    assert state.is_chance_node() and state.action_to_string(state.current_player(), 9) == "seed 9"
    state.apply_action(9)
    expected = towpath.load("mississippi", players=2).new_state(seed=9)
    assert state.towpath.to_json() == expected.to_json()


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("towpath_mississippi(players=3,max_turns=40,logs=7)")
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.towpath.game.max_turns == 40 and state.towpath.logs == [7, 7, 7]
    assert game.max_game_length() == 40


def test_action_strings_are_towpath_notation() -> None:
    state = pyspiel.load_game("towpath_detour(players=2)").new_initial_state()
    table = state.towpath.game
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        str(table.action_from_id(a)) for a in state.legal_actions()
    ]
    assert state.action_to_string(table.action_id(table.parse_action("move voyage 1"))) == (
        "move voyage 1"
    )


def test_resample_from_infostate_keeps_the_seats_information_state() -> None:
    state = pyspiel.load_game("towpath_mississippi(players=3)").new_initial_state()
    state.apply_action(5)
    for action_text in ("f3", "f2"):
        state.apply_action(
            state.towpath.game.action_id(state.towpath.game.parse_action(action_text))
        )
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(seat, sampler)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    assert world.towpath.rng.state != state.towpath.rng.state  # the future rolls drawn anew


def test_information_state_adds_every_action_played_to_the_observation() -> None:
    game = pyspiel.load_game("towpath_detour(players=2)")
    state = game.new_initial_state()
    played = []
    for _ in range(5):
        played.append(state.legal_actions()[-1])
        state.apply_action(played[-1])
    tensor = np.array(state.information_state_tensor(0))
    observation = np.array(state.observation_tensor(0))
    size = len(observation)
    assert np.array_equal(tensor[:size], observation)
    width = game.num_distinct_actions().bit_length()  # 28 ids: 5 binary digits
    rows = tensor[size:].reshape(game.max_game_length(), width)
    ids = [int("".join(str(int(bit)) for bit in row), 2) - 1 for row in rows[:5]]
    assert ids == played and not rows[5:].any()
    assert state.information_state_string(0) == information_string(state.towpath, 0)


def test_serialized_state_continues_exactly() -> None:
    game = pyspiel.load_game("towpath_mississippi(players=2)")
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(state.legal_actions()[4])
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert str(copy) == str(state)
    assert pickle.loads(pickle.dumps(state.world)).state.to_json() == state.towpath.to_json()


@pytest.mark.parametrize("name", ["towpath_detour(players=3)", "towpath_mapped_out(players=2)"])
def test_the_game_and_its_states_pickle(name: str) -> None:
    game = pyspiel.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and type(again) is type(game)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1] if not state.is_chance_node() else 7)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()


def histories(state: Any, actions: Any) -> Any:
    """The state after each of `actions` while they stay legal, with each seat's whole
    action-observation history so far (its views and the actions, as a digest)."""
    world = state.towpath
    seats = range(world.game.players)
    digests = [hashlib.sha256(json.dumps(world.view(s), sort_keys=True).encode()) for s in seats]
    yield state, [d.hexdigest() for d in digests]
    for action in actions:
        if state.is_terminal() or action not in state.legal_actions():
            return
        text = state.action_to_string(action)
        state.apply_action(action)
        for seat, digest in zip(seats, digests, strict=True):
            digest.update(
                f"{text}\n{json.dumps(state.towpath.view(seat), sort_keys=True)}".encode()
            )
        yield state, [d.hexdigest() for d in digests]


def random_actions(state: Any, rng: np.random.RandomState, most: int) -> list[int]:
    """The first `most` actions of a random game from `state` (which it plays)."""
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < most:
        actions.append(int(rng.choice(state.legal_actions())))
        state.apply_action(actions[-1])
    return actions


def starts(game: Any, seed: int, chances: int) -> list[Any]:
    """Initial states after `chances` chance outcomes from `seed` on (one where none)."""
    if game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return [game.new_initial_state()]
    states = [game.new_initial_state() for _ in range(chances)]
    for number, state in enumerate(states):
        state.apply_action(seed + 100 * number)
    return states


@pytest.mark.parametrize(
    "config",
    [
        "towpath_detour(players=3)",
        "towpath_mississippi(players=3,max_turns=60)",
        "towpath_arriala(players=3,max_turns=40)",
        "towpath_canal_king(players=3,board=small,routes=small,max_turns=60)",
        "towpath_mapped_out(players=3,lands_unknown=true,unclear_instructions=true)",
    ],
)
def test_information_states_are_perfect_recall(config: str) -> None:
    """No two different information states of a seat (its views one after another and the
    actions between them) share a string or a tensor: over many short seeded random games
    from a few starts, where different orders of play meet in one position, and over whole
    games replayed under other chance outcomes, where histories that differ only in what a
    seat saw meet."""
    game = pyspiel.load_game(config)
    strings: dict[tuple[int, str], str] = {}
    tensors: dict[tuple[int, bytes], str] = {}
    walks = [(seed, 16, 1) for seed in range(150)] + [(seed, 10_000, 4) for seed in range(2)]
    for seed, most, chances in walks:
        first, *others = starts(game, seed % 5 if most == 16 else seed, chances)
        actions = random_actions(first.clone(), np.random.RandomState(seed), most)
        for start in (first, *others):
            for state, digests in histories(start, actions):
                for seat, digest in enumerate(digests):
                    string = state.information_state_string(seat)
                    tensor = np.asarray(state.information_state_tensor(seat)).tobytes()
                    assert strings.setdefault((seat, string), digest) == digest
                    assert tensors.setdefault((seat, tensor), digest) == digest

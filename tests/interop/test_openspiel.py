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
from towpath.core.errors import GameError
from towpath.interop import chance, openspiel
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
    return openspiel.replayed(game, seed, actions)


def answer_chance(state: Any, rng: np.random.RandomState) -> None:
    """Answer the state's chance nodes, each outcome drawn with its probability."""
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=chances)))


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
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION  # rolls only
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert mississippi.max_chance_outcomes() == 6  # the die
    assert mississippi.max_game_length() == 500
    assert mississippi.num_distinct_actions() == towpath.load("mississippi").num_distinct_actions
    arriala = pyspiel.load_game("towpath_arriala(players=2)")
    assert arriala.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    deck: Any = towpath.load("arriala", 2).rules.deck  # type: ignore[attr-defined]
    assert arriala.max_chance_outcomes() == len(deck)  # its shuffle
    detour = pyspiel.load_game("towpath_detour(players=3)").get_type()
    assert detour.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert detour.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert detour.utility == pyspiel.GameType.Utility.CONSTANT_SUM


def test_chance_nodes_are_the_games_draws() -> None:
    """Mississippi starts with the first boat's roll, a die of 6 equally likely outcomes;
    each later boat's first roll follows its first action; answered as a seed drew, they
    give that seed's game."""
    game = pyspiel.load_game("towpath_mississippi(players=2)")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.towpath is None
    assert state.chance_outcomes() == [(outcome, 1 / 6) for outcome in range(6)]
    assert state.action_to_string(state.current_player(), 4) == "chance: outcome 4 of 6"
    state.apply_action(4)
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6  # the second boat's roll
    engine = towpath.load("mississippi", players=2).new_state(seed=9)
    first = str(engine.legal_actions()[0])
    engine.apply(engine.legal_actions()[0])
    again = openspiel.replayed(game, 9, [first]).towpath
    assert again is not None and again.view(None) == engine.view(None)
    assert len(openspiel.replayed(game, 9, [first]).history()) == 3  # two rolls, one action


def test_an_outcome_beyond_the_draw_is_refused_and_changes_nothing() -> None:
    state = pyspiel.load_game("towpath_mississippi(players=2)").new_initial_state()
    with pytest.raises(GameError, match="expected a chance outcome from 0 to 5, got 9"):
        state.apply_action(9)
    assert state.is_chance_node() and state.history() == [] and len(state.chance_outcomes()) == 6


def test_a_pile_shuffled_is_a_chance_node_a_card() -> None:
    """Arriala's setup shuffles its deck: one chance node a place, among the cards left."""
    game = pyspiel.load_game("towpath_arriala(players=2)")
    deck = len(towpath.load("arriala", 2).rules.deck)  # type: ignore[attr-defined]
    state = game.new_initial_state()
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert sizes[: deck - 1] == list(range(deck, 1, -1))


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("towpath_mississippi(players=3,max_turns=40,logs=7)")
    state = game.new_initial_state()
    state.apply_action(0)  # the first roll
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
    game = pyspiel.load_game("towpath_arriala(players=3)")
    table = towpath.load("arriala", 3)
    engine = table.new_state(seed=5)
    actions = [str(engine.legal_actions()[-1])]
    state = openspiel.replayed(game, 5, actions)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(seat, sampler)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert world.legal_actions() == state.legal_actions()
    assert world.towpath is not None and state.towpath is not None
    assert world.towpath.open_view() != state.towpath.open_view()  # the others' cards dealt anew


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
    assert state.is_chance_node()  # the second boat's first roll: saved half way
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    state.apply_action(2)
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
    while len(state.history()) < 200 and not state.is_terminal():
        if len(state.history()) in (5, 199):  # in the setup's draws, and in the game
            copy = pickle.loads(pickle.dumps(state))
            assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
            assert copy.history() == state.history()
        state.apply_action(state.legal_actions()[-1])


def histories(state: Any, actions: Any, rng: np.random.RandomState) -> Any:
    """The state after each of `actions` (and the chance they bring, answered with `rng`)
    while they stay legal, with each seat's whole action-observation history so far (its views
    and the actions, as a digest)."""
    world = state.towpath
    seats = range(world.game.players)
    digests = [hashlib.sha256(json.dumps(world.view(s), sort_keys=True).encode()) for s in seats]
    yield state, [d.hexdigest() for d in digests]
    for action in actions:
        if state.is_terminal() or action not in state.legal_actions():
            return
        text = state.action_to_string(action)
        state.apply_action(action)
        answer_chance(state, rng)
        for seat, digest in zip(seats, digests, strict=True):
            digest.update(
                f"{text}\n{json.dumps(state.towpath.view(seat), sort_keys=True)}".encode()
            )
        yield state, [d.hexdigest() for d in digests]


def random_actions(state: Any, rng: np.random.RandomState, most: int) -> list[int]:
    """The first `most` player actions of a random game from `state` (which it plays)."""
    actions: list[int] = []
    while not state.is_terminal() and len(actions) < most:
        actions.append(int(rng.choice(state.legal_actions())))
        state.apply_action(actions[-1])
        answer_chance(state, rng)
    return actions


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
        start = game.new_initial_state()
        answer_chance(start, np.random.RandomState(seed % 5 if most == 16 else seed))
        actions = random_actions(start.clone(), np.random.RandomState(seed), most)
        for other in range(chances):
            rng = np.random.RandomState(seed + 100 * other)
            first = start.clone()
            if other:
                first = game.new_initial_state()
                answer_chance(first, rng)
            for state, digests in histories(first, actions, rng):
                for seat, digest in enumerate(digests):
                    string = state.information_state_string(seat)
                    tensor = np.asarray(state.information_state_tensor(seat)).tobytes()
                    assert strings.setdefault((seat, string), digest) == digest
                    assert tensors.setdefault((seat, tensor), digest) == digest


@pytest.mark.parametrize("game_id", ["arriala", "canal_king", "mapped_out"])
def test_no_first_view_tells_the_deal(game_id: str) -> None:
    """1,000 starts that show seat 0 one identical first view deal at least 990 different
    worlds: a view pins the draws it shows and no others. The draws it shows are found by
    giving each draw of a reference setup, alone, every other outcome; the rest are drawn at
    random."""
    table = towpath.load(game_id, 3)
    probe = chance.Probe()
    table.new_state(0, rng=probe)
    rng = np.random.RandomState(0)
    reference = [int(rng.randint(n)) for n in probe.outcomes]

    def setup(answers: list[int]) -> Any:
        return table.new_state(0, rng=chance.Answered(list(answers)))

    first = setup(reference).view(0)
    shown = {
        place
        for place, outcomes in enumerate(probe.outcomes)
        for other in range(outcomes)
        if setup([*reference[:place], other, *reference[place + 1 :]]).view(0) != first
    }
    worlds = set()
    for _ in range(1000):
        answers = [
            reference[place] if place in shown else int(rng.randint(outcomes))
            for place, outcomes in enumerate(probe.outcomes)
        ]
        state = setup(answers)
        assert state.view(0) == first
        worlds.add(state.to_json())
    assert len(worlds) >= 990
    declared = pyspiel.load_game(f"towpath_{game_id}(players=3)").new_initial_state()
    for answer in answers:  # the last start, as OpenSpiel's chance nodes deal it
        declared.apply_action(answer)
    assert not declared.is_chance_node() and declared.towpath.to_json() == state.to_json()

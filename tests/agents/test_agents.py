"""Bots: seeded choices, legal answers, sensible play, and never a peek at hidden parts."""

from __future__ import annotations

from typing import Any

import pytest

import towpath
from tests.games.mississippi.helpers import position
from towpath.agents.mcts import MCTSAgent, Node, Settings
from towpath.core.errors import GameError

BOTS: list[tuple[str, dict[str, Any]]] = [
    ("random", {}),
    ("greedy", {"budget": 200}),
    ("mcts", {"iterations": 60}),
    ("mcts", {"iterations": 15, "rollout": "greedy", "depth": 2}),
]


def positions_of(game_id: str, players: int, seed: int, every: int = 7) -> list[towpath.State]:
    """Positions along a seeded random game, every few actions."""
    state = towpath.load(game_id, players).new_state(seed)
    walker = towpath.agent("random", seed=seed)
    found: list[towpath.State] = []
    while not state.is_terminal() and len(found) < 4:
        if len(state.history) % every == 3:
            found.append(state.clone())
        state.apply(walker.choose(state))
    return found


@pytest.mark.parametrize("game_id", towpath.game_ids())
@pytest.mark.parametrize(("bot", "params"), BOTS, ids=str)
def test_no_bot_peeks_at_hidden_parts(game_id: str, bot: str, params: dict[str, Any]) -> None:
    """Two states with the same view for the seat to move but other hidden parts (other
    secrets, pile order, the random generator): every bot must choose the same action."""
    for state in positions_of(game_id, 2, seed=11):
        seat = state.current_player
        assert seat is not None
        other = state.resample(seat, 987654321)
        assert other.view(seat) == state.view(seat)
        assert other.to_json() != state.to_json(), "the hidden parts differ"
        first = towpath.agent(bot, seed=5, **params).choose(state)
        second = towpath.agent(bot, seed=5, **params).choose(other)
        assert first == second
        assert first in state.legal_actions()


@pytest.mark.parametrize("game_id", towpath.game_ids())
def test_every_seat_is_evaluated_at_once_as_one_by_one(game_id: str) -> None:
    for players in (2, 3):
        for state in positions_of(game_id, players, seed=3, every=5):
            values = state.game.evaluate_all(state)
            assert values == [state.game.evaluate(state, seat) for seat in range(players)]
            assert all(0.0 <= value <= 1.0 for value in values)


@pytest.mark.parametrize(("bot", "params"), BOTS[1:], ids=str)
def test_bots_are_deterministic_for_a_seed_and_budget(bot: str, params: dict[str, Any]) -> None:
    state = positions_of("mississippi", 3, seed=4)[1]
    choices = {str(towpath.agent(bot, seed=9, **params).choose(state)) for _ in range(3)}
    assert len(choices) == 1


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_bots_take_a_win_on_offer(bot: str) -> None:
    # Boat 0 on 80 with 5 logs can cross the finish with f5; nothing else wins now.
    state = position([80, 10, 20], logs=[5, 0, 0])
    choice = towpath.agent(bot, seed=1).choose(state)
    state.apply(choice)
    assert state.returns() == [1.0, 0.0, 0.0]


def test_a_single_legal_action_is_returned_without_search() -> None:
    state = position([0, 40], logs=[0, 3], supply=10)
    bot = towpath.agent("mcts", seed=1, iterations=10)
    assert str(bot.choose(state)) == "pass"


def test_bots_refuse_a_finished_game_and_bad_settings() -> None:
    state = position([84, 10], logs=[5, 5])
    state.apply(state.game.parse_action("f1"))
    for name in ["random", "greedy", "mcts"]:
        with pytest.raises(GameError, match="over"):
            towpath.agent(name).choose(state)
    with pytest.raises(GameError, match="rollout"):
        towpath.agent("mcts", rollout="smart")
    with pytest.raises(GameError, match="budget"):
        towpath.agent("mcts", iterations=0)
    with pytest.raises(GameError, match="mcts clock: expected wall or cpu, got 'sundial'"):
        towpath.agent("mcts", clock="sundial")
    with pytest.raises(GameError, match="does not take"):
        towpath.agent("greedy", depth=3)


def searched(state: towpath.State, iterations: int = 400) -> tuple[str, dict[str, float]]:
    """MCTS's choice for the seat to move and the mean value of each action it tried."""
    bot = MCTSAgent(seed=3, iterations=iterations)
    choice = bot.choose(state)
    assert bot.last_root is not None
    values = {str(a): node.value / node.visits for a, node in bot.last_root.children.items()}
    return str(choice), values


MIRRORED = [  # (spaces, facings, logs) of boats 0 and 1; swapped, the other seat is to move
    ((10, 14), (0, 3), (12, 9)),
    ((30, 27), (1, 4), (5, 8)),
    ((52, 50), (2, 5), (14, 3)),
    ((76, 79), (0, 3), (7, 5)),
]


@pytest.mark.parametrize(("spaces", "facing", "logs"), MIRRORED, ids=str)
def test_a_position_is_searched_alike_from_either_seat(
    spaces: tuple[int, int], facing: tuple[int, int], logs: tuple[int, int]
) -> None:
    """The same position with the boats' seats swapped and the other seat to move, searched
    with the same seed and iterations: the same choice, every action valued alike (a search
    favouring one seat, by its backup, its evaluation or its worlds, would differ)."""
    supply = 60 - sum(logs)
    first = position(list(spaces), facing=list(facing), logs=list(logs), supply=supply)
    second = position(
        list(spaces[::-1]), facing=list(facing[::-1]), logs=list(logs[::-1]), supply=supply
    )
    second.player = 1
    choice, values = searched(first)
    mirrored_choice, mirrored_values = searched(second)
    assert mirrored_choice == choice
    assert mirrored_values == pytest.approx(values, abs=1e-12)
    assert len(values) > 4


def test_the_opening_is_searched_alike_from_either_seat() -> None:
    openings = [towpath.load("mississippi", 2, first_player=seat).new_state(5) for seat in (0, 1)]
    assert [state.current_player for state in openings] == [0, 1]
    choice, values = searched(openings[0])
    mirrored_choice, mirrored_values = searched(openings[1])
    assert mirrored_choice == choice
    assert mirrored_values == pytest.approx(values, abs=1e-12)


@pytest.mark.parametrize("clock", ["wall", "cpu"])
def test_mcts_with_a_time_budget_searches_and_answers(clock: str) -> None:
    state = positions_of("mississippi", 2, seed=8)[0]
    bot = MCTSAgent(seed=2, seconds=0.05, clock=clock)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_greedy_beats_random_at_mississippi() -> None:
    wins = 0
    for seed in range(6):
        names = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        bots = [towpath.agent(name, seed=seed) for name in names]
        state = towpath.load("mississippi", 2).new_state(seed)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        wins += state.returns()[names.index("greedy")] == 1.0
    assert wins >= 5


def test_mcts_takes_the_games_settings_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = positions_of("mississippi", 2, seed=8)[0]
    plain = MCTSAgent(seed=2, iterations=20)
    plain.choose(state)
    assert plain.settings == Settings()
    monkeypatch.setattr(type(state.game), "mcts_settings", {"depth": 1, "root_worlds": 2})
    told = MCTSAgent(seed=2, iterations=20, depth=0)
    told.choose(state)
    assert (told.settings.depth, told.settings.root_worlds) == (0, 2)


def test_root_worlds_judge_the_shortlist_in_every_world() -> None:
    state = positions_of("canal_king", 2, seed=3)[1]
    seat = state.current_player
    assert seat is not None
    actions = state.legal_actions()
    bot = MCTSAgent(seed=4)
    bot.settings = Settings(root_worlds=3, shortlist=5, depth=0)  # as `choose` would resolve
    root = Node()
    assert bot.seed_root(root, actions, state, seat) == 15
    assert root.order is not None and sorted(map(str, root.order)) == sorted(map(str, actions))
    assert set(root.children) == set(root.order[:5])
    assert [child.visits for child in root.children.values()] == [3] * 5
    assert root.visits == 15


def test_a_discount_shrinks_an_outcome_once_for_each_action_before_it() -> None:
    state = position([80, 10, 20], logs=[5, 0, 0])
    state.apply(state.game.parse_action("f5", state))  # boat 0 crosses the finish: it wins
    bot = MCTSAgent(seed=1, discount=0.5)
    assert bot.rollout(state.clone(), 3) == [0.125, 0.0, 0.0]
    assert MCTSAgent(seed=1).rollout(state, 3) == [1.0, 0.0, 0.0]


def test_a_game_its_rules_end_is_worth_the_finish_more_to_every_seat() -> None:
    won = position([80, 10, 20], logs=[5, 0, 0])
    won.apply(won.game.parse_action("f5", won))  # boat 0 crosses the finish
    assert MCTSAgent(seed=1, finish=0.25).rollout(won, 0) == [1.25, 0.25, 0.25]
    stopped = position([10, 30], max_turns=1)
    stopped.apply(stopped.game.parse_action("f1", stopped))  # the turn limit: nobody wins
    assert stopped.ended_by_limit()
    assert MCTSAgent(seed=1, finish=0.25).rollout(stopped, 0) == [0.0, 0.0]

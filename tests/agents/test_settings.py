"""The table of bot settings: it covers every bot's settings, checks types and ranges with
one-line errors, and its largest settings leave a search that keeps to its time."""

from __future__ import annotations

import inspect
import time

import pytest

import towpath
from tests.agents.test_agents import positions_of
from towpath.agents import AGENTS, agent_names
from towpath.agents.mcts import MCTSAgent
from towpath.agents.settings import (
    BOTS,
    DEFAULT_SECONDS,
    MAX_SECONDS,
    Param,
    check_settings,
    describe_bots,
)
from towpath.core.actions import Action
from towpath.core.errors import GameError


def largest(name: str) -> dict[str, Param]:
    """Every setting of a bot at the end of its range that costs the most time."""
    settings: dict[str, Param] = {}
    for setting in BOTS[name]:
        if setting.choices:
            settings[setting.name] = "greedy" if "greedy" in setting.choices else setting.choices[0]
        else:
            assert setting.high is not None
            settings[setting.name] = setting.kind(setting.high)
    if name == "mcts":
        settings["epsilon"] = 0.0  # every rollout action judged by the evaluation
    return settings


def test_the_table_names_every_setting_of_every_bot() -> None:
    assert sorted(BOTS) == agent_names()
    for name, factory in AGENTS.items():
        takes = [key for key in inspect.signature(factory).parameters if key != "seed"]
        assert [setting.name for setting in BOTS[name]] == takes
        towpath.agent(name, seed=0, **largest(name))  # the bot accepts the whole range


@pytest.mark.parametrize(
    ("name", "settings", "says"),
    [
        (
            "oracle",
            {},
            "unknown agent 'oracle'; expected one of: easy, greedy, guide, hard, mcts, normal, "
            "playout, random",
        ),
        ("random", {"depth": 3}, "agent 'random' does not take depth; it takes no settings"),
        ("mcts", {"seconds": 0}, "bot setting seconds: expected a number above 0 to 10, got 0"),
        ("mcts", {"seconds": 10.5}, "bot setting seconds: expected a number above 0 to 10"),
        ("mcts", {"depth": 1_000_000}, "bot setting depth: expected an integer from 0 to 30"),
        ("mcts", {"depth": 2.5}, "bot setting depth: expected an integer from 0 to 30, got 2.5"),
        ("mcts", {"iterations": True}, "bot setting iterations: expected an integer"),
        ("mcts", {"rollout": "smart"}, "bot setting rollout: expected one of random, greedy"),
        ("mcts", {"root_worlds": 101}, "bot setting root_worlds: expected an integer from 0"),
        ("greedy", {"shortlist": 65}, "bot setting shortlist: expected an integer from 1 to 64"),
        ("greedy", {"budget": "all"}, "bot setting budget: expected an integer from 0 to 20000"),
    ],
)
def test_a_setting_out_of_its_range_is_refused_naming_the_range(
    name: str, settings: dict[str, object], says: str
) -> None:
    with pytest.raises(GameError) as refused:
        check_settings(name, settings)
    assert str(refused.value).startswith(says) and "\n" not in str(refused.value)


def test_an_mcts_search_time_is_always_explicit() -> None:
    assert check_settings("mcts", {}) == {"seconds": DEFAULT_SECONDS}
    assert check_settings("mcts", {"iterations": 50}) == {"iterations": 50, "seconds": MAX_SECONDS}
    assert check_settings("mcts", {"seconds": 2, "depth": 4}) == {"seconds": 2, "depth": 4}
    assert check_settings("greedy", {"budget": 10}) == {"budget": 10}


def test_the_bots_are_described_with_their_ranges() -> None:
    described = {bot["name"]: bot for bot in describe_bots()}
    assert described["random"]["settings"] == [] and described["random"]["defaults"] == {}
    assert described["mcts"]["defaults"] == {"seconds": DEFAULT_SECONDS}
    seconds = next(s for s in described["mcts"]["settings"] if s["name"] == "seconds")
    assert seconds == {
        "name": "seconds",
        "kind": "float",
        "low": 0,
        "high": MAX_SECONDS,
        "open_low": True,
        "choices": [],
        "help": "seconds of search per move",
        "expected": "a number above 0 to 10",
    }


@pytest.mark.parametrize("game_id", ["canal_king", "mapped_out"])
def test_a_search_at_the_largest_settings_keeps_to_its_time(game_id: str) -> None:
    """Rollouts and the root's common worlds stop at the deadline (a world cut short is
    dropped), so even the dearest settings answer about when their time is up; the bound
    here is loose, the point is that a single iteration can no longer run on for minutes."""
    state = positions_of(game_id, 2, seed=5)[1]
    settings = {**largest("mcts"), "seconds": 0.3}
    bot = towpath.agent("mcts", seed=1, **settings)
    reports: list[Action] = []
    assert isinstance(bot, MCTSAgent)
    bot.report = reports.append
    started = time.perf_counter()
    chosen = bot.choose(state)
    assert time.perf_counter() - started < 3.0
    assert chosen in state.legal_actions() and bot.last_iterations >= 1
    assert all(action in state.legal_actions() for action in reports)


def test_a_search_reports_its_leading_action_without_changing_its_choice() -> None:
    state = positions_of("mississippi", 2, seed=8)[0]
    quiet = MCTSAgent(seed=4, iterations=300, root_worlds=2)
    told = MCTSAgent(seed=4, iterations=300, root_worlds=2)
    reports: list[Action] = []
    told.report = reports.append
    assert told.choose(state) == quiet.choose(state)
    assert reports and all(action in state.legal_actions() for action in reports)

"""`towpath.simulate`: rows, seeds, variants, workers and resuming, through the public API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pandas as pd
import pytest

import towpath
from tests.sim.conftest import RUN, RUN_GAMES, comparable
from towpath.agents.spec import AgentSpec, parse_agent_list
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.sim.playout import ENDINGS, Job, outcome
from towpath.sim.store import COLUMNS, read_results


def test_one_row_per_game_with_every_column(reference: pd.DataFrame) -> None:
    assert list(reference.columns) == COLUMNS
    assert list(reference["index"]) == list(range(RUN_GAMES))
    first = reference.iloc[0]
    assert first["game"] == "detour" and first["players"] == 3
    assert first["variant"] == "max_rounds=30"
    assert json.loads(first["options"])["max_rounds"] == 30
    assert first["agents"] == ["random"] * 3
    assert sum(first["decisions"]) == first["actions"] and first["turns"] <= first["actions"]
    assert len(first["scores"]) == len(first["returns"]) == 3
    assert set(reference["ending"]) <= set(ENDINGS)
    # Random bots rarely finish Detour in 30 rounds: the limit cuts most games off, naming the
    # leaders winners (kept in the rows, counted in no rate).
    limited = reference[reference["ending"] == "limit"]
    assert len(limited) > RUN_GAMES / 2 and all(len(w) for w in limited["winners"])
    assert list(reference["ending"] == "limit") == [bool(f) for f in reference["turn_limit"]]
    assert reference["branching"].mean() > 1 and (reference["duration"] > 0).all()


def test_the_rows_replay_to_the_recorded_ends(reference: pd.DataFrame) -> None:
    game = towpath.load("detour", 3, max_rounds=30)
    for row in reference.head(20).to_dict("records"):
        state = game.new_state(row["seed"])
        bots = [towpath.agent("random", seed=bot_seed_of(row, seat)) for seat in range(3)]
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        assert state.scores() == row["scores"] and state.returns() == row["returns"]
        assert len(state.history) == row["actions"]


def bot_seed_of(row: dict[str, Any], seat: int) -> int:
    job = Job("detour", 3, (), "", row["run_seed"], row["index"], ("random",) * 3)
    assert job.seed == row["seed"]
    return job.bot_seed(seat)


def test_the_same_seed_gives_the_same_rows_with_one_or_two_workers(
    reference: pd.DataFrame,
) -> None:
    parallel = towpath.simulate(**RUN, games=RUN_GAMES, workers=2)
    assert comparable(parallel) == comparable(reference)


def test_another_seed_gives_other_games(reference: pd.DataFrame) -> None:
    other = towpath.simulate(**{**RUN, "seed": 12}, games=50)
    assert list(other["seed"]) != list(reference["seed"].head(50))


def test_mixed_bots_sit_in_order_and_rotate() -> None:
    fixed = towpath.simulate("detour", players=3, agents="greedy,random", games=3, seed=1)
    assert list(fixed["agents"]) == [["greedy", "random", "greedy"]] * 3
    turning = towpath.simulate(
        "detour",
        players=3,
        agents=["greedy", "random", "mcts:iterations=5"],
        games=3,
        rotate=True,
        options={"max_rounds": 5},
    )
    assert list(turning["agents"]) == [
        ["greedy", "random", "mcts:iterations=5"],
        ["random", "mcts:iterations=5", "greedy"],
        ["mcts:iterations=5", "greedy", "random"],
    ]


def test_agent_lists_keep_settings_with_their_bot() -> None:
    specs = parse_agent_list("mcts:iterations=200,depth=3,greedy,random")
    assert [str(s) for s in specs] == ["mcts:iterations=200,depth=3", "greedy", "random"]
    assert specs[0] == AgentSpec("mcts", (("iterations", 200), ("depth", 3)))


def test_a_grid_plays_every_variant_on_the_same_seeds() -> None:
    frame = towpath.simulate(
        "detour", players=2, games=20, seed=3, grid={"max_rounds": [5, 40], "first_player": [0, 1]}
    )
    variants = list(dict.fromkeys(frame["variant"]))
    assert variants == [
        "max_rounds=5 first_player=0",
        "max_rounds=5 first_player=1",
        "max_rounds=40 first_player=0",
        "max_rounds=40 first_player=1",
    ]
    by_variant = {v: g for v, g in frame.groupby("variant")}
    assert all(list(g["seed"]) == list(frame["seed"].head(20)) for g in by_variant.values())
    assert set(by_variant["max_rounds=5 first_player=1"]["first"]) == {1}
    short = by_variant["max_rounds=5 first_player=0"]["actions"].mean()
    assert short < by_variant["max_rounds=40 first_player=0"]["actions"].mean()


def test_resume_completes_a_run_without_replaying_its_games(
    tmp_path: Path, reference: pd.DataFrame
) -> None:
    out = tmp_path / "run.parquet"
    towpath.simulate(**RUN, games=100, out=out)
    before = read_results([out])
    assert len(before) == 100 and not out.with_name("run.parquet.parts").exists()
    seen: list[tuple[int, int]] = []
    grown = towpath.simulate(
        **RUN, games=250, out=out, resume=True, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[0] == (100, 250) and seen[-1] == (250, 250)
    assert list(grown["duration"].head(100)) == list(before["duration"])  # kept, not replayed
    assert comparable(grown) == comparable(reference.head(250))
    assert comparable(read_results([out])) == comparable(grown)
    again = towpath.simulate(**RUN, games=250, out=out, resume=True)
    assert list(again["duration"]) == list(grown["duration"])


def test_a_stored_run_is_neither_overwritten_nor_mixed_with_another(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    towpath.simulate(**RUN, games=5, out=out)
    with pytest.raises(GameError, match="exists: add --resume"):
        towpath.simulate(**RUN, games=5, out=out)
    with pytest.raises(GameError, match="holds another run"):
        towpath.simulate(**{**RUN, "seed": 99}, games=5, out=out, resume=True)
    with pytest.raises(GameError, match="holds another run"):
        towpath.simulate(**{**RUN, "agents": "greedy"}, games=5, out=out, resume=True)
    with pytest.raises(GameError, match="holds another run"):
        towpath.simulate(**RUN, games=3, out=out, resume=True)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"game": "chess"}, "chess"),
        ({"agents": "wizard"}, "unknown agent 'wizard'"),
        ({"agents": "mcts:depht=3"}, "does not take"),
        ({"agents": "mcts:iterations"}, "name=value"),
        ({"agents": "random,,greedy"}, "separated by commas"),
        ({"agents": "random,random,random,random"}, "4 agents for 3 players"),
        ({"players": 9}, "2 to 4 players"),
        ({"options": {"colour": 1}}, "no option 'colour'"),
        ({"grid": {"first_player": ["x"]}}, "option first_player: expected"),
        ({"grid": {"first_player": []}}, "at least one value"),
        ({"grid": {"max_rounds": [5, 6]}, "options": {"max_rounds": 5}}, "both"),
        ({"games": 0}, "--games"),
        ({"seed": -1}, "--seed"),
        ({"workers": 0}, "--workers"),
        ({"backend": "cluster"}, "local, ray"),
        ({"address": "auto"}, "--backend ray"),
        ({"resume": True}, "--resume needs --out"),
    ],
)
def test_bad_settings_are_refused_before_any_game(settings: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        towpath.simulate(**{**RUN, "games": 2, **settings})


class Ended:
    """A finished state reduced to what `outcome` reads, with `State.ending`."""

    ending = State.ending

    def __init__(self, returns: list[float], limit: bool | None = None) -> None:
        self.values = returns
        self.limit = limit

    def is_terminal(self) -> bool:
        return True

    def _ending_words(self, reason: str) -> str:
        return ""

    def returns(self) -> list[float]:
        return self.values

    def scores(self) -> list[float]:
        return [7.0] * len(self.values)

    def ended_by_limit(self) -> bool | None:
        return self.limit


@pytest.mark.parametrize(
    ("returns", "winners", "ending"),
    [
        ([0.0, 1.0, 0.0], [1], "win"),
        ([0.5, 0.0, 0.5], [0, 2], "shared"),
        ([1 / 3, 1 / 3, 1 / 3], [0, 1, 2], "shared"),
        ([0.0, 0.0, 0.0], [], "nobody"),
    ],
)
def test_the_ending_is_the_reason_the_game_ended(
    returns: list[float], winners: list[int], ending: str
) -> None:
    ruled = outcome(cast(State, Ended(returns, limit=False)))
    assert (ruled["winners"], ruled["ending"], ruled["turn_limit"]) == (winners, ending, False)
    # Cut off by the limit: "limit" whatever it returns, its named winners kept.
    limited = outcome(cast(State, Ended(returns, limit=True)))
    assert (limited["winners"], limited["ending"], limited["turn_limit"]) == (
        winners,
        "limit",
        True,
    )

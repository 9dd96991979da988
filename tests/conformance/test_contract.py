"""The contract of DESIGN.md, checked at every step of seeded random games of every game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests.conformance.configs import BASE_CONFIGS, VARIANT_CONFIGS, Config
from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction
from towpath.core.rng import Rng

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
ILLEGAL_TRIES = 4  # actions legal elsewhere, tried where they are not, per step


def seats(state: towpath.State) -> list[int | None]:
    return [None, *range(state.game.players)]


def check_json_roundtrip(state: towpath.State) -> None:
    text = state.to_json()
    copy = towpath.from_json(text)
    assert copy.to_json() == text
    assert all(copy.view(seat) == state.view(seat) for seat in seats(state))
    snapshot = state.snapshot()
    assert json.loads(json.dumps(snapshot)) == snapshot, "state fields are plain JSON data"


def check_views(state: towpath.State, resample_seed: int) -> None:
    for seat in seats(state):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view, "a view is plain JSON data"
        assert isinstance(state.render_text(seat), str)
    # Resampling is checked for one seat per step, the seats (and the spectator) in turn.
    seat = seats(state)[len(state.history) % (state.game.players + 1)]
    view = state.view(seat)
    first = state.resample(seat, resample_seed)
    second = state.resample(seat, resample_seed + 1)
    assert first.view(seat) == view, "a resampled world looks the same to its seat"
    assert first.seed == resample_seed, "a resampled world keeps nothing of the game's seed"
    assert second.view(seat) == view
    again = second.resample(seat, resample_seed)
    assert again.to_json() == first.to_json(), "resample depends on the view and seed alone"
    if state.current_player == seat:
        assert first.legal_actions() == state.legal_actions()


def check_words(state: towpath.State, action: Action, resample_seed: int) -> None:
    """An action's words say only what every seat may know: a world resampled from any seat's
    view says them alike (one seat per step, in turn). The first word names its kind."""
    said = state.words(action)
    assert said.kind and said.did and "\n" not in said.line("x")
    seat = seats(state)[(len(state.history) + 1) % (state.game.players + 1)]
    assert state.resample(seat, resample_seed).words(action) == said


def check_log(state: towpath.State, told: dict[int | None, list[str]]) -> None:
    """A seat's log only grows: what it told that seat before stays as it was (a page keeps
    the entries it was sent), and its `latest` entries are its last ones. One seat per step,
    the seats (and the spectator) in turn; `told` keeps each seat's log when last checked."""
    seat = seats(state)[len(state.history) % (state.game.players + 1)]
    log = state.log(seat)
    before = told.get(seat, [])
    assert log[: len(before)] == before, "an entry of the log changed"
    assert len(log) == len(state.history)
    assert state.log(seat, latest=3) == log[-3:]
    told[seat] = log


def check_notation(game: towpath.Game, state: towpath.State, actions: list[Action]) -> None:
    for action in actions:
        assert game.parse_action(str(action), state) == action
        assert action.to_json() == str(action)
    assert len(set(actions)) == len(actions), "each legal action is listed once"


def check_illegal(state: towpath.State, pool: list[Action], rng: Rng) -> None:
    legal = set(state.legal_actions())
    candidates = [action for action in pool if action not in legal]
    before = fingerprint(state)
    for _ in range(min(ILLEGAL_TRIES, len(candidates))):
        action = rng.choice(candidates)
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert refused.value.rule, "a refusal names the rule it enforces"
        assert "\n" not in str(refused.value)
        assert fingerprint(state) == before, f"the refused {action} changed the state"


def fingerprint(state: towpath.State) -> tuple[str, int, int]:
    """All of a state that can change: its fields, its generator, its (append-only) history."""
    return (json.dumps(state.snapshot()), state.rng.state, len(state.history))


def check_clone_continues(state: towpath.State, action: Action) -> None:
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    copy.apply(action)
    assert state.to_json() == before, "playing on a clone leaves the original as it was"
    restored = towpath.from_json(state.to_json())
    restored.apply(action)
    assert restored.to_json() == copy.to_json(), "a restored state continues exactly"


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_contract_at_every_step(config: Config, seed: int) -> None:
    play_checking_every_step(config, seed)


@pytest.mark.parametrize("config", VARIANT_CONFIGS, ids=str)
@settings(max_examples=1)
@given(seed=SEEDS)
def test_contract_at_every_step_with_options(config: Config, seed: int) -> None:
    play_checking_every_step(config, seed)


def play_checking_every_step(config: Config, seed: int) -> None:
    game = config.load()
    state = game.new_state(seed)
    bot = towpath.agent("random", seed=seed + 1)
    rng = Rng(seed)
    pool: dict[Action, None] = {}
    told: dict[int | None, list[str]] = {}
    while not state.is_terminal():
        actions = state.legal_actions()
        check_notation(game, state, actions)
        check_log(state, told)
        check_json_roundtrip(state)
        check_views(state, seed)
        check_illegal(state, list(pool), rng)
        pool.update(dict.fromkeys(actions))
        action = bot.choose(state)
        check_words(state, action, seed)
        check_clone_continues(state, action)
        before = len(state.history)
        state.apply(action)
        assert state.history[before:] == [action]
    check_json_roundtrip(state)
    check_views(state, seed)
    assert towpath.replay(state.record()).to_json() == state.to_json()
    ending = state.ending()
    assert ending is not None and ending.reason in ("win", "shared", "limit", "nobody")
    assert list(ending.winners) == [s for s, v in enumerate(state.returns()) if v > 0]
    with pytest.raises(IllegalAction):
        state.apply(next(iter(pool)))


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
@settings(max_examples=5)
@given(seed=SEEDS)
def test_same_seed_same_game(config: Config, seed: int) -> None:
    finals = []
    for _ in range(2):
        state = config.load().new_state(seed)
        bot = towpath.agent("random", seed=seed)
        while not state.is_terminal():
            state.apply(bot.choose(state))
        finals.append(state.to_json())
    assert finals[0] == finals[1]


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
def test_bad_input_is_one_line_game_error(config: Config) -> None:
    game = config.load()
    state = game.new_state(0)
    for text in ["", "???", "x" * 500, "1 2 3", "\x00"]:
        with pytest.raises(GameError) as error:
            game.parse_action(text, state)
        assert "\n" not in str(error.value) and str(error.value)
    for seat in [-1, game.players, "0", True]:
        with pytest.raises(GameError):
            state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="no option"):
        towpath.load(config.game, config.players, no_such_option=1)
    cls = type(game)
    for players in [cls.min_players - 1, cls.max_players + 1, True, "3"]:
        with pytest.raises(GameError, match="players"):
            towpath.load(config.game, players)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
def test_corrupt_saved_state_is_refused(config: Config) -> None:
    state = config.load().new_state(1)
    data = json.loads(state.to_json())
    broken = [
        "not json",
        json.dumps([1, 2]),
        json.dumps({**data, "format": "other"}),
        json.dumps({**data, "state": {}}),
        json.dumps({**data, "rng": "x"}),
        json.dumps({**data, "history": ["???"]}),
        json.dumps({**data, "game": "no_such_game"}),
    ]
    for text in broken:
        with pytest.raises(GameError):
            towpath.from_json(text)


@pytest.mark.parametrize("config", BASE_CONFIGS, ids=str)
def test_corrupt_record_is_refused(config: Config) -> None:
    state = config.load().new_state(3)
    record = state.record()
    first = state.legal_actions()[0]
    broken: list[object] = [
        [],
        {**record, "seed": "x"},
        {**record, "actions": "f1"},
        {**record, "actions": ["???"]},
        {**record, "players": 99},
        {**record, "actions": [str(first), str(first)] * 200},
    ]
    for value in broken:
        with pytest.raises(GameError):
            towpath.replay(value)  # type: ignore[arg-type]

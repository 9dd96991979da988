"""Notation a stranger may send to a server: at positions of seeded random games of every game,
the notations of legal actions, mutated (each number replaced by 0, -1, one more, a value just
past the largest the game writes, 99, a huge one; each word dropped or doubled), must:
- parse to an Action or be refused by one GameError line;
- once parsed, be played on a copy or refused by IllegalAction, the position left as it was
  (`to_json` unchanged) either way; an action played is a legal one, and only legal actions
  are said in words.
"""

from __future__ import annotations

import re

import pytest

import towpath
from tests.conformance.configs import BASE_CONFIGS, Config
from towpath.core import registry
from towpath.core.errors import GameError, IllegalAction
from towpath.core.rng import Rng

POSITIONS = 4  # per game, spread over its length
ACTIONS = 3  # legal actions mutated per position
HUGE = ("99", "999999999999", "9" * 5000)
NUMBER = re.compile(r"\d+")


def two_and_most(config: Config) -> bool:
    return config.players in (2, registry.game_class(config.game).max_players)


CONFIGS = [config for config in BASE_CONFIGS if two_and_most(config)]


def positions(config: Config, seed: int) -> list[towpath.State]:
    """POSITIONS positions spread evenly over a seeded random game, its start and end
    included (the end has nothing legal, so every text is refused there)."""
    state = config.load().new_state(seed)
    rng = Rng(seed)
    played = [state.clone()]
    while not state.is_terminal():
        state.apply(state.random_action(rng))
        played.append(state.clone())
    step = (len(played) - 1) / (POSITIONS - 1)
    return [played[round(index * step)] for index in range(POSITIONS)]


def numbers_replaced(text: str, past: int) -> list[str]:
    """The text with each of its numbers replaced, one at a time, by each telling value."""
    texts = []
    for found in NUMBER.finditer(text):
        values = ("0", "-1", str(int(found.group()) + 1), str(past), *HUGE)
        texts += [text[: found.start()] + value + text[found.end() :] for value in values]
    return texts


def words_dropped_and_doubled(text: str) -> list[str]:
    words = text.split()
    dropped = [words[:index] + words[index + 1 :] for index in range(len(words))]
    doubled = [words[: index + 1] + words[index:] for index in range(len(words))]
    return [" ".join(changed) for changed in dropped + doubled]


def mutations(text: str, past: int) -> list[str]:
    return [*numbers_replaced(text, past), *words_dropped_and_doubled(text)]


def check_text(state: towpath.State, text: str) -> None:
    """Parsed or refused in one GameError line; played on a copy or refused, nothing changed."""
    before = state.to_json()
    try:
        action = state.game.parse_action(text, state)
    except GameError as error:
        assert str(error) and "\n" not in str(error), f"{text!r}: {error}"
        return
    copy = state.clone()
    try:
        copy.apply(action)
    except IllegalAction as refusal:
        assert str(refusal) and "\n" not in str(refusal), f"{text!r}: {refusal}"
        assert copy.to_json() == before, f"the refused {text!r} changed the copy"
    else:
        assert action in state.legal_actions(), f"{text!r} was played but is not legal"
        said = state.words(action)
        assert said.kind and said.did and "\n" not in said.line("x")
    assert state.to_json() == before, f"{text!r} changed the position"


@pytest.mark.parametrize("config", CONFIGS, ids=str)
@pytest.mark.parametrize("seed", [1, 2])
def test_mutated_notation_parses_or_is_refused_and_changes_nothing(
    config: Config, seed: int
) -> None:
    found = positions(config, seed)
    rng = Rng(seed)
    samples = []
    for state in found:
        legal = state.legal_actions() or found[0].legal_actions()  # the end: earlier actions
        texts = [str(rng.choice(legal)) for _ in range(ACTIONS)]
        samples.append((state, texts))
    written = [int(n) for _, texts in samples for text in texts for n in NUMBER.findall(text)]
    past = max(written, default=0) + 1
    for state, texts in samples:
        for text in texts:
            for mutated in mutations(text, past):
                check_text(state, mutated)

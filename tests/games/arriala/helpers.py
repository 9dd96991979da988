"""Explicit Arriala positions for rule tests, and a builder who plays a game to its end.

Default board, spaces counted from 1 as in the notation: 1 Grisolles, 2-7 (max 1 lock),
8 Montech, 9-16 (max 2), 17 Castelsarrasin, 18-22 (max 1), 23 Moissac, 24-33 (max 2),
34 Malause, 35-41 (max 2), 42 Valence d'Agen. Blue spaces b1 (beside 2-7), b2 (9-16),
b3 (24-33), b4 (35-41). Colours: r(ed), y(ellow), g(reen), v(iolet); seat n plays colour n.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import towpath
from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.core.rng import Rng
from towpath.games.arriala.actions import LETTERS
from towpath.games.arriala.state import ArrialaState

MONTECH, CASTELSARRASIN, MOISSAC, MALAUSE, VALENCE = 8, 17, 23, 34, 42


def position(
    players: int = 4,
    *,
    canal: dict[int, str] | None = None,
    vineyards: dict[str, str] | None = None,
    blue: dict[str, str] | None = None,
    locks: tuple[int, ...] = (),
    scored: tuple[tuple[int, int], ...] = (),
    points: list[int] | None = None,
    hands: dict[int, list[str]] | None = None,
    player: int = 0,
    ap: int = 5,
    **options: Any,
) -> ArrialaState:
    """A state with workers where given (`canal`: space -> colour letters, one per worker;
    `vineyards`: id -> letters; `blue`: id -> letter), every other worker in its reserve.
    Workers are numbered in the order given, as if placed in that order: canal spaces first,
    then vineyards, then blue spaces. Without any of the three, workers stay as set up (the
    2-player virtual ones on the towns)."""
    game = towpath.load("arriala", players, **options)
    state = game.new_state(0)
    assert isinstance(state, ArrialaState)
    layout = state.game.layout
    if canal is not None or vineyards is not None or blue is not None:
        state.where = [-1] * len(state.where)
        for space, letters in (canal or {}).items():
            _put(state, letters, space - 1)
        for vineyard, letters in (vineyards or {}).items():
            _put(state, letters, layout.vineyard_code(layout.vineyard_index[vineyard]))
        for blue_space, letter in (blue or {}).items():
            _put(state, letter, layout.blue_code(layout.blue_index[blue_space]))
    for space in locks:
        state.locks[space - 1] = True
    for first, last in scored:
        for space in range(first, last + 1):
            state.scored[space - 1] = True
    if points is not None:
        state.points = list(points)
    if hands is not None:
        state.hands = [sorted(hands.get(seat, [])) for seat in range(players)]
        held = Counter(card for hand in state.hands for card in hand)
        state.pile = sorted((Counter(state.game.rules.deck) - held).elements())
        state.discards = []
    state.player = player
    state.ap = ap
    state._validate()  # a position the rules can reach: one worker or lock per space, ...
    return state


def _put(state: ArrialaState, letters: str, place: int) -> None:
    per = state.game.rules.workers_per_colour
    for letter in letters:
        colour = LETTERS.index(letter)
        worker = next(w for w in range(colour * per, (colour + 1) * per) if state.where[w] < 0)
        state.where[worker] = place


def act(state: ArrialaState, *notations: str) -> None:
    for notation in notations:
        state.apply(state.game.parse_action(notation, state))


def refused(state: ArrialaState, notation: str, rule: str) -> None:
    """The action is refused for `rule`, is not listed as legal, and changes nothing. (It is
    read without the state, so that a worker named where it does not stand reaches the rules.)"""
    action = state.game.parse_action(notation)
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.rule == rule, str(error.value)
    assert str(error.value) and "\n" not in str(error.value), "one line"
    assert action not in state.legal_actions()
    assert state.to_json() == before


def legal(state: ArrialaState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def token(worker: dict[str, Any]) -> str:
    """A worker of a view as the notation writes it: `r2`."""
    return f"{worker['colour'][0]}{worker['number']}"


def at(state: ArrialaState, space: int) -> list[str]:
    """The workers on a space (counted from 1), as `r2`."""
    return [token(worker) for worker in state.view(None)["spaces"][space - 1]["workers"]]


def in_vineyard(state: ArrialaState, name: str) -> list[str]:
    """The workers in a vineyard (by its name), as `r2`."""
    return [token(worker) for worker in state.view(None)["vineyards"][name]]


def on_blue(state: ArrialaState) -> list[str | None]:
    """The worker on each blue space, as `r2`, or None."""
    return [None if w is None else token(w) for w in state.view(None)["blue"]]


def builder_choice(state: ArrialaState, rng: Rng) -> Action:
    """A player who finishes the canal: the action after which the most spaces in play are
    locks or scored, then the most workers stand in unscored sections, then the most points."""
    layout, seat = state.game.layout, state.current_player
    assert seat is not None
    best: list[Action] = []
    best_value: tuple[int, int, int] | None = None
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        done = sum(after.locks[p] or after.scored[p] for p in layout.open_spaces)
        building = sum(
            1
            for place in after.where
            if 0 <= place < layout.length and not layout.is_town[place] and not after.scored[place]
        )
        value = (done, building, after.points[seat])
        if best_value is None or value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[rng.below(len(best))]

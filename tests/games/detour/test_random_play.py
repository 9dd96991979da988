"""Invariants of Detour seen through views at every step of seeded random games: no marker ever
stands behind space 0 or off its path, hands always hold exactly the cards not yet played this
cycle, only the card player's marker moves except under Backward (every marker two back) and
Detour (its target onto the detour), finished markers stay finished, a blocked round offers no
move part, and the game ends with the round in which a marker finished."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from towpath.core.actions import Action
from towpath.core.game import JSON
from towpath.games.detour.actions import Backward, Move, Pass, SendOnDetour
from towpath.games.detour.components import builtin_cards

KIND_OF = {"SendOnDetour": "detour", "Backward": "backward", "Block": "block"}
BACKWARD_SPACES = builtin_cards().backward_spaces


def check_markers(view: dict[str, JSON], before: dict[str, JSON] | None) -> None:
    detours = {d["name"]: d for d in view["map"]["detours"]}
    length = len(view["map"]["costs"])
    for colour, marker in enumerate(view["markers"]):
        if marker["finished"]:
            assert colour in view["finished"]
            continue
        assert colour not in view["finished"]
        detour = marker["detour"]
        if detour is None:
            assert 0 <= marker["space"] < length, "never behind space 0, never past the loop"
            assert marker["map_position"] == marker["space"]
        else:
            path = detours[detour]
            assert 1 <= marker["space"] <= len(path["costs"]), "never off its detour"
            assert marker["map_position"] == path["beside"][marker["space"] - 1]
        if before is not None:
            check_path_change(before["markers"][colour], marker, detours)


def check_path_change(
    was: dict[str, JSON], now: dict[str, JSON], detours: dict[str, dict[str, JSON]]
) -> None:
    """A marker enters a detour only from its branch space onto its first space, and leaves
    it only forward, onto the main path at or after the merge space."""
    if was["detour"] == now["detour"]:
        return
    if was["detour"] is None:
        assert was["space"] == detours[now["detour"]]["branch"] and now["space"] == 1
    else:
        assert now["detour"] is None, "no marker goes from one detour to another"
        assert now["space"] >= detours[was["detour"]]["merge"]


def check_other_markers(before: dict[str, JSON], view: dict[str, JSON], action: Action) -> None:
    """Nothing moves a finished marker; markers other than the card player's move only under
    Backward (back along their path, down to its floor) and Detour (its target)."""
    for colour, (was, now) in enumerate(zip(before["markers"], view["markers"], strict=True)):
        if was["finished"]:
            assert now == was, "nothing affects a finished marker"
        elif colour == before["to_play"]:
            continue
        elif isinstance(action, Backward):
            floor = 0 if was["detour"] is None else 1
            back = max(was["space"] - BACKWARD_SPACES, floor)
            assert (now["space"], now["detour"], now["finished"]) == (back, was["detour"], False)
        elif not (isinstance(action, SendOnDetour) and view["colours"][colour] == action.colour):
            assert now == was, "only the card player's marker moved"


def card_played(view: dict[str, JSON], action: Action) -> str | None:
    """The name of the card the action plays, or None for a special's second part."""
    if view["pending"] is not None:
        return None
    if isinstance(action, Move | Pass):
        key = action.card
        return next(str(card["name"]) for card in view["cards"] if card["name"].lower() == key)
    kind = KIND_OF.get(type(action).__name__)
    return next(str(card["name"]) for card in view["cards"] if card["action"] == kind)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=soak.games(250))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_markers_stay_on_their_paths_and_hands_hold_the_unplayed_cards(
    players: int, seed: int
) -> None:
    state = towpath.load("detour", players).new_state(seed)
    bot = towpath.agent("random", seed=seed)
    view = state.view(None)
    names = [card["name"] for card in view["cards"]]
    played: list[list[str]] = [[] for _ in view["markers"]]
    before = None
    while True:
        check_markers(view, before)
        for colour, hand in enumerate(view["hands"]):
            assert hand == [name for name in names if name not in played[colour]]
        if state.is_terminal():
            break
        if view["blocked"]:
            assert not any(isinstance(a, Move) for a in state.legal_actions())
        action = bot.choose(state)
        card = card_played(view, action)
        if card is not None:
            played[view["to_play"]].append(card)
        state.apply(action)
        before, view = view, state.view(None)
        check_other_markers(before, view, action)
        assert view["finished"][: len(before["finished"])] == before["finished"]
        if view["round"] != before["round"]:
            assert not before["finished"], "the round of a finish is the last"
            played = [[] if len(cards) == len(names) else cards for cards in played]
    check_the_end(view, state.returns(), players)


def check_the_end(view: dict[str, JSON], returns: list[float], players: int) -> None:
    assert sum(returns) == pytest.approx(1.0)
    if view["finished"]:
        assert returns.count(1.0) == 1
        if players > 2:
            winner = view["markers"][returns.index(1.0)]
            assert winner["finished"], "with 3-4 players a finisher wins"
    else:
        assert view["round"] == view["max_rounds"]

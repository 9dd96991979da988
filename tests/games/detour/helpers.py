"""Explicit Detour positions for rule tests.

Markers are written as places: "12" is main space 12, "D1:3" the third space of detour D1,
"F" a finished marker. Default map facts the tests use (rules/detour.md): costs of spaces
1-5 Train, Train, Boat, Boat, Train; 6 Balloon; 7 Train; 10 Balloon; 33 Boat; 34 Train+Boat;
35 Balloon; finishing costs Balloon+Train. Blue areas 4, 11, 22, 29, 33. D1 leaves 5 for 10
(Balloon, Boat, Balloon, Train, Boat, Balloon, beside 6, 7, 8, 8, 9, 9), D2 leaves 16 for 20,
D3 leaves 26 for 31.
"""

from __future__ import annotations

from typing import Any

import towpath
from towpath.games.detour import Detour
from towpath.games.detour.state import DetourState

ALL = ["detour", "backward", "block", "voyage"]


def node_of(game: Detour, place: str) -> int:
    board = game.map
    if place == "F":
        return board.finish
    if place.startswith("D"):
        name, _, space = place.partition(":")
        index = [d.name for d in board.detours].index(name)
        return board.first_node[index] + int(space) - 1
    return int(place)


def place_of(state: DetourState, colour: int) -> str:
    board, node = state.game.map, state.nodes[colour]
    if node == board.finish:
        return "F"
    space, detour = board.space_on_path(node)
    return f"{board.detours[detour].name}:{space}" if detour >= 0 else str(space)


def places(state: DetourState) -> list[str]:
    return [place_of(state, colour) for colour in range(len(state.nodes))]


def position(
    markers: list[str],
    *,
    to_play: int = 0,
    first: int = 0,
    hands: list[list[str]] | None = None,
    blocked: bool = False,
    block_next: bool = False,
    players: int | None = None,
    round_: int = 1,
    **options: Any,
) -> DetourState:
    """Markers by colour at `markers`, colour `to_play` about to play in a round that the
    seat `first` started. With 2 players pass players=2 and four markers."""
    game = towpath.load("detour", players or len(markers), **options)
    assert isinstance(game, Detour)
    assert len(markers) == len(game.colours)
    state = game.new_state(0)
    assert isinstance(state, DetourState)
    state.nodes = [node_of(game, place) for place in markers]
    state.finished = [c for c, place in enumerate(markers) if place == "F"]
    state.hands = [list(hand) for hand in hands] if hands else [list(ALL) for _ in markers]
    state.first = first
    state.turn = game.round_order[first].index(to_play)
    state.blocked = blocked
    state.block_next = block_next
    state.round = round_
    return state


def act(state: DetourState, notation: str) -> None:
    state.apply(state.game.parse_action(notation, state))


def notations(state: DetourState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def play_round_out(state: DetourState, notation_per_turn: str = "pass") -> None:
    """Every colour still to play this round passes with its first card in hand."""
    start = state.round
    while not state.is_terminal() and state.round == start:
        hand = state.hands[state.colour]
        act(state, f"{notation_per_turn} {hand[0]}")

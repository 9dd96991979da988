"""Detour's actions in words, for the log and the list of legal actions: the card played, for
which colour, and where the marker ends. Nothing in Detour is hidden."""

from __future__ import annotations

from towpath.core.actions import Action, Words
from towpath.games.detour.actions import Backward, Block, Move, Pass, SendOnDetour
from towpath.games.detour.table import DetourTable


def where(game: DetourTable, node: int) -> str:
    """A node as a player reads the board: `space 14`, `D1 space 3` or `the finish`."""
    board = game.map
    if node == board.finish:
        return "the finish"
    space, detour = board.space_on_path(node)
    return f"space {space}" if detour < 0 else f"{board.detours[detour].name} space {space}"


def spaces(steps: int) -> str:
    return f"{steps} space{'s' if steps != 1 else ''}"


def words(game: DetourTable, nodes: list[int], colour: int, action: Action) -> Words:
    """`action` of the colour `colour`, the markers standing on `nodes` (before it)."""
    name = game.colours[colour]
    node = nodes[colour]
    if isinstance(action, Move):
        card = game.cards[action.card].name
        end = where(game, game.map.advance(node, action.steps))
        return Words("move", "played", f"{card} to move {name} {spaces(action.steps)}, to {end}")
    if isinstance(action, Pass):
        card = game.cards[action.card].name
        return Words("play a card for no effect", "played", f"{card} for {name}, for no effect")
    if isinstance(action, SendOnDetour):
        target = game.colours.index(action.colour)
        detour = game.map.detour_of[game.map.branch_to[nodes[target]]]
        on = game.map.detours[detour].name
        card = game.cards[game.action_card["detour"]].name
        return Words(
            "send a marker on a detour", "played", f"{card} to send {action.colour} onto {on}"
        )
    if isinstance(action, Backward):
        card = game.cards[game.action_card["backward"]].name
        back = spaces(game.card_set.backward_spaces)
        end = where(game, game.map.advance(game.pushed_back[node], action.steps))
        return Words(
            f"play {card}",
            "played",
            f"{card}: every marker goes {back} back, then {name} {_onward(action.steps, end)}",
        )
    if isinstance(action, Block):
        card = game.cards[game.action_card["block"]].name
        end = where(game, game.map.advance(node, action.steps))
        return Words(
            f"play {card}",
            "played",
            f"{card}: the next round is blocked; {name} {_onward(action.steps, end)}",
        )
    return Words("end the turn", "ended", f"{name}'s turn without the card's second part")


def _onward(steps: int, end: str) -> str:
    """Where an action's move takes the card's marker: "goes 2 spaces on, to space 9", or
    "stays on space 7"."""
    return f"stays on {end}" if steps == 0 else f"goes {spaces(steps)} on, to {end}"

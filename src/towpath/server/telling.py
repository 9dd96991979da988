"""Actions told in words: what a move is, in every language a reader may choose
(`towpath.core.i18n`, from the engine's `words`), said before it is played; a client's action
is played on a copy of the state before anything is told of it (`checked`)."""

from __future__ import annotations

from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, Game, State
from towpath.core.i18n import LANGUAGES, speaking
from towpath.server.protocol import Refused

Told = dict[str, JSON]  # an action in words: {"seat", "kind", "did", "what"}
Said = dict[str, Told]  # an action in words in each language, by the language's code


def said(state: State, action: Action) -> Said:
    """What `action` is in words in every language (before it is played)."""
    told = {}
    for code in LANGUAGES:
        with speaking(code):
            told[code] = {"seat": state.current_player, **state.words(action).to_json()}
    return told


def told(state: State, action_text: str) -> tuple[Action, Said]:
    """The action of a recorded notation in `state` (see `Game.parse_recorded`), and what it
    is in words (before it is played)."""
    action = state.game.parse_recorded(action_text, state)
    return action, said(state, action)


def checked(state: State, text: str) -> tuple[State, Action, Said]:
    """A client's action played on a copy of `state`: the state after it, the action, and
    what it is in words. Nothing is told of an action before the engine accepted it."""
    try:
        action = state.game.parse_action(text, state)
    except GameError as error:
        raise Refused(400, str(error), "notation") from None
    after = state.clone()
    try:
        after.apply(action)
    except IllegalAction as error:
        raise Refused(409, str(error), error.rule) from None
    return after, action, said(state, action)


def replay_told(game: Game, seed: int, actions: list[str]) -> tuple[State, list[Said]]:
    """The state a record reaches, and every action of it in words."""
    state = game.new_state(seed)
    moves = []
    for text in actions:
        action, words = told(state, text)
        moves.append(words)
        state.apply(action)
    return state, moves

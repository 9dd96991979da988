"""Game records and saved states: reading them back, with clear errors for corrupt input."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

from towpath.core.errors import GameError
from towpath.core.game import JSON, STATE_FORMAT, STATE_VERSION, Game, Record, State

Loader = Callable[..., Game]


def check_record(record: object) -> Record:
    """Return the record if it has the shape {"game","players","options","seed","actions"}."""
    if not isinstance(record, Mapping):
        raise GameError("corrupt record: expected a JSON object")
    game, players, options = record.get("game"), record.get("players"), record.get("options", {})
    seed, actions = record.get("seed"), record.get("actions")
    if not isinstance(game, str):
        raise GameError('corrupt record: expected "game" to be a game id')
    if not isinstance(players, int) or isinstance(players, bool):
        raise GameError('corrupt record: expected "players" to be a whole number')
    if not isinstance(options, Mapping):
        raise GameError('corrupt record: expected "options" to be an object')
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameError('corrupt record: expected "seed" to be a whole number')
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise GameError('corrupt record: expected "actions" to be a list of notations')
    return Record(game=game, players=players, options=dict(options), seed=seed, actions=actions)


def replay(record: Mapping[str, JSON], load: Loader, upto: int | None = None) -> State:
    """Play a record's actions (the first `upto` of them) from its seed."""
    checked = check_record(record)
    game = load(checked["game"], checked["players"], **checked["options"])
    state = game.new_state(checked["seed"])
    for number, text in enumerate(checked["actions"][:upto], start=1):
        try:
            state.apply(game.parse_recorded(text, state))
        except GameError as error:
            raise GameError(f"record action {number} ({text!r}): {error}") from None
    return state


def state_from_json(text: str, load: Loader) -> State:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as error:
        raise GameError(f"corrupt state: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise GameError(f'corrupt state: expected an object with "format": "{STATE_FORMAT}"')
    if data.get("version") != STATE_VERSION:
        raise GameError(f"corrupt state: expected version {STATE_VERSION}")
    options = data.get("options")
    if not isinstance(options, dict) or not isinstance(data.get("players"), int):
        raise GameError("corrupt state: expected a player count and an options object")
    game = load(data.get("game"), data["players"], **options)
    try:
        return game.state_class.restore(game, data)
    except (TypeError, ValueError, KeyError, IndexError) as error:
        raise GameError(f"corrupt state: {error}") from None


def read_json_file(path: str | Path, what: str) -> JSON:
    """Read a JSON file, turning every failure into one GameError line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise GameError(f"cannot read {what} {str(path)!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise GameError(f"corrupt {what} {str(path)!r}: expected UTF-8 JSON") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise GameError(
            f"corrupt {what} {str(path)!r}: not JSON ({error.msg}, line {error.lineno})"
        ) from None

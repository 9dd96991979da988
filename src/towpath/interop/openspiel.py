"""Every towpath game as an OpenSpiel Python game: importing this module registers them.

    import pyspiel
    import towpath.interop.openspiel
    game = pyspiel.load_game("towpath_mississippi(players=4)")

`towpath_<game_id>` takes `players` and the game's options as parameters (an option whose
default is unset takes −1 for a number, "default" for a file, for the game's default; a list
option is a string parameter, such as "6;5;4;3;2;1" read as JSON after the ";" become ",").

How the games are declared:
- Chance. Every draw of a towpath game (a die, each step of a shuffle, a card's orientation)
  is a chance node of its own: a uniform choice among its n outcomes, `chance_outcomes()` each
  1/n (EXPLICIT_STOCHASTIC; towpath.interop.chance). The setup's draws come first (a shuffled
  pile of 60 cards is 59 chance nodes); an action that draws (a Mississippi boat's first roll,
  discards shuffled into a new pile) is followed by its draws, and until they are answered the
  state is the one before it. Nothing fixes the chance to come: no seed, no generator inside
  the state. Detour has no chance (DETERMINISTIC). towpath's own tools keep drawing from the
  seed of `new_state(seed)`; `replayed(game, seed, actions)` is such a game as an OpenSpiel
  state, its chance nodes answered as the seed drew.
- Information. IMPERFECT_INFORMATION where a game keeps secrets (hands, piles, routes: Arriala,
  Canal King, Mapped Out); Mississippi, whose only chance is its rolls, and Detour are
  PERFECT_INFORMATION.
- Utility. Returns lie from 0 to 1; CONSTANT_SUM (1) where a game always ends with a winner or
  a shared win, GENERAL_SUM where the safety limit can end it with no winner. OpenSpiel has no
  truncation: a game stopped by its safety limit is terminal, with the game's own returns
  there (Arriala and Detour name the leader the winner, as their rules say; the others pay
  0), so a learner that must not learn from cut-off games checks `state.towpath.ending()`
  (its reason "limit") or keeps games short of `max_game_length`. The
  `max_game_length` is the game's most actions (its encoding); the reward is terminal.
- Observations through an observer of one seat (private information of a single player):
  `observation_*` is the seat's view (the tensor of the game's encoding; the string its view as
  JSON), `information_state_*` adds every action played (the string in notation, the tensor
  as binary ids), which makes it perfect recall (towpath.interop.observations).
- `resample_from_infostate(seat, sampler)` is `resample(seat, seed)` with a seed drawn from the
  sampler (for Python callers such as `ISMCTSBot`). In Mississippi and Detour, which hide
  nothing, that is the state itself; in the games with secrets the world's hidden parts are
  dealt again but its `history()` is still the original's (it replays to the original world).
- States serialize through the state's JSON and the draws under way; `action_to_string` is
  towpath's notation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, Self

import pyspiel

import towpath
from towpath.core import registry
from towpath.core.game import Game, State
from towpath.core.options import IntListOption, IntOption, Option
from towpath.core.record import state_from_json
from towpath.interop.chance import (
    Event,
    Recording,
    answer,
    most_outcomes,
    play,
    settled,
    start,
)
from towpath.interop.observations import (
    information_layout,
    information_string,
    information_tensor,
    observation,
    observation_string,
)

PREFIX = "towpath_"
UNSET = "default"
UNSET_NUMBER = -1


class World:
    """The towpath state inside an OpenSpiel state, and the chance event under way, if any (the
    setup's, before there is a state; else an action's, the state still as before it).

    OpenSpiel copies a Python state with `deepcopy` and saves it with `pickle`: a copy shares
    the game and clones the state; a save is the state's JSON and the event's action and answers.
    """

    def __init__(self, game: Game, state: State | None, event: Event | None) -> None:
        self.game = game
        self.state = state
        self.event = event

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        state, event = self.state, self.event
        return World(
            self.game,
            None if state is None else state.clone(),
            None if event is None else replace(event, answers=list(event.answers)),
        )

    def __reduce__(self) -> tuple[Callable[..., World], tuple[Any, ...]]:
        game, event = self.game, self.event
        saved = None if self.state is None else self.state.to_json()
        pending = None
        if event is not None:
            action = None if event.action is None else str(event.action)
            pending = (action, event.outcomes, event.answers)
        return restore_world, (game.id, game.players, game.non_default_options(), saved, pending)

    def settle(self, outcome: State | Event) -> None:
        """Take what a step came to: a state, or a chance event to answer."""
        if isinstance(outcome, Event):
            self.event = outcome
        else:
            self.state, self.event = outcome, None


def restore_world(
    game_id: str,
    players: int,
    options: Mapping[str, Any],
    saved: str | None,
    pending: tuple[str | None, int, list[int]] | None,
) -> World:
    game = table(game_id, players, json.dumps(options, sort_keys=True))
    state = None if saved is None else settled(state_from_json(saved, lambda *_, **__: game))
    event = None
    if pending is not None:
        text, outcomes, answers = pending
        action = None if text is None else game.parse_action(text, state)
        event = Event(action, outcomes, list(answers))
    return World(game, state, event)


@cache
def table(game_id: str, players: int, options: str) -> Game:
    """One game object per configuration (OpenSpiel loads the game again for every state it
    restores), so its components and encoding are built once."""
    return towpath.load(game_id, players, **json.loads(options))


def parameter(option: Option) -> bool | int | float | str:
    """An option's OpenSpiel parameter default: its own where it has one, else a mark that
    stands for the game's default: −1 for a number, "default" for a list or a file."""
    default = option.default
    if isinstance(default, bool | int | float | str):
        return default
    return UNSET_NUMBER if isinstance(option, IntOption) else UNSET


def options_from(game_class: type[Game], params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters, leaving out the marks of a default."""
    options = {}
    for spec in game_class.option_specs:
        value = params.get(spec.name, parameter(spec))
        if value == parameter(spec) != spec.default:
            continue  # the mark of the game's default
        if isinstance(spec, IntListOption) and isinstance(value, str):
            value = value.replace(";", ",")  # a game string separates its parameters by ","
        options[spec.name] = value
    return options


def game_type(game_class: type[Game]) -> pyspiel.GameType:
    table = game_class()
    encoding = table.encoding
    kind = pyspiel.GameType
    return kind(
        short_name=PREFIX + game_class.id,
        long_name=f"towpath {game_class.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC
        if encoding.chance
        else kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.IMPERFECT_INFORMATION
        if game_class.hidden_information
        else kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM
        if encoding.returns_sum is None
        else kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game_class.max_players,
        min_num_players=game_class.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game_class.default_players,
            **{option.name: parameter(option) for option in game_class.option_specs},
        },
    )


class TowpathGame(pyspiel.Game):  # type: ignore[misc]
    """One towpath game configuration, as OpenSpiel sees it; `register` makes a subclass per
    game (OpenSpiel keeps its registered classes to the end of the process: a class lives that
    long safely, a closure's release after Python has stopped aborts the process)."""

    game_class: type[Game]

    def __init__(self, params: Mapping[str, Any]) -> None:
        game_class = self.game_class
        options = json.dumps(options_from(game_class, params), sort_keys=True)
        self.table = table(game_class.id, int(params["players"]), options)
        encoding = self.table.encoding
        self.chance = encoding.chance
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_distinct_actions,
            max_chance_outcomes=most_outcomes(self.table) if self.chance else 0,
            num_players=self.table.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=encoding.returns_sum,
            max_game_length=encoding.max_game_length(),
        )
        super().__init__(game_type(game_class), info, dict(params))

    def new_initial_state(self) -> TowpathState:
        return TowpathState(self)

    def __reduce__(self) -> tuple[Callable[[str], pyspiel.Game], tuple[str]]:
        """A game pickles as its OpenSpiel string, `towpath_detour(players=3)`, loaded again."""
        return pyspiel.load_game, (str(self),)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> TowpathObserver:
        return TowpathObserver(
            self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class TowpathState(pyspiel.State):  # type: ignore[misc]
    """A towpath state, or a chance node: a draw of the setup or of the action just played."""

    def __init__(self, game: TowpathGame) -> None:
        super().__init__(game)
        table = game.table
        self.world = World(table, None, None)
        self.world.settle(start(table))

    @property
    def towpath(self) -> State | None:
        """The towpath state (None while the setup draws; at a chance node after an action, the
        state before it)."""
        return self.world.state

    def current_player(self) -> int:
        state = self.world.state
        if self.world.event is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert state is not None
        seat = state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.world.state is not None
        return self.world.game.legal_ids(self.world.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        event = self.world.event
        assert event is not None, "chance outcomes asked where no draw is under way"
        return [(outcome, 1.0 / event.outcomes) for outcome in range(event.outcomes)]

    def _apply_action(self, action: int) -> None:
        world = self.world
        game, state, event = world.game, world.state, world.event
        if event is not None:
            world.settle(answer(game, state, event, int(action)))
            return
        assert state is not None
        played = game.encoding.action(int(action), state)
        if game.encoding.chance:
            world.settle(play(state, played))
        else:
            state.apply(played)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            event = self.world.event
            outcomes = "?" if event is None else event.outcomes
            return f"chance: outcome {action} of {outcomes}"
        return str(self.world.game.encoding.action(int(action), self.world.state))

    def is_terminal(self) -> bool:
        state = self.world.state
        return self.world.event is None and state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        if self.world.state is None or self.world.event is not None:
            return [0.0] * self.world.game.players
        return self.world.state.returns()

    def played(self) -> list[int]:
        """The ids of the players' actions so far, oldest first (the history without chance)."""
        return [step.action for step in self.full_history() if step.player >= 0]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> Self:
        """A state the seat cannot tell from this one: `resample` with a seed from the sampler."""
        world = self.clone()
        state = self.world.state
        if state is not None:
            seed = int(probability_sampler() * 2**31)
            world.world.state = settled(state.resample(player_id, seed))
        return world  # type: ignore[no-any-return]

    def __str__(self) -> str:
        state, event = self.world.state, self.world.event
        if state is None:
            return "the setup, drawing"
        text = state.to_json()
        return text if event is None else f"{text}\n{event.action}: drawing"


def replayed(game: TowpathGame, seed: int, actions: Sequence[str]) -> TowpathState:
    """The OpenSpiel state of the towpath game of `seed` after `actions` (notation): each chance
    node answered as the seed's generator drew (a record of towpath's own, in OpenSpiel)."""
    table = game.table
    recording = Recording(seed)
    world = table.new_state(seed, rng=recording)
    state = game.new_initial_state()
    for text in [None, *actions]:
        if text is not None:
            action = table.parse_action(text, world)
            state.apply_action(table.action_id(action, world))
            world.apply(action)
        while state.is_chance_node():
            state.apply_action(recording.answers[len(state.history()) - len(state.played())])
    return state


class TowpathObserver:
    """One seat's observation, or its information state (OpenSpiel's PyObserver)."""

    def __init__(
        self, game: Game, iig_obs_type: pyspiel.IIGObservationType, params: Any = None
    ) -> None:
        if params:
            raise ValueError(f"towpath observers take no parameters, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("a towpath observer shows one seat's view: private info of one player")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = information_layout(game) if self.perfect_recall else game.observation_layout
        self.tensor = layout.zeros()
        self.dict = layout.parts(self.tensor)

    def set_from(self, state: TowpathState, player: int) -> None:
        world = state.towpath
        if world is None:
            self.tensor.fill(0.0)
        elif self.perfect_recall:
            self.tensor[:] = information_tensor(world, player, state.played())
        else:
            self.tensor[:] = observation(world, player)

    def string_from(self, state: TowpathState, player: int) -> str:
        world = state.towpath
        if world is None:
            return ""
        if self.perfect_recall:
            return information_string(world, player)
        return observation_string(world, player)


def register() -> None:
    """Register `towpath_<game_id>` for every towpath game (once)."""
    known = set(pyspiel.registered_names())
    for game_id in towpath.game_ids():
        if PREFIX + game_id not in known:
            game_class = registry.game_class(game_id)
            subclass = type(
                f"{game_class.__name__}Game", (TowpathGame,), {"game_class": game_class}
            )
            pyspiel.register_game(game_type(game_class), subclass)


register()

"""The contract every game keeps: a Game (rules and components) and its States (positions).

A game package subclasses both. The public methods here check their input and keep the promises
of the contract (an illegal action changes nothing, history and RNG travel with the state); the
game fills in the hooks whose names start with an underscore.
"""

from __future__ import annotations

import json
import math
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Generic, Literal, Self, TypeVar, cast

import typing_extensions

from towpath.core.actions import Action, Words
from towpath.core.encoding import Encoding, Tensor, TensorLayout
from towpath.core.errors import GameError, IllegalAction
from towpath.core.i18n import language
from towpath.core.options import Option, OptionValue
from towpath.core.rng import Rng

T = TypeVar("T")
K = TypeVar("K")
# The states a game makes (`Game[MississippiState]`); a game named without it is `Game[Any]`.
S = typing_extensions.TypeVar("S", bound="State", default=Any)
JSON = Any  # a value made of dict, list, str, int, float, bool and None
STATE_FORMAT = "towpath-state"
STATE_VERSION = 1


EndReason = Literal["win", "shared", "limit", "nobody"]


# typing_extensions' TypedDict: pydantic (the server's answers) reads no other before 3.12.
class Record(typing_extensions.TypedDict):
    """A game record, as files, the lab and the server keep it: replaying `actions` (in the
    game's notation) from `seed` gives the game again (`towpath.replay`)."""

    game: str
    players: int
    options: dict[str, OptionValue]
    seed: int
    actions: list[str]


class EndingJSON(typing_extensions.TypedDict):
    """An `Ending` as JSON."""

    reason: EndReason
    winners: list[int]
    how: str


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended: `reason` is "win" (one winner by the rules), "shared" (several share
    the win), "limit" (a safety limit on the length ended it, with or without winners) or
    "nobody" (the rules ended it with no winner); `winners` are the seats with a positive
    return; `how` says it in the game's words, naming no seat."""

    reason: EndReason
    winners: tuple[int, ...]
    how: str

    def to_json(self) -> EndingJSON:
        return {"reason": self.reason, "winners": list(self.winners), "how": self.how}


P = TypeVar("P", bound="State")


@dataclass(frozen=True, slots=True)
class Display(Generic[P]):
    """How a game shows its positions: the functions of its `view.py`.

    `view(state, seat, everything)` is what `seat` may know (seat None: a spectator), or every
    secret when `everything` (the game is over, or the open view of a replay); `last_played`
    says where the last action was played, for a drawing to mark it; the renderings draw a
    view, and nothing else, as text and as SVG.
    """

    view: Callable[[P, int | None, bool], dict[str, JSON]]
    last_played: Callable[[P], JSON]
    render_text: Callable[[dict[str, JSON]], str]
    render_svg: Callable[[dict[str, JSON]], str]


class Game(ABC, Generic[S]):
    """A game with its player count, options and components; a factory of states (`S`)."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    # Option combinations worth exercising in the conformance suite and benchmarks.
    option_sets: ClassVar[tuple[Mapping[str, OptionValue], ...]] = ({},)
    # The class of its positions: `state_class(game, seed, rng)` is a new game.
    state_class: ClassVar[type[State]]
    # One line telling a person how to write this game's actions.
    notation_help: ClassVar[str] = ""
    # MCTS settings that suit this game better than the bot's defaults (see agents.mcts).
    mcts_settings: ClassVar[Mapping[str, Any]] = {}
    # The bots the levels "easy", "normal" and "hard" stand for here (see agents.levels).
    bot_levels: ClassVar[Mapping[str, str]] = {}
    # Whether a seat's view hides anything (hands, deals, routes) until the game's end.
    hidden_information: ClassVar[bool] = False
    # Whether `scores` are what players call a score (points), not a race's progress.
    keeps_score: ClassVar[bool] = True
    # For people choosing a game: what it is in two short sentences, and how long it takes.
    blurb: ClassVar[str] = ""
    play_time: ClassVar[str] = ""

    def __init__(self, players: int | None = None, **options: object) -> None:
        if players is None:
            players = self.default_players
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise GameError(
                f"{self.id} is for {self.min_players} to {self.max_players} players, "
                f"got {players!r}"
            )
        self.players = players
        self.options = self._resolve_options(options)
        self._setup()

    def _resolve_options(self, given: Mapping[str, object]) -> dict[str, OptionValue]:
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            valid = ", ".join(specs) or "none"
            raise GameError(f"{self.id} has no option {unknown[0]!r}; valid options: {valid}")
        return {
            name: spec.coerce(given[name]) if name in given else spec.default
            for name, spec in specs.items()
        }

    def _setup(self) -> None:
        """Load components and check options against each other and the player count."""

    @classmethod
    def package(cls) -> str:
        """The game's package (`towpath.games.<id>`): its data, catalogue and lesson."""
        return sys.modules[cls.__module__].__package__ or cls.__module__

    @classmethod
    def guide(cls) -> str:
        """The rules written for players, in Markdown, in the language spoken now: the game
        package's `data/guide.<language>.md`, else `data/guide.md` (English)."""
        data = resources.files(cls.package()).joinpath("data")
        translated = data.joinpath(f"guide.{language()}.md")
        chosen = translated if translated.is_file() else data.joinpath("guide.md")
        return chosen.read_text(encoding="utf-8")

    def option(self, name: str, kind: type[T]) -> T | None:
        """An option's value, typed (None where the option is unset)."""
        value = self.options[name]
        if value is None:
            return None
        if not isinstance(value, kind):
            raise GameError(f"option {name}: expected a {kind.__name__}, got {value!r}")
        return value

    def seat_option(self, name: str) -> int:
        """An option naming a seat (seat 0 where unset), checked against the player count."""
        seat = self.option(name, int) or 0
        if seat >= self.players:
            raise GameError(f"option {name}: expected a seat from 0 to {self.players - 1}")
        return seat

    def non_default_options(self) -> dict[str, OptionValue]:
        defaults = {spec.name: spec.default for spec in self.option_specs}
        return {k: v for k, v in self.options.items() if v != defaults[k]}

    def new_state(self, seed: int = 0, rng: Rng | None = None) -> State:
        """The starting position; every chance event of the game is drawn from `seed`, or
        from `rng` where given (the researchers' door answers each draw as a chance node)."""
        return self.state_class(self, seed, rng)

    @abstractmethod
    def parse_action(self, text: str, state: S | None = None) -> Action:
        """Read an action's notation; GameError says what notation was expected."""

    def parse_recorded(self, text: str, state: S) -> Action:
        """Read an action of a game record, in the position it was played in (`replay`). It is
        `parse_action`; a game whose notation once meant more than it now accepts reads its
        older records here as they were played."""
        return self.parse_action(text, state)

    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` looks for `seat`: an estimate of its return, from 0 to 1.

        Bots call it on worlds resampled from the seat's view. Games override it with what a
        good player weighs; this default compares the seat's score with the best other one.
        """
        if state.is_terminal():
            return state.returns()[seat]
        scores = state.scores()
        others = [score for other, score in enumerate(scores) if other != seat]
        spread = max(scores) - min(scores)
        return logistic((scores[seat] - max(others)) / (1.0 + spread))

    def evaluate_all(self, state: S) -> list[float]:
        """`evaluate` for every seat; games whose judgement of one seat weighs every seat's
        position override it to do that work once."""
        return [self.evaluate(state, seat) for seat in range(self.players)]

    def playout_action(self, state: S, rng: Rng) -> Action:
        """A cheap action for the seat to move, by the game's rule of thumb (the `playout`
        bot's move and MCTS's playout rollouts), drawn with `rng` where it leaves a choice.

        It is called on worlds resampled from the seat's view and must lead the game to its end
        by the rules, fast. This default, a uniformly random legal action, ends few games."""
        return state.random_action(rng)

    def estimate_actions(
        self, state: S, seat: int, actions: Sequence[Action]
    ) -> list[float] | None:
        """Quick estimates of `evaluate` for `seat` after each of `actions` (legal in `state`).

        For bots that must rank hundreds of actions; None (the default) where the game has no
        estimate cheaper than evaluating each action's result.
        """
        return None

    # -- fixed-size encoding (towpath.interop) ------------------------------------------------

    @property
    def encoding(self) -> Encoding:
        """This configuration's action ids and observation tensors, built on first use."""
        encoding: Encoding | None = self.__dict__.get("_encoding")
        if encoding is None:
            encoding = self.__dict__["_encoding"] = self._encoding()
        return encoding

    def _encoding(self) -> Encoding:
        raise GameError(f"{self.id} has no action ids or observation tensors")

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids this configuration has: they run from 0 to this − 1."""
        return self.encoding.size

    def action_id(self, action: Action, state: State | None = None) -> int:
        """The stable id of `action` (legal in `state`, which a game that names some actions
        relative to the position needs); GameError where it is no action of this game."""
        return self.encoding.action_id(action, state)

    def action_from_id(self, action_id: int, state: State | None = None) -> Action:
        """The action with this id; with a `state`, IllegalAction unless it is legal there (a
        game that names some actions relative to the position needs the state to read them)."""
        action = self.encoding.action(action_id, state)
        if state is not None and action not in state.legal_actions():
            raise IllegalAction(
                f"{action} (id {action_id}) is not a legal action here", rule="legal actions"
            )
        return action

    def legal_ids(self, state: State) -> list[int]:
        """The ids of the legal actions in `state`, ascending."""
        encoding = self.encoding
        return sorted(encoding.action_id(action, state) for action in state.legal_actions())

    @property
    def observation_layout(self) -> TensorLayout:
        """The observation tensor's named slices (see the game's encoding module)."""
        return self.encoding.layout

    def observation_tensor(self, view: Mapping[str, JSON], seat: int) -> Tensor:
        """`view` (that is, `state.view(seat)`) as a flat float32 tensor, values from 0 to 1."""
        return self.encoding.observe(view, seat)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} players={self.players} options={self.options}>"


class State(ABC):
    """A position. Mutable; `clone()` gives an independent copy.

    A game's own data lives in the slots named by `fields`, as plain JSON values (ints, strs,
    bools, None, lists and str-keyed dicts of those, never tuples or sets): that is what lets
    the base class clone, save and restore every game the same way.
    """

    __slots__ = ("_legal", "game", "history", "rng", "seed")
    fields: ClassVar[tuple[str, ...]] = ()
    display: ClassVar[Display[Any]]  # the game's view.py

    game: Game
    seed: int
    rng: Rng
    history: list[Action]
    _legal: object  # see `kept_legal`

    def __init__(self, game: Game, seed: int, rng: Rng | None = None) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed) if rng is None else rng
        self.history = []

    # -- whose turn, what is legal -------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action, each once, in a deterministic order; empty iff the game is over."""

    def is_terminal(self) -> bool:
        return self.current_player is None

    def kept_legal(self, work_out: Callable[[], K]) -> K:
        """The legal actions in the game's own form (a list, or a list and its set), worked out
        once in this position: the listing and the check of an action both need them. They are
        forgotten by the next action, and a copy works them out again (a position changed by
        hand must forget them too: `_legal = None`)."""
        known = getattr(self, "_legal", None)
        if known is None:
            known = self._legal = work_out()
        return cast(K, known)

    def random_action(self, rng: Rng) -> Action:
        """A uniformly random legal action, drawn with `rng` (GameError once the game is over).

        The default draws from `legal_actions()` with `rng.choice`; a game whose actions are
        many overrides it to draw one without listing them all (the distribution is the same).
        """
        actions = self.legal_actions()
        if not actions:
            raise GameError("the game is over: there is no action to choose")
        return rng.choice(actions)

    # -- acting ----------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play `action` for the current player. IllegalAction leaves the state as it was."""
        if self.is_terminal():
            raise IllegalAction(f"{action}: the game is over", rule="game over")
        self._check(action)
        self._apply(action)
        self._legal = None
        self.history.append(action)

    def words(self, action: Action) -> Words:
        """`action` in words, for the log and the list of legal actions: asked of the state the
        action is played in (before it), it says only what every seat may know once it is
        played. The default names its kind by the notation's first word."""
        return self._words(action)

    def _words(self, action: Action) -> Words:
        text = str(action)
        return Words(text.split(" ", 1)[0], "played", text)

    def undoable(self) -> bool:
        """Whether the last action may be taken back: its seat is still to move in the same
        turn, and it revealed nothing hidden and drew no chance (replaying the record without it
        gives the position before it)."""
        return bool(self.history) and not self.is_terminal() and self._undoable()

    def _undoable(self) -> bool:
        """Games whose turns hold several actions tell which can be taken back; by default,
        every action ends its turn."""
        return False

    def _check(self, action: Action) -> None:
        """Raise IllegalAction naming the broken rule; must not change the state.

        The default compares with the legal actions; games override it with direct checks.
        """
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not a legal action here", rule="legal actions")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a checked action, including any chance events it sets off."""

    # -- results ---------------------------------------------------------------------------------

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat: the payoff once the game is over (0 for all before)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """One value per seat: the game's own score or progress, meaningful at any time."""

    def ending(self) -> Ending | None:
        """How the game ended (None while it goes on)."""
        if not self.is_terminal():
            return None
        winners = tuple(seat for seat, value in enumerate(self.returns()) if value > 0)
        reason: EndReason
        if self.ended_by_limit():
            reason = "limit"
        elif not winners:
            reason = "nobody"
        else:
            reason = "win" if len(winners) == 1 else "shared"
        return Ending(reason, winners, self._ending_words(reason))

    def _ending_words(self, reason: EndReason) -> str:
        """How the game ended in the game's words ("The first boat across the finish wins.")."""
        return ""

    def ended_by_limit(self) -> bool | None:
        """Whether a safety limit on the game's length (`max_turns`, ...) ended it.

        True: the limit ended the game (with a winner or not, as the game's rules say); False:
        the game ended by its own rules or is not over. Games with such a limit override this;
        the default None means the game does not tell.
        """
        return None

    # -- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, JSON]:
        """Everything `seat` may know, as JSON-able data; seat None is a spectator. A game over
        shows every secret to everyone (the game's end reveals them)."""
        self._check_seat(seat)
        return self.display.view(self, seat, self.is_terminal())

    def open_view(self) -> dict[str, JSON]:
        """The view of someone who knows every secret of the position: for the replay of a game
        whose seed is published, where nothing is secret any more."""
        return self.display.view(self, None, True)

    def resample(self, seat: int | None, seed: int) -> Self:
        """A full state with the same `view(seat)`, its hidden parts drawn again from `seed`.

        It depends only on `view(seat)` and `seed`. The default suits games whose only hidden
        part is the future of the random generator; games with secrets override `_resample`.
        """
        self._check_seat(seat)
        world = self.clone()
        world.seed = seed  # the game's own seed would tell the chance still to come
        world.rng = Rng(seed)
        world._resample(seat)
        return world

    def _resample(self, seat: int | None) -> None:
        """Redraw, with `self.rng`, whatever `seat` cannot see."""

    def render_text(self, seat: int | None = None) -> str:
        """The board as a terminal shows it to `seat`, drawn from `view(seat)` alone."""
        return self.display.render_text(self.view(seat))

    def render_svg(
        self, seat: int | None = None, *, reveal: bool = False, narrow: bool = False
    ) -> str:
        """The board as an SVG drawing for `seat` (the browser's board), from `view(seat)` alone
        (`reveal`: from `open_view()`, every secret shown; `narrow`: for a phone, whatever can
        flow kept within `towpath.core.svg.NARROW` units).

        Elements a person may click carry `data-pick="TOKENS"`: a run of words of the notation
        of the actions they stand for (see `towpath.core.svg`). The drawing is given the view,
        `last_played`, `picking`: whether `seat` is the seat to move, without which a drawing
        leaves out what is there only to be clicked, and `narrow`.
        """
        self._check_seat(seat)
        view = self.open_view() if reveal else self.view(seat)
        picking = not reveal and seat is not None and seat == self.current_player
        drawn = {**view, "last_played": self.last_played(), "picking": picking, "narrow": narrow}
        return self.display.render_svg(drawn)

    def last_played(self) -> JSON:
        """Where the last action was played, in the game's terms, for a drawing to mark it (it
        is public: the action was played in the open); None before the first action."""
        return self.display.last_played(self) if self.history else None

    def log(self, seat: int | None = None, latest: int | None = None) -> list[str]:
        """The actions played so far as `seat` may know them, oldest first (only the `latest`
        ones where given).

        The default is every action's notation: actions are played in the open. A game whose
        notation can name a secret overrides this to redact it. A seat's log only grows: an
        entry, once told, stays as it was (a page keeps the entries it was sent).
        """
        self._check_seat(seat)
        actions = (
            self.history if latest is None else self.history[max(0, len(self.history) - latest) :]
        )
        return [str(action) for action in actions]

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players
        ):
            raise GameError(f"seat must be None or 0 to {self.game.players - 1}, got {seat!r}")

    # -- copies and files ------------------------------------------------------------------------

    def clone(self) -> Self:
        copy = object.__new__(type(self))
        copy.game = self.game
        copy.seed = self.seed
        copy.rng = self.rng.copy()
        copy.history = list(self.history)
        for name, value in self.snapshot().items():
            setattr(copy, name, value)
        return copy

    def snapshot(self) -> dict[str, JSON]:
        """The game's own fields as JSON data, copied (a game may copy them by their known
        shapes, faster: clones copy through it)."""
        return {name: copy_plain(getattr(self, name)) for name in self.fields}

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": STATE_FORMAT,
                "version": STATE_VERSION,
                "game": self.game.id,
                "players": self.game.players,
                "options": self.game.options,
                "seed": self.seed,
                "rng": self.rng.state,
                "history": [str(action) for action in self.history],
                "state": self.snapshot(),
            },
            separators=(",", ":"),
        )

    @classmethod
    def restore(cls, game: Game, data: Mapping[str, JSON]) -> Self:
        """Rebuild a state from `to_json` data (see `towpath.from_json`)."""
        state = object.__new__(cls)
        state.game = game
        fields = data.get("state")
        if not isinstance(fields, dict) or set(fields) != set(cls.fields):
            raise GameError(f"corrupt state: expected the fields {', '.join(cls.fields)}")
        seed, rng = data.get("seed"), data.get("rng")
        history = data.get("history")
        if not isinstance(seed, int) or not isinstance(rng, int) or not isinstance(history, list):
            raise GameError("corrupt state: expected integer seed and rng and a history list")
        state.seed = seed
        state.rng = Rng.from_state(rng)
        state.history = [game.parse_action(str(text)) for text in history]
        for name in cls.fields:
            setattr(state, name, fields[name])
        state._validate()
        return state

    def _validate(self) -> None:
        """Raise GameError("corrupt state: ...") if restored fields are not a possible position."""

    def record(self) -> Record:
        """The game record: replaying it from the seed gives this state again."""
        return {
            "game": self.game.id,
            "players": self.game.players,
            "options": self.game.non_default_options(),
            "seed": self.seed,
            "actions": [str(action) for action in self.history],
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} after {len(self.history)} actions>"


def logistic(x: float) -> float:
    """1 / (1 + e^-x), safe for large |x|: maps an advantage to a chance between 0 and 1."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def copy_plain(value: JSON) -> JSON:
    """Copy plain JSON data (lists and dicts all the way down; atoms are shared)."""
    kind = type(value)
    if kind is list:
        return [copy_plain(item) if type(item) in NESTED else item for item in value]
    if kind is dict:
        return {
            key: copy_plain(item) if type(item) in NESTED else item for key, item in value.items()
        }
    return value


NESTED = (list, dict)  # the JSON values copy_plain copies (every other is an atom, shared)

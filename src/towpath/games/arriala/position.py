"""Arriala's position: where every worker, lock and card is, the turn's action points and the
per-worker marks of the turn, with the facts the rules read from them (free spaces, workers
standing together, vineyard room). The rules modules (movement, sections, cards) act on it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import compress
from typing import ClassVar

from towpath.core.actions import Action
from towpath.core.caches import remember
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, State
from towpath.core.rng import Rng
from towpath.games.arriala.table import ArrialaTable

RESERVE = -1
# (location, colour, the workers of that colour there that are distinct choices: see `choices`)
Group = tuple[int, int, list[int]]

_ROWS: dict[tuple[object, ...], list[Action]] = {}
MAX_MADE = 100_000  # actions kept by `made`


def row(
    kind: Callable[..., Action], head: tuple[object, ...], card: str | None, length: int
) -> list[Action]:
    """`kind(*head, space[, card])` for each canal space, made once and shared: actions are
    values, and sharing them keeps listing the legal actions cheap."""
    key = (kind, *head, card)
    actions = _ROWS.get(key)
    if actions is None or len(actions) != length:
        tail = () if card is None else (card,)
        actions = _ROWS[key] = [kind(*head, space, *tail) for space in range(length)]
    return actions


_MADE: dict[tuple[object, ...], Action] = {}


def made(kind: Callable[..., Action], *fields: object) -> Action:
    """`kind(*fields)`, made once and shared (as `row` does for a row of actions)."""
    key = (kind, *fields)
    action = _MADE.get(key)
    if action is None:
        action = remember(_MADE, key, kind(*fields), MAX_MADE)
    return action


def free_of(actions: list[Action], free: list[bool], low: int, high: int) -> Iterator[Action]:
    """The actions of spaces low..high-1 that are free."""
    return compress(actions[low:high], free[low:high])


class Position(State):
    """Workers on the canal, in vineyards and on blue spaces.

    Worker w is worker number w % workers_per_colour + 1 of colour w // workers_per_colour: the
    number is public, given in placing order (a new worker is the lowest number left in the
    reserve, so the reserve holds a colour's highest numbers). `where[w]` is its location code
    (components.Layout). Its marks of the turn: `moved` (its one canal move is used),
    `from_canal` (it went canal→vineyard this turn, so it may not return to the canal), `left`
    (the places the current player moved it out of) and `barred` (the places the previous player
    moved it out of: it may not be moved back there this turn), both sorted. `scored` marks the
    spaces of scored sections.
    """

    __slots__ = (
        "ap",
        "barred",
        "discards",
        "from_canal",
        "hands",
        "left",
        "locks",
        "masterworks",
        "moved",
        "over",
        "pile",
        "player",
        "points",
        "reshuffled",
        "scored",
        "turn",
        "where",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "where",
        "locks",
        "scored",
        "points",
        "hands",
        "pile",
        "discards",
        "reshuffled",
        "masterworks",
        "player",
        "ap",
        "turn",
        "over",
        "moved",
        "from_canal",
        "left",
        "barred",
    )

    game: ArrialaTable
    where: list[int]
    locks: list[bool]
    scored: list[bool]
    points: list[int]
    hands: list[list[str]]
    pile: list[str]
    discards: list[str]
    reshuffled: list[str] | None
    masterworks: list[int | None]
    player: int
    ap: int
    turn: int
    over: bool
    moved: list[bool]
    from_canal: list[bool]
    left: list[list[int]]
    barred: list[list[int]]

    def __init__(self, game: ArrialaTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        layout, rules = game.layout, game.rules
        per = rules.workers_per_colour
        workers = layout.colours * per
        self.where = [RESERVE] * workers
        if layout.virtual is not None:
            for k, town in enumerate(layout.towns_in_play):
                self.where[layout.virtual * per + k] = town
        self.locks = [False] * layout.length
        self.scored = [False] * layout.length
        self.points = [0] * layout.colours
        deck = list(rules.deck)
        self.rng.shuffle(deck)
        self.hands = []
        for _ in range(game.players):
            self.hands.append(sorted(deck.pop() for _ in range(rules.starting_hand)))
        self.pile = deck
        self.discards = []
        self.reshuffled = None
        self.masterworks = [None] * len(layout.board.masterworks)
        self.player = game.first_player
        self.ap = rules.action_points
        self.turn = 0
        self.over = False
        self.moved = [False] * workers
        self.from_canal = [False] * workers
        self.left = [[] for _ in range(workers)]
        self.barred = [[] for _ in range(workers)]

    # -- copies (profiling: the generic deep copy was a fifth of a checked playout) -------------

    def snapshot(self) -> dict[str, JSON]:
        """Every field copied by its known shape: flat lists, and lists of flat lists."""
        return {
            "where": list(self.where),
            "locks": list(self.locks),
            "scored": list(self.scored),
            "points": list(self.points),
            "hands": [list(hand) for hand in self.hands],
            "pile": list(self.pile),
            "discards": list(self.discards),
            "reshuffled": None if self.reshuffled is None else list(self.reshuffled),
            "masterworks": list(self.masterworks),
            "player": self.player,
            "ap": self.ap,
            "turn": self.turn,
            "over": self.over,
            "moved": list(self.moved),
            "from_canal": list(self.from_canal),
            "left": [list(places) for places in self.left],
            "barred": [list(places) for places in self.barred],
        }

    # -- facts -----------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    def colour_of(self, worker: int) -> int:
        return worker // self.game.rules.workers_per_colour

    def occupant(self) -> list[int]:
        """A worker on each canal space (-1: none)."""
        length = self.game.layout.length
        occupant = [-1] * length
        for worker, place in enumerate(self.where):
            if 0 <= place < length:
                occupant[place] = worker
        return occupant

    def free(self) -> list[bool]:
        """Per canal space: may a worker go there (a town in play, or an empty space in play)?"""
        layout, locks = self.game.layout, self.locks
        free = list(layout.in_play)
        is_town = layout.is_town
        for p in layout.open_spaces:
            if locks[p]:
                free[p] = False
        length = layout.length
        for place in self.where:
            if 0 <= place < length and not is_town[place]:
                free[place] = False
        return free

    def is_free(self, space: int) -> bool:
        layout = self.game.layout
        return layout.in_play[space] and (
            layout.is_town[space] or (not self.locks[space] and space not in self.where)
        )

    def number_of(self, worker: int) -> int:
        return worker % self.game.rules.workers_per_colour + 1

    def worker(self, colour: int, number: int) -> int:
        return colour * self.game.rules.workers_per_colour + number - 1

    def alike(self, one: int, other: int) -> bool:
        """Do two workers carry the same marks of the turn?"""
        return (
            self.moved[one] == self.moved[other]
            and self.from_canal[one] == self.from_canal[other]
            and self.barred[one] == self.barred[other]
            and self.left[one] == self.left[other]
        )

    def lowest_alike(self, worker: int) -> int:
        """The lowest-numbered worker of its colour on its place with the same marks (itself if
        there is none lower): alike workers are one choice, named by that number."""
        per = self.game.rules.workers_per_colour
        place = self.where[worker]
        for other in range(worker - worker % per, worker):
            if self.where[other] == place and self.alike(worker, other):
                return other
        return worker

    def choices(self, workers: list[int]) -> list[int]:
        """Of workers of one colour on one place, those not alike to a lower-numbered one."""
        if len(workers) == 1:
            return workers
        return [w for w in workers if self.lowest_alike(w) == w]

    def groups(self) -> tuple[list[Group], list[Group]]:
        """The distinct choices of workers by (location, colour): on the canal, in vineyards."""
        layout = self.game.layout
        per = self.game.rules.workers_per_colour
        length, blue_base = layout.length, layout.blue_base
        together: dict[tuple[int, int], list[int]] = {}
        for worker, place in enumerate(self.where):
            if 0 <= place < blue_base:
                key = (place, worker // per)
                if key in together:
                    together[key].append(worker)
                else:
                    together[key] = [worker]
        canal: list[Group] = []
        vineyards: list[Group] = []
        for (place, colour), workers in sorted(together.items()):
            group = (place, colour, workers if len(workers) == 1 else self.choices(workers))
            (canal if place < length else vineyards).append(group)
        return canal, vineyards

    def workers_at(self, colour: int, place: int) -> list[int]:
        per = self.game.rules.workers_per_colour
        first = colour * per
        return [w for w in range(first, first + per) if self.where[w] == place]

    def reserve(self, colour: int) -> list[int]:
        return self.workers_at(colour, RESERVE)

    def vineyard_room(self) -> list[int]:
        """Free places per vineyard (0 for a vineyard not in play)."""
        layout = self.game.layout
        taken = Counter(self.where)
        return [
            vineyard.places - taken[layout.vineyard_code(v)] if layout.vineyard_in_play[v] else 0
            for v, vineyard in enumerate(layout.board.vineyards)
        ]

    def blue_free(self, blue: int) -> bool:
        layout = self.game.layout
        return layout.blue_in_play[blue] and layout.blue_code(blue) not in self.where

    def is_last(self, seat: int) -> bool:
        """Last (or tied for last) on the score track among the seats (not the virtual player)."""
        return self.points[seat] == min(self.points[: self.game.players])

    def refuse_target(self, target: int) -> None:
        """A canal space a worker or a lock may not go to: out of play, or holding a worker or
        a lock."""
        layout = self.game.layout
        if not (0 <= target < layout.length and layout.in_play[target]):
            raise IllegalAction(f"space {target + 1} is not in play", rule="in play")
        if not self.is_free(target):
            raise IllegalAction(
                f"space {target + 1} already holds a worker or a lock", rule="destination occupied"
            )

    def colour_name(self, colour: int) -> str:
        colours = self.game.rules.colours
        return colours[colour] if 0 <= colour < len(colours) else f"colour {colour}"

    # -- checking a restored position ------------------------------------------------------------

    def validate_board(self) -> None:
        """Raise GameError("corrupt state: ...") unless the workers, locks, marks and turn are a
        position the rules can reach."""
        layout, rules = self.game.layout, self.game.rules
        workers = layout.colours * rules.workers_per_colour
        last_code = layout.blue_code(len(layout.blue_in_play))
        expect(
            ints(self.where, workers) and all(RESERVE <= p < last_code for p in self.where),
            f"where must list {workers} locations",
        )
        for name in ("locks", "scored"):
            expect(bools(getattr(self, name), layout.length), f"{name}: one flag per space")
        for name in ("moved", "from_canal"):
            expect(bools(getattr(self, name), workers), f"{name}: one flag per worker")
        for name in ("left", "barred"):
            value = getattr(self, name)
            expect(
                isinstance(value, list)
                and len(value) == workers
                and all(
                    ints(places, len(places)) and places == sorted(set(places)) for places in value
                ),
                f"{name}: a sorted list of places per worker",
            )
        expect(self._placed_in_order(), "a colour's reserve must hold its highest numbers")
        expect(ints(self.points, layout.colours), "points: one number per colour")
        expect(
            ints([self.player, self.ap, self.turn], 3)
            and 0 <= self.player < self.game.players
            and 0 <= self.ap <= rules.action_points
            and isinstance(self.over, bool),
            "bad player, action points, turn or end flag",
        )
        occupant = Counter(p for p in self.where if 0 <= p < layout.length)
        expect(
            all(
                layout.is_town[p] or (n == 1 and not self.locks[p] and layout.in_play[p])
                for p, n in occupant.items()
            ),
            "two workers, or a worker and a lock, on one space",
        )
        elsewhere = Counter(p for p in self.where if p >= layout.length)
        expect(
            all(self._open_place(code, n) for code, n in elsewhere.items()),
            "a worker in a vineyard or blue space not in play, or too many there",
        )

    def _placed_in_order(self) -> bool:
        """Numbers are given in placing order: no worker out while a lower one is in reserve."""
        per = self.game.rules.workers_per_colour
        return all(
            self.where[w] != RESERVE or self.where[w + 1] == RESERVE
            for w in range(len(self.where))
            if w % per != per - 1
        )

    def _open_place(self, code: int, workers: int) -> bool:
        """May `workers` workers stand together in this vineyard or on this blue space?"""
        layout = self.game.layout
        if code >= layout.blue_base:
            return layout.blue_in_play[code - layout.blue_base] and workers == 1
        vineyard = code - layout.length
        places = layout.board.vineyards[vineyard].places
        return layout.vineyard_in_play[vineyard] and workers <= places


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise GameError(f"corrupt state: {message}")


def ints(value: object, length: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == length
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def bools(value: object, length: int) -> bool:
    return (
        isinstance(value, list) and len(value) == length and all(isinstance(v, bool) for v in value)
    )

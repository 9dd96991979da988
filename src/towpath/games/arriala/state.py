"""Arriala: the position, action points, movement restrictions, sections and scoring
(rules/arriala.md)."""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from itertools import compress
from typing import TYPE_CHECKING, ClassVar, Self

from towpath.core.actions import Action
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON, State
from towpath.core.piles import draw, shared_win
from towpath.games.arriala.actions import (
    DRAW,
    END,
    BuildMasterwork,
    Draw,
    End,
    Lock,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
)
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.view import build_view, render_svg, render_text

if TYPE_CHECKING:
    from towpath.games.arriala import Arriala

RESERVE = -1
Group = tuple[int, int, list[int]]  # (location, colour, the workers of that colour there)
ACTIONS = (Move, ToVineyard, ToCanal, Place, River, Lock, BuildMasterwork, Draw)


_ROWS: dict[tuple[object, ...], list[Action]] = {}


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


def free_of(actions: list[Action], free: list[bool], low: int, high: int) -> Iterator[Action]:
    """The actions of spaces low..high-1 that are free."""
    return compress(actions[low:high], free[low:high])


def majority(counts: list[int]) -> int | None:
    """Who wins a majority: the single highest count; if that is tied, the single next-highest;
    if that is tied too (or there is none), nobody (rulebook, "Prestigepunkte gewinnen")."""
    for level in sorted({n for n in counts if n > 0}, reverse=True)[:2]:
        holders = [colour for colour, n in enumerate(counts) if n == level]
        if len(holders) == 1:
            return holders[0]
    return None


class ArrialaState(State):
    """Workers on the canal, in vineyards and on blue spaces.

    Worker w has colour w // workers_per_colour; `where[w]` is its location code (components.
    Layout). Per worker and turn: `moved` (its one canal move is used), `from_canal` (it went
    canal→vineyard this turn, so it may not return to the canal), `left` (the places the current
    player moved it out of) and `barred` (the places the previous player moved it out of: it may
    not be moved back there this turn). `scored` marks the spaces of scored sections.

    Workers of one colour in one town (or vineyard) are named together by the notation; when
    they differ in what they may still do, an action moves the one with the fewest options left
    (see `_pick`), so the others keep theirs.
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

    game: Arriala
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

    def __init__(self, game: Arriala, seed: int) -> None:
        super().__init__(game, seed)
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

    def clone(self) -> Self:
        copy = object.__new__(type(self))
        copy.game = self.game
        copy.seed = self.seed
        copy.rng = self.rng.copy()
        copy.history = list(self.history)
        for name, value in self._copied_fields().items():
            setattr(copy, name, value)
        return copy

    def snapshot(self) -> dict[str, JSON]:
        return self._copied_fields()

    def _copied_fields(self) -> dict[str, JSON]:
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

    def _free(self) -> list[bool]:
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

    def _is_free(self, space: int) -> bool:
        layout = self.game.layout
        return layout.in_play[space] and (
            layout.is_town[space] or (not self.locks[space] and space not in self.where)
        )

    def _groups(self) -> tuple[list[Group], list[Group]]:
        """The workers standing together by (location, colour): on the canal, in vineyards."""
        layout = self.game.layout
        per = self.game.rules.workers_per_colour
        together: dict[tuple[int, int], list[int]] = {}
        for worker, place in enumerate(self.where):
            if 0 <= place < layout.blue_base:
                key = (place, worker // per)
                if key in together:
                    together[key].append(worker)
                else:
                    together[key] = [worker]
        canal: list[Group] = []
        vineyards: list[Group] = []
        for (place, colour), workers in sorted(together.items()):
            (canal if place < layout.length else vineyards).append((place, colour, workers))
        return canal, vineyards

    def _workers_at(self, colour: int, place: int) -> list[int]:
        per = self.game.rules.workers_per_colour
        first = colour * per
        return [w for w in range(first, first + per) if self.where[w] == place]

    def _pick(self, workers: Iterable[int]) -> int:
        """Of interchangeable-looking workers, the one with the fewest options left this turn."""
        return max(
            workers,
            key=lambda w: (self.moved[w], self.from_canal[w], len(self.barred[w]), -w),
        )

    def _reserve(self, colour: int) -> list[int]:
        return self._workers_at(colour, RESERVE)

    def _vineyard_room(self) -> list[int]:
        """Free places per vineyard (0 for a vineyard not in play)."""
        layout = self.game.layout
        taken = Counter(self.where)
        return [
            vineyard.places - taken[layout.vineyard_code(v)] if layout.vineyard_in_play[v] else 0
            for v, vineyard in enumerate(layout.board.vineyards)
        ]

    def _blue_free(self, blue: int) -> bool:
        layout = self.game.layout
        return layout.blue_in_play[blue] and layout.blue_code(blue) not in self.where

    def lock_counts(self) -> list[int]:
        layout = self.game.layout
        counts = [0] * len(layout.board.stretches)
        for p in layout.open_spaces:
            if self.locks[p]:
                counts[layout.stretch_of[p]] += 1
        return counts

    def _is_last(self, seat: int) -> bool:
        """Last (or tied for last) on the score track among the seats (not the virtual player)."""
        return self.points[seat] == min(self.points[: self.game.players])

    def section(self, space: int) -> tuple[int, int]:
        """The first and last space of the section around `space` (a non-town, non-lock space)."""
        layout, locks = self.game.layout, self.locks
        first, last = space, space
        while not layout.is_town[first - 1] and not locks[first - 1]:
            first -= 1
        while not layout.is_town[last + 1] and not locks[last + 1]:
            last += 1
        return first, last

    def _move_cost(self, action: Move) -> int:
        costs = self.game.rules.costs
        distance = abs(action.target - action.source)
        if action.card is None:
            return distance * costs.move_per_space
        card = self.game.rules.cards[action.card]
        if card.effect == "teleport":
            return costs.play_card
        return costs.play_card + max(0, distance - card.reach) * costs.move_per_space

    def _cost(self, action: Action) -> int:
        costs = self.game.rules.costs
        if isinstance(action, Move):
            return self._move_cost(action)
        if isinstance(action, BuildMasterwork):
            return costs.play_card
        card = getattr(action, "card", None)
        if card is not None:
            return costs.play_card
        table: dict[type[Action], int] = {
            ToVineyard: costs.to_vineyard,
            ToCanal: costs.to_canal,
            Place: costs.place,
            River: costs.river,
            Lock: costs.lock,
            Draw: costs.draw,
            End: 0,
        }
        return table[type(action)]

    # -- legal actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        costs, seat, ap = self.game.rules.costs, self.player, self.ap
        length = self.game.layout.length
        free = self._free()
        canal, vineyards = self._groups()
        actions: list[Action] = []
        if ap >= costs.place and self._reserve(seat):
            actions += free_of(row(Place, (), None, length), free, 0, length)
        actions += self._moves(canal, free, None)
        if ap >= costs.to_vineyard:
            actions += self._to_vineyards(canal, None)
        if ap >= costs.to_canal:
            actions += self._to_canals(vineyards, free, None)
        if ap >= costs.river:
            actions += self._rivers(canal)
        if ap >= costs.lock:
            actions += self._locks(free, None)
        if ap >= costs.draw and (self.pile or self.discards):
            actions.append(DRAW)
        if ap >= costs.play_card:
            for card in sorted(set(self.hands[seat])):
                actions += self._card_actions(card, canal, vineyards, free)
        actions.append(END)
        return actions

    def _card_actions(
        self, card: str, canal: list[Group], vineyards: list[Group], free: list[bool]
    ) -> list[Action]:
        effect = self.game.rules.cards[card].effect
        if effect in ("move", "teleport"):
            return self._moves(canal, free, card)
        if effect == "lock":
            return self._locks(free, card)
        if effect == "masterwork":
            if not self._is_last(self.player):
                return []
            return [
                BuildMasterwork(card, masterwork.id)
                for i, masterwork in enumerate(self.game.layout.board.masterworks)
                if self.masterworks[i] is None
            ]
        if effect == "to-vineyard":
            return self._to_vineyards(canal, card)
        return self._to_canals(vineyards, free, card)

    def _reach(self, card: str | None) -> int:
        rules = self.game.rules
        per_space = rules.costs.move_per_space
        if card is None:
            return self.ap // per_space
        kind = rules.cards[card]
        if kind.effect == "teleport":
            return self.game.layout.length
        return kind.reach + (self.ap - rules.costs.play_card) // per_space

    def _moves(self, canal: list[Group], free: list[bool], card: str | None) -> list[Action]:
        teleport = card is not None and self.game.rules.cards[card].effect == "teleport"
        reach, length = self._reach(card), self.game.layout.length
        moves: list[Action] = []
        for place, colour, workers in canal:
            if teleport and colour != self.player:
                continue
            bars = [self.barred[w] for w in workers if not self.moved[w]]
            if not bars:
                continue
            targets = row(Move, (colour, place), card, length)
            low, high = max(0, place - reach), min(length, place + reach + 1)
            if all(bars):  # every worker here is barred from somewhere: check each target
                moves += [
                    targets[p]
                    for p in range(low, high)
                    if p != place and free[p] and any(p not in b for b in bars)
                ]
            else:
                moves += free_of(targets, free, low, place)
                moves += free_of(targets, free, place + 1, high)
        return moves

    def _to_vineyards(self, canal: list[Group], card: str | None) -> list[Action]:
        layout = self.game.layout
        any_colour = card is not None and self.game.rules.cards[card].any_colour
        room = self._vineyard_room()
        open_vineyards = [
            (layout.vineyard_code(v), vineyard.id)
            for v, vineyard in enumerate(layout.board.vineyards)
            if room[v] > 0
        ]
        actions: list[Action] = []
        for place, colour, workers in canal:
            if not any_colour and colour != self.player:
                continue
            for code, name in open_vineyards:
                if any(code not in self.barred[w] for w in workers):
                    actions.append(ToVineyard(colour, place, name, card))
        return actions

    def _to_canals(
        self, vineyards: list[Group], free: list[bool], card: str | None
    ) -> list[Action]:
        layout = self.game.layout
        any_colour = card is not None and self.game.rules.cards[card].any_colour
        actions: list[Action] = []
        for place, colour, workers in vineyards:
            if not any_colour and colour != self.player:
                continue
            bars = [self.barred[w] for w in workers if not self.from_canal[w]]
            if not bars:
                continue
            name = layout.place_name(place)
            targets = row(ToCanal, (colour, name), card, layout.length)
            if all(bars):
                actions += [
                    targets[p]
                    for p in range(layout.length)
                    if free[p] and any(p not in b for b in bars)
                ]
            else:
                actions += free_of(targets, free, 0, layout.length)
        return actions

    def _rivers(self, canal: list[Group]) -> list[River]:
        layout = self.game.layout
        open_blue = [blue_id(b) for b in range(len(layout.blue_in_play)) if self._blue_free(b)]
        return [
            River(colour, place, blue)
            for place, colour, _ in canal
            if colour == self.player
            for blue in open_blue
        ]

    def _locks(self, free: list[bool], card: str | None) -> list[Action]:
        """Locks on free spaces of unscored sections, as the stretch and the supply allow."""
        layout, rules = self.game.layout, self.game.rules
        counts = self.lock_counts()
        if sum(counts) >= rules.locks_total:
            return []
        stretches = layout.board.stretches
        targets = row(Lock, (), card, layout.length)
        return [
            targets[p]
            for p in layout.open_spaces
            if free[p]
            and not self.scored[p]
            and counts[layout.stretch_of[p]] < stretches[layout.stretch_of[p]].max_locks
        ]

    # -- checking one action ---------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        if isinstance(action, End):
            return
        if not isinstance(action, ACTIONS):
            raise IllegalAction(f"{action!r} is not an Arriala action", rule="notation")
        self._check_card(action)
        cost = self._cost(action)
        if cost > self.ap:
            raise IllegalAction(
                f"{action} costs {cost} AP but {self.ap} are left", rule="action points"
            )
        if isinstance(action, Move):
            self._check_move(action)
        elif isinstance(action, ToVineyard):
            self._check_to_vineyard(action)
        elif isinstance(action, ToCanal):
            self._check_to_canal(action)
        elif isinstance(action, Place):
            self._check_place(action)
        elif isinstance(action, River):
            self._check_river(action)
        elif isinstance(action, Lock):
            self._check_lock(action)
        elif isinstance(action, BuildMasterwork):
            self._check_masterwork(action)
        else:
            self._check_draw()

    def _check_card(self, action: Action) -> None:
        card = getattr(action, "card", None)
        if card is None:
            return
        effects = {
            Move: ("move", "teleport"),
            ToVineyard: ("to-vineyard",),
            ToCanal: ("to-canal",),
            Lock: ("lock",),
            BuildMasterwork: ("masterwork",),
        }
        kind = self.game.rules.cards.get(card)
        if kind is None or kind.effect not in effects.get(type(action), ()):
            raise IllegalAction(f"{action}: no such card for this action", rule="card")
        if card not in self.hands[self.player]:
            raise IllegalAction(f"{action}: you hold no {card} card", rule="card in hand")

    def _refuse_target(self, target: int) -> None:
        """A canal space a worker may not go to: out of play, or holding a worker or a lock."""
        layout = self.game.layout
        if not (0 <= target < layout.length and layout.in_play[target]):
            raise IllegalAction(f"space {target + 1} is not in play", rule="in play")
        if not self._is_free(target):
            raise IllegalAction(
                f"space {target + 1} already holds a worker or a lock", rule="destination occupied"
            )

    def _canal_workers(self, colour: int, source: int, own: bool) -> list[int]:
        if not 0 <= source < self.game.layout.length:
            raise IllegalAction(f"space {source + 1} is not a canal space", rule="no such worker")
        return self._named_workers(colour, source, str(source + 1), own)

    def _named_workers(self, colour: int, place: int, name: str, own: bool) -> list[int]:
        workers = self._workers_at(colour, place) if 0 <= colour < self.game.layout.colours else []
        if not workers:
            raise IllegalAction(
                f"no {self._colour_name(colour)} worker at {name}", "no such worker"
            )
        if own and colour != self.player:
            raise IllegalAction(
                f"this action moves only your own ({self._colour_name(self.player)}) workers",
                rule="own worker",
            )
        return workers

    def _colour_name(self, colour: int) -> str:
        colours = self.game.rules.colours
        return colours[colour] if 0 <= colour < len(colours) else f"colour {colour}"

    def _unbarred(self, workers: list[int], target: int, name: str) -> list[int]:
        allowed = [w for w in workers if target not in self.barred[w]]
        if not allowed:
            raise IllegalAction(
                f"the previous player moved this worker out of {name}: it may not go straight back",
                rule="worker moved back",
            )
        return allowed

    def _check_move(self, action: Move) -> None:
        teleport = action.card is not None and self.game.rules.cards[action.card].effect == (
            "teleport"
        )
        workers = self._canal_workers(action.colour, action.source, own=teleport)
        if action.target == action.source:
            raise IllegalAction("a move must leave its space", rule="same space")
        self._refuse_target(action.target)
        movable = [w for w in workers if not self.moved[w]]
        if not movable:
            raise IllegalAction(
                f"the worker at {action.source + 1} has had its canal move this turn",
                rule="one canal move",
            )
        self._unbarred(movable, action.target, str(action.target + 1))

    def _vineyard(self, vineyard: str) -> int:
        layout = self.game.layout
        index = layout.vineyard_index.get(vineyard)
        if index is None or not layout.vineyard_in_play[index]:
            raise IllegalAction(f"vineyard {vineyard} is not in play", rule="in play")
        return index

    def _any_colour(self, card: str | None) -> bool:
        return card is not None and self.game.rules.cards[card].any_colour

    def _check_to_vineyard(self, action: ToVineyard) -> None:
        own = not self._any_colour(action.card)
        workers = self._canal_workers(action.colour, action.source, own)
        index = self._vineyard(action.vineyard)
        if self._vineyard_room()[index] <= 0:
            raise IllegalAction(f"vineyard {action.vineyard} is full", rule="vineyard full")
        self._unbarred(workers, self.game.layout.vineyard_code(index), action.vineyard)

    def _check_to_canal(self, action: ToCanal) -> None:
        code = self.game.layout.vineyard_code(self._vineyard(action.vineyard))
        own = not self._any_colour(action.card)
        workers = self._named_workers(action.colour, code, action.vineyard, own)
        self._refuse_target(action.target)
        able = [w for w in workers if not self.from_canal[w]]
        if not able:
            raise IllegalAction(
                "a worker that came from the canal this turn may not go back to the canal",
                rule="canal-vineyard-canal",
            )
        self._unbarred(able, action.target, str(action.target + 1))

    def _check_place(self, action: Place) -> None:
        if not self._reserve(self.player):
            raise IllegalAction("all your workers are already out", rule="reserve empty")
        self._refuse_target(action.target)

    def _check_river(self, action: River) -> None:
        self._canal_workers(action.colour, action.source, own=True)
        layout = self.game.layout
        blue = layout.blue_index.get(action.blue)
        if blue is None or not layout.blue_in_play[blue]:
            raise IllegalAction(f"blue space {action.blue} is not in play", rule="in play")
        if not self._blue_free(blue):
            raise IllegalAction(f"blue space {action.blue} is taken", rule="blue space taken")

    def _check_lock(self, action: Lock) -> None:
        layout, rules = self.game.layout, self.game.rules
        target = action.target
        if not (0 <= target < layout.length and layout.in_play[target]):
            raise IllegalAction(f"space {target + 1} is not in play", rule="in play")
        if layout.is_town[target]:
            raise IllegalAction("a lock is built between towns, not in one", rule="lock space")
        self._refuse_target(target)
        if self.scored[target]:
            raise IllegalAction(
                f"space {target + 1} lies in a scored section", rule="scored section"
            )
        counts = self.lock_counts()
        if sum(counts) >= rules.locks_total:
            raise IllegalAction(f"all {rules.locks_total} locks are built", rule="lock supply")
        stretch = layout.stretch_of[target]
        limit = layout.board.stretches[stretch].max_locks
        if counts[stretch] >= limit:
            raise IllegalAction(
                f"this stretch between towns holds at most {limit} locks", rule="lock limit"
            )

    def _check_masterwork(self, action: BuildMasterwork) -> None:
        index = self.game.layout.masterwork_index.get(action.masterwork)
        if index is None:
            raise IllegalAction(f"no masterwork {action.masterwork}", rule="masterwork")
        if self.masterworks[index] is not None:
            raise IllegalAction(f"{action.masterwork} is already built", rule="masterwork built")
        if not self._is_last(self.player):
            raise IllegalAction(
                "only the player last on the score track may build a masterwork", rule="last place"
            )

    def _check_draw(self) -> None:
        if not self.pile and not self.discards:
            raise IllegalAction("the draw pile and the discards are empty", rule="empty pile")

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, End):
            self._end_turn()
            return
        self.ap -= self._cost(action)
        card = getattr(action, "card", None)
        if card is not None:
            self.hands[self.player].remove(card)
            bisect.insort(self.discards, card)
        if isinstance(action, Move):
            self._do_move(action)
        elif isinstance(action, ToVineyard):
            self._do_to_vineyard(action)
        elif isinstance(action, ToCanal):
            self._do_to_canal(action)
        elif isinstance(action, Place):
            worker = self._reserve(self.player)[0]
            self.where[worker] = action.target
            self._arrive(action.target)
        elif isinstance(action, River):
            self._do_river(action)
        elif isinstance(action, Lock):
            self._do_lock(action.target)
        elif isinstance(action, BuildMasterwork):
            index = self.game.layout.masterwork_index[action.masterwork]
            self.masterworks[index] = self.player
            self.points[self.player] += self.game.rules.points.masterwork
        else:
            if not self.pile:
                self.reshuffled = list(self.discards)
            drawn = draw(self.pile, self.discards, self.rng)
            assert drawn is not None
            bisect.insort(self.hands[self.player], drawn)
        if not self.over and self.ap == 0:
            self._end_turn()

    def _relocate(self, worker: int, place: int) -> None:
        old = self.where[worker]
        if old not in self.left[worker]:
            self.left[worker].append(old)
        self.where[worker] = place

    def _do_move(self, action: Move) -> None:
        workers = [
            w
            for w in self._workers_at(action.colour, action.source)
            if not self.moved[w] and action.target not in self.barred[w]
        ]
        worker = self._pick(workers)
        self._relocate(worker, action.target)
        self.moved[worker] = True
        self._arrive(action.target)

    def _do_to_vineyard(self, action: ToVineyard) -> None:
        code = self.game.layout.vineyard_code(self.game.layout.vineyard_index[action.vineyard])
        workers = self._workers_at(action.colour, action.source)
        worker = self._pick(w for w in workers if code not in self.barred[w])
        self._relocate(worker, code)
        self.from_canal[worker] = True

    def _do_to_canal(self, action: ToCanal) -> None:
        code = self.game.layout.vineyard_code(self.game.layout.vineyard_index[action.vineyard])
        workers = [
            w
            for w in self._workers_at(action.colour, code)
            if not self.from_canal[w] and action.target not in self.barred[w]
        ]
        worker = self._pick(workers)
        self._relocate(worker, action.target)
        self._arrive(action.target)

    def _do_river(self, action: River) -> None:
        layout = self.game.layout
        worker = self._pick(self._workers_at(action.colour, action.source))
        self._relocate(worker, layout.blue_code(layout.blue_index[action.blue]))
        self.points[self.player] += self.game.rules.points.river

    def _do_lock(self, target: int) -> None:
        """A lock splits its section; each part already full is scored at once."""
        first, last = self.section(target)
        self.locks[target] = True
        self.points[self.player] += self.game.rules.points.lock
        occupant = self.occupant()
        for part in ((first, target - 1), (target + 1, last)):
            if part[0] <= part[1] and all(occupant[p] >= 0 for p in range(part[0], part[1] + 1)):
                self._score_section(*part, occupant)
        self._end_if_complete()

    def _arrive(self, space: int) -> None:
        """A worker reached `space`: a section it completes is scored at once."""
        if self.game.layout.is_town[space] or self.scored[space]:
            return
        first, last = self.section(space)
        occupant = self.occupant()
        if all(occupant[p] >= 0 for p in range(first, last + 1)):
            self._score_section(first, last, occupant)
            self._end_if_complete()

    def _score_section(self, first: int, last: int, occupant: list[int]) -> None:
        layout = self.game.layout
        workers = [occupant[p] for p in range(first, last + 1)]
        counts = [0] * layout.colours
        for worker in workers:
            counts[self.colour_of(worker)] += 1
        winner = majority(counts)
        if winner is not None:
            self.points[winner] += layout.board.score_table[last - first]
        for p in range(first, last + 1):
            self.scored[p] = True
        for worker in workers:
            self.moved[worker] = False  # the scored workers may be moved again

    def _end_if_complete(self) -> None:
        """The game ends the moment every non-town space in play is a lock or scored."""
        if all(self.locks[p] or self.scored[p] for p in self.game.layout.open_spaces):
            self._finish()

    def _end_turn(self) -> None:
        workers = len(self.where)
        self.barred = self.left
        self.left = [[] for _ in range(workers)]
        self.moved = [False] * workers
        self.from_canal = [False] * workers
        self.turn += 1
        self.player = (self.player + 1) % self.game.players
        self.ap = self.game.rules.action_points
        if self.turn >= self.game.max_turns:
            self._finish()

    def _finish(self) -> None:
        """The end: each vineyard in play scores its points for its majority."""
        layout = self.game.layout
        for v, vineyard in enumerate(layout.board.vineyards):
            if layout.vineyard_in_play[v]:
                code = layout.vineyard_code(v)
                counts = [0] * layout.colours
                for worker, place in enumerate(self.where):
                    if place == code:
                        counts[self.colour_of(worker)] += 1
                winner = majority(counts)
                if winner is not None:
                    self.points[winner] += vineyard.points
        self.over = True

    # -- results ---------------------------------------------------------------------------------

    def winners(self) -> list[int]:
        """The colours ahead: most points, then most workers on the canal (towns included)."""
        layout = self.game.layout
        on_canal = [0] * layout.colours
        for worker, place in enumerate(self.where):
            if 0 <= place < layout.length:
                on_canal[self.colour_of(worker)] += 1
        ranks = [(self.points[c], on_canal[c]) for c in range(layout.colours)]
        return [c for c, rank in enumerate(ranks) if rank == max(ranks)]

    def returns(self) -> list[float]:
        players = self.game.players
        if not self.over:
            return [0.0] * players
        winners = self.winners()
        if self.game.layout.virtual in winners:
            return [0.0] * players
        return shared_win(winners, players)

    def ended_by_limit(self) -> bool:
        """The canal's completion ends the game within a turn, before the turn count moves."""
        return self.over and self.turn >= self.game.max_turns

    def scores(self) -> list[float]:
        return [float(points) for points in self.points[: self.game.players]]

    # -- information -----------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, JSON]:
        return build_view(self, seat)

    def _render_text(self, view: dict[str, JSON]) -> str:
        return render_text(view)

    def _render_svg(self, view: dict[str, JSON]) -> str:
        return render_svg(view)

    def _resample(self, seat: int | None) -> None:
        """Deal the cards `seat` has not seen (not in its hand, not discarded) anew. Once the
        discards have been reshuffled, the pile holds only cards from that reshuffle."""
        seen = Counter(self.discards)
        if seat is not None:
            seen.update(self.hands[seat])
        unseen = Counter(self.game.rules.deck) - seen
        may_be_piled = unseen if self.reshuffled is None else unseen & Counter(self.reshuffled)
        piled = sorted(may_be_piled.elements())
        self.rng.shuffle(piled)
        self.pile = piled[: len(self.pile)]
        rest = sorted((unseen - Counter(self.pile)).elements())
        self.rng.shuffle(rest)
        for other, hand in enumerate(self.hands):
            if other != seat:
                self.hands[other] = sorted(rest.pop() for _ in hand)

    def _validate(self) -> None:
        layout, rules = self.game.layout, self.game.rules
        workers = layout.colours * rules.workers_per_colour
        last_code = layout.blue_code(len(layout.blue_in_play))
        _expect(
            _ints(self.where, workers) and all(RESERVE <= p < last_code for p in self.where),
            f"where must list {workers} locations",
        )
        for name in ("locks", "scored"):
            _expect(_bools(getattr(self, name), layout.length), f"{name}: one flag per space")
        for name in ("moved", "from_canal"):
            _expect(_bools(getattr(self, name), workers), f"{name}: one flag per worker")
        for name in ("left", "barred"):
            value = getattr(self, name)
            _expect(
                isinstance(value, list)
                and len(value) == workers
                and all(_ints(places, len(places)) for places in value),
                f"{name}: a list of places per worker",
            )
        _expect(_ints(self.points, layout.colours), "points: one number per colour")
        self._validate_cards()
        _expect(
            isinstance(self.masterworks, list)
            and len(self.masterworks) == len(layout.board.masterworks)
            and all(
                m is None or (isinstance(m, int) and 0 <= m < self.game.players)
                for m in self.masterworks
            ),
            "masterworks: a builder seat or null each",
        )
        _expect(
            _ints([self.player, self.ap, self.turn], 3)
            and 0 <= self.player < self.game.players
            and 0 <= self.ap <= rules.action_points
            and isinstance(self.over, bool),
            "bad player, action points, turn or end flag",
        )
        occupant = Counter(p for p in self.where if 0 <= p < layout.length)
        _expect(
            all(
                layout.is_town[p] or (n == 1 and not self.locks[p] and layout.in_play[p])
                for p, n in occupant.items()
            ),
            "two workers, or a worker and a lock, on one space",
        )
        elsewhere = Counter(p for p in self.where if p >= layout.length)
        _expect(
            all(self._open_place(code, n) for code, n in elsewhere.items()),
            "a worker in a vineyard or blue space not in play, or too many there",
        )

    def _open_place(self, code: int, workers: int) -> bool:
        """May `workers` workers stand together in this vineyard or on this blue space?"""
        layout = self.game.layout
        if code >= layout.blue_base:
            return layout.blue_in_play[code - layout.blue_base] and workers == 1
        vineyard = code - layout.length
        places = layout.board.vineyards[vineyard].places
        return layout.vineyard_in_play[vineyard] and workers <= places

    def _validate_cards(self) -> None:
        cards = self.game.rules.cards
        piles = [self.pile, self.discards, *self.hands] if isinstance(self.hands, list) else []
        _expect(
            len(piles) == 2 + self.game.players
            and all(isinstance(p, list) and all(isinstance(c, str) for c in p) for p in piles),
            "hands, pile and discards must be lists of card names",
        )
        _expect(
            self.reshuffled is None
            or (isinstance(self.reshuffled, list) and all(c in cards for c in self.reshuffled)),
            "reshuffled: null or a list of card names",
        )
        everything = Counter(card for pile in piles for card in pile)
        _expect(everything == Counter(self.game.rules.deck), "the cards must be the 55 of the deck")


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise GameError(f"corrupt state: {message}")


def _ints(value: object, length: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == length
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _bools(value: object, length: int) -> bool:
    return (
        isinstance(value, list) and len(value) == length and all(isinstance(v, bool) for v in value)
    )

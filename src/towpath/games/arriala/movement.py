"""Moving workers (rulebook, "Aktionspunkte einsetzen"): along the canal by action points, a
Move-up-to-N card or a Teleport card; canal→vineyard and vineyard→canal; a new worker from the
reserve; a worker onto a blue space for a river structure.

The restrictions ("Hinweise"): a worker gets one canal move a turn; it may not go
canal→vineyard→canal in one turn; and it may not be moved back to a place the previous player
moved it out of. **Decision** (rules/arriala.md): moves to and from vineyards and blue spaces are
not canal moves; they use up no canal move, but the two other rules apply to them.

Every action that moves a worker names it by its colour, its number and where it stands; the
engine never picks a worker. Workers of one colour on one place whose marks of the turn are all
equal are one choice, named by the lowest number among them (`Position.lowest_alike`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import replace
from itertools import compress
from typing import TypeGuard

from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.arriala.actions import (
    LETTERS,
    UNNUMBERED,
    Move,
    Place,
    River,
    ToCanal,
    ToVineyard,
    worker_name,
)
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.position import Group, Position, free_of, made, row
from towpath.games.arriala.sections import arrive


def is_teleport(state: Position, card: str | None) -> bool:
    return card is not None and state.game.rules.cards[card].effect == "teleport"


def any_colour(state: Position, card: str | None) -> bool:
    """Does the card move a worker of any colour (not only the player's own)?"""
    return card is not None and state.game.rules.cards[card].any_colour


def move_cost(state: Position, action: Move) -> int:
    costs = state.game.rules.costs
    distance = abs(action.target - action.source)
    if action.card is None:
        return distance * costs.move_per_space
    card = state.game.rules.cards[action.card]
    if card.effect == "teleport":
        return costs.play_card
    return costs.play_card + max(0, distance - card.reach) * costs.move_per_space


# -- legal actions -----------------------------------------------------------------------------


def places(state: Position, free: list[bool]) -> Iterable[Action]:
    length = state.game.layout.length
    return free_of(row(Place, (), None, length), free, 0, length)


def _reach(state: Position, card: str | None) -> int:
    rules = state.game.rules
    per_space = rules.costs.move_per_space
    if card is None:
        return state.ap // per_space
    kind = rules.cards[card]
    if kind.effect == "teleport":
        return state.game.layout.length
    return kind.reach + (state.ap - rules.costs.play_card) // per_space


def moves(state: Position, canal: list[Group], free: list[bool], card: str | None) -> list[Action]:
    teleport = is_teleport(state, card)
    reach, length = _reach(state, card), state.game.layout.length
    per, moved, barred_by = state.game.rules.workers_per_colour, state.moved, state.barred
    rows = _move_rows(len(state.where), length, card)
    found: list[Action] = []
    for place, colour, workers in canal:
        if teleport and colour != state.player:
            continue
        low, high = max(0, place - reach), min(length, place + reach + 1)
        below, above = free[low:place], free[place + 1 : high]
        for worker in workers:
            if moved[worker]:
                continue
            targets = rows[worker][place]
            if targets is None:
                head = (colour, worker % per + 1, place)
                targets = rows[worker][place] = row(Move, head, card, length)
            barred = barred_by[worker]
            if barred:
                found += [
                    targets[p]
                    for p in range(low, high)
                    if p != place and free[p] and p not in barred
                ]
            else:
                found += compress(targets[low:place], below)
                found += compress(targets[place + 1 : high], above)
    return found


_MOVE_ROWS: dict[tuple[int, int, str | None], list[list[list[Action] | None]]] = {}


def _move_rows(workers: int, length: int, card: str | None) -> list[list[list[Action] | None]]:
    """Each worker's moves from each canal space (its `row`), by worker and space: a list
    lookup instead of building a key for every worker at every step."""
    rows = _MOVE_ROWS.get((workers, length, card))
    if rows is None:
        rows = _MOVE_ROWS[workers, length, card] = [[None] * length for _ in range(workers)]
    return rows


def to_vineyards(state: Position, canal: list[Group], card: str | None) -> list[Action]:
    layout = state.game.layout
    anyone = any_colour(state, card)
    room = state.vineyard_room()
    open_vineyards = [
        (layout.vineyard_code(v), vineyard.id)
        for v, vineyard in enumerate(layout.board.vineyards)
        if room[v] > 0
    ]
    return [
        made(ToVineyard, colour, state.number_of(worker), place, name, card)
        for place, colour, workers in canal
        if anyone or colour == state.player
        for worker in workers
        for code, name in open_vineyards
        if code not in state.barred[worker]
    ]


def to_canals(
    state: Position, vineyards: list[Group], free: list[bool], card: str | None
) -> list[Action]:
    layout = state.game.layout
    anyone = any_colour(state, card)
    found: list[Action] = []
    for place, colour, workers in vineyards:
        if not anyone and colour != state.player:
            continue
        name = layout.place_name(place)
        for worker in workers:
            if state.from_canal[worker]:
                continue
            targets = row(ToCanal, (colour, state.number_of(worker), name), card, layout.length)
            barred = state.barred[worker]
            found += [targets[p] for p in range(layout.length) if free[p] and p not in barred]
    return found


def rivers(state: Position, canal: list[Group]) -> list[Action]:
    layout = state.game.layout
    open_blue = [blue_id(b) for b in range(len(layout.blue_in_play)) if state.blue_free(b)]
    return [
        made(River, colour, state.number_of(worker), place, blue)
        for place, colour, workers in canal
        if colour == state.player
        for worker in workers
        for blue in open_blue
    ]


# -- naming a worker ---------------------------------------------------------------------------

Named = Move | ToVineyard | ToCanal | River
NAMED = (Move, ToVineyard, ToCanal, River)  # the actions that name a worker


def _place_named(state: Position, action: Named) -> tuple[int, str]:
    """The location code and written name of the place the action says its worker stands."""
    layout = state.game.layout
    if isinstance(action, ToCanal):
        index = layout.vineyard_index.get(action.vineyard)
        code = -2 if index is None else layout.vineyard_code(index)
        return code, action.vineyard
    if not 0 <= action.source < layout.length:
        return -2, str(action.source + 1)
    return action.source, str(action.source + 1)


def misplaced(state: Position, action: Action) -> str | None:
    """What is wrong when the worker an action names does not stand where it says (None when
    it does, or the action names no worker)."""
    if not isinstance(action, NAMED):
        return None
    if not _exists(state, action.colour, action.number):
        colours = ", ".join(state.game.rules.colours[: state.game.layout.colours])
        return f"expected a worker of a colour in play ({colours})"
    code, name = _place_named(state, action)
    if state.where[state.worker(action.colour, action.number)] == code:
        return None
    there = [
        f"{worker_name(state.colour_of(w), state.number_of(w))}@{name}"
        for w, place in enumerate(state.where)
        if place == code
    ]
    expected = ", ".join(there) if there else "none stands there"
    return (
        f"{worker_name(action.colour, action.number)} does not stand at {name}; "
        f"expected a worker at {name} ({expected})"
    )


def _written_there(state: Position, action: Named) -> list[int]:
    """The workers of the colour an action names standing where it says."""
    code, _ = _place_named(state, action)
    in_play = action.colour < state.game.layout.colours
    return state.workers_at(action.colour, code) if in_play else []


def is_short_form(action: Action) -> TypeGuard[Named]:
    """Does the action name its worker without its number (`r@12`)?"""
    return isinstance(action, NAMED) and action.number == UNNUMBERED


def choices_named(state: Position, action: Named) -> list[Named]:
    """The action with each number its short form `r@12` may stand for: one per distinct
    choice of that colour's workers there (alike workers are one choice, under the lowest
    number), none where no such worker stands there."""
    workers = state.choices(_written_there(state, action))
    return [replace(action, number=state.number_of(worker)) for worker in workers]


def short_form(action: Named) -> str:
    """The worker as the short form writes it: `r@12`."""
    place = action.vineyard if isinstance(action, ToCanal) else str(action.source + 1)
    return f"{LETTERS[action.colour]}@{place}"


def as_recorded(state: Position, action: Action) -> Action | None:
    """The action with its worker's number, where a record written before workers were
    numbered wrote the short form `r@12`: of that colour's workers there, the one the action
    may move with the fewest options left this turn, the lowest number among equals (what the
    engine then played). None where no worker of that colour stands there."""
    if not is_short_form(action):
        return action
    workers = _written_there(state, action)
    if not workers:
        return None
    movable = [w for w in workers if _may_take(state, w, action)] or workers
    worker = max(
        movable, key=lambda w: (state.moved[w], state.from_canal[w], len(state.barred[w]), -w)
    )
    return replace(action, number=state.number_of(worker))


def _may_take(state: Position, worker: int, action: Named) -> bool:
    """May the action move this worker, as far as its marks of the turn go?"""
    barred = state.barred[worker]
    if isinstance(action, Move):
        return not state.moved[worker] and action.target not in barred
    if isinstance(action, ToCanal):
        return not state.from_canal[worker] and action.target not in barred
    if isinstance(action, ToVineyard):
        layout = state.game.layout
        return layout.vineyard_code(layout.vineyard_index[action.vineyard]) not in barred
    return True


def _exists(state: Position, colour: int, number: int) -> bool:
    per = state.game.rules.workers_per_colour
    return 0 <= colour < state.game.layout.colours and 1 <= number <= per


def _named(state: Position, action: Named, own: bool) -> int:
    """The worker the action names, standing where it says, and the one to name of its alike
    workers; own: only the player's own colour may be moved."""
    code, name = _place_named(state, action)
    colour, number = action.colour, action.number
    worker = state.worker(colour, number) if _exists(state, colour, number) else None
    if worker is None or state.where[worker] != code:
        written = f"{state.colour_name(colour)} worker {number}"
        raise IllegalAction(f"no {written} at {name}", rule="no such worker")
    if own and colour != state.player:
        raise IllegalAction(
            f"this action moves only your own ({state.colour_name(state.player)}) workers",
            rule="own worker",
        )
    lowest = state.lowest_alike(worker)
    if lowest != worker:
        alike = worker_name(colour, state.number_of(lowest))
        raise IllegalAction(
            f"{worker_name(colour, number)} and {alike} at {name} are under the same "
            f"restrictions: name {alike}",
            rule="equal workers",
        )
    return worker


# -- checking one action -----------------------------------------------------------------------


def _refuse_moved_back(state: Position, worker: int, target: int, name: str) -> None:
    if target in state.barred[worker]:
        raise IllegalAction(
            f"the previous player moved this worker out of {name}: it may not go straight back",
            rule="worker moved back",
        )


def _vineyard(state: Position, vineyard: str) -> int:
    layout = state.game.layout
    index = layout.vineyard_index.get(vineyard)
    if index is None or not layout.vineyard_in_play[index]:
        raise IllegalAction(f"vineyard {vineyard} is not in play", rule="in play")
    return index


def check_move(state: Position, action: Move) -> None:
    worker = _named(state, action, own=is_teleport(state, action.card))
    if action.target == action.source:
        raise IllegalAction("a move must leave its space", rule="same space")
    state.refuse_target(action.target)
    if state.moved[worker]:
        raise IllegalAction(
            f"{worker_name(action.colour, action.number)} has had its canal move this turn",
            rule="one canal move",
        )
    _refuse_moved_back(state, worker, action.target, str(action.target + 1))


def check_to_vineyard(state: Position, action: ToVineyard) -> None:
    worker = _named(state, action, own=not any_colour(state, action.card))
    index = _vineyard(state, action.vineyard)
    if state.vineyard_room()[index] <= 0:
        raise IllegalAction(f"vineyard {action.vineyard} is full", rule="vineyard full")
    _refuse_moved_back(state, worker, state.game.layout.vineyard_code(index), action.vineyard)


def check_to_canal(state: Position, action: ToCanal) -> None:
    _vineyard(state, action.vineyard)
    worker = _named(state, action, own=not any_colour(state, action.card))
    state.refuse_target(action.target)
    if state.from_canal[worker]:
        raise IllegalAction(
            "a worker that came from the canal this turn may not go back to the canal",
            rule="canal-vineyard-canal",
        )
    _refuse_moved_back(state, worker, action.target, str(action.target + 1))


def check_place(state: Position, action: Place) -> None:
    if not state.reserve(state.player):
        raise IllegalAction("all your workers are already out", rule="reserve empty")
    state.refuse_target(action.target)


def check_river(state: Position, action: River) -> None:
    _named(state, action, own=True)
    layout = state.game.layout
    blue = layout.blue_index.get(action.blue)
    if blue is None or not layout.blue_in_play[blue]:
        raise IllegalAction(f"blue space {action.blue} is not in play", rule="in play")
    if not state.blue_free(blue):
        raise IllegalAction(f"blue space {action.blue} is taken", rule="blue space taken")


# -- moving --------------------------------------------------------------------------------------


def _relocate(state: Position, worker: int, place: int) -> None:
    """The worker goes to `place`; the current player has moved it out of its old place."""
    left = state.left[worker]
    old = state.where[worker]
    if old not in left:
        bisect.insort(left, old)
    state.where[worker] = place


def move(state: Position, action: Move) -> None:
    worker = state.worker(action.colour, action.number)
    _relocate(state, worker, action.target)
    state.moved[worker] = True
    arrive(state, action.target)


def to_vineyard(state: Position, action: ToVineyard) -> None:
    layout = state.game.layout
    worker = state.worker(action.colour, action.number)
    _relocate(state, worker, layout.vineyard_code(layout.vineyard_index[action.vineyard]))
    state.from_canal[worker] = True


def to_canal(state: Position, action: ToCanal) -> None:
    _relocate(state, state.worker(action.colour, action.number), action.target)
    arrive(state, action.target)


def place(state: Position, action: Place) -> None:
    """A new worker: the lowest number left in the reserve."""
    worker = state.reserve(state.player)[0]
    state.where[worker] = action.target
    arrive(state, action.target)


def river(state: Position, action: River) -> None:
    layout = state.game.layout
    worker = state.worker(action.colour, action.number)
    _relocate(state, worker, layout.blue_code(layout.blue_index[action.blue]))
    state.points[state.player] += state.game.rules.points.river

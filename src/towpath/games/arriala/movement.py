"""Moving workers (rulebook, "Aktionspunkte einsetzen"): along the canal by action points, a
Move-up-to-N card or a Teleport card; canal→vineyard and vineyard→canal; a new worker from the
reserve; a worker onto a blue space for a river structure.

The restrictions ("Hinweise"): a worker gets one canal move a turn; it may not go
canal→vineyard→canal in one turn; and it may not be moved back to a place the previous player
moved it out of. Moves to and from vineyards and blue spaces are not canal moves: they use up no
canal move, but the other two restrictions apply to them.
"""

from __future__ import annotations

from collections.abc import Iterable

from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.arriala.actions import Move, Place, River, ToCanal, ToVineyard
from towpath.games.arriala.components import blue_id
from towpath.games.arriala.position import Group, Position, free_of, row
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
    found: list[Action] = []
    for place, colour, workers in canal:
        if teleport and colour != state.player:
            continue
        bars = [state.barred[w] for w in workers if not state.moved[w]]
        if not bars:
            continue
        targets = row(Move, (colour, place), card, length)
        low, high = max(0, place - reach), min(length, place + reach + 1)
        if all(bars):  # every worker here is barred from somewhere: check each target
            found += [
                targets[p]
                for p in range(low, high)
                if p != place and free[p] and any(p not in b for b in bars)
            ]
        else:
            found += free_of(targets, free, low, place)
            found += free_of(targets, free, place + 1, high)
    return found


def to_vineyards(state: Position, canal: list[Group], card: str | None) -> list[Action]:
    layout = state.game.layout
    anyone = any_colour(state, card)
    room = state.vineyard_room()
    open_vineyards = [
        (layout.vineyard_code(v), vineyard.id)
        for v, vineyard in enumerate(layout.board.vineyards)
        if room[v] > 0
    ]
    found: list[Action] = []
    for place, colour, workers in canal:
        if not anyone and colour != state.player:
            continue
        for code, name in open_vineyards:
            if any(code not in state.barred[w] for w in workers):
                found.append(ToVineyard(colour, place, name, card))
    return found


def to_canals(
    state: Position, vineyards: list[Group], free: list[bool], card: str | None
) -> list[Action]:
    layout = state.game.layout
    anyone = any_colour(state, card)
    found: list[Action] = []
    for place, colour, workers in vineyards:
        if not anyone and colour != state.player:
            continue
        bars = [state.barred[w] for w in workers if not state.from_canal[w]]
        if not bars:
            continue
        name = layout.place_name(place)
        targets = row(ToCanal, (colour, name), card, layout.length)
        if all(bars):
            found += [
                targets[p]
                for p in range(layout.length)
                if free[p] and any(p not in b for b in bars)
            ]
        else:
            found += free_of(targets, free, 0, layout.length)
    return found


def rivers(state: Position, canal: list[Group]) -> list[Action]:
    layout = state.game.layout
    open_blue = [blue_id(b) for b in range(len(layout.blue_in_play)) if state.blue_free(b)]
    return [
        River(colour, place, blue)
        for place, colour, _ in canal
        if colour == state.player
        for blue in open_blue
    ]


# -- checking one action -----------------------------------------------------------------------


def _canal_workers(state: Position, colour: int, source: int, own: bool) -> list[int]:
    if not 0 <= source < state.game.layout.length:
        raise IllegalAction(f"space {source + 1} is not a canal space", rule="no such worker")
    return _named_workers(state, colour, source, str(source + 1), own)


def _named_workers(state: Position, colour: int, place: int, name: str, own: bool) -> list[int]:
    workers = state.workers_at(colour, place) if 0 <= colour < state.game.layout.colours else []
    if not workers:
        raise IllegalAction(f"no {state.colour_name(colour)} worker at {name}", "no such worker")
    if own and colour != state.player:
        raise IllegalAction(
            f"this action moves only your own ({state.colour_name(state.player)}) workers",
            rule="own worker",
        )
    return workers


def _unbarred(state: Position, workers: list[int], target: int, name: str) -> list[int]:
    allowed = [w for w in workers if target not in state.barred[w]]
    if not allowed:
        raise IllegalAction(
            f"the previous player moved this worker out of {name}: it may not go straight back",
            rule="worker moved back",
        )
    return allowed


def _vineyard(state: Position, vineyard: str) -> int:
    layout = state.game.layout
    index = layout.vineyard_index.get(vineyard)
    if index is None or not layout.vineyard_in_play[index]:
        raise IllegalAction(f"vineyard {vineyard} is not in play", rule="in play")
    return index


def check_move(state: Position, action: Move) -> None:
    teleport = is_teleport(state, action.card)
    workers = _canal_workers(state, action.colour, action.source, own=teleport)
    if action.target == action.source:
        raise IllegalAction("a move must leave its space", rule="same space")
    state.refuse_target(action.target)
    movable = [w for w in workers if not state.moved[w]]
    if not movable:
        raise IllegalAction(
            f"the worker at {action.source + 1} has had its canal move this turn",
            rule="one canal move",
        )
    _unbarred(state, movable, action.target, str(action.target + 1))


def check_to_vineyard(state: Position, action: ToVineyard) -> None:
    own = not any_colour(state, action.card)
    workers = _canal_workers(state, action.colour, action.source, own)
    index = _vineyard(state, action.vineyard)
    if state.vineyard_room()[index] <= 0:
        raise IllegalAction(f"vineyard {action.vineyard} is full", rule="vineyard full")
    _unbarred(state, workers, state.game.layout.vineyard_code(index), action.vineyard)


def check_to_canal(state: Position, action: ToCanal) -> None:
    code = state.game.layout.vineyard_code(_vineyard(state, action.vineyard))
    own = not any_colour(state, action.card)
    workers = _named_workers(state, action.colour, code, action.vineyard, own)
    state.refuse_target(action.target)
    able = [w for w in workers if not state.from_canal[w]]
    if not able:
        raise IllegalAction(
            "a worker that came from the canal this turn may not go back to the canal",
            rule="canal-vineyard-canal",
        )
    _unbarred(state, able, action.target, str(action.target + 1))


def check_place(state: Position, action: Place) -> None:
    if not state.reserve(state.player):
        raise IllegalAction("all your workers are already out", rule="reserve empty")
    state.refuse_target(action.target)


def check_river(state: Position, action: River) -> None:
    _canal_workers(state, action.colour, action.source, own=True)
    layout = state.game.layout
    blue = layout.blue_index.get(action.blue)
    if blue is None or not layout.blue_in_play[blue]:
        raise IllegalAction(f"blue space {action.blue} is not in play", rule="in play")
    if not state.blue_free(blue):
        raise IllegalAction(f"blue space {action.blue} is taken", rule="blue space taken")


# -- moving --------------------------------------------------------------------------------------


def _pick(state: Position, workers: Iterable[int]) -> int:
    """Of interchangeable-looking workers, the one with the fewest options left this turn."""
    return max(
        workers,
        key=lambda w: (state.moved[w], state.from_canal[w], len(state.barred[w]), -w),
    )


def _relocate(state: Position, worker: int, place: int) -> None:
    old = state.where[worker]
    if old not in state.left[worker]:
        state.left[worker].append(old)
    state.where[worker] = place


def move(state: Position, action: Move) -> None:
    workers = [
        w
        for w in state.workers_at(action.colour, action.source)
        if not state.moved[w] and action.target not in state.barred[w]
    ]
    worker = _pick(state, workers)
    _relocate(state, worker, action.target)
    state.moved[worker] = True
    arrive(state, action.target)


def to_vineyard(state: Position, action: ToVineyard) -> None:
    layout = state.game.layout
    code = layout.vineyard_code(layout.vineyard_index[action.vineyard])
    workers = state.workers_at(action.colour, action.source)
    worker = _pick(state, (w for w in workers if code not in state.barred[w]))
    _relocate(state, worker, code)
    state.from_canal[worker] = True


def to_canal(state: Position, action: ToCanal) -> None:
    layout = state.game.layout
    code = layout.vineyard_code(layout.vineyard_index[action.vineyard])
    workers = [
        w
        for w in state.workers_at(action.colour, code)
        if not state.from_canal[w] and action.target not in state.barred[w]
    ]
    worker = _pick(state, workers)
    _relocate(state, worker, action.target)
    arrive(state, action.target)


def place(state: Position, action: Place) -> None:
    worker = state.reserve(state.player)[0]
    state.where[worker] = action.target
    arrive(state, action.target)


def river(state: Position, action: River) -> None:
    layout = state.game.layout
    worker = _pick(state, state.workers_at(action.colour, action.source))
    _relocate(state, worker, layout.blue_code(layout.blue_index[action.blue]))
    state.points[state.player] += state.game.rules.points.river

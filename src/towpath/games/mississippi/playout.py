"""Mississippi's playout policy: a cheap rule of thumb that brings the boats across the finish.

Plain moves leave a boat's shortfall (evaluate.py) as it is: only docking reactions carry boats
forward for free, and only boats that keep near each other can dock. So the boat to move
crosses the finish when its logs reach it, and otherwise plays the move that brings the most
free movement, less the logs it gives up and less what ending apart from the other boats costs
(more for every space to the nearest one), a random one among equals:
- a move ending next to another boat, forward on the boat's logs or backward up to the limit,
  with every turn but the half turn (two logs seldom pay back), is judged by its docking
  reactions, chains included;
- a plain move takes a random free turn, so that the numbers the boats show each other keep
  changing; it hands each boat it jumps a space (one more occupied space ahead of it), takes
  one back from each boat it backs past, loses the spaces the supply cannot pay for backing up,
  and never backs into the start area, where no boat docks.
It counts every boat's free movement, its own a little more: a race ends only where boats dock,
and boats that only help themselves drift apart and, with few logs, never meet again. For the
same reason it spares a boat with no logs the last logs of the supply (backing up, such a boat
loses its spaces; near the start area it may be stranded there for good), and it hands another
boat the win only when nothing else is left.
"""

from __future__ import annotations

from functools import cache

from towpath.core.actions import Action
from towpath.core.rng import Rng
from towpath.games.mississippi.actions import PASS, Move
from towpath.games.mississippi.position import START
from towpath.games.mississippi.state import MississippiState

CLOSENESS = 0.5  # free spaces a boat gives up to end its move a space nearer another boat
DRIFT = 0.05  # and per square space: far from every other boat, a boat can hardly dock again
OWN = 1.01  # a boat's own free movement counts a little more than another boat's
TURNS = (0, 1, -1, 2, -2)  # the turns weighed for a docking
FREE_TURNS = (0, 1, -1)
WIN = 1000.0
LOSS = -1000.0  # handing another boat the win
STRANDED = 100.0  # a boat in the start area with no logs can never move again
EXPOSED = 5.0  # a boat with no logs, the supply empty, a backward move from the start area

Choice = tuple[float, int, bool, int]  # value, rotation, forward, open spaces


def playout_action(state: MississippiState, rng: Rng) -> Action:
    """The policy's action for the boat to move (`state` must not be over)."""
    seat = state.player
    here, logs = state.spaces[seat], state.logs[seat]
    ahead = state.open_ahead(seat)
    if logs >= ahead:
        return Move(0, True, ahead)
    if here == START and logs == 0:
        return PASS
    outlook = Outlook(state, seat)
    choices = plain_moves(state, outlook, rng) + dockings(state, outlook)
    if not choices:  # no logs on the first open space: only the start area is left
        return Move(0, False, 1)
    best = max(choice[0] for choice in choices)
    _, rotation, forward, steps = rng.choice([c for c in choices if c[0] == best])
    return Move(rotation, forward, steps)


@cache
def apartness(finish: int) -> tuple[float, ...]:
    """What ending a move d spaces from the nearest other boat costs, by d."""
    return tuple(CLOSENESS * d + DRIFT * d * d for d in range(finish + 1))


class Outlook:
    """The position as the boat to move weighs its moves: where the other boats are, the open
    spaces next to them, and the progress and open spaces its moves are measured against."""

    __slots__ = ("apart", "boats", "finish", "landings", "others", "own_open", "progress", "seat")

    def __init__(self, state: MississippiState, seat: int) -> None:
        self.seat = seat
        self.finish = state.game.river.finish
        self.apart = apartness(self.finish)
        here = state.spaces[seat]
        self.others = [space for boat, space in enumerate(state.spaces) if boat != seat]
        self.boats = {space for space in self.others if space != START}
        touching = state.game.river.touching
        near = {landing for space in self.boats for _, landing in touching[space]}
        self.landings = near - self.boats - {here}
        self.own_open = state.open_ahead(seat)
        self.progress = sum(state.spaces)
        if here == START:  # once on the river, the boat is one more ahead of those waiting
            self.progress -= self.others.count(START)

    def nearest(self, space: int) -> int:
        """Spaces along the river to the nearest other boat (the start area is space 0)."""
        return min([abs(space - other) for other in self.others])

    def judge(self, spaces: list[int], logs_change: int) -> float:
        """A docking's worth, the boats standing on `spaces` after it: the free movement of
        every boat (the spaces the boats advanced beyond the logs paid for them), the boat's
        own counted OWN times, less what ending apart from the others costs."""
        seat = self.seat
        here = spaces[seat]
        ahead, nearest = 0, self.finish
        for boat, space in enumerate(spaces):  # a plain loop: this is the policy's hot spot
            if boat != seat:
                if space > here:
                    ahead += 1
                gap = space - here if space > here else here - space
                nearest = min(nearest, gap)
        gained = sum(spaces) - self.progress + logs_change
        own = self.own_open - (self.finish - here - ahead) + logs_change
        return gained + (OWN - 1) * own - self.apart[nearest]


# -- plain moves ------------------------------------------------------------------------------


def plain_moves(state: MississippiState, outlook: Outlook, rng: Rng) -> list[Choice]:
    """Every move ending away from the other boats, with a random free turn."""
    turn = rng.choice(FREE_TURNS) if state.started[outlook.seat] else 0
    return downstream(state, outlook, turn) + upstream(state, outlook, turn)


def downstream(state: MississippiState, outlook: Outlook, turn: int) -> list[Choice]:
    """Plain forward moves: each boat jumped gains a space. Past the last boat every further
    space only ends the move further from the others."""
    boats, landings, apart = outlook.boats, outlook.landings, outlook.apart
    last = max(outlook.others)
    choices: list[Choice] = []
    space, steps, jumped = state.spaces[outlook.seat], 0, 0
    while steps < state.logs[outlook.seat]:
        space += 1
        if space in boats:
            jumped += 1
            continue
        steps += 1
        if space not in landings:
            choices.append((jumped - apart[outlook.nearest(space)], turn, True, steps))
            if space > last:
                break
    return choices


def upstream(state: MississippiState, outlook: Outlook, turn: int) -> list[Choice]:
    """Plain backward moves, short of the start area: each boat backed past loses a space,
    and so does the boat for each space the supply cannot pay for. Behind the first boat
    every further space only costs more."""
    seat, supply = outlook.seat, state.supply
    boats, landings, apart = outlook.boats, outlook.landings, outlook.apart
    first = min(outlook.others)
    choices: list[Choice] = []
    space, steps, backed_past = state.spaces[seat], 0, 0
    while steps < state.game.rules.backward_limit and space > 1:
        space -= 1
        if space in boats:
            backed_past += 1
            continue
        steps += 1
        if space not in landings:
            lost = max(0, steps - supply)
            value = -backed_past - OWN * lost - apart[outlook.nearest(space)]
            if steps >= supply:
                spaces = list(state.spaces)
                spaces[seat] = space
                value -= starving(state, seat, spaces, state.logs[seat] + steps - lost)
            choices.append((value, turn, False, steps))
            if space < first:
                break
    return choices


# -- dockings ---------------------------------------------------------------------------------


def dockings(state: MississippiState, outlook: Outlook) -> list[Choice]:
    """Every move ending next to another boat, judged by its docking reactions."""
    seat = outlook.seat
    here, logs, supply = state.spaces[seat], state.logs[seat], state.supply
    facing = state.facing[seat]
    assert facing is not None
    turns = [(turn, state.game.rotation_cost(turn), (facing + turn) % 6) for turn in TURNS]
    if not state.started[seat]:
        turns = turns[:1]  # no turning on the first turn
    choices: list[Choice] = []
    for landing in outlook.landings:
        forward, steps = landing > here, open_between(outlook, here, landing)
        if not forward and steps > state.game.rules.backward_limit:
            continue
        for turn, cost, turned in turns:
            if forward:
                if cost + steps > logs:
                    continue
                logs_change = -cost - steps
            else:
                if cost > logs:
                    continue
                logs_change = min(steps, supply + cost) - cost
            spaces, winner = state.docked(seat, landing, turned)
            if winner is not None:
                value = WIN if winner == seat else LOSS
            else:
                value = outlook.judge(spaces, logs_change)
                if not forward and steps >= supply + cost:  # the supply is emptied
                    value -= starving(state, seat, spaces, logs + logs_change)
            choices.append((value, turn, forward, steps))
    return choices


def open_between(outlook: Outlook, here: int, landing: int) -> int:
    """The open spaces a move from `here` to `landing` counts (the boats jumped are not)."""
    low, high = min(here, landing), max(here, landing)
    return high - low - sum(1 for space in outlook.boats if low < space < high)


def starving(state: MississippiState, seat: int, spaces: list[int], logs: int) -> float:
    """What the boats with no logs stand to lose when the supply is empty, the boats standing
    on `spaces` and this one left with `logs`: each must back up a space at a loss, and one on
    the first open space goes into the start area for good."""
    loss = 0.0
    for boat, here in enumerate(spaces):
        if here == START or (logs if boat == seat else state.logs[boat]):
            continue
        behind = here - sum(1 for other in spaces if START < other < here)
        if behind <= 1:
            loss += STRANDED
        else:
            loss += 1 + (EXPOSED if behind <= state.game.rules.backward_limit else 0)
    return loss

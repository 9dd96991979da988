"""Arriala's playout policy: a cheap rule of thumb that digs the canal to its end.

The game ends when every open space of the canal is a lock or lies in a scored section, and a
section is scored the moment its last space is filled, which frees its workers to dig on. So,
action by action, the player to move:
1. plays a Masterwork card when it may (5 points for 1 AP);
2. fills an empty space of an open section, the way that pays best for its AP: a worker from a
   town or a scored section moved there (by AP, a Move or a Teleport card), a new worker placed,
   one brought back from a vineyard, or a lock built (by AP or a card). A fill is judged by its
   cost (an action point is worth about half a point, as in evaluate), by how it changes the
   section's expected pay to its majority (evaluate's measure: the table value times the share
   filled; a rival's pay counts against the player) and by whether it completes the section.
   Only where no such fill is in reach does a worker move from one open section to another
   that needs no more workers (the moves that shift workers to where a section completes);
3. otherwise brings a worker closer to an empty space (in the fewest moves that each end on a
   free space), or parks one in a vineyard (it returns to any free space for 4 AP), draws a
   card, or ends its turn.
Equal choices are drawn at random, and now and then the second best is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from towpath.core.actions import Action
from towpath.core.rng import Rng
from towpath.games.arriala.actions import (
    DRAW,
    END,
    BuildMasterwork,
    Lock,
    Move,
    Place,
    ToCanal,
    ToVineyard,
)
from towpath.games.arriala.cards import may_draw
from towpath.games.arriala.evaluate import AP_POINTS
from towpath.games.arriala.sections import lock_counts, majority, open_sections
from towpath.games.arriala.state import ArrialaState

DIGGING = 3.0  # what filling a space is worth beyond its pay: the canal gets dug
COMPLETING = 1.0  # and completing a section: it is scored, and its workers dig on
RIVAL = 0.5  # how much a rival's expected pay counts against the player
CARD = 0.5  # what playing a card gives up: it might have saved more later
SECOND_BEST = 0.1  # how often the second-best choice is played, for variety
HAND = 3  # cards: with fewer, spare action points draw one
TIE = 1e-9


@dataclass
class Section:
    """An open section: its spaces (in canal order), the empty ones and workers per colour."""

    spaces: list[int]
    empty: list[int]
    counts: list[int]


class Canal:
    """The canal as the player to move sees it: the open sections, where each worker stands,
    and what one worker more or less of each colour in a section is worth to the player."""

    def __init__(self, state: ArrialaState) -> None:
        layout = state.game.layout
        self.state = state
        self.me = state.player
        self.colours = layout.colours
        self.section_of, runs = open_sections(state)
        self.sections = [Section(spaces, [], [0] * self.colours) for spaces in runs]
        self.free = state.free()
        per = state.game.rules.workers_per_colour
        self.colour_at = [-1] * layout.length  # on a non-town space
        for worker, place in enumerate(state.where):
            if 0 <= place < layout.length and self.section_of[place] >= 0:
                self.colour_at[place] = worker // per
                self.sections[self.section_of[place]].counts[worker // per] += 1
        for section in self.sections:
            section.empty = [space for space in section.spaces if self.free[space]]
        self.joining = [self.changes(section, 1) for section in self.sections]
        self.leaving = [self.changes(section, -1) for section in self.sections]

    def lead(self, counts: list[int], spaces: int) -> float:
        """The section's expected pay to the player, less a share of a rival's."""
        winner = majority(counts)
        if winner is None:
            return 0.0
        pay = self.state.game.layout.board.score_table[spaces - 1] * sum(counts) / spaces
        return pay if winner == self.me else -RIVAL * pay

    def changes(self, section: Section, step: int) -> list[float]:
        """Per colour, what a worker of it joining (step 1) or leaving (-1) changes."""
        spaces, counts = len(section.spaces), section.counts
        before = self.lead(counts, spaces)
        found = []
        for colour in range(self.colours):
            if counts[colour] + step < 0:
                found.append(0.0)
                continue
            after = list(counts)
            after[colour] += step
            found.append(self.lead(after, spaces) - before)
        return found

    def deadlocked(self) -> bool:
        """Has the player no worker left in reserve, and does every worker on the canal stand
        in an open section?"""
        state, length = self.state, len(self.section_of)
        return not state.reserve(self.me) and all(
            self.section_of[place] >= 0 for place in state.where if 0 <= place < length
        )

    def destinations(self, home: int) -> list[int]:
        """The empty spaces a worker of the open section `home` (-1: of none) may dig: any,
        from outside the open sections; else those of the other sections needing no more
        workers than its own. (Such moves make the needs ever more uneven, Σ need² grows,
        so they never go round in circles.)"""
        if home < 0:
            return [space for section in self.sections for space in section.empty]
        need = len(self.sections[home].empty)
        return [
            space
            for index, section in enumerate(self.sections)
            if index != home and len(section.empty) <= need
            for space in section.empty
        ]

    def filling(self, space: int, colour: int) -> float:
        """What a worker of `colour` arriving on the empty `space` from outside the open
        sections is worth, before its cost."""
        index = self.section_of[space]
        done = COMPLETING if len(self.sections[index].empty) == 1 else 0.0
        return DIGGING + done + self.joining[index][colour]

    def locking(self, space: int) -> float:
        """What a lock on the empty `space` is worth, before its cost: its point, the digging,
        and the split section's parts judged on their own (a full part is scored)."""
        section = self.sections[self.section_of[space]]
        before = self.lead(section.counts, len(section.spaces))
        after = 0.0
        for part in (
            [p for p in section.spaces if p < space],
            [p for p in section.spaces if p > space],
        ):
            if part:
                counts = [0] * self.colours
                for p in part:
                    if self.colour_at[p] >= 0:
                        counts[self.colour_at[p]] += 1
                after += self.lead(counts, len(part))
        done = COMPLETING if len(section.empty) == 1 else 0.0
        return self.state.game.rules.points.lock + DIGGING + done + after - before


class Choice:
    """The best and second-best actions offered, equal ones drawn at random."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.best: list[Action] = []
        self.value = float("-inf")
        self.second: Action | None = None
        self.second_value = float("-inf")

    def offer(self, value: float, action: Action) -> None:
        if value > self.value + TIE:
            if self.best:
                self.second, self.second_value = self.best[0], self.value
            self.best, self.value = [action], value
        elif value > self.value - TIE:
            self.best.append(action)
        elif value > self.second_value:
            self.second, self.second_value = action, value

    def pick(self) -> Action | None:
        if not self.best:
            return None
        if self.second is not None and self.rng.random() < SECOND_BEST:
            return self.second
        return self.best[0] if len(self.best) == 1 else self.rng.choice(self.best)


def playout_action(state: ArrialaState, rng: Rng) -> Action:
    """The policy's action for the player to move (`state` must not be over)."""
    masterwork = masterwork_play(state)
    if masterwork is not None:
        return masterwork
    canal = Canal(state)
    digging, shifting = Choice(rng), Choice(rng)
    offer_moves(canal, digging, shifting)
    offer_placings(canal, digging)
    offer_returns(canal, digging)
    offer_locks(canal, digging)
    return (
        digging.pick()
        or shifting.pick()
        or approach(canal)
        or to_vineyard(canal)
        or spare_points(state)
    )


def masterwork_play(state: ArrialaState) -> Action | None:
    """A Masterwork card, where the player is last on the score track and one is unbuilt."""
    cards = held(state, "masterwork")
    if not cards or not state.is_last(state.player):
        return None
    for index, masterwork in enumerate(state.game.layout.board.masterworks):
        if state.masterworks[index] is None:
            return BuildMasterwork(cards[0], masterwork.id)
    return None


def held(state: ArrialaState, effect: str) -> list[str]:
    """The kinds of card with this effect in the player's hand, each once."""
    cards = state.game.rules.cards
    return [card for card in sorted(set(state.hands[state.player])) if cards[card].effect == effect]


def name(state: ArrialaState, worker: int) -> tuple[int, int]:
    """Colour and number the notation names the worker by (the lowest of alike workers)."""
    chosen = state.lowest_alike(worker)
    return state.colour_of(chosen), state.number_of(chosen)


def offer_moves(canal: Canal, digging: Choice, shifting: Choice) -> None:
    """Canal moves onto empty spaces, by action points, a Move card or a Teleport card: those
    of workers from outside the open sections dig, those between open sections shift."""
    state = canal.state
    length, costs = state.game.layout.length, state.game.rules.costs
    ap, per_space, play = state.ap, costs.move_per_space, costs.play_card
    cards = [(card, state.game.rules.cards[card].reach) for card in held(state, "move")]
    teleports = held(state, "teleport")
    for worker, place in enumerate(state.where):
        if not 0 <= place < length or state.moved[worker]:
            continue
        colour = state.colour_of(worker)
        moving = Moving(canal, worker, place)
        choice = digging if moving.home < 0 else shifting
        best = moving.best_within(ap // per_space, 0, 0)
        if best is not None:
            value, target = best
            choice.offer(value, Move(*name(state, worker), place, target))
        for card, reach in cards:
            best = moving.best_within(reach + (ap - play) // per_space, reach, play)
            if best is not None:
                value, target = best
                choice.offer(value - CARD, Move(*name(state, worker), place, target, card))
        if teleports and colour == state.player:
            best = moving.best_within(length, length, play)
            if best is not None:
                value, target = best
                teleport = Move(*name(state, worker), place, target, teleports[0])
                choice.offer(value - CARD, teleport)


class Moving:
    """One worker's canal moves onto empty spaces: from a town or a scored section any empty
    space; from an open section, one of another section needing no more workers (it digs
    nothing, but brings that section nearer completion)."""

    def __init__(self, canal: Canal, worker: int, place: int) -> None:
        self.canal = canal
        self.worker, self.place = worker, place
        self.colour = canal.state.colour_of(worker)
        self.barred = canal.state.barred[worker]
        self.home = canal.section_of[place]
        self.home_need = len(canal.sections[self.home].empty) if self.home >= 0 else 0

    def value(self, target: int) -> float | None:
        """What moving there is worth before its cost; None where it is no move to make."""
        canal = self.canal
        if self.home < 0:
            return canal.filling(target, self.colour)
        section = canal.section_of[target]
        need = len(canal.sections[section].empty)
        if section == self.home or need > self.home_need:
            return None
        done = COMPLETING if need == 1 else 0.0
        return done + canal.joining[section][self.colour] + canal.leaving[self.home][self.colour]

    def best_within(self, reach: int, free_spaces: int, base: int) -> tuple[float, int] | None:
        """The best empty space within `reach` spaces, and its value less its cost: `base` AP
        and a space's AP for each space beyond the first `free_spaces`."""
        canal, place = self.canal, self.place
        per_space = canal.state.game.rules.costs.move_per_space
        best: tuple[float, int] | None = None
        for section in canal.sections:
            for target in section.empty:
                distance = abs(target - place)
                if distance > reach or target in self.barred:
                    continue
                value = self.value(target)
                if value is None:
                    continue
                cost = base + max(0, distance - free_spaces) * per_space
                value -= AP_POINTS * cost
                if best is None or value > best[0]:
                    best = (value, target)
        return best


def offer_placings(canal: Canal, choice: Choice) -> None:
    """A new worker from the reserve onto an empty space."""
    state = canal.state
    costs = state.game.rules.costs
    if state.ap < costs.place or not state.reserve(state.player):
        return
    for section in canal.sections:
        for target in section.empty:
            value = canal.filling(target, state.player) - AP_POINTS * costs.place
            choice.offer(value, Place(target))


def offer_returns(canal: Canal, choice: Choice) -> None:
    """A worker from a vineyard back onto an empty space, by action points or a card."""
    state = canal.state
    layout, rules = state.game.layout, state.game.rules
    means: list[tuple[str | None, int, bool]] = [
        (card, rules.costs.play_card, rules.cards[card].any_colour)
        for card in held(state, "to-canal")
    ]
    if state.ap >= rules.costs.to_canal:
        means.append((None, rules.costs.to_canal, False))
    if not means:
        return
    for worker, place in enumerate(state.where):
        if not layout.length <= place < layout.blue_base or state.from_canal[worker]:
            continue
        colour, number = name(state, worker)
        vineyard = layout.place_name(place)
        for card, cost, any_colour in means:
            if colour != state.player and not any_colour:
                continue
            for section in canal.sections:
                for target in section.empty:
                    if target in state.barred[worker]:
                        continue
                    value = canal.filling(target, colour) - AP_POINTS * cost
                    if card is not None:
                        value -= CARD
                    choice.offer(value, ToCanal(colour, number, vineyard, target, card))


def offer_locks(canal: Canal, choice: Choice) -> None:
    """A lock on an empty space, as the stretch and the supply allow, by action points or a
    Lock card."""
    state = canal.state
    layout, rules = state.game.layout, state.game.rules
    card = next(iter(held(state, "lock")), None)
    cost = rules.costs.play_card if card is not None else rules.costs.lock
    if state.ap < cost:
        return
    counts = lock_counts(state)
    if sum(counts) >= rules.locks_total:
        return
    stretches = layout.board.stretches
    for section in canal.sections:
        for target in section.empty:
            stretch = layout.stretch_of[target]
            if counts[stretch] >= stretches[stretch].max_locks:
                continue
            value = canal.locking(target) - AP_POINTS * cost - (CARD if card else 0.0)
            choice.offer(value, Lock(target, card))


def approach(canal: Canal) -> Action | None:
    """No empty space is in reach: a worker to the free space within reach fewest turns from
    an empty one it may dig (beyond it, too: only the destination must be free); one from a
    town or a scored section first, then the nearest stop, the player's own first."""
    state = canal.state
    length, per_space = state.game.layout.length, state.game.rules.costs.move_per_space
    reach = state.ap // per_space
    turns_by_home: dict[int, list[int]] = {}
    best: tuple[tuple[int, bool, int, bool], int, int] | None = None
    for worker, place in enumerate(state.where):
        if not 0 <= place < length or state.moved[worker]:
            continue
        home = canal.section_of[place]
        if home not in turns_by_home:
            turns_by_home[home] = turns_away(canal, canal.destinations(home))
        turns = turns_by_home[home]
        foreign = state.colour_of(worker) != state.player
        barred = state.barred[worker]
        for stop in range(max(0, place - reach), min(length, place + reach + 1)):
            if (
                turns[stop] < turns[place]
                and canal.free[stop]
                and canal.section_of[stop] < 0
                and stop not in barred
            ):
                key = (turns[stop], home >= 0, abs(stop - place), foreign)
                if best is None or key < best[0]:
                    best = (key, worker, stop)
    if best is None:
        return None
    _, worker, stop = best
    return Move(*name(state, worker), state.where[worker], stop)


def turns_away(canal: Canal, destinations: list[int]) -> list[int]:
    """Per canal space, how many moves (each at most a turn's action points, each ending on
    a free space) a worker there needs to reach one of the `destinations`; the canal's length
    where it cannot."""
    rules = canal.state.game.rules
    reach = rules.action_points // rules.costs.move_per_space
    length = len(canal.section_of)
    turns = [length] * length
    for space in destinations:
        turns[space] = 0
    layer, count = destinations, 0
    while layer:
        count += 1
        reached = []
        for space in layer:
            for other in range(max(0, space - reach), min(length, space + reach + 1)):
                if turns[other] == length:
                    turns[other] = count
                    if canal.free[other]:
                        reached.append(other)
        layer = reached
    return turns


def to_vineyard(canal: Canal) -> Action | None:
    """With no move to make, one of the player's workers from a town or a scored section (from
    an open section only where every worker on the canal stands in one) into the vineyard with
    the most room, where none of theirs is yet: from there it returns to any free canal
    space."""
    state = canal.state
    layout, rules = state.game.layout, state.game.rules
    per = rules.workers_per_colour
    own = range(state.player * per, (state.player + 1) * per)
    if state.ap < rules.costs.to_vineyard or any(
        layout.length <= state.where[worker] < layout.blue_base for worker in own
    ):
        return None
    room = state.vineyard_room()
    vineyard = max(range(len(room)), key=lambda v: room[v])
    code = layout.vineyard_code(vineyard)
    if room[vineyard] <= 0:
        return None
    on_canal = [w for w in own if 0 <= state.where[w] < layout.length]
    spare = [w for w in on_canal if canal.section_of[state.where[w]] < 0]
    for worker in spare or (on_canal if canal.deadlocked() else []):
        place = state.where[worker]
        if code not in state.barred[worker] and canal.destinations(canal.section_of[place]):
            colour, number = name(state, worker)
            return ToVineyard(colour, number, place, layout.board.vineyards[vineyard].id)
    return None


def spare_points(state: ArrialaState) -> Action:
    """What spare action points buy when no worker can dig: a card, or the turn's end."""
    if (
        state.ap >= state.game.rules.costs.draw
        and len(state.hands[state.player]) < HAND
        and may_draw(state)
    ):
        return DRAW
    return END

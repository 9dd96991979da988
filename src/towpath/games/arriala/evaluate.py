"""How an Arriala player judges a position: points banked, plus what the open sections, the
vineyards, the cards in hand and the action points left are likely to bring.

- Each unscored section is expected to pay its table value to the colour that would win its
  majority now, in proportion to how full it is (a full section scores now; a nearly empty one
  is anyone's).
- Each vineyard is expected to pay its majority holder at the end, not quite surely.
- An action point is worth about half a point (a worker placed for 3 AP takes a share of a
  section). Each seat counts the AP it has still to play this round: the player to move those
  left in its turn, a seat after it in the round a whole turn's; so an action is judged by what
  it brings against what it costs, and ending a turn hands nothing to the next player.
- A card is worth what it does, not a point apiece: the AP it saves over doing the same without
  it (the AP of the action it stands for, less the 1 AP of playing it): Move-up-to-N saves
  N − 1, a Lock card or a vineyard→canal card 3, a canal→vineyard card 1, a Teleport a few; a
  card that may move any colour's worker saves an AP more. A Masterwork card is worth its
  points to the seat last on the score track, a point less for each point the seat is ahead of
  the last. A Lock card with no lock left to build, or a Masterwork card with both built, is
  worth nothing. A card in hand must still find its use, so it counts half its worth; only the
  best cards count, as many as a turn's AP can play, each a little less than the one before;
  and the hand's worth shrinks with the share of the canal still open (nothing once the canal is
  done, when the game ends). Drawing (2 AP) so pays only for a card that will be played.
The value is the lead of the projected points over the best other colour, the virtual player
of the 2-player game included (if it wins, nobody does).
"""

from __future__ import annotations

from collections.abc import Sequence

from towpath.core.actions import Action
from towpath.core.game import logistic
from towpath.games.arriala import movement
from towpath.games.arriala.actions import End, Move, Place, River, ToCanal, ToVineyard
from towpath.games.arriala.components import CardType
from towpath.games.arriala.sections import lock_counts, majority, open_sections
from towpath.games.arriala.state import ArrialaState

VINEYARD_CERTAINTY = 0.7
LEAD_SCALE = 6.0  # points of projected lead that make a clear, but not decisive, lead
AP_POINTS = 0.5  # the points an action point buys, about
TELEPORT_AP = 3  # the AP a Teleport saves: a move of a few spaces more than a Move card's
ANY_COLOUR_AP = 1  # what moving an opponent's worker adds to a card
HOLD = 0.5  # the share of its worth a card in hand counts: it may not find its use
NEXT_CARD = 0.7  # each card after the best is worth this much of the one before


def projected_points(state: ArrialaState) -> list[float]:
    """Banked points plus expected section, vineyard, card and action-point points, by colour."""
    projected = [float(points) for points in state.points]
    for colour, points in enumerate(section_points(state)):
        projected[colour] += points
    for colour, points in enumerate(vineyard_points(state)):
        projected[colour] += points
    open_share, locks = canal_open(state), lock_left(state)
    for seat in range(state.game.players):
        projected[seat] += open_share * hand_points(state, seat, locks)
    for seat, points in enumerate(ap_to_come(state, state.player, state.ap)):
        projected[seat] += points
    return projected


def ap_to_come(state: ArrialaState, mover: int, ap: int) -> list[float]:
    """What the action points still to be played this round are worth, by seat: the mover's
    AP left, and a whole turn's for each seat still to play after it. (Counting the mover's
    alone would make every action that ends a turn look like handing the next player 5 AP,
    and leaves of a search in one turn or the next unlike.)"""
    game = state.game
    worth = [0.0] * game.players
    worth[mover] = AP_POINTS * ap
    place = (mover - game.first_player) % game.players
    for seat in range(game.players):
        if (seat - game.first_player) % game.players > place:
            worth[seat] = AP_POINTS * game.rules.action_points
    return worth


def section_points(state: ArrialaState) -> list[float]:
    """Per colour, what the unscored sections are expected to pay it."""
    layout = state.game.layout
    per, table = state.game.rules.workers_per_colour, layout.board.score_table
    colour_at = [-1] * layout.length
    for worker, place in enumerate(state.where):
        if 0 <= place < layout.length:
            colour_at[place] = worker // per
    expected = [0.0] * layout.colours
    counts = [0] * layout.colours
    spaces = 0
    previous = -2
    for space in (*layout.open_spaces, -2):  # a section ends at a town, a lock or a gap
        if space != previous + 1 or space < 0 or state.locks[space] or state.scored[space]:
            winner = majority(counts) if spaces else None
            if winner is not None:
                expected[winner] += table[spaces - 1] * sum(counts) / spaces
            counts = [0] * layout.colours
            spaces = 0
        previous = space
        if space >= 0 and not (state.locks[space] or state.scored[space]):
            spaces += 1
            if colour_at[space] >= 0:
                counts[colour_at[space]] += 1
    return expected


def vineyard_points(state: ArrialaState) -> list[float]:
    """Per colour, what the vineyards are expected to pay it at the end."""
    layout = state.game.layout
    per, vineyards = state.game.rules.workers_per_colour, layout.board.vineyards
    counts = [[0] * layout.colours for _ in vineyards]
    for worker, place in enumerate(state.where):
        if layout.length <= place < layout.blue_base:
            counts[place - layout.length][worker // per] += 1
    expected = [0.0] * layout.colours
    for vineyard, held in zip(vineyards, counts, strict=True):
        winner = majority(held)
        if winner is not None:
            expected[winner] += vineyard.points * VINEYARD_CERTAINTY
    return expected


def canal_open(state: ArrialaState) -> float:
    """The share of the canal's non-town spaces neither scored nor locked: the game ends at 0."""
    spaces = state.game.layout.open_spaces
    return sum(1 for p in spaces if not (state.scored[p] or state.locks[p])) / len(spaces)


def hand_points(
    state: ArrialaState,
    seat: int,
    locks: bool,
    cards: list[str] | None = None,
    points: list[int] | None = None,
) -> float:
    """What the seat's cards (or these) are worth: the best of them, as many as a turn's AP
    could play, each a little less than the one before (`locks`: whether a lock may still be
    built; `points`: the score track, if not as it stands)."""
    track = state.points if points is None else points
    held = state.hands[seat] if cards is None else cards
    worth = sorted((card_points(state, seat, card, locks, track) for card in held), reverse=True)
    playable = worth[: state.game.rules.action_points // state.game.rules.costs.play_card]
    return HOLD * sum(points * NEXT_CARD**rank for rank, points in enumerate(playable))


def card_points(state: ArrialaState, seat: int, name: str, locks: bool, points: list[int]) -> float:
    """What playing the card brings over doing the same with action points."""
    rules = state.game.rules
    card = rules.cards[name]
    if card.effect == "masterwork":
        if all(builder is not None for builder in state.masterworks):
            return 0.0
        # Only the seat last on the score track may build one: the further ahead, the less
        # likely it comes to be last.
        ahead = points[seat] - min(points[: state.game.players])
        return max(0.0, rules.points.masterwork - ahead)
    if card.effect == "lock" and not locks:
        return 0.0
    return AP_POINTS * saved_ap(state, card)


def saved_ap(state: ArrialaState, card: CardType) -> int:
    """The AP of the action the card stands for, less the AP of playing it."""
    costs = state.game.rules.costs
    done_without = {
        "move": card.reach * costs.move_per_space,
        "teleport": TELEPORT_AP + costs.play_card,
        "lock": costs.lock,
        "to-vineyard": costs.to_vineyard,
        "to-canal": costs.to_canal,
    }[card.effect]
    return done_without - costs.play_card + (ANY_COLOUR_AP if card.any_colour else 0)


def lock_left(state: ArrialaState) -> bool:
    """Whether a lock may still be built: one in the supply and a stretch with room for it."""
    layout, rules = state.game.layout, state.game.rules
    counts = lock_counts(state)
    if sum(counts) >= rules.locks_total:
        return False
    stretches = layout.board.stretches
    return any(
        counts[layout.stretch_of[p]] < stretches[layout.stretch_of[p]].max_locks
        and not (state.scored[p] or state.locks[p])
        for p in layout.open_spaces
    )


def evaluate_all(state: ArrialaState) -> list[float]:
    """`evaluate` for every seat, from one projection."""
    if state.is_terminal():
        return state.returns()
    projected = projected_points(state)
    return [lead(projected, seat) for seat in range(state.game.players)]


def lead(projected: list[float], seat: int) -> float:
    best_other = max(p for colour, p in enumerate(projected) if colour != seat)
    return logistic((projected[seat] - best_other) / LEAD_SCALE)


# -- quick estimates of the actions of a turn --------------------------------------------------


class Projection:
    """The projected points of one position in parts (banked points, each section's and each
    vineyard's expected pay, each seat's hand, the mover's AP), so that an action's estimate
    recomputes only the parts it changes."""

    def __init__(self, state: ArrialaState) -> None:
        self.state = state
        layout = state.game.layout
        per = state.game.rules.workers_per_colour
        self.colours = layout.colours
        self.colour_at = [-1] * layout.length
        for worker, place in enumerate(state.where):
            if 0 <= place < layout.length:
                self.colour_at[place] = worker // per
        self.section_of, self.sections = open_sections(state)
        self.section_counts = [self.counts(spaces) for spaces in self.sections]
        self.vineyard_counts = [[0] * self.colours for _ in layout.board.vineyards]
        for worker, place in enumerate(state.where):
            if layout.length <= place < layout.blue_base:
                self.vineyard_counts[place - layout.length][worker // per] += 1
        self.open_share, self.locks = canal_open(state), lock_left(state)
        self.hands = [self.hand(seat, state.hands[seat]) for seat in range(state.game.players)]
        self.fixed = [float(points) for points in state.points]
        for index, counts in enumerate(self.section_counts):
            self.add_section(self.fixed, index, counts, 1.0)
        for index, counts in enumerate(self.vineyard_counts):
            self.add_vineyard(self.fixed, index, counts, 1.0)

    def counts(self, spaces: list[int]) -> list[int]:
        found = [0] * self.colours
        for space in spaces:
            if self.colour_at[space] >= 0:
                found[self.colour_at[space]] += 1
        return found

    def hand(self, seat: int, cards: list[str], points: list[int] | None = None) -> float:
        """The seat's hand term (the score track as `points`, if not as it stands)."""
        return self.open_share * hand_points(self.state, seat, self.locks, cards, points)

    def add_section(self, into: list[float], index: int, counts: list[int], sign: float) -> None:
        winner = majority(counts)
        if winner is not None:
            spaces = len(self.sections[index])
            pay = self.state.game.layout.board.score_table[spaces - 1] * sum(counts) / spaces
            into[winner] += sign * pay

    def add_vineyard(self, into: list[float], index: int, counts: list[int], sign: float) -> None:
        winner = majority(counts)
        if winner is not None:
            into[winner] += (
                sign * self.state.game.layout.board.vineyards[index].points * (VINEYARD_CERTAINTY)
            )

    def after(self, action: Action) -> list[float] | None:
        """The projected points after the action, or None where it scores a section, builds a
        lock or a masterwork, draws or ends the game (the caller plays those out)."""
        state = self.state
        mover, rules = state.player, state.game.rules
        if isinstance(action, End):
            cost = state.ap
        elif isinstance(action, Move):
            cost = movement.move_cost(state, action)
        elif isinstance(action, ToVineyard | ToCanal | Place | River):
            card = getattr(action, "card", None)
            cost = rules.costs.play_card if card is not None else COSTS[type(action)](rules)
        else:
            return None
        if cost == state.ap and state.turn + 1 >= state.game.max_turns:
            return None  # the turn limit ends the game
        colour = mover if isinstance(action, Place) else getattr(action, "colour", mover)
        source, target = places_of(state, action)
        projected = list(self.fixed)
        if not self.relocate(projected, colour, source, target):
            return None
        hands = list(self.hands)
        card = getattr(action, "card", None)
        if isinstance(action, River):
            points = list(state.points)
            points[mover] += rules.points.river
            projected[mover] += rules.points.river
            hands = [self.hand(seat, state.hands[seat], points) for seat in range(len(hands))]
        if card is not None:
            cards = list(state.hands[mover])
            cards.remove(card)
            hands[mover] = self.hand(mover, cards)
        for seat, worth in enumerate(hands):
            projected[seat] += worth
        left = state.ap - cost
        mover_after = mover if left else (mover + 1) % state.game.players
        ap_after = left or rules.action_points  # at 0 the turn passes
        for seat, worth in enumerate(ap_to_come(state, mover_after, ap_after)):
            projected[seat] += worth
        return projected

    def relocate(self, projected: list[float], colour: int, source: int, target: int) -> bool:
        """Move the expected pay for a worker of `colour` going from one place to another
        (-1: none); False where it completes a section."""
        length = self.state.game.layout.length
        changed: dict[tuple[str, int], list[int]] = {}
        for place, step in ((source, -1), (target, 1)):
            if 0 <= place < length and self.section_of[place] >= 0:
                key = ("section", self.section_of[place])
                counts = changed.get(key) or list(self.section_counts[key[1]])
            elif length <= place < self.state.game.layout.blue_base:
                key = ("vineyard", place - length)
                counts = changed.get(key) or list(self.vineyard_counts[key[1]])
            else:
                continue
            counts[colour] += step
            changed[key] = counts
        for (kind, index), counts in changed.items():
            if kind == "section":
                if sum(counts) == len(self.sections[index]):
                    return False  # scored at once, and the canal's share left changes
                self.add_section(projected, index, self.section_counts[index], -1.0)
                self.add_section(projected, index, counts, 1.0)
            else:
                self.add_vineyard(projected, index, self.vineyard_counts[index], -1.0)
                self.add_vineyard(projected, index, counts, 1.0)
        return True


COSTS = {
    ToVineyard: lambda rules: rules.costs.to_vineyard,
    ToCanal: lambda rules: rules.costs.to_canal,
    Place: lambda rules: rules.costs.place,
    River: lambda rules: rules.costs.river,
}


def places_of(state: ArrialaState, action: Action) -> tuple[int, int]:
    """Where the action takes a worker from and to (-1: the reserve, or none)."""
    layout = state.game.layout
    if isinstance(action, Move):
        return action.source, action.target
    if isinstance(action, ToVineyard):
        return action.source, layout.vineyard_code(layout.vineyard_index[action.vineyard])
    if isinstance(action, ToCanal):
        return layout.vineyard_code(layout.vineyard_index[action.vineyard]), action.target
    if isinstance(action, Place):
        return -1, action.target
    if isinstance(action, River):
        return action.source, layout.blue_code(layout.blue_index[action.blue])
    return -1, -1


def estimate_actions(state: ArrialaState, seat: int, actions: Sequence[Action]) -> list[float]:
    """`evaluate` for the seat after each action: the projection's changed parts, or the
    action played out where it scores, builds a lock or masterwork, or draws."""
    projection = Projection(state)
    estimates = []
    for action in actions:
        projected = projection.after(action)
        if projected is None:
            after = state.clone()
            after.apply(action)
            estimates.append(evaluate_all(after)[seat])
        else:
            estimates.append(lead(projected, seat))
    return estimates

"""The cards (rulebook, "Die Karten"): playing one for 1 AP, drawing, masterworks, and the
hidden cards a resampled world deals anew.

A card is played only when its effect can be applied. Move and Teleport cards move a worker
(movement), a Lock card builds a lock (sections), a Masterwork card builds a masterwork for the
player last (or tied for last) on the score track, not counting the virtual player.
"""

from __future__ import annotations

import bisect
from collections import Counter

from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.core.piles import draw
from towpath.games.arriala import movement, sections
from towpath.games.arriala.actions import BuildMasterwork, Lock, Move, ToCanal, ToVineyard
from towpath.games.arriala.position import Group, Position, expect, made

# The actions a card of each effect may be played as.
EFFECTS: dict[type[Action], tuple[str, ...]] = {
    Move: ("move", "teleport"),
    ToVineyard: ("to-vineyard",),
    ToCanal: ("to-canal",),
    Lock: ("lock",),
    BuildMasterwork: ("masterwork",),
}


def card_actions(
    state: Position, card: str, canal: list[Group], vineyards: list[Group], free: list[bool]
) -> list[Action]:
    """The legal plays of one card of the current player's hand."""
    effect = state.game.rules.cards[card].effect
    if effect in ("move", "teleport"):
        return movement.moves(state, canal, free, card)
    if effect == "lock":
        return sections.locks(state, free, card)
    if effect == "masterwork":
        return masterworks(state, card)
    if effect == "to-vineyard":
        return movement.to_vineyards(state, canal, card)
    return movement.to_canals(state, vineyards, free, card)


def check_card(state: Position, action: Action) -> None:
    card = getattr(action, "card", None)
    if card is None:
        return
    kind = state.game.rules.cards.get(card)
    if kind is None or kind.effect not in EFFECTS.get(type(action), ()):
        raise IllegalAction(f"{action}: no such card for this action", rule="card")
    if card not in state.hands[state.player]:
        raise IllegalAction(f"{action}: you hold no {card} card", rule="card in hand")


def discard(state: Position, card: str) -> None:
    state.hands[state.player].remove(card)
    bisect.insort(state.discards, card)


# -- masterworks ---------------------------------------------------------------------------------


def masterworks(state: Position, card: str) -> list[Action]:
    if not state.is_last(state.player):
        return []
    return [
        made(BuildMasterwork, card, masterwork.id)
        for i, masterwork in enumerate(state.game.layout.board.masterworks)
        if state.masterworks[i] is None
    ]


def check_masterwork(state: Position, action: BuildMasterwork) -> None:
    index = state.game.layout.masterwork_index.get(action.masterwork)
    if index is None:
        raise IllegalAction(f"no masterwork {action.masterwork}", rule="masterwork")
    if state.masterworks[index] is not None:
        raise IllegalAction(f"{action.masterwork} is already built", rule="masterwork built")
    if not state.is_last(state.player):
        raise IllegalAction(
            "only the player last on the score track may build a masterwork", rule="last place"
        )


def build_masterwork(state: Position, action: BuildMasterwork) -> None:
    index = state.game.layout.masterwork_index[action.masterwork]
    state.masterworks[index] = state.player
    state.points[state.player] += state.game.rules.points.masterwork


# -- the draw pile -------------------------------------------------------------------------------


def may_draw(state: Position) -> bool:
    return bool(state.pile or state.discards)


def check_draw(state: Position) -> None:
    if not may_draw(state):
        raise IllegalAction("the draw pile and the discards are empty", rule="empty pile")


def draw_card(state: Position) -> None:
    """The top card; an empty pile is first refilled with the shuffled discards."""
    if not state.pile:
        state.reshuffled = list(state.discards)
    drawn = draw(state.pile, state.discards, state.rng)
    assert drawn is not None
    bisect.insort(state.hands[state.player], drawn)


def redeal_unseen(state: Position, seat: int | None, keep_hands: bool = False) -> None:
    """Deal the cards `seat` has not seen (not in its hand, not discarded) anew. Once the
    discards have been reshuffled, the pile holds only cards from that reshuffle. With
    `keep_hands` (the game's end shows every hand), only the pile is dealt anew."""
    seen = Counter(state.discards)
    for other, hand in enumerate(state.hands):
        if other == seat or keep_hands:
            seen.update(hand)
    unseen = Counter(state.game.rules.deck) - seen
    may_be_piled = unseen if state.reshuffled is None else unseen & Counter(state.reshuffled)
    piled = sorted(may_be_piled.elements())
    state.rng.shuffle(piled)
    state.pile = piled[: len(state.pile)]
    rest = sorted((unseen - Counter(state.pile)).elements())
    state.rng.shuffle(rest)
    for other, hand in enumerate(state.hands):
        if other != seat and not keep_hands:
            state.hands[other] = sorted(rest.pop() for _ in hand)


def validate_cards(state: Position) -> None:
    """Raise GameError("corrupt state: ...") unless the hands, pile, discards and masterworks
    are possible."""
    cards = state.game.rules.cards
    piles = [state.pile, state.discards, *state.hands] if isinstance(state.hands, list) else []
    expect(
        len(piles) == 2 + state.game.players
        and all(isinstance(p, list) and all(isinstance(c, str) for c in p) for p in piles),
        "hands, pile and discards must be lists of card names",
    )
    expect(
        state.reshuffled is None
        or (isinstance(state.reshuffled, list) and all(c in cards for c in state.reshuffled)),
        "reshuffled: null or a list of card names",
    )
    everything = Counter(card for pile in piles for card in pile)
    expect(everything == Counter(state.game.rules.deck), "the cards must be the 55 of the deck")
    expect(
        isinstance(state.masterworks, list)
        and len(state.masterworks) == len(state.game.layout.board.masterworks)
        and all(
            m is None or (isinstance(m, int) and 0 <= m < state.game.players)
            for m in state.masterworks
        ),
        "masterworks: a builder seat or null each",
    )

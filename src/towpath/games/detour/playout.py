"""Detour's playout policy: spend the cards to carry the colour's own marker round the circuit.

Every card is played once a cycle, so a card is judged by what it does now less what its move
part pays for from a typical space: each card goes where it is relatively best. Its best use:
- its move part, as far as its transports pay (none in a blocked round); finishing comes first;
- Backward: the card player's own spaces after the push, plus the spaces the push costs the
  leading rival if it is ahead of the card player, less what it costs the player's other colour;
- Block: its one-token move (the block itself delays everyone alike);
- Detour: the spaces the detour costs a rival not behind the card player (never one's own);
- or no effect at all.
Where a card's uses are equal, the move goes first. The best card is played, equal ones in
random order, now and then a second best nearly as good. A special ability's second part is
taken where it gains.
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from towpath.core.actions import Action
from towpath.core.rng import Rng
from towpath.games.detour.actions import DONE
from towpath.games.detour.state import MOVE, DetourState
from towpath.games.detour.table import DetourTable

SECOND_BEST = 0.1  # the share of turns that play a second-best card ...
CLOSE = 1.0  # ... judged within this many spaces of the best
FINISH = 100.0  # a move that finishes beats every other use

Use = tuple[float, Action]


@dataclass(frozen=True, slots=True)
class Reckoning:
    """Per game: the spaces from each node to the finish, and what each card's move part
    pays for from a typical space of the track."""

    remaining: tuple[int, ...]
    typical: dict[str, float]


_RECKONINGS: WeakKeyDictionary[DetourTable, Reckoning] = WeakKeyDictionary()


def reckoning(game: DetourTable) -> Reckoning:
    known = _RECKONINGS.get(game)
    if known is None:
        known = _RECKONINGS[game] = work_out(game)
    return known


def work_out(game: DetourTable) -> Reckoning:
    board = game.map
    remaining = [0] * len(board.entry)
    for start in range(len(board.entry)):
        node = start
        while node != board.finish:
            node = board.ahead[node]
            remaining[start] += 1
    track = range(board.finish)
    typical = {
        key: sum(reach[n] for n in track) / len(track) for key, reach in game.move_reach.items()
    }
    return Reckoning(tuple(remaining), typical)


def playout_action(state: DetourState, rng: Rng) -> Action:
    """The policy's action for the colour to play (`state` must not be over)."""
    known = reckoning(state.game)
    if state.pending is not None:
        return second_part(state, known)
    uses = [card_use(state, known, key) for key in state.hands[state.colour]]
    return pick(uses, rng)


def pick(uses: list[Use], rng: Rng) -> Action:
    """The best use; equal ones in random order, now and then a second best nearly as good."""
    rng.shuffle(uses)
    uses.sort(key=lambda use: -use[0])
    if len(uses) > 1 and uses[1][0] >= uses[0][0] - CLOSE and rng.random() < SECOND_BEST:
        return uses[1][1]
    return uses[0][1]


def card_use(state: DetourState, known: Reckoning, key: str) -> Use:
    """The card's best use now, judged against its typical move."""
    game = state.game
    best: Use = (0.0, game.passes[key])
    if not state.blocked:
        move = move_use(state, known, key)
        if move is not None:
            best = move
    action = action_use(state, known, game.cards[key].action)
    if action is not None and action[0] > best[0]:
        best = action
    return best[0] - known.typical[key], best[1]


def move_use(state: DetourState, known: Reckoning, key: str) -> Use | None:
    game, node = state.game, state.nodes[state.colour]
    reach = game.move_reach[key][node]
    if reach == 0:
        return None
    finishes = known.remaining[node] <= reach
    return reach + (FINISH if finishes else 0.0), game.moves[key][reach - 1]


def action_use(state: DetourState, known: Reckoning, kind: str) -> Use | None:
    if kind == "backward":
        return backward_use(state, known)
    if kind == "block":
        reach = state.game.block_reach[state.nodes[state.colour]]
        return float(reach), state.game.block_actions[reach]
    if kind == "detour":
        return detour_use(state, known)
    return None


def backward_use(state: DetourState, known: Reckoning) -> Use:
    """Every marker two back, then the card player's Train and Balloon: worth the player's
    own spaces and the push's effect on the others."""
    game, colour, remaining = state.game, state.colour, known.remaining
    node = state.nodes[colour]
    reach = game.backward_reach[node]
    after = game.map.advance(game.pushed_back[node], reach)
    value = remaining[node] - remaining[after] + push_effect(state, known)
    return float(value), game.backward_actions[reach]


def push_effect(state: DetourState, known: Reckoning) -> int:
    """What the push costs the leading rival, if it is ahead of the card player, less what it
    costs the player's other colour (with 2 players, the player whose colour is last loses)."""
    game, colour, remaining = state.game, state.colour, known.remaining
    seat = game.owner[colour]

    def loss(other: int) -> int:
        node = state.nodes[other]
        return remaining[game.pushed_back[node]] - remaining[node]

    effect = -sum(loss(other) for other in game.colours_of[seat] if other != colour)
    leader = leading_rival(state, known)
    if leader is not None and remaining[state.nodes[leader]] < remaining[state.nodes[colour]]:
        effect += loss(leader)
    return effect


def leading_rival(state: DetourState, known: Reckoning) -> int | None:
    """The rival colour nearest the finish, among those still on the track."""
    game, seat, remaining = state.game, state.game.owner[state.colour], known.remaining
    rivals = [
        colour
        for colour, node in enumerate(state.nodes)
        if game.owner[colour] != seat and node != game.map.finish
    ]
    return min(rivals, key=lambda colour: remaining[state.nodes[colour]], default=None)


def detour_use(state: DetourState, known: Reckoning) -> Use | None:
    """Send the rival that loses most to its detour, of those on a branch space and not
    behind the card player."""
    game, remaining, nodes = state.game, known.remaining, state.nodes
    branch_to, seat = game.map.branch_to, game.owner[state.colour]
    mine = remaining[nodes[state.colour]]
    best: Use | None = None
    for target, node in enumerate(nodes):
        if branch_to[node] < 0 or game.owner[target] == seat or remaining[node] > mine:
            continue
        loss = float(remaining[branch_to[node]] - remaining[node])
        if best is None or loss > best[0]:
            best = loss, game.detour_actions[target]
    return best


def second_part(state: DetourState, known: Reckoning) -> Action:
    """A special ability's other part, where it gains anything; else done."""
    assert state.pending is not None
    key = state.pending["card"]
    if state.pending["part"] == MOVE:
        use = move_use(state, known, key)
    else:
        use = action_use(state, known, state.game.cards[key].action)
    return use[1] if use is not None and use[0] > 0 else DONE

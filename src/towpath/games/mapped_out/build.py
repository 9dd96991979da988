"""Phase 1, create the map: play a tile, resolve its place action (Reveal, Swap, Study), the
on-play specials of Lands Unknown and the reveal specials of Unclear Instructions, then draw.

Order of a turn (**Decision** where the rules are silent): the tile's place action first, then
its on-play special, then the end check and the draw. The player who placed the tile makes every
choice, for the card's owner too.

The card whose reveal completes a row ends the phase, yet its own special still triggers first
(rules: Scenarios); what each special then does is among the package's decisions (__init__).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from towpath.core.actions import Action
from towpath.games.mapped_out.actions import (
    DONE,
    ORIENTATIONS,
    Cork,
    Done,
    HandSwap,
    Insert,
    Orient,
    Pick,
    Place,
    Point,
    Swap,
    pick,
    place,
    placements_of,
    point,
    swap,
)
from towpath.games.mapped_out.cards import ARMED, KNOWN, TURN, UP, new_card
from towpath.games.mapped_out.cells import Cell, around, cell_of, key, reading_order
from towpath.games.mapped_out.components import ON_PLAY
from towpath.games.mapped_out.position import Position, Step
from towpath.games.mapped_out.steps import Decision, automatic, decision

# -- the turn -------------------------------------------------------------------------------------


@automatic("turn")
def start_turn(state: Position, step: Step) -> None:
    """The bottom of the build phase: the next player plays a tile, then draws."""
    state.push({"do": "draw"})
    state.push({"do": "place", "by": state.player})


@automatic("draw")
def draw_and_pass(state: Position, step: Step) -> None:
    """End check, the draw, and the next player with tiles in hand (empty hands are skipped)."""
    state.steps.pop()
    seat, hands = state.player, state.hands
    if not state.pile and not any(hands):
        state.end_build()
        return
    if state.pile:
        tile = state.pile.pop()
        hands[seat].append(tile)
        hands[seat].sort()
        state.tile_seen[tile] = 1 << seat
    players = state.game.players
    state.player = next(
        s % players for s in range(seat + 1, seat + players + 1) if hands[s % players]
    )


def placements(state: Position, hand: list[int]) -> list[Action]:
    """Every tile of the hand on every cell it may go to, tile by tile, cells in reading order.
    With free_placement they are thousands, and bots ask for them often in the same position:
    they are kept for the last few positions."""
    if state.game.free_placement:
        margin = state.game.rules.free_placement_margin
        return list(free_placements(tuple(hand), frozenset(state.board), margin))
    cells = touching_cells(state)
    actions: list[Action] = []
    for tile in hand:
        actions += map(placements_of(tile).__getitem__, cells)
    return actions


def touching_cells(state: Position) -> list[Cell]:
    """Empty cells touching the map edge to edge."""
    board = state.board
    empty = {xy for cell in board for near, xy in around(cell) if near not in board}
    return sorted(empty, key=reading_order)


def map_box(board: Iterable[str]) -> tuple[int, int, int, int]:
    """Left, top, right, bottom of the map's bounding box."""
    cells = [cell_of(cell) for cell in board]
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    return (min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=16)
def free_placements(
    hand: tuple[int, ...], board: frozenset[str], margin: int
) -> tuple[Action, ...]:
    """free_placement: every empty cell of the map's bounding box grown by the margin on every side
    (**Decision**: the grid has no bounds, so a free cell is kept near the map)."""
    left, top, right, bottom = map_box(board)
    taken = {cell_of(cell) for cell in board}
    cells = [
        (x, y)
        for y in range(top - margin, bottom + margin + 1)
        for x in range(left - margin, right + margin + 1)
        if (x, y) not in taken
    ]
    return tuple([place(tile, x, y) for tile in hand for x, y in cells])


def can_place(state: Position, x: int, y: int) -> bool:
    board = state.board
    cell = key(x, y)
    if cell in board:
        return False
    if not state.game.free_placement:
        return any(near in board for near, _ in around(cell))
    margin = state.game.rules.free_placement_margin
    left, top, right, bottom = map_box(board)
    return left - margin <= x <= right + margin and top - margin <= y <= bottom + margin


def misplaced(state: Position) -> str:
    """Where a tile may go, for a refusal."""
    if state.game.free_placement:
        margin = state.game.rules.free_placement_margin
        return f"a tile goes on an empty cell at most {margin} cells outside the map's box"
    return "a tile goes on an empty cell touching the map"


@decision
class PlaceTile(Decision):
    kind = "place"
    rule = "place"

    def options(self, state: Position, step: Step) -> list[Action]:
        return placements(state, state.hands[step["by"]])

    def available(self, state: Position, step: Step) -> bool:
        return True  # the seat to play always has a tile, and the grid has no bounds

    def check(self, state: Position, step: Step, action: Action) -> None:
        if not isinstance(action, Place):
            self.refuse(state, step, action)
            return
        if action.tile not in state.hands[step["by"]]:
            self.refuse(state, step, action, f"tile {action.tile} is not in hand")
        if not can_place(state, action.x, action.y):
            self.refuse(state, step, action, misplaced(state))

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Place)
        state.steps.pop()
        by = step["by"]
        state.hands[by].remove(action.tile)
        state.board[key(action.x, action.y)] = action.tile
        state.tile_seen[action.tile] = state.game.everyone
        tile = state.tile(action.tile)
        if tile.special in ON_PLAY:
            state.push(on_play(tile.special, by, state))
        if tile.action == "study":
            state.push({"do": "study", "by": by, "left": tile.n, "picked": []})
        else:
            state.push({"do": tile.action, "by": by, "n": tile.n})


# -- place actions --------------------------------------------------------------------------------


@decision
class RevealTarget(Decision):
    """Reveal N: choose a player; their card N turns up (already up: nothing, or with
    hard_reveal it turns face down, everyone still knowing it)."""

    kind = "reveal"
    keys = ("n",)
    rule = "reveal"

    def options(self, state: Position, step: Step) -> list[Action]:
        return [pick("reveal", seat, step["n"]) for seat in range(state.game.players)]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        state.steps.pop()
        assert isinstance(action, Pick)
        seat, pos = action.seat, step["n"]
        card = state.card_at(seat, pos)
        if card is None:
            return
        if not card[UP]:
            reveal(state, seat, pos, step["by"])
        elif state.game.hard_reveal:
            card[UP] = False
            card[TURN] = None


@decision
class SwapTarget(Decision):
    """Swap N: choose a player; their card N swaps with any other card of any row. Two cards
    at position N make one swap, whichever is named first: the lower seat's comes first."""

    kind = "swap"
    keys = ("n",)
    rule = "swap"

    def options(self, state: Position, step: Step) -> list[Action]:
        return list(swap_choices(step["n"], tuple(len(row) for row in state.rows)))

    def check(self, state: Position, step: Step, action: Action) -> None:
        n = step["n"]
        if not isinstance(action, Swap):
            self.refuse(state, step, action)
            return
        first, second = (action.seat, action.pos), (action.other_seat, action.other_pos)
        if action.pos != n or not _exists(state, first):
            self.refuse(state, step, action, f"the first card must be some player's card {n}")
        if not _exists(state, second) or first == second:
            self.refuse(state, step, action, "the second card must be another card in play")
        if action.other_pos == n and action.other_seat < action.seat:
            self.refuse(state, step, action, f"of two cards {n}, name the lower seat's first")

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Swap)
        state.steps.pop()
        state.exchange_cards((action.seat, action.pos), (action.other_seat, action.other_pos))
        state.check_row_end()


@lru_cache(maxsize=1024)
def swap_choices(n: int, lengths: tuple[int, ...]) -> tuple[Swap, ...]:
    """Swap N with rows of these lengths: some player's card N and any other card (another
    card N only of a higher seat: the same swap is listed once)."""
    cards = [(s, p) for s, length in enumerate(lengths) for p in range(1, length + 1)]
    return tuple(
        swap(seat, n, other, pos)
        for seat, length in enumerate(lengths)
        if length >= n
        for other, pos in cards
        if pos != n or other > seat
    )


def _exists(state: Position, card: tuple[int, int]) -> bool:
    seat, pos = card
    return 0 <= seat < state.game.players and state.card_at(seat, pos) is not None


@decision
class StudyCards(Decision):
    """Study N: look at N face-down cards of any rows, one at a time (fewer if fewer lie face
    down). **Decision**: any face-down card may be picked, even one already known, but not the
    same card twice in one action."""

    kind = "study"
    keys = ("left", "picked")
    rule = "study"

    def options(self, state: Position, step: Step) -> list[Action]:
        picked = step["picked"]
        return [pick("study", s, p) for s, p in state.face_down() if [s, p] not in picked]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Pick)
        seat, pos = action.seat, action.pos
        card = state.rows[seat][pos - 1]
        card[KNOWN] |= 1 << step["by"]
        step["picked"].append([seat, pos])
        step["left"] -= 1
        if not step["left"]:
            state.steps.pop()


@decision
class ChooseOrientation(Decision):
    """Option choose_orientation: whoever reveals a directional card turns it either way."""

    kind = "orient"
    keys = ("seat", "pos", "build")
    rule = "orientation"

    def options(self, state: Position, step: Step) -> list[Action]:
        return [Orient(degrees) for degrees in ORIENTATIONS]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Orient)
        state.steps.pop()
        seat, pos = step["seat"], step["pos"]
        state.rows[seat][pos - 1][TURN] = action.degrees
        if step["build"]:
            after_reveal(state, seat, pos, step["by"])


# -- Unclear Instructions: reveal specials --------------------------------------------------------


def reveal(state: Position, seat: int, pos: int, by: int) -> None:
    """A card revealed in the build phase (its orientation may wait for an `orient` step)."""
    if state.reveal_card(seat, pos, by, building=True):
        after_reveal(state, seat, pos, by)


def after_reveal(state: Position, seat: int, pos: int, by: int) -> None:
    """The card's reveal special triggers at once (rules: Phase 1). A card whose reveal
    completes a row ends the phase first: the rest of the action is dropped and no tile is
    drawn, but the card's own special still triggers (see the package's decisions). A card
    revealed by that special, once the phase is over, triggers nothing."""
    if state.phase == "build":
        state.check_row_end()
        trigger_special(state, seat, pos, by)


def trigger_special(state: Position, seat: int, pos: int, by: int) -> None:
    """A card revealed in the build phase: its special, choices made by the revealing seat."""
    card = state.rows[seat][pos - 1]
    special = state.kind(card).special
    if special in ("fishless", "fishful"):
        card[ARMED] = True
    elif special == "remove":
        state.push({"do": "remove", "by": by, "owner": seat})
    elif special == "draw":
        state.push({"do": "insert", "by": by, "owner": seat})
    elif special == "hand_swap":
        state.push({"do": "hands", "by": by, "owner": seat})
    elif special == "move_swap":
        state.push({"do": "move_swap", "by": by})
    elif special == "ultra_reveal":
        state.push({"do": "ultra", "by": by, "left": state.game.rules.ultra_reveal_cards})
    elif special == "change_start":
        state.push({"do": "start", "by": by, "owner": seat})


@decision
class RemoveCard(Decision):
    """Remove: the owner's row loses a card of the chooser's choice; it leaves the game as it
    lies (a face-down card stays unknown)."""

    kind = "remove"
    keys = ("owner",)
    rule = "remove"

    def options(self, state: Position, step: Step) -> list[Action]:
        owner = step["owner"]
        return [pick("remove", owner, p) for p in range(1, len(state.rows[owner]) + 1)]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        state.steps.pop()
        assert isinstance(action, Pick)
        state.discards.append(state.rows[step["owner"]].pop(action.pos - 1))
        state.check_row_end()


@decision
class InsertCard(Decision):
    """Draw: the deck's top card joins the owner's row face down, unseen, where chosen."""

    kind = "insert"
    keys = ("owner",)
    rule = "draw"

    def options(self, state: Position, step: Step) -> list[Action]:
        if not state.deck:
            return []
        return [Insert(p) for p in range(1, len(state.rows[step["owner"]]) + 2)]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Insert)
        state.steps.pop()
        kind = state.deck.pop()
        state.rows[step["owner"]].insert(action.pos - 1, new_card(kind))


@decision
class SwapHands(Decision):
    """Hand Swap: the owner and another player (chosen by the revealer) swap tile hands; each
    of the two now knows both hands, and keeps knowing those tiles wherever they go."""

    kind = "hands"
    keys = ("owner",)
    rule = "hand swap"

    def options(self, state: Position, step: Step) -> list[Action]:
        return [HandSwap(s) for s in range(state.game.players) if s != step["owner"]]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, HandSwap)
        state.steps.pop()
        owner, other = step["owner"], action.seat
        hands, seen = state.hands, state.tile_seen
        hands[owner], hands[other] = hands[other], hands[owner]
        for seat in (owner, other):
            for tile in hands[seat]:
                seen[tile] |= 1 << seat


@decision
class MoveSwap(Decision):
    """Move Swap: any two revealed cards of any rows swap places (the earlier card is named
    first); with fewer than two revealed cards it does nothing."""

    kind = "move_swap"
    rule = "move swap"

    def options(self, state: Position, step: Step) -> list[Action]:
        up = state.revealed_cards()
        return [swap(*a, *b) for i, a in enumerate(up) for b in up[i + 1 :]]

    def check(self, state: Position, step: Step, action: Action) -> None:
        if not isinstance(action, Swap):
            self.refuse(state, step, action)
            return
        first, second = (action.seat, action.pos), (action.other_seat, action.other_pos)
        for seat, pos in (first, second):
            card = state.card_at(seat, pos) if 0 <= seat < state.game.players else None
            if card is None or not card[UP]:
                self.refuse(state, step, action, "both cards must be revealed")
        if first >= second:
            self.refuse(state, step, action, "name the earlier card first")

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Swap)
        state.steps.pop()
        state.exchange_cards((action.seat, action.pos), (action.other_seat, action.other_pos))


@decision
class UltraReveal(Decision):
    """Ultra Reveal: reveal face-down cards one at a time; each one's special triggers."""

    kind = "ultra"
    keys = ("left",)
    rule = "ultra reveal"

    def options(self, state: Position, step: Step) -> list[Action]:
        return [pick("reveal", s, p) for s, p in state.face_down()]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        step["left"] -= 1
        if not step["left"]:
            state.steps.pop()
        assert isinstance(action, Pick)
        reveal(state, action.seat, action.pos, step["by"])


@decision
class ChangeStart(Decision):
    """Change Start: the owner's pawn moves to an adjacent tile (none: nothing happens)."""

    kind = "start"
    keys = ("owner",)
    rule = "change start"

    def options(self, state: Position, step: Step) -> list[Action]:
        cell = state.pawn_key(step["owner"])
        return [point("start", x, y) for x, y in state.adjacent_tiles(cell)]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        state.steps.pop()
        assert isinstance(action, Point)
        state.pawns[step["owner"]] = [action.x, action.y]


# -- Lands Unknown: on-play specials --------------------------------------------------------------


@decision
class Destructor(Decision):
    """Remove up to N map tiles from the game, never one with a pawn on it; `done` stops."""

    kind = "destroy"
    keys = ("left",)
    rule = "destructor"

    def options(self, state: Position, step: Step) -> list[Action]:
        pawns = state.occupied()
        cells = [c for c in state.map_cells() if key(*c) not in pawns]
        return [point("destroy", x, y) for x, y in cells] + ([DONE] if cells else [])

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        if isinstance(action, Done):
            state.steps.pop()
            return
        assert isinstance(action, Point)
        state.removed.append(state.board.pop(key(action.x, action.y)))
        step["left"] -= 1
        if not step["left"]:
            state.steps.pop()


@decision
class Swapper(Decision):
    """Two map tiles swap places; pawns stay on their cells."""

    kind = "exchange"
    keys = ("first",)
    rule = "swapper"

    def options(self, state: Position, step: Step) -> list[Action]:
        first = step["first"]
        exclude = None if first is None else key(*first)
        return [point("exchange", x, y) for x, y in state.map_cells(exclude)]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        assert isinstance(action, Point)
        cell = [action.x, action.y]
        if step["first"] is None:
            step["first"] = cell
            return
        state.steps.pop()
        a, b = key(*step["first"]), key(*cell)
        state.board[a], state.board[b] = state.board[b], state.board[a]


def holes(state: Position) -> list[Cell]:
    """Empty cells whose four neighbours are all tiles."""
    board = state.board
    empty = {xy for cell in board for near, xy in around(cell) if near not in board}
    full = [c for c in empty if all(near in board for near, _ in around(key(*c)))]
    return sorted(full, key=reading_order)


@decision
class Corker(Decision):
    """Fill holes from hand, as many as wanted; the filling tiles trigger and draw nothing."""

    kind = "cork"
    rule = "corker"

    def options(self, state: Position, step: Step) -> list[Action]:
        cells = holes(state)
        hand = state.hands[step["by"]]
        if not cells or not hand:
            return []
        return [Cork(t, x, y) for t in hand for x, y in cells] + [DONE]

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        if isinstance(action, Done):
            state.steps.pop()
            return
        assert isinstance(action, Cork)
        state.hands[step["by"]].remove(action.tile)
        state.board[key(action.x, action.y)] = action.tile
        state.tile_seen[action.tile] = state.game.everyone


def on_play(special: str, by: int, state: Position) -> Step:
    """The step of a Lands Unknown on-play special."""
    if special == "destructor":
        return {"do": "destroy", "by": by, "left": state.game.rules.destructor_tiles}
    if special == "swapper":
        return {"do": "exchange", "by": by, "first": None}
    return {"do": "cork", "by": by}

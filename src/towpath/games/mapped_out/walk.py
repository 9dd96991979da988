"""Phase 2, the walk: each row is walked left to right (or, with Muddled Waters, one card per
turn for everyone), with the Unclear Instructions moves and the Lands Unknown on-visit specials.

**Decisions** where the rules are silent:
- A card's destination (for Fishless/Fishful) is the tile the pawn stands on after the card's
  own step, before any on-visit special moves it; a skipped move's destination is where it stays.
- Invert reverses the directions printed on Left/Right/Up/Down cards; Any and Jump directions
  are chosen freely. Copy repeats the previous card's move as it was made (its direction after
  orientation and Invert, a Jump's distance, a Match's fish); after Nothing, Invert or as the
  first card it does nothing.
- Go Home goes to the cell of the map's starting tile (nothing if that tile left the map).
- Teleporter sends each pawn on a neighbouring cell, in seat order, to any other map tile; the
  tile it is sent to counts as visited for that pawn (also for a pawn that has finished its
  walk), and triggers nothing.
- Muddled Waters: the push follows the on-visit special; with void_move "stop" the rest of the
  mover's cards are discarded.
"""

from __future__ import annotations

from towpath.core.actions import Action
from towpath.core.grid import DIRECTIONS, OPPOSITE, manhattan, step
from towpath.games.mapped_out.actions import DONE, Go, Point, Take, point
from towpath.games.mapped_out.cards import ARMED, KIND, TURN, UP
from towpath.games.mapped_out.cells import Cell, around, cell_of, key, reading_order
from towpath.games.mapped_out.position import Position, Step
from towpath.games.mapped_out.steps import Decision, automatic, decision

# -- the walk in full, seat by seat ---------------------------------------------------------------


@automatic("set_out")
def set_out(state: Position, step_: Step) -> None:
    """Where the walks begin: seat 0's pawn (with Muddled Waters, every pawn) is visiting the
    tile it stands on."""
    state.steps.pop()
    seats = range(state.game.players) if state.game.muddled_waters else (0,)
    for seat in seats:
        state.trace(seat, -1, False)


@automatic("walk")
def walk_on(state: Position, step_: Step) -> None:
    """The walker's next card: reveal it if face down (random orientation, no special), then
    play it; after the last card, the next seat walks."""
    walker = state.player
    row = state.rows[walker]
    if state.stopped[walker] or state.walk_index >= len(row):
        if walker + 1 == state.game.players:
            state.finish()
            return
        state.player = walker + 1
        state.walk_index = 0
        state.trace(walker + 1, -1, False)
        return
    card = row[state.walk_index]
    if not card[UP]:
        state.reveal_card(walker, state.walk_index + 1, walker, building=False)
        if state.steps[-1] is not step_:
            return  # the walker chooses the orientation first
    state.walk_index += 1
    state.push({"do": "card", "kind": card[KIND], "turn": card[TURN], "armed": card[ARMED]})


@automatic("card", "kind", "turn", "armed")
def play_card(state: Position, step_: Step) -> None:
    """Move by one revealed card (its data travels in the step)."""
    state.steps.pop()
    mover, kind_index = state.player, step_["kind"]
    kind, armed = state.game.kinds[kind_index], step_["armed"]
    move = kind.move
    if move in DIRECTIONS:
        direction = move if step_["turn"] == 0 else OPPOSITE[move]
        if state.inverted[mover]:
            direction = OPPOSITE[direction]
        state.last_move[mover] = direction
        move_pawn(state, mover, direction, 1, kind_index, armed)
    elif move in ("any", "jump"):
        state.push({"do": "go", "by": mover, "kind": kind_index, "armed": armed})
    elif move == "match":
        match(state, mover, kind.fish, kind_index, armed)
    elif move == "copy":
        repeat(state, mover, kind_index, armed)
    else:
        if move == "invert":
            state.inverted[mover] = not state.inverted[mover]
        state.last_move[mover] = None
        state.trace(mover, kind_index, armed)


def repeat(state: Position, mover: int, kind_index: int, armed: bool) -> None:
    last = state.last_move[mover]
    if last is None:
        state.trace(mover, kind_index, armed)
    elif last.startswith("match:"):
        match(state, mover, int(last.partition(":")[2]), kind_index, armed)
    elif last.startswith("jump:"):
        distance = state.game.rules.jump_distance
        move_pawn(state, mover, last.partition(":")[2], distance, kind_index, armed)
    else:
        move_pawn(state, mover, last, 1, kind_index, armed)


def move_pawn(
    state: Position, mover: int, direction: str, distance: int, kind: int, armed: bool
) -> None:
    x, y = state.pawns[mover]
    arrive(state, mover, step((x, y), direction, distance), kind, armed)


def arrive(state: Position, mover: int, target: Cell, kind: int, armed: bool) -> None:
    """A card step to `target`: into an empty cell it is skipped (void_move "skip") or ends the
    walk ("stop"); onto another tile, that tile's on-visit special triggers."""
    x, y = state.pawns[mover]
    origin = (x, y)
    if key(*target) not in state.board:
        state.trace(mover, kind, armed)
        if state.game.void_move == "stop":
            state.stopped[mover] = True
        return
    state.pawns[mover] = list(target)
    state.trace(mover, kind, armed)
    if target != origin:
        on_visit(state, mover, origin)


def on_visit(state: Position, mover: int, origin: Cell) -> None:
    """Island, Tunnel, Go Home, Teleporter. A special's move triggers nothing further."""
    here = state.pawn_key(mover)
    special = state.tile(state.board[here]).special
    destination: str | None = None
    if special == "island":
        destination = key(*origin)
    elif special == "tunnel":
        this = state.board[here]
        destination = next(
            (cell for cell, t in state.board.items() if t != this and _is(state, t, "tunnel")),
            None,
        )
    elif special == "go_home":
        destination = state.tile_cell(state.start_tile)
    elif special == "teleporter":
        near = {cell for cell, _ in around(here)}
        for seat in reversed(range(state.game.players)):
            if seat != mover and state.pawn_key(seat) in near:
                state.push({"do": "send", "by": mover, "seat": seat})
    if destination is not None and destination != here:
        state.pawns[mover] = list(cell_of(destination))
        state.trace(mover, -1, False)


def _is(state: Position, tile: int, special: str) -> bool:
    return state.tile(tile).special == special


def nearest(state: Position, mover: int, fish: int) -> list[Cell]:
    """The other map tiles with fish of this type nearest to the pawn, by grid steps."""
    x, y = state.pawns[mover]
    here = (x, y)
    found = [
        cell_of(cell)
        for cell, tile in state.board.items()
        if fish in state.tile(tile).fish and cell_of(cell) != here
    ]
    if not found:
        return []
    best = min(manhattan(here, cell) for cell in found)
    return sorted((c for c in found if manhattan(here, c) == best), key=reading_order)


def match(state: Position, mover: int, fish: int, kind: int, armed: bool) -> None:
    state.last_move[mover] = f"match:{fish}"
    targets = nearest(state, mover, fish)
    if not targets:
        state.trace(mover, kind, armed)
    elif len(targets) == 1:
        arrive(state, mover, targets[0], kind, armed)
    else:
        state.push({"do": "match", "by": mover, "fish": fish, "kind": kind, "armed": armed})


@decision
class ChooseDirection(Decision):
    """Any: one cell in a chosen direction; Jump: two cells straight, skipping the first."""

    kind = "go"
    keys = ("kind", "armed")
    rule = "direction"

    def options(self, state: Position, step_: Step) -> list[Action]:
        return [Go(direction) for direction in DIRECTIONS]

    def resolve(self, state: Position, step_: Step, action: Action) -> None:
        assert isinstance(action, Go)
        state.steps.pop()
        mover, kind = step_["by"], step_["kind"]
        jumping = state.game.kinds[kind].move == "jump"
        distance = state.game.rules.jump_distance if jumping else 1
        state.last_move[mover] = f"jump:{action.direction}" if jumping else action.direction
        move_pawn(state, mover, action.direction, distance, kind, step_["armed"])


@decision
class ChooseMatch(Decision):
    """Match: of the nearest tiles with the named fish, the mover picks one."""

    kind = "match"
    keys = ("fish", "kind", "armed")
    rule = "match"

    def options(self, state: Position, step_: Step) -> list[Action]:
        return [point("to", x, y) for x, y in nearest(state, step_["by"], step_["fish"])]

    def resolve(self, state: Position, step_: Step, action: Action) -> None:
        assert isinstance(action, Point)
        state.steps.pop()
        arrive(state, step_["by"], (action.x, action.y), step_["kind"], step_["armed"])


@decision
class Teleport(Decision):
    """Teleporter: a neighbouring pawn goes to another tile of the mover's choice."""

    kind = "send"
    keys = ("seat",)
    rule = "teleporter"

    def options(self, state: Position, step_: Step) -> list[Action]:
        cells = state.map_cells(exclude=state.pawn_key(step_["seat"]))
        return [point("send", x, y) for x, y in cells]

    def resolve(self, state: Position, step_: Step, action: Action) -> None:
        assert isinstance(action, Point)
        state.steps.pop()
        seat = step_["seat"]
        state.pawns[seat] = [action.x, action.y]
        # Visited tiles include those a Teleporter moves a pawn to: a pawn whose walk has begun
        # (or is over) visits it now; a pawn yet to walk begins its walk there.
        if state.paths[seat]:
            state.trace(seat, -1, False)


# -- Muddled Waters -------------------------------------------------------------------------------


@automatic("mass_reveal")
def mass_reveal(state: Position, step_: Step) -> None:
    """Everyone reveals their hand and every card (no specials); with choose_orientation each
    owner turns their own cards."""
    everyone = state.game.everyone
    for hand in state.hands:
        for tile in hand:
            state.tile_seen[tile] = everyone
    for seat, pos in state.face_down():
        state.reveal_card(seat, pos, seat, building=False)
        if state.steps[-1] is not step_:
            return
    state.steps.pop()


@automatic("muddle")
def next_mover(state: Position, step_: Step) -> None:
    """Clockwise from seat 0, skipping players with no card left: move by the leftmost card
    and discard it. The walk ends when every card is used."""
    players = state.game.players
    movers = [s % players for s in range(state.player + 1, state.player + players + 1)]
    mover = next((s for s in movers if state.rows[s]), None)
    if mover is None:
        state.finish()
        return
    state.player = mover
    card = state.rows[mover].pop(0)
    state.discards.append(card)
    state.push({"do": "settle", "from": list(state.pawns[mover])})
    state.push({"do": "card", "kind": card[KIND], "turn": card[TURN], "armed": card[ARMED]})


@automatic("settle", "from")
def settle(state: Position, step_: Step) -> None:
    """After the move: pushes (if the pawn changed tiles onto others), then the take."""
    state.steps.pop()
    mover = state.player
    if state.stopped[mover]:
        state.discards += state.rows[mover]
        state.rows[mover] = []
    state.push({"do": "take", "by": mover})
    here = state.pawns[mover]
    if here != step_["from"]:
        for seat in reversed(range(state.game.players)):
            if seat != mover and state.pawns[seat] == here:
                state.push({"do": "push", "by": mover, "seat": seat})


@decision
class PushPawn(Decision):
    """The mover pushes a pawn it landed on to an adjacent tile (no chains, no on-visit)."""

    kind = "push"
    keys = ("seat",)
    rule = "push"

    def options(self, state: Position, step_: Step) -> list[Action]:
        cells = state.adjacent_tiles(state.pawn_key(step_["seat"]))
        return [point("push", x, y) for x, y in cells]

    def resolve(self, state: Position, step_: Step, action: Action) -> None:
        assert isinstance(action, Point)
        state.steps.pop()
        state.pawns[step_["seat"]] = [action.x, action.y]


@decision
class TakeTile(Decision):
    """Take the tile under the pawn into the score pile, filling the hole from hand; or done."""

    kind = "take"
    rule = "take"

    def options(self, state: Position, step_: Step) -> list[Action]:
        hand = state.hands[step_["by"]]
        return [Take(tile) for tile in hand] + [DONE] if hand else []

    def resolve(self, state: Position, step_: Step, action: Action) -> None:
        state.steps.pop()
        if not isinstance(action, Take):
            return
        mover = step_["by"]
        here = state.pawn_key(mover)
        state.piles[mover].append(state.board[here])
        state.board[here] = action.tile
        state.hands[mover].remove(action.tile)

"""Mapped Out's rule of thumb (`Game.playout_action`): how a beginner plays, cheaply.

A beginner imagines the walk their row makes on the map (the world's cards, as the state it is
given has them: for a resampled world, its guesses of the face-down ones; a face-down card
upright; Any stepping to the neighbouring tile that raises the best fish type most; of the
tiles' specials only the Score tiles' points) and plays for it:
- a tile goes where that walk steps into an empty cell, the hand's tile that raises the best
  fish type most; when no such cell helps, the least useful tile goes on some cell at the edge;
- a Swap brings a card the seat knows into its row, or moves one it knows within its row,
  when that raises the walk's catch; a Reveal, a Study or an Ultra Reveal turns the seat's own
  face-down cards first;
- in the walk, Any, Jump, Match and a chosen orientation go where the rest of the row scores
  most; the reveal specials and on-play tiles help the seat's own walk or hinder another's;
- with Muddled Waters, a tile is taken when it raises the score pile's best type.
Ties go either way at random, and now and then the second best is played, so games vary.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from towpath.core.actions import Action
from towpath.core.grid import DIRECTIONS, manhattan
from towpath.core.rng import Rng
from towpath.games.mapped_out.actions import (
    DONE,
    Cork,
    Go,
    Orient,
    Point,
    Swap,
    Take,
    pick,
    place,
    point,
    swap,
)
from towpath.games.mapped_out.build import can_place, holes, touching_cells
from towpath.games.mapped_out.cards import KIND, KNOWN, TURN, UP, Card
from towpath.games.mapped_out.cells import around, cell_of, key
from towpath.games.mapped_out.position import Position, Step
from towpath.games.mapped_out.scoring import tile_score

SECOND_BEST = 0.1  # the share of choices where the second best is played
VOIDS = 3  # the empty cells of the walk, first first, where a tile is tried
MOVE_SWAPS = 24  # the Move Swaps weighed, at most
DIRECTION_NAMES = tuple(DIRECTIONS)  # up, right, down, left: the order of `around`
TURNED = 2  # index ^ TURNED: the opposite direction

# A card as the walk imagines it: its movement and a number (orientation; Match: the fish).
Move = tuple[str, int]
Scored = list[tuple[float, Action]]


class Setout(NamedTuple):
    """Where a seat's walk (still) goes from: its cell, the tiles already visited (or, with
    Muddled Waters, in the score pile), its cards to come, Invert, and the last move (Copy)."""

    here: str
    visited: tuple[int, ...]
    moves: tuple[Move, ...]
    inverted: bool = False
    last: str | None = None


class Walk(NamedTuple):
    score: int
    totals: list[int]  # fish of each type visited
    cells: list[str]  # the cells visited, in order
    voids: list[str]  # the empty cells the walk stepped toward, in order


def playout_action(state: Position, rng: Rng) -> Action:
    step = state.steps[-1]
    choose = CHOICES.get(step["do"])
    if choose is None:
        return rng.choice(state.legal_actions())
    return choose(state, rng, step)


# -- the imagined walk ----------------------------------------------------------------------------


def setout(state: Position, seat: int) -> Setout:
    here = state.pawn_key(seat)
    row = state.rows[seat]
    if state.game.muddled_waters:
        return Setout(here, tuple(state.piles[seat]), moves_of(state, row))
    if state.phase != "walk" or seat > state.player:
        return Setout(here, (), moves_of(state, row))
    visited = tuple(entry[2] for entry in state.paths[seat])
    if seat < state.player or state.stopped[seat]:
        return Setout(here, visited, ())
    moves = moves_of(state, row[state.walk_index :])
    return Setout(here, visited, moves, state.inverted[seat], state.last_move[seat])


def moves_of(state: Position, cards: Sequence[Card]) -> tuple[Move, ...]:
    kinds = state.game.kinds
    moves: list[Move] = []
    for card in cards:
        kind = kinds[card[KIND]]
        moves.append((kind.move, kind.fish if kind.move == "match" else card[TURN] or 0))
    return tuple(moves)


def walk(state: Position, board: dict[str, int], out: Setout) -> Walk:
    """The walk of `out` on `board` (its cell holds a tile)."""
    walker = Walker(state, board, out)
    for move, number in out.moves:
        target = walker.target(move, number)
        if target is None:
            continue
        tile = board.get(target)
        if tile is None:
            walker.voids.append(target)
            if walker.stop:
                break
            continue
        walker.here = target
        walker.cells.append(target)
        walker.visit(tile)
    return Walk(max(walker.totals) + walker.bonus, walker.totals, walker.cells, walker.voids)


class Walker:
    """A walk under way: where the pawn is, what it has visited, how its cards turn."""

    __slots__ = (
        "board",
        "bonus",
        "cells",
        "here",
        "inverted",
        "last",
        "state",
        "stop",
        "totals",
        "visited",
        "voids",
    )

    def __init__(self, state: Position, board: dict[str, int], out: Setout) -> None:
        self.state, self.board = state, board
        self.stop = state.game.void_move == "stop"
        self.here, self.inverted, self.last = out.here, out.inverted, out.last
        self.totals = [0] * state.game.rules.fish_types
        self.bonus = 0
        self.visited: set[int] = set()
        self.cells: list[str] = [out.here]
        self.voids: list[str] = []
        for tile in (*out.visited, board[out.here]):
            self.visit(tile)

    def visit(self, tile: int) -> None:
        if tile in self.visited:
            return
        self.visited.add(tile)
        found = self.state.game.tiles[tile]
        self.bonus += found.value
        totals = self.totals
        for i, fish in enumerate(found.by_type):
            totals[i] += fish

    def target(self, move: str, number: int) -> str | None:
        """The cell a card steps toward (None: it stays), as the walk imagines it."""
        here, last = self.here, self.last
        if move in DIRECTIONS:
            d = DIRECTION_NAMES.index(move)
            d ^= (TURNED if number == 180 else 0) ^ (TURNED if self.inverted else 0)
            self.last = DIRECTION_NAMES[d]
            return around(here)[d][0]
        if move in ("any", "jump"):
            distance = self.state.game.rules.jump_distance if move == "jump" else 1
            d = self.best_direction(distance)
            self.last = DIRECTION_NAMES[d] if move == "any" else f"jump:{DIRECTION_NAMES[d]}"
            return reach(here, d, distance)
        if move == "match":
            self.last = f"match:{number}"
            return nearest_with(self.state, self.board, here, number)
        if move == "copy":
            return self.copied(last)
        self.inverted ^= move == "invert"
        self.last = None
        return None

    def copied(self, last: str | None) -> str | None:
        """Copy repeats the last move as made: a direction (turned already), a Jump, a Match."""
        if last is None:
            return None
        kind, _, rest = last.partition(":")
        if kind == "match":
            return nearest_with(self.state, self.board, self.here, int(rest))
        if kind == "jump":
            jump = self.state.game.rules.jump_distance
            return reach(self.here, DIRECTION_NAMES.index(rest), jump)
        return reach(self.here, DIRECTION_NAMES.index(kind), 1)

    def best_direction(self, distance: int) -> int:
        """The direction to the tile that raises the best fish type most (a new tile first)."""
        tiles, totals = self.state.game.tiles, self.totals
        best, best_value = 0, -1
        for d in range(4):
            tile = self.board.get(reach(self.here, d, distance))
            if tile is None:
                continue
            value = 2 * max(totals)
            if tile not in self.visited:
                by_type = tiles[tile].by_type
                value = 2 * max(t + f for t, f in zip(totals, by_type, strict=True)) + 1
            if value > best_value:
                best, best_value = d, value
        return best


def reach(here: str, d: int, distance: int) -> str:
    for _ in range(distance):
        here = around(here)[d][0]
    return here


def nearest_with(state: Position, board: dict[str, int], here: str, fish: int) -> str | None:
    """Match: the nearest other tile with this fish (the first in reading order of ties)."""
    tiles = state.game.tiles
    origin = cell_of(here)
    best: tuple[int, int, int] | None = None
    for cell, tile in board.items():
        if cell != here and fish in tiles[tile].fish:
            x, y = cell_of(cell)
            rank = (manhattan(origin, (x, y)), y, x)
            if best is None or rank < best:
                best = rank
    return None if best is None else key(best[2], best[1])


def score(state: Position, seat: int, out: Setout | None = None) -> int:
    return walk(state, state.board, out or setout(state, seat)).score


# -- choosing -------------------------------------------------------------------------------------


def best(rng: Rng, scored: Scored) -> Action:
    """The best-valued action, ties broken at random, now and then the second best."""
    drawn = [(value, rng.random(), action) for value, action in scored]
    ranked = sorted(drawn, key=lambda entry: entry[:2], reverse=True)
    if len(ranked) > 1 and rng.random() < SECOND_BEST:
        return ranked[1][2]
    return ranked[0][2]


def for_owner(by: int, owner: int, value: int) -> float:
    """A choice made for another seat's row goes against it."""
    return value if by == owner else -value


def knows(card: Card, seat: int) -> bool:
    return bool(card[UP] or card[KNOWN] >> seat & 1)


# -- the build phase ------------------------------------------------------------------------------


def place_tile(state: Position, rng: Rng, step: Step) -> Action:
    """A tile where the walk steps into an empty cell, if one raises the catch; else the least
    useful tile on some cell at the map's edge."""
    seat, board = step["by"], state.board
    hand = state.hands[seat]
    out = setout(state, seat)
    now = walk(state, board, out)
    scored: Scored = []
    for cell in _distinct(now.voids)[:VOIDS]:
        x, y = cell_of(cell)
        if can_place(state, x, y):
            scored += raising(state, out, now, hand, (x, y), place)
    if scored:
        return best(rng, scored)
    favourite = now.totals.index(max(now.totals))
    spare = min(hand, key=lambda t: (state.tile(t).by_type[favourite], rng.random()))
    x, y = rng.choice(touching_cells(state))
    return place(spare, x, y)


def raising(
    state: Position,
    out: Setout,
    now: Walk,
    hand: Sequence[int],
    at: tuple[int, int],
    make: Callable[[int, int, int], Action],
) -> Scored:
    """Each tile of `hand` that raises the walk's catch when laid at `at`, with its gain, as
    the action `make(tile, x, y)` (the board is put back)."""
    board, cell = state.board, key(*at)
    scored: Scored = []
    for tile in hand:
        board[cell] = tile
        gain = walk(state, board, out).score - now.score
        del board[cell]
        if gain > 0:
            scored.append((gain, make(tile, *at)))
    return scored


def _distinct(cells: list[str]) -> list[str]:
    return list(dict.fromkeys(cells))


def reveal_target(state: Position, rng: Rng, step: Step) -> Action:
    """Reveal N: the seat's own card N if face down, else another face-down card N."""
    by, n = step["by"], step["n"]
    down = [s for s, row in enumerate(state.rows) if len(row) >= n and not row[n - 1][UP]]
    if by in down:
        return pick("reveal", by, n)
    return pick("reveal", rng.choice(down) if down else by, n)


def swap_target(state: Position, rng: Rng, step: Step) -> Action:
    """Swap N: into the seat's row a card it knows, or its own cards reordered, if the walk
    gains; else two other cards."""
    by = step["by"]
    row = state.rows[by]
    out = setout(state, by)
    now = walk(state, state.board, out).score
    scored: Scored = []
    others: list[Action] = []
    for action in state.legal_actions():
        assert isinstance(action, Swap)
        mine, theirs = (action.seat, action.pos), (action.other_seat, action.other_pos)
        if by not in (mine[0], theirs[0]):
            others.append(action)
            continue
        if mine[0] != by:
            mine, theirs = theirs, mine
        outgoing, incoming = row[mine[1] - 1], state.rows[theirs[0]][theirs[1] - 1]
        if not knows(incoming, by) and (theirs[0] != by or not knows(outgoing, by)):
            continue  # a card the seat does not know moves nowhere it wants
        changed = row[:]
        changed[mine[1] - 1] = incoming
        if theirs[0] == by:
            changed[theirs[1] - 1] = outgoing
        gain = walk(state, state.board, out._replace(moves=moves_of(state, changed))).score - now
        if gain > 0:
            scored.append((gain, action))
    if scored:
        return best(rng, scored)
    return rng.choice(others or state.legal_actions())


def study_target(state: Position, rng: Rng, step: Step) -> Action:
    """Study: the seat's own cards it does not know, then others' it does not know."""
    by, picked = step["by"], step["picked"]
    options = [(s, p) for s, p in state.face_down() if [s, p] not in picked]
    unknown = [(s, p) for s, p in options if not knows(state.rows[s][p - 1], by)]
    own = [(s, p) for s, p in unknown if s == by]
    seat, pos = rng.choice(own or unknown or options)
    return pick("study", seat, pos)


def reveal_more(state: Position, rng: Rng, step: Step) -> Action:
    """Ultra Reveal: the seat's own face-down cards first."""
    down = state.face_down()
    own = [(s, p) for s, p in down if s == step["by"]]
    seat, pos = rng.choice(own or down)
    return pick("reveal", seat, pos)


def orient(state: Position, rng: Rng, step: Step) -> Action:
    """The orientation that walks the owner's row best (another seat's: worst)."""
    by, owner = step["by"], step["seat"]
    card = state.rows[owner][step["pos"] - 1]
    scored: Scored = []
    for degrees in (0, 180):
        card[TURN] = degrees
        scored.append((for_owner(by, owner, score(state, owner)), Orient(degrees)))
    card[TURN] = None
    return best(rng, scored)


def remove_card(state: Position, rng: Rng, step: Step) -> Action:
    """Remove: the card whose loss walks the owner's row best (another seat's: worst)."""
    by, owner = step["by"], step["owner"]
    row = state.rows[owner]
    out = setout(state, owner)
    scored: Scored = []
    for pos in range(1, len(row) + 1):
        rest = moves_of(state, row[: pos - 1] + row[pos:])
        value = walk(state, state.board, out._replace(moves=rest)).score
        scored.append((for_owner(by, owner, value), pick("remove", owner, pos)))
    return best(rng, scored)


def move_swap(state: Position, rng: Rng, step: Step) -> Action:
    """Move Swap: two revealed cards, one of the seat's own, that lengthen its walk's catch."""
    by = step["by"]
    up = state.revealed_cards()
    pairs = [(a, b) for i, a in enumerate(up) for b in up[i + 1 :] if by in (a[0], b[0])]
    rng.shuffle(pairs)
    row = state.rows[by]
    out = setout(state, by)
    now = walk(state, state.board, out).score
    scored: Scored = []
    for a, b in pairs[:MOVE_SWAPS]:
        changed = row[:]
        for (seat, pos), other in ((a, b), (b, a)):
            if seat == by:
                changed[pos - 1] = state.rows[other[0]][other[1] - 1]
        gain = walk(state, state.board, out._replace(moves=moves_of(state, changed))).score - now
        scored.append((gain, swap(*a, *b)))
    if scored and max(value for value, _ in scored) > 0:
        return best(rng, scored)
    return rng.choice(state.legal_actions())


def change_start(state: Position, rng: Rng, step: Step) -> Action:
    """Change Start: the tile the owner's walk scores most from (another seat's: least)."""
    by, owner = step["by"], step["owner"]
    out = setout(state, owner)
    scored: Scored = []
    for x, y in state.adjacent_tiles(out.here):
        value = score(state, owner, out._replace(here=key(x, y)))
        scored.append((for_owner(by, owner, value), point("start", x, y)))
    return best(rng, scored)


def destroy(state: Position, rng: Rng, step: Step) -> Action:
    """Destructor: the richest tile of the leading other walk that the seat's own walk does not
    visit; done when there is none."""
    by, board = step["by"], state.board
    walks = [walk(state, board, setout(state, seat)) for seat in range(state.game.players)]
    leader = max((seat for seat in range(len(walks)) if seat != by), key=lambda s: walks[s].score)
    spared = set(walks[by].cells) | state.occupied()
    targets = [cell for cell in walks[leader].cells if cell not in spared]
    if not targets:
        return DONE
    cell = max(targets, key=lambda c: (len(state.tile(board[c]).fish), rng.random()))
    return point("destroy", *cell_of(cell))


def exchange(state: Position, rng: Rng, step: Step) -> Action:
    """Swapper: the walk's poorest tile (of its best fish type) trades places with the richest
    tile off the walk, if that is richer; else two tiles off the walk trade places."""
    by, board = step["by"], state.board
    now = walk(state, board, setout(state, by))
    favourite = now.totals.index(max(now.totals))

    def richness(cell: str) -> int:
        return state.tile(board[cell]).by_type[favourite]

    on_walk = list(dict.fromkeys(now.cells))
    first = None if step["first"] is None else key(*step["first"])
    off_walk = [cell for cell in board if cell not in on_walk and cell != first]
    if first is None:
        poorest = extreme(rng, on_walk, richness, -1)
        richest = extreme(rng, off_walk, richness, 1) if off_walk else None
        gains = richest is not None and richness(richest) > richness(poorest)
        cell = poorest if gains else rng.choice(off_walk or on_walk)
    elif first in on_walk and off_walk:
        cell = extreme(rng, off_walk, richness, 1)
    else:
        cell = rng.choice(off_walk or [c for c in board if c != first])
    return point("exchange", *cell_of(cell))


def extreme(rng: Rng, cells: list[str], value: Callable[[str], int], sign: int) -> str:
    """The cell of the highest value (sign 1) or lowest (sign -1), ties at random."""
    return max(cells, key=lambda cell: (sign * value(cell), rng.random()))


def cork(state: Position, rng: Rng, step: Step) -> Action:
    """Corker: a hole the walk steps into gets the tile that raises the catch most; else done."""
    by, board = step["by"], state.board
    out = setout(state, by)
    now = walk(state, board, out)
    scored: Scored = []
    hand = state.hands[by]
    for x, y in holes(state):
        if key(x, y) in now.voids:
            scored += raising(state, out, now, hand, (x, y), Cork)
    return best(rng, scored) if scored else DONE


def _random(state: Position, rng: Rng, step: Step) -> Action:
    return rng.choice(state.legal_actions())


# -- the walk -------------------------------------------------------------------------------------


def go(state: Position, rng: Rng, step: Step) -> Action:
    """Any or Jump: the direction after which the rest of the row scores most."""
    mover = step["by"]
    out = setout(state, mover)
    jumping = state.game.kinds[step["kind"]].move == "jump"
    distance = state.game.rules.jump_distance if jumping else 1
    scored: Scored = []
    for d, name in enumerate(DIRECTION_NAMES):
        target = reach(out.here, d, distance)
        here = target if target in state.board else out.here
        last = f"jump:{name}" if jumping else name
        scored.append((score(state, mover, out._replace(here=here, last=last)), Go(name)))
    return best(rng, scored)


def match_target(state: Position, rng: Rng, step: Step) -> Action:
    """Match: of the nearest tiles with the fish, the one the rest of the row scores most from."""
    mover = step["by"]
    out = setout(state, mover)
    scored: Scored = []
    for action in state.legal_actions():
        assert isinstance(action, Point)
        value = score(state, mover, out._replace(here=key(action.x, action.y)))
        scored.append((value, action))
    return best(rng, scored)


def poorest(state: Position, rng: Rng, verb: str, cells: Sequence[tuple[int, int]]) -> Action:
    """A cell of the map with the fewest fish (to send or push another seat's pawn to)."""
    board = state.board
    x, y = min(cells, key=lambda c: (len(state.tile(board[key(*c)]).fish), rng.random()))
    return point(verb, x, y)


def send(state: Position, rng: Rng, step: Step) -> Action:
    return poorest(state, rng, "send", state.map_cells(exclude=state.pawn_key(step["seat"])))


def push(state: Position, rng: Rng, step: Step) -> Action:
    return poorest(state, rng, "push", state.adjacent_tiles(state.pawn_key(step["seat"])))


def take(state: Position, rng: Rng, step: Step) -> Action:
    """Muddled Waters: take the tile under the pawn when it raises the score pile's catch,
    filling the hole with the hand's poorest tile."""
    mover = step["by"]
    tiles, rules = state.game.tiles, state.game.rules
    pile = [tiles[t] for t in state.piles[mover]]
    here = tiles[state.board[state.pawn_key(mover)]]
    if tile_score([*pile, here], rules) <= tile_score(pile, rules):
        return DONE
    hand = state.hands[mover]
    return Take(min(hand, key=lambda t: (len(tiles[t].fish), rng.random())))


Choice = Callable[[Position, Rng, Step], Action]
CHOICES: dict[str, Choice] = {
    "place": place_tile,
    "reveal": reveal_target,
    "swap": swap_target,
    "study": study_target,
    "orient": orient,
    "remove": remove_card,
    "insert": _random,
    "hands": _random,
    "move_swap": move_swap,
    "ultra": reveal_more,
    "start": change_start,
    "destroy": destroy,
    "exchange": exchange,
    "cork": cork,
    "go": go,
    "match": match_target,
    "send": send,
    "push": push,
    "take": take,
}

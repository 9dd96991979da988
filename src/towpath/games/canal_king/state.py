"""Canal King: the position, building and sailing turns, and the end (rules/canal_king.md).

`board[cell]` is -1 (free) or a tile code `type * 6 + rotation`; `constraints[cell]` packs the
edges a tile there must have as canal (bits 0-5) and as terrain (bits 6-11); `groups[port]`
labels the ports joined by canal (both kept up to date as tiles go down). Tiles in hands, the
pile and the discards are tile types; the pile's top is its last element. A ship is a dict:
`port` (its port, or None on a tile), `cell`, `entry` and `exit` (edges, on a tile), `stop` (what
stopped it), `last_port`, `calls` (ports of call done) and `skip` (its next turn is lost).
`ruled_out[seat]` is a bit mask of route cards (bit c: card c): those complete at the end of the
seat's last turn before its launch, which it cannot hold (Resampling). It is public: it follows
from the board as it stood, not from anyone's card.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Self

from towpath.core.actions import Action, Words
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import JSON
from towpath.core.piles import draw
from towpath.core.rng import Rng
from towpath.games.canal_king.actions import (
    LAUNCH,
    PASS,
    RETURN,
    SKIP,
    Place,
    Replace,
    SailToCell,
    SailToPort,
    Special,
    Swap,
    Word,
)
from towpath.games.canal_king.canals import (
    PORT,
    SPECIAL,
    Departure,
    Stop,
    departure,
    join_new_lines,
    port_groups,
    sail_stops,
)
from towpath.games.canal_king.components import EDGE_NAMES, EDGES
from towpath.games.canal_king.deal import deal
from towpath.games.canal_king.fitting import EDGE_BITS, TERRAIN_SHIFT, Fit, demanding, fits
from towpath.games.canal_king.position import Position
from towpath.games.canal_king.table import CanalKingTable
from towpath.games.canal_king.view import DISPLAY
from towpath.games.canal_king.words import CUT_SHORT, WON_BY, words

BUILDING = (Place, Replace, Special, Swap)
SAILING = (SailToPort, SailToCell)


class CanalKingState(Position):
    __slots__ = ()
    display = DISPLAY
    won_by = WON_BY
    cut_short = CUT_SHORT

    def __init__(self, game: CanalKingTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        parts, players = game.parts, game.players
        self.board = [-1] * parts.board.size
        self.constraints = _static_constraints(game)
        self.pile = list(parts.tiles.deck)
        self.rng.shuffle(self.pile)
        self.discards = []
        self.hands = [[] for _ in range(players)]
        for seat in range(players):
            self._draw(seat, parts.rules.hand_size)
        colours = list(range(len(parts.tiles.colours)))
        self.rng.shuffle(colours)
        self.colours = colours[:players]
        routes = list(range(len(parts.routes)))
        self.rng.shuffle(routes)
        self.routes = routes[:players]
        self.ruled_out = [0] * players
        self.groups = port_groups(self.board, parts)
        self.specials = [None] * players
        self.revealed = False
        self.ships = [None] * players
        self.player = game.first_player
        self.turn = 0
        self.winner = None

    def clone(self) -> Self:
        copy = super().clone()
        if self._kept_fits() is not None:
            copy._fits = (copy.board, copy.constraints, self._cell_fits()[:])
        return copy

    def snapshot(self) -> dict[str, JSON]:
        """The base's copy of the fields, written out for their known shapes: flat lists copy
        in C (profiled: the generic deep copy dominated clones, saves and the contract checks)."""
        return {
            "board": self.board[:],
            "constraints": self.constraints[:],
            "hands": [hand[:] for hand in self.hands],
            "pile": self.pile[:],
            "discards": self.discards[:],
            "colours": self.colours[:],
            "routes": self.routes[:],
            "ruled_out": self.ruled_out[:],
            "groups": self.groups[:],
            "specials": self.specials[:],
            "revealed": self.revealed,
            "ships": [
                None if ship is None else {**ship, "calls": ship["calls"][:]} for ship in self.ships
            ],
            "player": self.player,
            "turn": self.turn,
            "winner": self.winner,
        }

    # -- what is legal -----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        return list(self.kept_legal(self._legal_actions))

    def _legal_actions(self) -> list[Action]:
        if self.current_player is None:
            return []
        seat = self.player
        ship = self.ships[seat]
        if ship is None:
            if self.route_done(seat):
                return [LAUNCH]
            return self._building_actions(seat) or [PASS]
        if ship["skip"]:
            return [SKIP]
        actions = [self._sail_action(stop) for stop in self._stops(seat)]
        if ship["port"] is None:
            return [*actions, RETURN]
        return actions or [PASS]

    def _building_actions(self, seat: int) -> list[Action]:
        """Placements, replacements, the special tile and swaps: each distinct result once."""
        actions = self.game.tables.building(self._types(seat), self.board, self._cell_fits())
        actions += self.game.tables.swaps(self.hands[seat])
        return actions

    def _cell_fits(self) -> list[Fit]:
        fits = self._kept_fits()
        if fits is None:
            fits = self.game.tables.cell_fits(self.board, self.constraints)
            self._fits = (self.board, self.constraints, fits)
        return fits

    def _kept_fits(self) -> list[Fit] | None:
        kept: tuple[list[int], list[int], list[Fit]] | None = getattr(self, "_fits", None)
        if kept is None or kept[0] is not self.board or kept[1] is not self.constraints:
            return None
        return kept[2]

    def _types(self, seat: int) -> list[int]:
        """The tile types the seat may put down: its hand's, then the special tile if unplayed."""
        types = sorted(set(self.hands[seat]))
        if self.specials[seat] is None:
            types.append(self.game.parts.tiles.special)
        return types

    def route_done(self, seat: int) -> bool:
        """Whether the seat's route card's ports are joined by canal (Finishing the route). A
        route, once complete, stays so: tiles never lose lines. Its owner launches on their
        turn (or at the end of the turn that completed it)."""
        groups = self.groups
        start, first, second, final = self.game.parts.routes[self.routes[seat]]
        return groups[start] == groups[first] == groups[second] == groups[final]

    def complete_routes(self) -> int:
        """The route cards whose ports are joined by canal, as a bit mask (bit c: card c)."""
        groups, complete = self.groups, 0
        for card, (start, first, second, final) in enumerate(self.game.parts.routes):
            if groups[start] == groups[first] == groups[second] == groups[final]:
                complete |= 1 << card
        return complete

    def _stops(self, seat: int) -> list[Stop]:
        return sail_stops(self.board, self.game.parts, self.departure(seat))

    def departure(self, seat: int) -> Departure:
        """Where the seat's ship sets out from on its next sailing turn."""
        ship = self.ships[seat]
        assert ship is not None
        port = ship["port"]
        place = -1 - port if port is not None else ship["cell"] * EDGES + ship["entry"]
        stop = (place, ship["stop"], ship["exit"])
        return departure(self.board, self.game.parts, stop, self.colours[seat], self.specials[seat])

    def _sail_action(self, stop: Stop) -> Action:
        if stop.place < 0:
            return SailToPort(self.game.parts.board.ports[-1 - stop.place].name)
        col, row = self.game.parts.board.coords(stop.place // EDGES)
        return SailToCell(col, row, stop.place % EDGES)

    # -- refusals --------------------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        seat = self.player
        ship = self.ships[seat]
        if isinstance(action, BUILDING):
            if ship is not None:
                raise IllegalAction(f"{action}: a launched player never builds", rule="launched")
            if self.route_done(seat):
                raise IllegalAction(
                    f"{action}: your route is complete, this turn is launch", rule="launch"
                )
            self._check_building(seat, action)
        elif isinstance(action, SAILING):
            self._check_sailing(seat, action)
        elif isinstance(action, Word):
            self._check_word(seat, action)
        else:
            raise IllegalAction(f"{action!r} is not a Canal King action", rule="notation")

    def _check_building(self, seat: int, action: Action) -> None:
        if isinstance(action, Swap):
            self._check_swap(seat, action)
        elif isinstance(action, Special):
            self._check_special(seat, action)
        elif isinstance(action, Place | Replace):
            tile = self._hand_tile(seat, action.tile)
            self._check_rotation(action, self.game.parts.tiles.kind_of[tile])
            cell = self._cell(action.col, action.row)
            code = tile * EDGES + action.rotation
            if isinstance(action, Place):
                if self.board[cell] >= 0:
                    raise IllegalAction(
                        f"{action}: the space is occupied (replace a tile with `replace`)",
                        rule="occupied",
                    )
            else:
                self._check_replaced(action, cell, code)
            self._check_edges(action, cell, code)

    def _hand_tile(self, seat: int, name: str) -> int:
        tile = self.game.parts.tiles.by_name.get(name.lower())
        if tile is None or self.game.parts.tiles.names[tile] != name:
            raise IllegalAction(f"{name!r} is not a tile of this tile set", rule="tile")
        if tile not in self.hands[seat]:
            raise IllegalAction(f"there is no {name} in your hand", rule="hand")
        return tile

    def _check_rotation(self, action: Place | Replace | Special, kind: int) -> None:
        rotation = action.rotation
        if not 0 <= rotation < EDGES:
            raise IllegalAction(f"{action}: a rotation is r0 to r5", rule="rotation")
        same = self.game.parts.tiles.canonical[kind * EDGES + rotation]
        if same != rotation:
            raise IllegalAction(
                f"{action}: turned r{rotation} the tile is the same as turned r{same}, "
                f"write r{same}",
                rule="rotation",
            )

    def _cell(self, col: int, row: int) -> int:
        cell = self.game.parts.board.cell(col, row)
        if cell is None:
            raise IllegalAction(f"{col},{row} is not a space of the board", rule="board")
        return cell

    def _check_replaced(self, action: Replace, cell: int, code: int) -> None:
        tiles = self.game.parts.tiles
        old = self.board[cell]
        if old < 0:
            raise IllegalAction(
                f"{action}: the space is free, there is nothing to replace", rule="replace"
            )
        if old // EDGES == tiles.special:
            raise IllegalAction(f"{action}: a special tile is never replaced", rule="special tile")
        if tiles.lines[code] & tiles.lines[old] != tiles.lines[old]:
            raise IllegalAction(
                f"{action}: the new tile must keep every line of the old one", rule="keep lines"
            )
        if code // EDGES == old // EDGES:  # so, keeping every line, the very same tile
            raise IllegalAction(
                f"{action}: it is the very same tile as the one there and changes nothing "
                f"(to trade it, swap it)",
                rule="same tile",
            )

    def _check_edges(self, action: Action, cell: int, code: int) -> None:
        """The placing rules: docks are water, the border is terrain, neighbours agree."""
        board, edges = self.game.parts.board, self.game.parts.tiles.edges[code]
        if fits(edges, self.constraints[cell]):  # the constraint holds the docks and border
            return
        for edge in range(EDGES):
            canal = bool(edges >> edge & 1)
            where = f"{action}: edge {EDGE_NAMES[edge]}"
            if board.must_canal[cell] >> edge & 1 and not canal:
                raise IllegalAction(f"{where} is a port's dock and needs canal", rule="dock")
            if board.must_terrain[cell] >> edge & 1 and canal:
                raise IllegalAction(f"{where}: canal may not open onto the border", rule="border")
        constraint = self.constraints[cell]
        canal_needed = constraint & EDGE_BITS & ~board.must_canal[cell]
        terrain_needed = constraint >> TERRAIN_SHIFT & ~board.must_terrain[cell]
        for edge in range(EDGES):
            canal = bool(edges >> edge & 1)
            if canal_needed >> edge & 1 and not canal:
                raise IllegalAction(
                    f"{action}: edge {EDGE_NAMES[edge]} is terrain but faces a neighbour's canal",
                    rule="edge match",
                )
            if terrain_needed >> edge & 1 and canal:
                raise IllegalAction(
                    f"{action}: edge {EDGE_NAMES[edge]} is canal but faces a neighbour's terrain",
                    rule="edge match",
                )

    def _check_special(self, seat: int, action: Special) -> None:
        parts = self.game.parts
        if self.specials[seat] is not None:
            raise IllegalAction("the special tile is played once per game", rule="special used")
        self._check_rotation(action, parts.tiles.special_kind)
        cell = self._cell(action.col, action.row)
        if cell in parts.board.dock_cells:
            raise IllegalAction(f"{action}: never on a dock cell of a port", rule="dock cell")
        old = self.board[cell]
        code = parts.tiles.special * EDGES + action.rotation
        if old >= 0:
            if old // EDGES == parts.tiles.special:
                raise IllegalAction(
                    f"{action}: a special tile is never replaced", rule="special tile"
                )
            if parts.tiles.lines[old] != parts.tiles.lines[code]:
                raise IllegalAction(
                    f"{action}: the special tile replaces only a single straight, along it",
                    rule="special straight",
                )
        self._check_edges(action, cell, code)

    def _check_swap(self, seat: int, action: Swap) -> None:
        tiles = self.game.parts.tiles
        if not 1 <= len(action.tiles) <= self.game.parts.rules.swap_max:
            raise IllegalAction(
                f"a swap trades 1 to {self.game.parts.rules.swap_max} tiles", rule="swap count"
            )
        types = [tiles.by_name.get(name.lower(), -1) for name in action.tiles]
        if -1 in types or [tiles.names[t] for t in types] != list(action.tiles):
            raise IllegalAction(f"{action}: names a tile not in this tile set", rule="tile")
        if types != sorted(types):
            raise IllegalAction(f"{action}: list the tiles in tile-set order", rule="swap order")
        if not _holds(self.hands[seat], types):
            raise IllegalAction(f"{action}: those tiles are not all in your hand", rule="hand")

    def _check_sailing(self, seat: int, action: SailToPort | SailToCell) -> None:
        ship = self.ships[seat]
        if ship is None:
            raise IllegalAction(f"{action}: the ship is not launched yet", rule="not launched")
        if ship["skip"]:
            raise IllegalAction(f"{action}: this turn is lost (skip)", rule="lost turn")
        if self._find_stop(seat, action) is None:
            raise IllegalAction(f"{action}: the ship cannot stop there this turn", rule="sail")

    def _find_stop(self, seat: int, action: SailToPort | SailToCell) -> Stop | None:
        board = self.game.parts.board
        if isinstance(action, SailToPort):
            port = board.port_index.get(action.port)
            place = None if port is None else -1 - port
        else:
            cell = board.cell(action.col, action.row)
            place = None if cell is None or not 0 <= action.entry < EDGES else cell * EDGES
            place = None if place is None else place + action.entry
        for stop in self._stops(seat) if place is not None else ():
            if stop.place == place:
                return stop
        return None

    def _check_word(self, seat: int, action: Word) -> None:
        ship = self.ships[seat]
        if action == LAUNCH:
            if ship is not None or not self.route_done(seat):
                raise IllegalAction("launch is only for a finished route", rule="launch")
        elif action == SKIP:
            if ship is None or not ship["skip"]:
                raise IllegalAction("skip is only for a turn lost on a special tile", rule="skip")
        elif action == RETURN:
            if ship is None or ship["skip"] or ship["port"] is not None:
                raise IllegalAction("return is for a sailing ship out of port", rule="return")
        elif action == PASS:
            if self.legal_actions() != [PASS]:
                raise IllegalAction("pass is only for a turn with nothing else to do", rule="pass")
        else:
            raise IllegalAction(f"{action!r} is not a Canal King action", rule="notation")

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.player
        if isinstance(action, BUILDING):
            self._build(seat, action)
            if self.route_done(seat):  # launched at the end of the own turn
                self._launch(seat)
        elif isinstance(action, SAILING):
            stop = self._find_stop(seat, action)
            assert stop is not None
            self._sail(seat, stop)
        elif action == LAUNCH:
            self._launch(seat)
        elif action == SKIP:
            ship = self.ships[seat]
            assert ship is not None
            ship["skip"] = False
        elif action == RETURN:
            ship = self.ships[seat]
            assert ship is not None
            self._moor(ship, ship["last_port"])
        if self.ships[seat] is None:  # a turn ended unlaunched: no complete route is the seat's
            self.ruled_out[seat] = self.complete_routes()
        self.turn += 1
        if self.current_player is not None:
            self.player = (seat + 1) % self.game.players

    def _build(self, seat: int, action: Action) -> None:
        tiles, hand = self.game.parts.tiles, self.hands[seat]
        if isinstance(action, Swap):
            for name in action.tiles:  # discard first, then draw (A building turn, 3)
                tile = tiles.by_name[name.lower()]
                hand.remove(tile)
                insort(self.discards, tile)
            self._draw(seat, len(action.tiles))
            return
        assert isinstance(action, Place | Replace | Special)
        cell = self.game.parts.board.cell(action.col, action.row)
        assert cell is not None
        old = self.board[cell]
        if old >= 0:
            insort(self.discards, old // EDGES)
        kept = tiles.lines[old] if old >= 0 else 0
        if isinstance(action, Special):
            self.specials[seat] = cell
            self._set_tile(cell, tiles.special * EDGES + action.rotation)
        else:
            tile = tiles.by_name[action.tile.lower()]
            hand.remove(tile)
            self._set_tile(cell, tile * EDGES + action.rotation)
            self._draw(seat, self.game.parts.rules.hand_size - len(hand))
        new = tiles.lines[self.board[cell]] & ~kept
        join_new_lines(self.board, self.game.parts, self.groups, cell, new)

    def _set_tile(self, cell: int, code: int) -> None:
        """Put a tile down and tell each neighbouring cell what its facing edge must be."""
        self.board[cell] = code
        edges, step = self.game.parts.tiles.edges[code], self.game.parts.board.step
        board, constraints, fits = self.board, self.constraints, self._kept_fits()
        fit = self.game.tables.cell_fit
        if fits is not None:
            fits[cell] = fit(code, constraints[cell])
        for edge in range(EDGES):
            target = step[cell * EDGES + edge]
            if target >= 0:
                other, facing = divmod(target, EDGES)
                constraints[other] = demanding(constraints[other], facing, bool(edges >> edge & 1))
                if fits is not None:
                    fits[other] = fit(board[other], constraints[other])

    def _draw(self, seat: int, count: int) -> None:
        """Draw `count` tiles; an empty pile is the shuffled discards (Decision: none if both
        are empty)."""
        for _ in range(count):
            tile = draw(self.pile, self.discards, self.rng)
            if tile is not None:
                insort(self.hands[seat], tile)

    def _launch(self, seat: int) -> None:
        """Reveal the route, put the ship in its start port; the first launch reveals every
        colour."""
        start = self.game.parts.routes[self.routes[seat]][0]
        self.ships[seat] = {
            "port": start,
            "cell": None,
            "entry": None,
            "exit": None,
            "stop": PORT,
            "last_port": start,
            "calls": [],
            "skip": False,
        }
        self.revealed = True

    def _moor(self, ship: dict[str, Any], port: int) -> None:
        ship.update(port=port, cell=None, entry=None, exit=None, stop=PORT, last_port=port)

    def _sail(self, seat: int, stop: Stop) -> None:
        ship = self.ships[seat]
        assert ship is not None
        if stop.place >= 0:
            cell, entry = divmod(stop.place, EDGES)
            ship.update(port=None, cell=cell, entry=entry, exit=stop.exit, stop=stop.kind)
            ship["skip"] = stop.kind == SPECIAL  # an opponent's special tile: lose a turn
            return
        port = -1 - stop.place
        self._moor(ship, port)
        _, first, second, final = self.game.parts.routes[self.routes[seat]]
        calls: list[int] = ship["calls"]
        # With ordered_calls only the next call in the card's order counts.
        due = (first, second)[len(calls)] if len(calls) < 2 else None
        if (
            port in (first, second)
            and port not in calls
            and (not self.game.ordered_calls or port == due)
        ):
            calls.append(port)
        if port == final and len(calls) == 2:
            self.winner = seat

    # -- results ---------------------------------------------------------------------------------

    def _words(self, action: Action) -> Words:
        return words(self.game.parts, self.board, self.ships[self.player], action)

    def scores(self) -> list[float]:
        best = float(self.game.parts.rules.winner_score)
        return [
            best if seat == self.winner else float(len(ship["calls"]) if ship else 0)
            for seat, ship in enumerate(self.ships)
        ]

    def _resample(self, seat: int | None) -> None:
        """Deal again, from sorted pools, the colours and route cards `seat` has not seen, no
        seat a card it is known not to hold where some deal allows it, and shuffle the pile
        (Resampling). The game's end reveals every colour and route: only the pile is left."""
        if not self.is_terminal():
            self._redeal_secrets(seat)
        self.pile.sort()
        self.rng.shuffle(self.pile)

    def _redeal_secrets(self, seat: int | None) -> None:
        players = range(self.game.players)
        hidden = [s for s in players if s != seat and not self.revealed]
        self._redeal(self.colours, hidden, len(self.game.parts.tiles.colours), [0] * len(hidden))
        hidden = [s for s in players if s != seat and self.ships[s] is None]
        ruled_out = [self.ruled_out[s] for s in hidden]
        self._redeal(self.routes, hidden, len(self.game.parts.routes), ruled_out)

    def _redeal(
        self, dealt: list[int], hidden: list[int], total: int, ruled_out: list[int]
    ) -> None:
        known = {dealt[s] for s in range(len(dealt)) if s not in hidden}
        pool = [item for item in range(total) if item not in known]
        every = sum(1 << item for item in pool)
        allowed = [every & ~mask for mask in ruled_out]
        for seat, item in zip(hidden, deal(pool, allowed, self.rng), strict=True):
            dealt[seat] = item

    def _validate(self) -> None:
        _validate_state(self)


def _holds(hand: list[int], tiles: list[int]) -> bool:
    """Whether the hand holds all these tiles (a tile named twice held twice)."""
    left = list(hand)
    for tile in tiles:
        if tile not in left:
            return False
        left.remove(tile)
    return True


def _static_constraints(game: CanalKingTable) -> list[int]:
    return list(game.tables.static)


def _validate_state(state: CanalKingState) -> None:
    """Refuse restored fields that are not a possible position (shapes, tile counts, edges)."""
    game, parts = state.game, state.game.parts
    players, size, types = game.players, parts.board.size, len(parts.tiles.names) - 1

    def fail(what: str) -> GameError:
        return GameError(f"corrupt state: {what}")

    def ints(value: Any, low: int, high: int) -> bool:
        return isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v < high for v in value
        )

    if not ints(state.board, -1, (types + 1) * EDGES) or len(state.board) != size:
        raise fail(f"board must be {size} tile codes or -1")
    if not ints(state.constraints, 0, 1 << 12) or len(state.constraints) != size:
        raise fail("constraints must be one edge mask per cell")
    lists = [state.hands, state.colours, state.routes, state.specials, state.ships]
    if any(not isinstance(v, list) or len(v) != players for v in lists):
        raise fail(f"expected one hand, colour, route, special and ship per seat ({players})")
    if not all(ints(hand, 0, types) for hand in state.hands):
        raise fail("hands must be lists of tile types")
    if not ints(state.pile, 0, types) or not ints(state.discards, 0, types):
        raise fail("pile and discards must be lists of tile types")
    if not ints(state.colours, 0, len(parts.tiles.colours)) or len(set(state.colours)) != players:
        raise fail("colours must be distinct colour numbers")
    if not ints(state.routes, 0, len(parts.routes)) or len(set(state.routes)) != players:
        raise fail("routes must be distinct route card numbers")
    if not ints(state.ruled_out, 0, 1 << len(parts.routes)) or len(state.ruled_out) != players:
        raise fail("ruled_out must be a route card mask per seat")
    _validate_tiles(state, fail)
    _validate_ruled_out(state, fail)
    _validate_turn(state, fail)


def _validate_tiles(state: CanalKingState, fail: Any) -> None:
    parts = state.game.parts
    special = parts.tiles.special
    on_board = [code // EDGES for code in state.board if code >= 0]
    played = [cell for cell in state.specials if cell is not None]
    if not all(isinstance(c, int) and 0 <= c < parts.board.size for c in played):
        raise fail("special tiles must be null or a cell")
    if sorted(played) != sorted(
        c for c, code in enumerate(state.board) if code // EDGES == special
    ):
        raise fail("special tiles on the board must match the played ones")
    counted = [tile for tile in on_board if tile != special]
    for group in (*state.hands, state.pile, state.discards):
        counted += group
    if sorted(counted) != list(parts.tiles.deck):
        raise fail("the tiles on the board, in hands, pile and discards must be the tile set")
    if state.discards != sorted(state.discards) or any(h != sorted(h) for h in state.hands):
        raise fail("hands and discards are kept sorted")
    check = state.clone()
    check.board = [-1] * parts.board.size
    check.constraints = _static_constraints(state.game)
    for cell, code in enumerate(state.board):
        if code >= 0:
            check._set_tile(cell, code)
    if check.constraints != state.constraints:
        raise fail("constraints do not match the board")
    if port_groups(state.board, parts) != state.groups:
        raise fail("the port groups do not match the board")


def _validate_ruled_out(state: CanalKingState, fail: Any) -> None:
    """Cards ruled out are complete (a route stays complete) and never the seat's own."""
    complete = state.complete_routes()
    for mask, card in zip(state.ruled_out, state.routes, strict=True):
        if mask & ~complete or mask >> card & 1:
            raise fail("a seat's ruled-out route cards must be complete and not its own")


def _validate_turn(state: CanalKingState, fail: Any) -> None:
    game = state.game
    if not (isinstance(state.player, int) and 0 <= state.player < game.players):
        raise fail("the player to move must be a seat")
    if not isinstance(state.turn, int) or state.turn < 0 or not isinstance(state.revealed, bool):
        raise fail("bad turn count or reveal flag")
    if state.winner is not None and not (
        isinstance(state.winner, int) and 0 <= state.winner < game.players
    ):
        raise fail("the winner must be null or a seat")
    keys = {"port", "cell", "entry", "exit", "stop", "last_port", "calls", "skip"}
    for ship in state.ships:
        if ship is not None and (not isinstance(ship, dict) or set(ship) != keys):
            raise fail(f"a ship must be null or an object with {', '.join(sorted(keys))}")

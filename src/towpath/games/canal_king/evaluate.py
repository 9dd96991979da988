"""How a Canal King player judges a position: how near the route is to being joined, then how
far the ship has sailed, less the stops waiting for it.

While building, a route counts by how many of its four ports already share one canal group
(ports joined by canal, through any ports), and by how many of them have a canal leaving a
dock (the start of a way to them). A launched ship counts more, and more for each call done.
Flags of the player's own colour on the board each cost a stop when sailing past them, and so
does every opponent's special tile (with a lost turn besides). The value is the seat's lead
over the best other player.
"""

from __future__ import annotations

from collections import Counter

from towpath.core.game import logistic
from towpath.games.canal_king.components import EDGES
from towpath.games.canal_king.state import CanalKingState

LAUNCHED = 5.0  # progress of a launched ship, above any building route (at most 3 + 1)
PER_CALL = 2.0
DOCKED = 0.25  # per route port with a canal leaving one of its docks
OWN_FLAG = 0.1  # per flag of the player's colour on the board
OPPONENT_SPECIAL = 0.2  # per opponent's special tile on the board
LEAD_SCALE = 1.5


def progress(state: CanalKingState, seat: int) -> float:
    game = state.game
    ship = state.ships[seat]
    if ship is not None:
        value = LAUNCHED + PER_CALL * len(ship["calls"])
    else:
        ports = game.parts.routes[state.routes[seat]]
        joined = Counter(state.groups[port] for port in ports).most_common(1)[0][1]
        docked = sum(1 for port in set(ports) if _has_dock_canal(state, port))
        value = joined - 1 + DOCKED * docked
    flags = game.parts.tiles.flag_of
    colour = state.colours[seat]
    own_flags = sum(1 for code in state.board if code >= 0 and flags[code // EDGES] == colour)
    specials = sum(
        1 for other, cell in enumerate(state.specials) if cell is not None and other != seat
    )
    return value - OWN_FLAG * own_flags - OPPONENT_SPECIAL * specials


def _has_dock_canal(state: CanalKingState, port: int) -> bool:
    """Whether a tile on one of the port's dock cells has canal on the dock edge."""
    tiles = state.game.parts.tiles
    for cell, edge in state.game.parts.board.ports[port].docks:
        code = state.board[cell]
        if code >= 0 and tiles.exits[code * EDGES + edge]:
            return True
    return False


def evaluate(state: CanalKingState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    values = [progress(state, other) for other in range(state.game.players)]
    best_other = max(v for other, v in enumerate(values) if other != seat)
    return logistic((values[seat] - best_other) / LEAD_SCALE)

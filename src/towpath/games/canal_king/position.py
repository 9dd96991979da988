"""Canal King's position: what lies where, as data. The rules (state.py) act on it; the view
(view.py) reads it."""

from __future__ import annotations

from typing import Any, ClassVar

from towpath.core.race import Race
from towpath.games.canal_king.fitting import Fit
from towpath.games.canal_king.table import CanalKingTable


class Position(Race):
    """The board, the tiles in hands, pile and discards, the secret colours and routes, the
    ships (see state.py's docstring for how each is written) and whose turn it is."""

    __slots__ = (
        "_fits",
        "board",
        "colours",
        "constraints",
        "discards",
        "groups",
        "hands",
        "pile",
        "player",
        "revealed",
        "routes",
        "ruled_out",
        "ships",
        "specials",
        "turn",
        "winner",
    )
    fields: ClassVar[tuple[str, ...]] = (
        "board",
        "constraints",
        "hands",
        "pile",
        "discards",
        "colours",
        "routes",
        "ruled_out",
        "groups",
        "specials",
        "revealed",
        "ships",
        "player",
        "turn",
        "winner",
    )

    game: CanalKingTable
    # Each cell's fit (tables.cell_fits), kept up to date as tiles go down; it belongs to the
    # board and constraints lists it was made for (a position built by hand gets new ones).
    _fits: tuple[list[int], list[int], list[Fit]] | None
    board: list[int]
    constraints: list[int]
    hands: list[list[int]]
    pile: list[int]
    discards: list[int]
    colours: list[int]
    routes: list[int]
    ruled_out: list[int]
    groups: list[int]
    specials: list[int | None]
    revealed: bool
    ships: list[dict[str, Any] | None]

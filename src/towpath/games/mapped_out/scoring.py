"""Scoring (rules/mapped_out.md, Phase 2): the best single fish type over the scored tiles, plus
the on-score bonuses of Lands Unknown tiles and the Fishless/Fishful points of armed cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from towpath.games.mapped_out.components import CardKind, Rules, Tile


def fish_totals(tiles: Sequence[Tile], rules: Rules) -> list[int]:
    totals = [0] * rules.fish_types
    for tile in tiles:
        for kind in tile.fish:
            totals[kind - 1] += 1
    return totals


def tile_score(tiles: Sequence[Tile], rules: Rules) -> int:
    """`tiles` are distinct. Superscore: +bonus when its type is a best type, the one you
    score (ties are scored in the player's favour); Combo: +bonus when every type is there."""
    totals = fish_totals(tiles, rules)
    best = max(totals)
    score = best
    for tile in tiles:
        if tile.special == "score":
            score += tile.value
        elif tile.special == "superscore" and totals[tile.fish[0] - 1] == best:
            score += rules.superscore_bonus
        elif tile.special == "combo" and all(totals):
            score += rules.combo_bonus
    return score


def card_points(
    path: Sequence[Sequence[Any]], tiles: Sequence[Tile], kinds: Sequence[CardKind], rules: Rules
) -> int:
    """Armed Fishless/Fishful cards: a point when the tile the card's step ends on has no fish /
    has fish. Path entries are [x, y, tile, card kind or -1, armed]."""
    points = 0
    for _, _, tile, kind, armed in path:
        if armed and kind >= 0:
            special = kinds[kind].special
            has_fish = bool(tiles[tile].fish)
            if (special == "fishless" and not has_fish) or (special == "fishful" and has_fish):
                points += rules.fish_card_points
    return points

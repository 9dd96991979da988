"""Invariants of Mapped Out seen through views at every step of seeded random games.

- Knowledge: this test follows, from the actions alone, who may know each card (Study adds the
  studier, a reveal makes a card public, Swap/Remove/Draw move the slots) and checks that every
  view shows a card's identity exactly to those seats, and hand tiles only to seats that held them.
- Scores: recounted here from the walked paths (or score piles) and the data files, without the
  engine's scoring code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towpath
from tests import soak
from towpath.core.actions import Action
from towpath.games.mapped_out.actions import Insert, Pick, Swap

DATA = Path(towpath.__file__).parent / "games" / "mapped_out" / "data"
TILES: list[dict[str, Any]] = [
    *tomllib.loads((DATA / "tiles.toml").read_text())["tiles"],
    *tomllib.loads((DATA / "lands_unknown.toml").read_text())["tiles"],
]
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
TURNED = {"up": "down", "down": "up", "left": "right", "right": "left"}
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"lands_unknown": True, "unclear_instructions": True},
    {
        "lands_unknown": True,
        "unclear_instructions": True,
        "muddled_waters": True,
        "choose_orientation": True,
        "see_cards": True,
    },
    {
        "unclear_instructions": True,
        "see_cards": True,
        "hard_reveal": True,
        "free_placement": True,
        "void_move": "stop",
    },
    {
        "see_cards": True,
        "choose_orientation": True,
        "hard_reveal": True,
        "free_placement": True,
        "void_move": "stop",
        "first_player": 1,
    },
]
BASE_CARDS = ("lands_unknown", "unclear_instructions", "muddled_waters")


@dataclass
class Slot:
    """A place in a row: the seats that may know its card, and whether everyone may."""

    seats: set[int] = field(default_factory=set)
    public: bool = False


class Knowledge:
    def __init__(self, view: dict[str, Any]) -> None:
        self.rows = [[Slot() for _ in row] for row in view["rows"]]
        self.discards: list[Slot] = []
        self.held: list[set[int]] = [set() for _ in view["rows"]]

    def follow(self, action: Action, step: dict[str, Any]) -> None:
        """Move or grow knowledge for an action about to be applied at `step`."""
        if isinstance(action, Pick) and action.verb == "study":
            self.rows[action.seat][action.pos - 1].seats.add(step["by"])
        elif isinstance(action, Pick) and action.verb == "remove":
            self.discards.append(self.rows[action.seat].pop(action.pos - 1))
        elif isinstance(action, Swap):
            a, b = self.rows[action.seat], self.rows[action.other_seat]
            i, j = action.pos - 1, action.other_pos - 1
            a[i], b[j] = b[j], a[i]
        elif isinstance(action, Insert):
            self.rows[step["owner"]].insert(action.pos - 1, Slot())

    def settle(self, public: dict[str, Any]) -> None:
        """After an action: cards used in a Muddled walk leave rows from the left (all revealed
        by then); every card the spectator sees revealed is public for good."""
        for seat, row in enumerate(public["rows"]):
            used = len(self.rows[seat]) - len(row)
            self.discards += [Slot(public=True) for _ in range(used)]
            del self.rows[seat][:used]
            for slot, card in zip(self.rows[seat], row, strict=True):
                slot.public = slot.public or card["revealed"]
        assert len(self.discards) == len(public["discards"])

    def check(self, view: dict[str, Any], seat: int | None, muddled_walk: bool) -> None:
        for row, slots in zip(view["rows"], self.rows, strict=True):
            for card, slot in zip(row, slots, strict=True):
                assert (card["card"] is not None) == self._may_know(slot, seat), (seat, card)
        for card, slot in zip(view["discards"], self.discards, strict=True):
            assert (card["card"] is not None) == self._may_know(slot, seat)
        for owner, hand in enumerate(view["hand_details"]):
            shown = {tile["tile"] for tile in hand["tiles"]}
            if owner == seat:
                assert len(shown) == hand["count"], "a seat sees its whole hand"
                self.held[seat] |= shown
            elif not muddled_walk:
                assert shown <= (self.held[seat] if seat is not None else set())

    @staticmethod
    def _may_know(slot: Slot, seat: int | None) -> bool:
        return slot.public or (seat is not None and seat in slot.seats)


def check_all_shown(view: dict[str, Any]) -> None:
    """The game's end shows every card and every hand to everyone."""
    for card in [*(card for row in view["rows"] for card in row), *view["discards"]]:
        assert card["card"] is not None
    for hand, details in zip(view["hands"], view["hand_details"], strict=True):
        assert isinstance(hand, list) and len(details["tiles"]) == details["count"]


def recount(view: dict[str, Any], seat: int, muddled: bool) -> int:
    """The score from the walked path (or score pile) and the data files alone."""
    path = view["paths"][seat]
    ids = [t["tile"] for t in view["score_piles"][seat]] if muddled else [e["tile"] for e in path]
    tiles = [TILES[t] for t in set(ids)]
    totals = {kind: sum(t["fish"].count(kind) for t in tiles) for kind in (1, 2, 3, 4)}
    best: int = max(totals.values())
    score: int = best
    for tile in tiles:
        special = tile.get("special")
        if special == "score":
            score += tile["value"]
        elif (special == "superscore" and totals[tile["fish"][0]] == best) or (
            special == "combo" and min(totals.values()) > 0
        ):
            score += 6
    for entry in path:
        name = entry["card"] or ""
        fish = bool(TILES[entry["tile"]]["fish"])
        if entry["armed"] and name.endswith(("+fishless", "+fishful")):
            score += int(fish == name.endswith("+fishful"))
    return score


def check_base_path(view: dict[str, Any], seat: int, stop: bool) -> None:
    """Base cards: each card moves the pawn one cell its way, or it stays at an empty cell; with
    void_move "stop" that card is the last one walked."""
    tiles = {tuple(entry["cell"]) for entry in view["map"]}
    path = [tuple(entry["cell"]) for entry in view["paths"][seat]]
    cards = view["rows"][seat]
    for index, card in enumerate(cards[: len(path) - 1]):
        (x, y), after = path[index], path[index + 1]
        name = card["card"]
        if name in STEPS:
            dx, dy = STEPS[name if card["orientation"] == 0 else TURNED[name]]
            void = (x + dx, y + dy) not in tiles
            assert after == ((x, y) if void else (x + dx, y + dy))
        elif name == "any":
            void = after == (x, y)  # Any always moves: staying means the cell was empty
            assert void or (after in tiles and abs(after[0] - x) + abs(after[1] - y) == 1)
        else:
            assert name == "nothing" and after == (x, y)
            void = False
        if void and stop:
            assert len(path) == index + 2, "the walk ends at the empty cell"
            return
    assert len(path) == len(cards) + 1, "the whole row is walked"


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=["base", "expansions", "muddled", "variants", "base-variants"]
)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=soak.games(12))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_views_hide_unknown_cards_and_scores_match_a_recount(
    players: int, options: dict[str, Any], seed: int
) -> None:
    state = towpath.load("mapped_out", players, **options).new_state(seed)
    bot = towpath.agent("random", seed=seed)
    muddled = bool(options.get("muddled_waters"))
    knowledge = Knowledge(state.view(None))
    while True:
        public = state.view(None)
        knowledge.settle(public)
        muddled_walk = muddled and public["phase"] != "build"
        for seat in [None, *range(players)]:
            if state.is_terminal():
                check_all_shown(state.view(seat))
            else:
                knowledge.check(state.view(seat), seat, muddled_walk)
        recounted = [float(recount(public, seat, muddled)) for seat in range(players)]
        assert recounted == public["scores"] == state.scores(), "scores known so far"
        if state.is_terminal():
            break
        action = bot.choose(state)
        knowledge.follow(action, public["step"])
        state.apply(action)
    best = max(recounted)
    winners = [seat for seat, score in enumerate(recounted) if score == best]
    assert state.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
    if not any(options.get(name) for name in BASE_CARDS):
        for seat in range(players):
            check_base_path(public, seat, options.get("void_move") == "stop")

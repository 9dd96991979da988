"""The phases of each game, read from a spectator's view, and the seeded configurations whose
random games reach all of them (the interop suites run these)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import towpath

View = dict[str, Any]


def mississippi(view: View) -> set[str]:
    boats = view["boats"]
    phases = {"start"} if any(not boat["started"] for boat in boats) else {"race"}
    if view["winner"] is not None:
        phases.add("won")
    elif view["current_player"] is None:
        phases.add("limit")
    return phases


def detour(view: View) -> set[str]:
    phases = {"race"}
    if view["pending"] is not None:
        phases.add("second part")
    if view["blocked"]:
        phases.add("blocked")
    if any(marker["detour"] is not None for marker in view["markers"]):
        phases.add("on a detour")
    if view["winners"] is not None:
        phases.add("won" if view["finished"] else "limit")
    return phases


def arriala(view: View) -> set[str]:
    phases = {"turns"}
    if any(space["workers"] for space in view["spaces"]):
        phases.add("canal")
    if any(view["vineyards"].values()):
        phases.add("vineyard")
    if any(view["blue"]):
        phases.add("river")
    if any(space["lock"] for space in view["spaces"]):
        phases.add("lock")
    if any(m["builder"] is not None for m in view["masterworks"]):
        phases.add("masterwork")
    if view["scored_sections"]:
        phases.add("section scored")
    if view["reshuffled"] is not None:
        phases.add("reshuffled")
    if view["over"]:
        phases.add("limit" if view["turn"] >= view["max_turns"] else "ended")
    return phases


def canal_king(view: View) -> set[str]:
    ships = view["ships"]
    phases = {"build"} if any(ship is None for ship in ships) else set()
    if any(ship is not None for ship in ships):
        phases.add("sail")
    if any(ship is not None and ship["skip_turn"] for ship in ships):
        phases.add("skip")
    if any(view["special_played"]):
        phases.add("special tile")
    if view["winner"] is not None:
        phases.add("won")
    elif view["current_player"] is None:
        phases.add("limit")
    return phases


PHASES: dict[str, Callable[[View], set[str]]] = {
    "arriala": arriala,
    "canal_king": canal_king,
    "mississippi": mississippi,
    "detour": detour,
}

EXPECTED = {
    "arriala": {
        "turns",
        "canal",
        "vineyard",
        "river",
        "lock",
        "masterwork",
        "section scored",
        "reshuffled",
        "ended",
        "limit",
    },
    "canal_king": {"build", "sail", "skip", "special tile", "won", "limit"},
    "mississippi": {"start", "race", "won", "limit"},
    "detour": {"race", "second part", "blocked", "on a detour", "won", "limit"},
}

LEAD_SEED = 1
ENDGAME = 8  # the actions of a greedy game that a lead leaves to the suites


@dataclass(frozen=True)
class Case:
    """A configuration the suites play: seeded random games, from the start or from a lead
    (the first actions of the game of seed LEAD_SEED): "greedy", a greedy game but its last
    ENDGAME actions; "draw", playing a card or else drawing while the rules allow, until the
    discards are shuffled into a new pile."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    lead: str | None = None

    def __str__(self) -> str:
        settings = "".join(f"-{key}={value}" for key, value in self.options.items())
        return f"{self.game}-{self.players}{settings}" + (f"-{self.lead}" if self.lead else "")

    def lead_actions(self) -> list[str]:
        return _lead(self.game, self.players, tuple(sorted(self.options.items())), self.lead)


@cache
def _lead(game_id: str, players: int, options: Any, lead: str | None) -> list[str]:
    if lead is None:
        return []
    state = towpath.load(game_id, players, **dict(options)).new_state(seed=LEAD_SEED)
    if lead == "greedy":
        bot = towpath.agent("greedy", seed=LEAD_SEED)
        while not state.is_terminal():
            state.apply(bot.choose(state))
        return [str(action) for action in state.history[:-ENDGAME]]
    assert lead == "draw"
    while state.view(None)["reshuffled"] is None:
        legal = {str(action): action for action in state.legal_actions()}
        plays = [action for text, action in legal.items() if text.startswith("play ")]
        state.apply(plays[0] if plays else legal.get("draw") or legal["end"])
    return [str(action) for action in state.history]


# Each game's cases reach every phase. Random play ends Mississippi by its turn limit unless
# the boats have logs to spare, finishes Detour mostly with 3 players, rarely sails on Canal
# King's default board (its games are cut short to save time) and never ends Arriala by its
# rules nor draws its pile out (leads from greedy play and from drawing).
CASES: dict[str, list[Case]] = {
    "arriala": [Case("arriala", players) for players in range(2, 5)]
    + [Case("arriala", players, lead="greedy") for players in range(2, 5)]
    + [Case("arriala", 3, lead="draw")],
    "canal_king": [Case("canal_king", players, {"max_turns": 60}) for players in range(2, 7)]
    + [
        Case("canal_king", players, {"board": "small", "routes": "small", "max_turns": 400})
        for players in range(2, 7)
    ],
    "mississippi": [Case("mississippi", players) for players in range(2, 7)]
    + [Case("mississippi", players, {"logs": 80}) for players in range(2, 7)],
    "detour": [Case("detour", players) for players in range(2, 5)]
    + [Case("detour", players, {"max_rounds": 40}) for players in range(2, 5)]
    + [Case("detour", 3, {"first_player": first}) for first in (1, 2)],
}


def cases() -> list[Case]:
    return [case for rows in CASES.values() for case in rows]

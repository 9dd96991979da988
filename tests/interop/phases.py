"""The phases of each game, read from a spectator's view, and the seeded configurations whose
random games reach all of them (the interop suites run these)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    "canal_king": canal_king,
    "mississippi": mississippi,
    "detour": detour,
}

EXPECTED = {
    "canal_king": {"build", "sail", "skip", "special tile", "won", "limit"},
    "mississippi": {"start", "race", "won", "limit"},
    "detour": {"race", "second part", "blocked", "on a detour", "won", "limit"},
}

# game id -> (players, options) played by every suite; each game's list reaches every phase
# (random play ends Mississippi by its turn limit unless the boats have logs to spare, and
# mostly finishes Detour only with 3 players).
CONFIGS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    # Random play rarely sails on the default board: its games are cut short to save time.
    "canal_king": [(players, {"max_turns": 60}) for players in range(2, 7)]
    + [
        (players, {"board": "small", "routes": "small", "max_turns": 400})
        for players in range(2, 7)
    ],
    "mississippi": [(players, {}) for players in range(2, 7)]
    + [(players, {"logs": 80}) for players in range(2, 7)],
    "detour": [(players, {}) for players in range(2, 5)]
    + [(players, {"max_rounds": 40}) for players in range(2, 5)]
    + [(3, {"first_player": first}) for first in (1, 2)],
}


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    return [(game, players, options) for game, rows in CONFIGS.items() for players, options in rows]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = case
    settings = ",".join(f"{key}={value}" for key, value in options.items())
    return f"{game}-{players}" + (f"-{settings}" if settings else "")

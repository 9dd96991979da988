"""The phases of each game, read from a spectator's view, and the seeded configurations whose
random games reach all of them (the interop suites run these)."""

from __future__ import annotations

import random
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


def mapped_out(view: View) -> set[str]:
    """The phase, and the kind of choice the seat to move makes (a tile's place action, a
    card's special, a direction, ...)."""
    step = view["step"]
    return {view["phase"]} | ({step["do"]} if step is not None else set())


PHASES: dict[str, Callable[[View], set[str]]] = {
    "mapped_out": mapped_out,
    "arriala": arriala,
    "canal_king": canal_king,
    "mississippi": mississippi,
    "detour": detour,
}

EXPECTED = {
    "mapped_out": {
        *("build", "walk", "over", "place", "reveal", "swap", "study", "orient", "go"),
        *("remove", "insert", "hands", "move_swap", "ultra", "start"),  # the cards' specials
        *("destroy", "exchange", "cork", "match", "send", "push", "take"),  # expansions
    },
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
    """A configuration the suites play: seeded random games, from the start or from a lead, a
    game's first actions: "greedy", a greedy game of seed LEAD_SEED but its last ENDGAME
    actions; "draw", the game of seed LEAD_SEED playing a card or else drawing while the rules
    allow, until the discards are shuffled into a new pile; "until:PHASE", the first random
    game from seed LEAD_SEED on that comes to PHASE, up to there."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    lead: str | None = None
    sims: int = 1  # OpenSpiel's random games of the case (0: PettingZoo's suites only)

    def __str__(self) -> str:
        settings = "".join(f"-{key}={value}" for key, value in self.options.items())
        return f"{self.game}-{self.players}{settings}" + (f"-{self.lead}" if self.lead else "")

    def lead_game(self) -> tuple[int, list[str]]:
        """The seed and the actions of the lead (no actions without one)."""
        return _lead(self.game, self.players, tuple(sorted(self.options.items())), self.lead)


@cache
def _lead(game_id: str, players: int, options: Any, lead: str | None) -> tuple[int, list[str]]:
    game = towpath.load(game_id, players, **dict(options))
    state = game.new_state(seed=LEAD_SEED)
    if lead is None:
        return LEAD_SEED, []
    if lead == "greedy":
        bot = towpath.agent("greedy", seed=LEAD_SEED)
        while not state.is_terminal():
            state.apply(bot.choose(state))
        return LEAD_SEED, [str(action) for action in state.history[:-ENDGAME]]
    if lead == "draw":
        while state.view(None)["reshuffled"] is None:
            legal = {str(action): action for action in state.legal_actions()}
            plays = [action for text, action in legal.items() if text.startswith("play ")]
            state.apply(plays[0] if plays else legal.get("draw") or legal["end"])
        return LEAD_SEED, [str(action) for action in state.history]
    phase = lead.removeprefix("until:")
    for seed in range(LEAD_SEED, LEAD_SEED + 1000):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            if phase in PHASES[game_id](state.view(None)):
                return seed, [str(action) for action in state.history]
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no random game of {game_id} comes to {phase}")


# Each game's cases reach every phase. Random play ends Mississippi by its turn limit unless
# the boats have logs to spare, finishes Detour mostly with 3 players, rarely sails on Canal
# King's default board (its games are cut short to save time) and never ends Arriala by its
# rules nor draws its pile out (leads from greedy play and from drawing); a Teleporter seldom
# has a pawn beside it in Mapped Out (a lead to one).
MAPPED_OUT_VARIANTS: list[dict[str, Any]] = [
    {"lands_unknown": True, "unclear_instructions": True},
    {
        **{"lands_unknown": True, "unclear_instructions": True},
        **{"muddled_waters": True, "choose_orientation": True, "see_cards": True},
    },
    {
        **{"unclear_instructions": True, "see_cards": True, "hard_reveal": True},
        **{"free_placement": True, "void_move": "stop", "first_player": 1},
    },
]

CASES: dict[str, list[Case]] = {
    # free_placement has over a million action ids: PettingZoo's suites play it, OpenSpiel's
    # (which checks the whole mask at every step) does not.
    "mapped_out": [
        Case("mapped_out", players, options, sims=2)
        for options in [{}, *MAPPED_OUT_VARIANTS[:2]]
        for players in range(2, 6)
    ]
    + [Case("mapped_out", 3, MAPPED_OUT_VARIANTS[2], sims=0)]
    + [Case("mapped_out", 4, MAPPED_OUT_VARIANTS[0], lead="until:send")],
    "arriala": [Case("arriala", players) for players in range(2, 5)]
    + [Case("arriala", players, lead="greedy") for players in range(2, 5)]
    + [Case("arriala", 3, lead="draw")],
    "canal_king": [Case("canal_king", players, {"max_turns": 30}) for players in range(2, 7)]
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

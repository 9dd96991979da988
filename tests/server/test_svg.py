"""Every game draws its views as well-formed SVG in which every legal action can be made by
clicking: the runs the drawing offers that an action contains narrow the legal actions down to
it, to a few the web client offers by name, or make up the whole action (the client offers it
to confirm: `swap T` among `swap T G`, ...)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import towpath
from towpath.core.errors import GameError
from towpath.core.svg import NARROW, OFFERED

PICK = re.compile(r'data-pick="([^"]*)"')
STEPS = 60  # positions of a random game checked, per player count
# Each game with the options whose drawings differ most (small boards, free placement, ...).
CASES = [
    ("arriala", {}),
    ("canal_king", {}),
    ("canal_king", {"board": "small", "routes": "small"}),
    ("detour", {}),
    ("mapped_out", {"lands_unknown": True, "unclear_instructions": True}),
    ("mapped_out", {"free_placement": True, "choose_orientation": True}),
    ("mapped_out", {"muddled_waters": True}),
    ("mississippi", {}),
]


def occurrences(notation: str, run: str) -> int:
    """How many times the run's words appear together, apart, in the notation's words (the web
    client's rule)."""
    words, part = notation.split(), run.split()
    count, i = 0, 0
    while i + len(part) <= len(words):
        if words[i : i + len(part)] == part:
            count, i = count + 1, i + len(part)
        else:
            i += 1
    return count


class Picking:
    """The legal actions of a position and the runs its drawing offers, indexed by run."""

    def __init__(self, legal: list[str], drawn: Counter[str]) -> None:
        self.drawn = drawn
        first_words: dict[str, list[str]] = {}
        for run in drawn:
            first_words.setdefault(run.split(" ", 1)[0], []).append(run)
        self.held = {
            action: Counter(
                {
                    run: occurrences(action, run)
                    for word in set(action.split())
                    for run in first_words.get(word, ())
                }
            )
            + Counter()
            for action in legal
        }
        self.holding: dict[tuple[str, int], set[str]] = {}
        for action, runs in self.held.items():
            for run, count in runs.items():
                for n in range(1, count + 1):
                    self.holding.setdefault((run, n), set()).add(action)

    def clicks_for(self, action: str) -> Counter[str]:
        """Every run of the drawing the action holds, as often as both hold it."""
        return Counter({run: min(n, self.drawn[run]) for run, n in self.held[action].items()})

    def candidates(self, picked: Counter[str]) -> set[str]:
        sets = [self.holding[(run, n)] for run, n in picked.items()]
        return set.intersection(*sets) if sets else set(self.held)


def covered(action: str, picked: Counter[str]) -> bool:
    """Whether the picked runs make up the whole action, word for word."""
    words: Counter[str] = Counter()
    for run, n in picked.items():
        for _ in range(n):
            words.update(run.split())
    return words == Counter(action.split())


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=str)
def test_every_legal_action_can_be_made_by_clicking_the_drawing(
    game_id: str, options: dict[str, object]
) -> None:
    cls = towpath.load(game_id)
    for seed, players in enumerate(range(cls.min_players, cls.max_players + 1)):
        state = towpath.load(game_id, players, **options).new_state(seed)
        bot = towpath.agent("random", seed=seed)
        for _ in range(STEPS):
            if state.is_terminal():
                break
            drawing = state.render_svg(state.current_player)
            ET.fromstring(drawing)  # well-formed, escaped
            picking = Picking(
                [str(action) for action in state.legal_actions()], Counter(PICK.findall(drawing))
            )
            for action in picking.held:
                picked = picking.clicks_for(action)
                left = picking.candidates(picked)
                offered = len(left) <= OFFERED or covered(action, picked)
                assert picked and action in left and offered, (game_id, action, left)
            check_narrow(drawing, state.render_svg(state.current_player, narrow=True))
            state.apply(bot.choose(state))
        ET.fromstring(state.render_svg(None))
        ET.fromstring(state.render_svg(None, reveal=True))


def check_narrow(wide: str, narrow: str) -> None:
    """A phone's drawing offers every pick the wide one does, and is at most `NARROW` wide or
    says where its panels, laid out within `NARROW`, start."""
    assert Counter(PICK.findall(narrow)) == Counter(PICK.findall(wide))
    root = ET.fromstring(narrow)
    width = float(root.attrib["width"])
    panels = root.attrib.get("data-panels")
    assert width <= NARROW or panels is not None, width
    if panels is not None:
        top, flow, head = map(float, panels.split(","))
        assert flow == NARROW and 0 < head < top < float(root.attrib["height"])


def test_the_seat_of_a_drawing_is_checked() -> None:
    state = towpath.load("mississippi").new_state(0)
    with pytest.raises(GameError, match="seat must be"):
        state.render_svg(9)

"""Two people play a whole game of each game to its end by clicking the board only, on a
desktop (1280 × 800) and on a phone (390 × 844). On the way: the log names who moved, the
board marks the last move, nothing is wider than the screen and no text is under 12 px; at the
end, the reason and the scores are shown and every secret is on the board. Screenshots of the
middle and the end of each game are written (tests/browser/table.py says where).

Options keep each game short: Canal King on the small board, turn and round limits where the
limit is a proper ending to show, and a choice of moves that finishes Mapped Out by its rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import Json, Server, wait_for_version
from tests.browser.table import (
    DESKTOP,
    PHONE,
    check_fits,
    check_help,
    check_text_size,
    click_action,
    expect_last_line_names,
    shoot,
)

NAMES = ("Ann", "Bob")
Choose = Callable[[Json, random.Random], str]


def any_action(state: Json, rng: random.Random) -> str:
    action: str = rng.choice(state["legal"])["action"]
    return action


def revealing(state: Json, rng: random.Random) -> str:
    """Mapped Out: reveal seat 0's cards, with tiles that reveal one not yet up, so that its row
    is soon all face up and the game goes on to the walk and its end."""
    legal: list[str] = [a["action"] for a in state["legal"]]
    reveals = [a for a in legal if a.startswith("reveal 0.")]
    if reveals:
        return reveals[0]
    places = [a for a in legal if a.startswith("place ")]
    if not places:
        return str(rng.choice(legal))
    view = state["view"]
    hand = {tile["tile"]: tile for tile in view["hands"][state["seat"]]}
    row = view["rows"][0]

    def reveals_a_new_card(action: str) -> bool:
        kind, n = hand[int(action.split()[1])]["action"]
        return bool(kind == "reveal" and n <= len(row) and not row[n - 1]["revealed"])

    return str(rng.choice([a for a in places if reveals_a_new_card(a)] or places))


@dataclass(frozen=True)
class Case:
    game: str
    options: dict[str, Any]
    seed: int
    marked: str  # actions whose last move the board marks
    secrets: Callable[[Page], None]
    choose: Choose = any_action
    players: int = 2
    extra: dict[str, Any] = field(default_factory=dict)


def said_shown(page: Page) -> None:
    """A game with secrets: the result and the replay say that everything is shown now."""
    expect(page.locator("#result")).to_contain_text("Nothing is hidden any more")
    expect(page.locator("#replay-secrets")).to_be_visible()


def routes_shown(page: Page) -> None:
    """Canal King: every colour and route is on the board at the end."""
    said_shown(page)
    board = page.locator("#board")
    expect(board).not_to_contain_text("route ?")
    expect(board).not_to_contain_text("colour ?")


def hands_shown(page: Page) -> None:
    """Arriala: every hand's cards are drawn at the end, none as a count."""
    said_shown(page)
    expect(page.locator("#board [data-hidden-hand]")).to_have_count(0)


def cards_shown(page: Page) -> None:
    """Mapped Out: every card and hand tile is shown at the end."""
    said_shown(page)
    expect(page.locator("#board")).not_to_contain_text("hidden tile")
    unknown = page.eval_on_selector_all(
        "#board [data-card] text", "nodes => nodes.filter(n => n.textContent === '?').length"
    )
    assert unknown == 0


def nothing_hidden(page: Page) -> None:
    """Mississippi and Detour hide nothing, and are races: the result says neither that all is
    shown now nor a score (their scores are how far each has come)."""
    expect(page.locator("#result .result-head")).to_be_visible()
    expect(page.locator("#result .scores li")).to_have_count(0)
    expect(page.locator("#result")).not_to_contain_text("Nothing is hidden")
    expect(page.locator("#replay-secrets")).to_be_hidden()


CASES = [
    Case(
        "canal_king",
        {"board": "small", "routes": "small", "max_turns": 8},
        5,
        r"^(place|replace|special|sail)",
        routes_shown,
    ),
    Case("mississippi", {"max_turns": 8}, 2, r".", nothing_hidden),
    Case("detour", {"max_rounds": 2}, 3, r"^(move|detour|backward|block|pass)", nothing_hidden),
    Case(
        "arriala", {"max_turns": 6}, 4, r"^(move|place|lock|to-|river|play (move|to-))", hands_shown
    ),
    Case("mapped_out", {}, 4, r"^(place|swap|start|destroy|exchange|cork)", cards_shown, revealing),
]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.game)
def test_two_people_play_a_whole_game_by_clicking(
    server: Server, browser: Browser, case: Case, viewport: ViewportSize
) -> None:
    label = f"{case.game}-{'desktop' if viewport == DESKTOP else 'phone'}"
    created = server.create(
        {
            "game": case.game,
            "players": case.players,
            "options": case.options,
            "seats": [{"kind": "human", "name": name} for name in NAMES],
            "seed": case.seed,
            "listed": False,
        },
    )
    room, tokens = created["room"], [s["token"] for s in created["seats"]]
    pages = []
    for seat in range(case.players):
        context = browser.new_context(viewport=viewport)
        context.set_default_timeout(20_000)
        page = context.new_page()
        page.goto(created["seats"][seat]["link"])
        wait_for_version(page, 0)
        pages.append(page)
    rng = random.Random(case.seed)
    played, marked = 0, 0
    try:
        while True:
            public = server.get(f"/api/rooms/{room}")
            seat = public["current_player"]
            if seat is None:
                break
            state = server.get(f"/api/rooms/{room}", tokens[seat])
            action = case.choose(state, rng)
            click_action(pages[seat], action)
            played += 1
            for page in pages:
                wait_for_version(page, state["version"] + 1)
                expect_last_line_names(page, NAMES[seat])
            if re.match(case.marked, action):
                marked += 1
                other = pages[1 - seat]
                assert other.locator("#board [data-last]").count() > 0, action
            if played == 4:
                for number, page in enumerate(pages):
                    check_fits(page)
                    check_text_size(page)
                    check_help(page)
                    shoot(page, f"{label}-middle-seat{number}")
        assert marked, "the board marked some last move"
        ending = server.get(f"/api/rooms/{room}")["ending"]
        for number, page in enumerate(pages):
            expect(page.locator("#status")).to_contain_text("Game over")
            expect(page.locator("#result")).to_have_attribute("data-reason", ending["reason"])
            expect(page.locator("#result")).to_contain_text(ending["how"])
            case.secrets(page)
            check_fits(page)
            shoot(page, f"{label}-end-seat{number}")
    finally:
        for page in pages:
            page.context.close()

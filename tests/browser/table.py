"""Playing at the browser table by clicking only: the clicks that make an action, the checks a
player's eye makes (nothing wider than the screen, text at least 12 px), and screenshots.

Screenshots go to $TOWPATH_SCREENSHOTS, else `build/screenshots` of the repository.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from tests.browser.conftest import version_of, wait_for_version

SHOTS = Path(
    os.environ.get("TOWPATH_SCREENSHOTS") or Path(__file__).parents[2] / "build" / "screenshots"
)
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
CHECKS = (Path(__file__).parent / "checks.js").read_text(encoding="utf-8")


def occurrences(notation: str, run: str) -> int:
    """How often the run's words stand together, apart, in the notation (the client's rule)."""
    words, part = notation.split(), run.split()
    count, i = 0, 0
    while i + len(part) <= len(words):
        if words[i : i + len(part)] == part:
            count, i = count + 1, i + len(part)
        else:
            i += 1
    return count


def board_runs(page: Page) -> list[str]:
    runs: list[str] = page.eval_on_selector_all(
        "#board [data-pick]", "nodes => nodes.map(n => n.dataset.pick)"
    )
    return runs


def clicks_for(action: str, runs: list[str]) -> list[str]:
    """The runs of the board to click for `action`, in the order its words come: every run the
    action holds, as often as both hold it."""
    drawn = Counter(runs)
    wanted = []
    for run, count in drawn.items():
        wanted += [run] * min(count, occurrences(action, run))
    words = action.split()

    def place(run: str) -> int:
        part = run.split()
        return next(i for i in range(len(words)) if words[i : i + len(part)] == part)

    return sorted(wanted, key=place)


def click_action(page: Page, action: str) -> None:
    """Make `action` by clicking the board (and the pick panel's turn, confirm and offer
    buttons): never the list of actions, never typing."""
    version = version_of(page)
    runs = clicks_for(action, board_runs(page))
    assert runs, f"nothing on the board to click for {action}"
    used: Counter[str] = Counter()
    for clicked, run in enumerate(runs, start=1):
        if version_of(page) > version or _offered(page, action):
            break
        target = page.locator(f"#board [data-pick={json.dumps(run)}]").nth(used[run])
        used[run] += 1
        target.scroll_into_view_if_needed()
        target.click()
        page.wait_for_function(  # played, or the panel shows what is picked now
            f"Number(document.body.dataset.version) > {version}"
            f" || document.body.dataset.picks === '{clicked}'"
        )
    if version_of(page) == version:
        _finish(page, action)
    wait_for_version(page, version + 1)


def _offered(page: Page, action: str) -> bool:
    selector = json.dumps(action)
    offer = page.locator(f"#offers [data-action={selector}]")
    confirm = page.locator(f"#confirm[data-action={selector}]:not(.hidden)")
    return bool(offer.count() or confirm.count())


def _finish(page: Page, action: str) -> None:
    """The action among those offered, or turned to and confirmed."""
    selector = json.dumps(action)
    offer = page.locator(f"#offers [data-action={selector}]")
    if offer.count():
        offer.click()  # taken, then confirmed like any move
        page.click(f"#confirm[data-action={selector}]")
        return
    turns = page.locator("#turns:not(.hidden) #turn-right")
    for _ in range(6):
        if page.locator(f"#confirm[data-action={selector}]").count():
            page.click("#confirm")
            return
        if not turns.count():
            break
        turns.click()
    panel = page.locator("#pick-panel").inner_text()
    raise AssertionError(f"{action} was neither offered nor previewed: {panel!r}")


def check_fits(page: Page) -> None:
    """Nothing is wider than the screen: the page does not scroll sideways, and no element
    sticks out of it (the board scrolls inside its own box)."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    outside: list[str] = page.evaluate(f"(width) => ({CHECKS}).outside(width)", width)
    assert not outside, outside[:5]


def check_text_size(page: Page) -> None:
    """Text is at least 12 px: on the page, and on the board as drawn."""
    small: list[str] = page.evaluate(f"() => ({CHECKS}).smallText()")
    assert not small, small[:5]


def check_help(page: Page) -> None:
    """Every piece, place and target on the board says what it is (its title or label), and
    the hint line tells it when the pointer is on it."""
    unexplained: list[str] = page.evaluate(f"() => ({CHECKS}).unexplained()")
    assert not unexplained, unexplained[:5]
    target = page.locator("#board [data-piece], #board [data-pick]").first
    target.hover()
    expect(page.locator("#board-hint")).not_to_have_text(re.compile(r"^(|Click a piece.*)$"))


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def expect_last_line_names(page: Page, name: str) -> None:
    expect(page.locator("#log li.last strong")).to_have_text(name)

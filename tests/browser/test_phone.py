"""Every game on a phone: nothing wider than the screen, no board text under 12 px in the
default zoom or in "fit", the hand and buttons in view without scrolling sideways, and a small
map of a board wider than the screen that brings any part into view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.conftest import Server
from tests.browser.table import PHONE, check_fits, check_text_size, shoot

GAMES = ["arriala", "canal_king", "detour", "mapped_out", "mississippi"]
SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_fits_a_phone_with_readable_text_and_a_map(
    server: Server, browser: Browser, game: str
) -> None:
    for viewport in (SMALL_PHONE, PHONE):
        page = browser.new_page(viewport=viewport)
        page.goto(server.url)
        page.locator(f'[data-quick="{game}"]').click()
        expect(page.locator("#status")).to_contain_text("Your turn")
        check_fits(page)
        check_text_size(page)
        shoot(page, f"{game}-phone-{viewport['width']}-start")
        fit = page.locator("#zoom-fit")
        if fit.get_attribute("aria-disabled") != "true":  # greyed where it is fitted already
            fit.click()
        expect(fit).to_have_attribute("aria-disabled", "true")
        check_fits(page)
        check_text_size(page)
        assert out_of_view(page) == [], "the hand and buttons need no sideways scroll"
        board, whole = page.locator("#board"), page.locator(".board-map")
        if board.evaluate("b => b.scrollWidth <= b.clientWidth + 2"):
            expect(whole).to_be_hidden()  # the whole board fits: nothing to map
            page.close()
            continue
        expect(whole).to_be_visible()
        for idle in ("#zoom-out", "#zoom-fit"):  # as small as readable text allows: greyed
            expect(page.locator(idle)).to_have_attribute("aria-disabled", "true")
        expect(page.locator("#zoom-in")).to_have_attribute("aria-disabled", "false")
        # A greyed button is aria-disabled, which a browser still lets a player click (Playwright
        # waits for it to be enabled, hence force): the click says why it does nothing.
        page.locator("#zoom-out").click(force=True)
        expect(page.locator("#error")).to_have_text(
            "as small as the board goes while its text stays readable"
        )
        box = whole.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
        seen = board.evaluate("b => b.scrollLeft + b.clientWidth - b.scrollWidth")
        assert seen >= -2, "a tap at the map's right end shows the board's right end"
        assert out_of_view(page) == [], "the panels stay in view as the board scrolls"
        page.close()


def out_of_view(page: Page) -> list[str]:
    """What may be clicked outside the board (the panels of a board wider than the screen, or
    the whole of one that fits) and lies beyond the board box's sides."""
    outside: list[str] = page.evaluate(
        """() => {
          const board = document.querySelector("#board");
          const fits = board.scrollWidth <= board.clientWidth + 2;
          const panels = board.querySelector("svg.panels");
          if (!panels && !fits) return ["(a board wider than the screen has no panels)"];
          const own = board.querySelectorAll(panels ? "svg.panels [data-pick]" : "[data-pick]");
          const box = board.getBoundingClientRect();
          return [...own].filter((node) => {
            const drawn = node.getBoundingClientRect();
            return drawn.left < box.left - 1 || drawn.right > box.right + 1;
          }).map((node) => node.dataset.pick);
        }"""
    )
    return outside

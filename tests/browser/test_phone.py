"""Every game on a phone: nothing wider than the screen, no board text under 12 px in the
default zoom or in "fit", and a small map of the whole board that brings any part into view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

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
        page.click("#zoom-fit")
        check_fits(page)
        check_text_size(page)
        board, whole = page.locator("#board"), page.locator(".board-map")
        expect(whole).to_be_visible()  # the board is wider than a phone at a readable size
        box = whole.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
        seen = board.evaluate("b => b.scrollLeft + b.clientWidth - b.scrollWidth")
        assert seen >= -2, "a tap at the map's right end shows the board's right end"
        page.close()

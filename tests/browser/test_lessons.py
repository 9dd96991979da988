"""Learn to play: each game's lesson clicked through to its end from the home page, on a desktop
and a phone, with only the lesson's move offered at each step."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.conftest import Server
from tests.browser.table import DESKTOP, PHONE, check_fits, click_action, shoot

GAMES = ["arriala", "canal_king", "detour", "mapped_out", "mississippi"]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_clicked_through_to_its_end(
    server: Server, browser: Browser, game: str, viewport: ViewportSize
) -> None:
    lesson = next(g for g in server.get("/api/games")["games"] if g["id"] == game)["lesson"]
    mine = [k for k, step in enumerate(lesson["steps"]) if step["seat"] == 0]
    label = f"{game}-{'desktop' if viewport == DESKTOP else 'phone'}"
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(20_000)
    page.goto(server.url)
    page.locator(f'[data-learn="{game}"]').click()
    for number, k in enumerate(mine, start=1):
        step = lesson["steps"][k]
        expect(page.locator("#lesson")).to_contain_text(f"step {number} of {len(mine)}")
        expect(page.locator("#log li")).to_have_count(k)
        expect(page.locator("#lesson")).to_contain_text(step["say"][:40])
        expect(page.locator("#action-count")).to_have_text("1")  # the lesson's move alone
        if number == 1:
            check_fits(page)
            shoot(page, f"{label}-lesson-start")
        click_action(page, step["play"])
    expect(page.locator("#lesson")).to_contain_text("the lesson is over")
    # Every step is in the log (a guide whose turn goes on after the lesson plays on).
    expect(page.locator("#log li").nth(len(lesson["steps"]) - 1)).to_be_attached()
    expect(page.locator("#lesson")).to_contain_text(lesson["steps"][-1]["say"][:40])
    shoot(page, f"{label}-lesson-end")
    page.close()

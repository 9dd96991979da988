"""The pages in German, as a browser set to German shows them: the home page, a game against
bots of each game (its start, and after a move of the player's), and each game's lesson. No
English is left: no text on the page, the board or its help is an English word of any catalogue
(towpath.core.i18n) whose German differs, and none holds common English words."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, ViewportSize, expect

import towpath
from tests.browser.conftest import Json, Server, version_of, wait_for_version
from tests.browser.table import CHECKS, DESKTOP, PHONE, check_fits, click_action, shoot

GAMES = ["arriala", "canal_king", "detour", "mapped_out", "mississippi"]
ROOT = Path(__file__).resolve().parents[2] / "src" / "towpath"
# Words no German text holds; "seat N" is the token the page writes a player's name for.
TITLES = {type(towpath.load(game)).title for game in GAMES}
GERMAN = {"Cookie": "towpath_language=de"}
ENGLISH = re.compile(r"\b(the|and|your|you|with|click|turn|spaces?|cards?|tiles?)\b", re.I)


def english_words() -> list[re.Pattern[str]]:
    """Each English word of the catalogues that German writes otherwise, as a pattern of the
    whole text (its `{names}` standing for anything)."""
    patterns = []
    for path in ROOT.rglob("data/de.po"):
        for message in read_po(path.open("rb")):
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else message.string or ()
            for english, german in zip(ids, strings, strict=True):
                literal = re.sub(r"\{\w+\}", "", english)
                if english and english != german and re.search("[A-Za-z]{3}", literal):
                    parts = re.split(r"\{\w+\}", english)
                    patterns.append(re.compile(".+?".join(map(re.escape, parts))))
    return patterns


ENGLISH_WORDS = english_words()


def english_left(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(f"() => ({CHECKS}).texts()")
    left = []
    for text in texts:
        if text in TITLES:
            continue  # a game's name, in every language (Detour's card of that name is not)
        plain = re.sub(r"\b[Ss]eat \d+", "", text)
        if ENGLISH.search(plain) or any(p.fullmatch(text) for p in ENGLISH_WORDS):
            left.append(text)
    return left


def open_german(browser: Browser, viewport: ViewportSize) -> Page:
    context = browser.new_context(viewport=viewport, locale="de-DE")
    context.set_default_timeout(20_000)
    return context.new_page()


def my_turn(page: Page) -> None:
    expect(page.locator("#status")).to_contain_text("Du bist am Zug")


def test_the_home_page_is_german(server: Server, browser: Browser) -> None:
    page = open_german(browser, DESKTOP)
    page.goto(server.url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#language")).to_have_value("de")
    expect(page.locator('[data-quick="mississippi"]')).to_be_visible()
    assert english_left(page) == []
    shoot(page, "german-home-desktop")
    page.locator("#language").select_option("en")
    expect(page.locator('[data-quick="mississippi"]')).to_have_text("Play against bots")
    page.context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_bots_is_german(
    server: Server, browser: Browser, game: str, viewport: ViewportSize
) -> None:
    label = f"german-{game}-{'desktop' if viewport == DESKTOP else 'phone'}"
    page = open_german(browser, viewport)
    page.goto(server.url)
    page.locator(f'[data-quick="{game}"]').click()
    my_turn(page)
    check_fits(page)
    assert english_left(page) == []
    shoot(page, f"{label}-start")
    action = page.locator("#actions-details button[data-action]").first.get_attribute("data-action")
    assert action is not None
    version = version_of(page)
    click_action(page, action)
    wait_for_version(page, version + 1)
    my_turn(page)
    expect(page.locator("#log li").first).to_be_attached()
    assert english_left(page) == []
    shoot(page, f"{label}-later")
    page.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_german(server: Server, browser: Browser, game: str) -> None:
    lesson = next(g for g in german_games(server) if g["id"] == game)["lesson"]
    page = open_german(browser, DESKTOP)
    page.goto(server.url)
    page.locator(f'[data-learn="{game}"]').click()
    expect(page.locator("#lesson")).to_contain_text("Schritt 1 von")
    first = next(step for step in lesson["steps"] if step["seat"] == 0)
    expect(page.locator("#lesson")).to_contain_text(first["say"][:40])
    assert english_left(page) == []
    shoot(page, f"german-{game}-lesson")
    page.context.close()


def german_games(server: Server) -> list[Json]:
    """The games as a German page reads them."""
    request = urllib.request.Request(f"{server.url}/api/games", headers=GERMAN)
    with urllib.request.urlopen(request) as answer:
        games: list[Json] = json.load(answer)["games"]
    return games

"""The home page and the rules pages, as a new player meets them on a desktop and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

import towpath
from tests.browser.conftest import Server
from tests.browser.table import DESKTOP, PHONE, SHOTS, check_fits, check_text_size, shoot


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_each_game_is_presented_with_its_board_words_and_rules(
    server: Server, browser: Browser, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    page.goto(server.url)
    cards = page.locator(".game-card")
    expect(cards).to_have_count(len(towpath.game_ids()))
    for game_id in towpath.game_ids():
        card = page.locator(f'.game-card[data-game="{game_id}"]')
        expect(card.locator("p")).not_to_be_empty()
        expect(card).to_contain_text("players ·")
        loaded = "img => img.decode().then(() => img.naturalWidth > 0, () => false)"
        assert card.locator("img").evaluate(loaded), f"{game_id}: its picture did not load"
        expect(card.locator("a", has_text="Rules")).to_have_attribute("href", f"/rules/{game_id}")
    page.locator('[data-choose="canal_king"]').click()
    expect(page.locator('label[for="option-max_turns"]')).to_have_text("Turn limit")
    first = page.locator("#option-first_player option")  # the seats at the table, from 1
    expect(first).to_have_text(["Seat 1", "Seat 2", "Seat 3", "Seat 4"])
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    expect(first).to_have_text(["Seat 1", "Seat 2", "Seat 3"])
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    expect(page.locator("#option-board option")).to_have_text(["standard", "small"])
    expect(page.locator("#option-tiles")).to_have_count(0)  # no choice the server would accept
    check_fits(page)
    check_text_size(page)
    shoot(page, f"home-{'desktop' if viewport == DESKTOP else 'phone'}")
    page.close()


def test_the_rules_pages_read_on_a_phone(server: Server, browser: Browser) -> None:
    page = browser.new_page(viewport=PHONE)
    for game_id in towpath.game_ids():
        page.goto(f"{server.url}/rules/{game_id}")
        expect(page.locator("h1")).to_have_text(towpath.load(game_id).title)
        expect(page.locator("table.options")).to_contain_text("First player")
        expect(page.locator("h2", has_text="At this table")).to_be_visible()
        check_fits(page)
        check_text_size(page)
    page.close()


def test_names_typed_in_the_seats_stay_when_the_player_count_changes(
    server: Server, browser: Browser
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url)
    page.locator('[data-choose="mississippi"]').click()
    players = page.locator("#players")
    players.fill("3")
    players.blur()  # the count is changed when the field is left, as a person leaves it
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-1", "hard")
    players.fill("4")
    players.blur()
    expect(page.locator("#seat-name-0")).to_have_value("Ann")
    expect(page.locator("#seat-1")).to_have_value("hard")
    expect(page.locator("#seat-3")).to_have_value("normal")
    players.fill("2")
    players.blur()
    expect(page.locator("#seat-name-0")).to_have_value("Ann")
    expect(page.locator("#seat-2")).to_have_count(0)
    page.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_play_against_bots_reaches_your_turn_in_one_click(
    server: Server, browser: Browser, viewport: ViewportSize
) -> None:
    page = browser.new_page(viewport=viewport)
    page.goto(server.url)
    quick = page.locator("[data-quick]").first
    lobby = page.locator('header a[href="#lobby"]')
    for first, what in ((quick, "play now"), (lobby, "the lobby's link")):
        box = first.bounding_box()
        assert box is not None and box["y"] < viewport["height"], f"{what}: off the first screen"
    page.locator('[data-quick="mississippi"]').click()
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator("#seats li")).to_have_count(4)  # Mississippi's usual table
    expect(page.locator("#you")).to_have_text("You are seat 1.")
    for seat in (1, 2, 3):
        expect(page.locator(f'#seats [data-seat="{seat}"]')).to_contain_text("normal")
    page.close()


def test_my_games_lists_the_rooms_this_browser_sits_in(server: Server, browser: Browser) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url)
    expect(page.locator("#my-games")).to_be_hidden()
    page.locator('[data-quick="detour"]').click()
    expect(page.locator("#status")).to_contain_text("Your turn")
    room = page.url.rsplit("/", 1)[1]
    page.goto(server.url)
    mine = page.locator(f'#my-games-list [data-room="{room}"]')
    expect(mine).to_contain_text("Detour")
    expect(mine).to_contain_text("your turn")
    expect(mine).to_contain_text("with Normal bot A, Normal bot B, Normal bot C")
    box = page.locator("#my-games").bounding_box()
    assert box is not None and box["y"] < PHONE["height"], "my games open the page"
    shoot(page, "home-phone-my-games")
    mine.get_by_role("link").click()
    expect(page.locator("#you")).to_have_text("You are seat 1.")
    page.close()


def test_an_advanced_bot_is_set_up_by_labelled_fields(server: Server, browser: Browser) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url)
    page.locator('[data-choose="detour"]').click()
    page.select_option("#seat-1", "mcts")
    page.click("#seat-settings-1 summary")
    seconds = page.locator("#seat-1-seconds")
    expect(seconds).to_have_value("1")  # what the bot is run with by default
    expect(page.locator('label[for="seat-1-seconds"]')).to_contain_text("seconds of search")
    page.fill("#seat-1-iterations", "50")
    page.select_option("#seat-1-rollout", "playout")
    page.locator("#seat-settings-1").screenshot(path=str(SHOTS / "home-bot-settings.png"))
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/rooms")) as sent:
        page.click("#create")
    body = sent.value.post_data_json
    assert body is not None
    seats = body["seats"]
    assert seats[1] == {
        "kind": "bot",
        "name": "",
        "agent": "mcts",
        "settings": {"seconds": 1, "iterations": 50, "rollout": "playout"},
    }
    expect(page.locator("#created")).to_be_visible()  # the server took them
    page.close()

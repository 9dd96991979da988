"""Playing in the browser: against a bot by clicking, two players with secrets, reload, replay,
workers clicked by their numbers."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Json, Server, version_of, wait_for_version
from tests.browser.table import click_action


def play_something(page: Page) -> None:
    """Click the first lit target of the board, then the first action offered or confirm."""
    version = version_of(page)
    page.locator("#board .pick.live").first.click()
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version} || document.body.dataset.picks !== '0'"
    )
    if version_of(page) == version:
        offers = page.locator("#offers [data-action]")
        if offers.count():
            offers.first.click()  # an offer taken is confirmed like any move
        page.click("#confirm")
    wait_for_version(page, version + 1)


def test_a_game_against_a_bot_is_created_and_played_by_clicking(server: Server, page: Page) -> None:
    page.goto(server.url)
    page.locator('[data-choose="mississippi"]').click()
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    expect(page.locator("#seat-1")).to_have_value("normal")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#link-spectate")).to_have_value(re.compile(r"/room/[\w-]+$"))
    page.click("#open-seat")
    expect(page.locator("#status")).to_contain_text("Your turn")
    assert page.locator("#board svg").count() == 1
    play_something(page)
    wait_for_version(page, 2)  # the bot answered
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator("#log li")).to_have_count(2)
    expect(page.locator("#log li").nth(1)).to_contain_text("Normal bot went")
    play_something(page)
    wait_for_version(page, 4)
    log = page.locator("#log li").all_inner_texts()
    notations = page.locator("#log li").evaluate_all(
        "items => items.map((li) => li.dataset.notation)"
    )
    assert len(notations) == 4 and all(notations), "each move keeps its notation"
    page.wait_for_function("document.body.dataset.moving === undefined")  # the board at rest
    board = page.locator("#board").inner_html()
    page.reload()
    wait_for_version(page, 4)
    assert page.locator("#log li").all_inner_texts() == log
    assert (
        page.locator("#log li").evaluate_all("items => items.map((li) => li.dataset.notation)")
        == notations
    )
    assert page.locator("#board").inner_html() == board
    expect(page.locator("#conn")).to_have_text("connected")


def test_two_players_each_see_only_their_own_secrets(server: Server, browser: Browser) -> None:
    created = server.create(
        {"game": "mapped_out", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    pages = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        opened = context.new_page()
        opened.goto(created["seats"][seat]["link"])
        wait_for_version(opened, 0)
        pages.append(opened)
    for seat, opened in enumerate(pages):
        other = 1 - seat
        token = created["seats"][seat]["token"]
        view = server.get(f"/api/rooms/{created['room']}", token)["view"]
        mine = [str(t["tile"]) for t in view["hands"][seat]]
        assert mine and isinstance(view["hands"][other], int)
        shown = opened.locator(f'#board [data-hand="{seat}"] [data-tile]')
        assert [shown.nth(k).get_attribute("data-tile") for k in range(shown.count())] == mine
        assert opened.locator(f'#board [data-hand="{other}"] [data-tile]').count() == 0
        expect(opened.locator(f'#board [data-hand="{other}"]')).to_contain_text("hidden tile")
        theirs = server.get(f"/api/rooms/{created['room']}", created["seats"][other]["token"])
        html = opened.content()
        for tile in theirs["view"]["hands"][other]:
            assert f'data-tile="{tile["tile"]}"' not in html
    first = pages[0] if pages[0].locator("body.your-turn").count() else pages[1]
    play_something(first)
    for opened in pages:
        wait_for_version(opened, 1)
        opened.context.close()


def test_a_finished_game_shows_its_replay(server: Server, page: Page) -> None:
    created = server.create({"game": "mississippi", "players": 2, "options": {"max_turns": 2}})
    page.goto(created["link"])
    expect(page.locator("#status")).to_contain_text("Your turn")
    play_something(page)
    expect(page.locator("#status")).to_have_text("Game over.")
    expect(page.locator("#result")).to_contain_text("Stopped at the length limit: no winner.")
    expect(page.locator("#result")).to_contain_text("The 2-turn limit ended the game")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-label")).to_contain_text("step 2 of 2")
    page.click("#replay-first")
    expect(page.locator("#replay-label")).to_have_text("step 0 of 2 · the start")
    page.click("#replay-next")
    first = page.locator("#log li").first.inner_text()
    expect(page.locator("#replay-label")).to_have_text(f"step 1 of 2 · {first}")
    assert page.locator("#replay-board svg").count() == 1
    expect(page.locator("#rematch")).to_be_visible()


def two_people_at_arriala(server: Server) -> Json:
    """A 2-player Arriala room, seed 3: red (seat 0) to play."""
    seats = [{"kind": "human"}] * 2
    return server.create(
        {"game": "arriala", "players": 2, "seed": 3, "listed": False, "seats": seats}
    )


def test_arriala_workers_are_clicked_by_their_numbers(
    server: Server, page: Page, browser: Browser
) -> None:
    created = two_people_at_arriala(server)
    red, yellow = page, browser.new_context().new_page()  # a window of its own, not a tab behind
    for seat, opened in enumerate((red, yellow)):
        opened.goto(created["seats"][seat]["link"])
        wait_for_version(opened, 0)
    expect(red.locator("#status")).to_contain_text("Your turn")
    expect(red.locator('#board [data-pick="g1@8"]')).to_have_count(1)
    click_action(red, "place 10")
    click_action(red, "to-vineyard r1@10 ch")
    expect(red.locator('#board [data-pick="r1@ch"]')).to_have_count(1)
    expect(yellow.locator("#status")).to_contain_text("Your turn")
    click_action(yellow, "move g1@8 9")
    click_action(yellow, "end")
    expect(red.locator("#status")).to_contain_text("Your turn")
    click_action(red, "to-canal r1@ch 20")
    expect(red.locator('#board [data-pick="r1@20"]')).to_have_count(1)
    expect(red.locator("#log li.last")).to_contain_text("brought red worker 1 from the Chasselas")
    yellow.context.close()


def test_a_move_picked_on_the_board_waits_for_a_confirm_unless_turned_off(
    server: Server, page: Page
) -> None:
    """The same gesture in every game: once the picks leave one action it is shown, named in
    words, and played by the confirm; "confirm moves" off plays it at the last pick."""
    created = two_people_at_arriala(server)
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 0)
    click_action(page, "place 10")
    page.locator('#board [data-pick="r1@10"]').click()
    expect(page.locator("#picked")).to_have_text("You picked red worker 1 on space 10")
    page.locator('#board [data-pick="end"]').click()  # starts afresh: the one action "end"
    confirm = page.locator('#confirm[data-action="end"]')
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Confirm: end the turn")
    page.wait_for_timeout(300)
    assert version_of(page) == 1, "nothing is played before the confirm"
    confirm.click()
    wait_for_version(page, 2)  # red's 5 action points are spent: yellow's turn
    page.uncheck("#ask")
    yellow = page.context.new_page()  # the choice is kept in this browser
    yellow.goto(created["seats"][1]["link"])
    wait_for_version(yellow, 2)
    expect(yellow.locator("#ask")).not_to_be_checked()
    yellow.locator('#board [data-pick="end"]').click()
    wait_for_version(yellow, 3)


def test_an_offer_taken_waits_for_its_confirm_and_no_tile_is_drawn_over_another(
    server: Server, page: Page
) -> None:
    """Canal King, seed 1: "swap" and two hand tiles leave the swaps that hold them, offered
    by name; the one taken is shown and played by the confirm, as a move picked on the board
    is. Picking hand tiles previews no tile on top of another."""
    seats = [{"kind": "human"}] * 2
    created = server.create(
        {"game": "canal_king", "players": 2, "seed": 1, "listed": False, "seats": seats}
    )
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 0)
    page.locator('#board [data-pick="swap"]').click()
    page.locator("#board [data-tile]").nth(0).click()
    page.locator("#board [data-tile]").nth(1).click()
    offer = page.locator("#offers [data-action]").first
    expect(offer).to_be_visible()
    expect(page.locator("#board .preview")).to_have_count(0)
    action = offer.get_attribute("data-action")
    offer.click()
    confirm = page.locator(f'#confirm[data-action="{action}"]')
    expect(confirm).to_be_visible()
    expect(offer).to_have_attribute("aria-pressed", "true")
    page.wait_for_timeout(300)
    assert version_of(page) == 0, "nothing is played before the confirm"
    confirm.click()
    wait_for_version(page, 1)

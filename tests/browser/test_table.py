"""Table manners in the browser: taking back, chat, the clock's stand-in bot and the seat taken
back, and telling a player whose turn it is."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Json, Server, wait_for_version
from tests.browser.table import click_action, shoot

ANN_BOB = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.fixture
def two_pages(browser: Browser) -> Iterator[list[Page]]:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    pages = []
    for context in contexts:
        context.set_default_timeout(20_000)
        pages.append(context.new_page())
    yield pages
    for context in contexts:
        context.close()


def open_seats(pages: list[Page], created: Json) -> None:
    for seat, page in enumerate(pages):
        page.goto(created["seats"][seat]["link"])
        wait_for_version(page, 0)


def test_a_player_takes_back_a_move_of_their_turn(server: Server, two_pages: list[Page]) -> None:
    created = server.create(
        {"game": "arriala", "players": 2, "seats": ANN_BOB, "seed": 3, "listed": False},
    )
    open_seats(two_pages, created)
    ann, bob = two_pages
    expect(ann.locator("#undo")).to_be_hidden()
    click_action(ann, "place 10")
    expect(bob.locator("#log li.last")).to_contain_text("Ann placed a new worker on space 10")
    expect(ann.locator('#board [data-worker="r1@10"]')).to_have_count(1)
    ann.click("#undo")
    for page in two_pages:
        wait_for_version(page, 2)
        expect(page.locator("#log li")).to_have_count(0)
        expect(page.locator('#board [data-worker="r1@10"]')).to_have_count(0)
    expect(ann.locator("#undo")).to_be_hidden()
    expect(bob.locator("#undo")).to_be_hidden()
    click_action(ann, "draw")  # a card seen is not taken back
    expect(ann.locator("#undo")).to_be_hidden()


def test_players_chat_under_their_names_and_spectators_read(
    server: Server, two_pages: list[Page], browser: Browser
) -> None:
    created = server.create({"game": "mississippi", "players": 2, "seats": ANN_BOB})
    open_seats(two_pages, created)
    ann, bob = two_pages
    watcher = browser.new_page()
    watcher.goto(created["spectate"])
    wait_for_version(watcher, 0)
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_be_visible()
    bob.fill("#my-name", "Robert")
    bob.click("#name-form button")
    expect(ann.locator('#seats [data-seat="1"]')).to_contain_text("Robert")
    ann.fill("#chat-text", "good luck!")
    ann.press("#chat-text", "Enter")
    for page in (ann, bob, watcher):
        expect(page.locator("#chat li").last).to_contain_text("Ann: good luck!")
    bob.fill("#chat-text", "thanks")
    bob.click("#chat-form button")
    expect(ann.locator("#chat li").last).to_contain_text("Robert: thanks")
    expect(ann.locator("#chat-text")).to_have_value("")
    watcher.reload()
    expect(watcher.locator("#chat li")).to_have_count(2)
    watcher.close()


def test_when_the_clock_runs_out_a_bot_plays_until_the_player_takes_the_seat_back(
    server: Server, page: Page
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
    created = server.create({"game": "mississippi", "players": 2, "seats": seats, "clock": 5})
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 0)
    expect(page.locator("#clock")).to_contain_text("Ann: 0:0")
    expect(page.locator("#clock")).to_contain_text("left of 5 s a turn")
    back = page.locator("#back")
    expect(back).to_be_visible(timeout=15_000)
    expect(page.locator('#seats [data-seat="0"]')).to_contain_text("a bot plays for them")
    wait_for_version(page, 2)  # the stand-in played Ann's turn, then the bot its own
    expect(page.locator("#log li").first).to_contain_text("Ann went")
    back.click()
    expect(page.locator("#back")).to_have_count(0)
    expect(page.locator('#seats [data-seat="0"]')).not_to_contain_text("a bot plays")
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator("#clock")).to_contain_text("Ann: 0:0")


def test_a_player_is_told_whose_turn_it_is_and_when_it_becomes_theirs(
    server: Server, two_pages: list[Page]
) -> None:
    created = server.create({"game": "mississippi", "players": 2, "seats": ANN_BOB})
    open_seats(two_pages, created)
    ann, bob = two_pages
    expect(ann).to_have_title("▶ Your turn · Mississippi · towpath")
    expect(bob).to_have_title("Mississippi · towpath")
    expect(bob.locator("#status")).to_have_text("Ann's turn.")
    assert bob.locator('#board [data-pick="f1"]').count() == 0, "move targets: the mover's only"
    click_action(ann, "f1")
    expect(bob).to_have_title("▶ Your turn · Mississippi · towpath")
    expect(ann).to_have_title("Mississippi · towpath")
    expect(bob.locator("#status")).to_contain_text("Your turn")
    click_action(bob, "f1")
    expect(ann).to_have_title("▶ Your turn · Mississippi · towpath")
    bob.locator('#board [data-pick="r+1"]').click()  # Ann's boat may turn now; Bob may not act
    expect(bob.locator("#error")).to_have_text(
        "It is Ann's turn, not yours: the page will tell you when it is yours."
    )
    turning = ann.locator("#board [data-turning]")
    ann.locator('#board [data-pick="r+1"]').click()  # a turn before a place: shown at once
    expect(turning).to_have_attribute("transform", re.compile(r"^rotate\(60 "))
    ann.locator('#board [data-pick="r+1"]').click()  # let go: the boat turns back
    expect(turning).not_to_have_attribute("transform", re.compile("rotate"))


def test_the_board_is_played_by_keyboard_with_a_visible_focus(
    server: Server, two_pages: list[Page]
) -> None:
    created = server.create({"game": "mississippi", "players": 2, "seats": ANN_BOB})
    open_seats(two_pages, created)
    ann = two_pages[0]
    ann.focus("#zoom-in")
    ann.keyboard.press("Tab")  # the next stop is the board's first target
    focused = ann.evaluate(
        "() => ({pick: document.activeElement.dataset.pick,"
        " outline: getComputedStyle(document.activeElement).outlineStyle})"
    )
    assert focused == {"pick": "f1", "outline": "solid"}
    ann.keyboard.press("Enter")  # picks the only action there: the confirm takes the focus
    expect(ann.locator("#confirm")).to_be_focused()
    ann.keyboard.press("Enter")
    wait_for_version(ann, 1)
    expect(ann.locator("#log li.last")).to_contain_text("Ann went 1 open space downstream")


# Which pieces the page animates, in the order they start moving (a piece moving twice in a
# row counts once), until the motion is over.
WATCH_MOTION = """() => {
  window.moved = [];
  const tick = () => {
    for (const running of document.getAnimations()) {
      const piece = running.effect.target.dataset.piece;
      if (piece && window.moved.at(-1) !== piece) window.moved.push(piece);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def test_a_docking_chain_plays_step_by_step_and_the_log_names_each_push(
    server: Server, page: Page
) -> None:
    """Seed 9: Ann's boat goes 28 spaces to 28; Bob's lands on 29 beside it, is sent on to
    30, and then sends Ann's on to 34."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    created = server.create(
        {"game": "mississippi", "players": 2, "seed": 9, "listed": False, "seats": seats}
    )
    room, tokens = created["room"], [seat["token"] for seat in created["seats"]]
    assert server.post(f"/api/rooms/{room}/actions", {"version": 0, "action": "f28"}, tokens[0])
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 1)
    page.evaluate(WATCH_MOTION)
    assert server.post(f"/api/rooms/{room}/actions", {"version": 1, "action": "f28"}, tokens[1])
    page.wait_for_function("(document.body.dataset.moving || '').includes('boat-0')")
    shoot(page, "mississippi-desktop-chain")
    expect(page.locator("#log li.last")).to_contain_text(
        "docking sent Bob's boat on to space 30, then Ann's boat on to space 34"
    )
    page.wait_for_function("document.body.dataset.moving === undefined")
    assert page.evaluate("window.moved") == ["boat-1", "boat-0"]
    styles = page.locator("#board [data-piece]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('style'))"
    )
    assert styles == [None, None], "every piece rests where the drawing puts it"


def test_with_reduced_motion_the_board_simply_changes(server: Server, browser: Browser) -> None:
    page = browser.new_page(reduced_motion="reduce")
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = server.create(
        {"game": "mississippi", "players": 2, "seed": 9, "listed": False, "seats": seats}
    )
    room, tokens = created["room"], [seat["token"] for seat in created["seats"]]
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 0)
    page.evaluate(WATCH_MOTION)
    assert server.post(f"/api/rooms/{room}/actions", {"version": 0, "action": "f28"}, tokens[0])
    wait_for_version(page, 1)
    page.wait_for_timeout(600)
    assert page.evaluate("window.moved") == []
    page.close()


def test_your_turn_opens_with_what_the_others_did_since_your_last(
    server: Server, page: Page
) -> None:
    bot = {"kind": "bot", "agent": "easy"}
    seats = [{"kind": "human", "name": "Ann"}, {**bot, "name": "Bea"}, {**bot, "name": "Cy"}]
    created = server.create({"game": "mississippi", "players": 3, "seats": seats})
    page.goto(created["seats"][0]["link"])
    wait_for_version(page, 0)
    expect(page.locator("#since")).to_be_hidden()  # nothing played yet
    move = {"version": 0, "action": "f1"}
    assert server.post(f"/api/rooms/{created['room']}/actions", move, created["seats"][0]["token"])
    wait_for_version(page, 3)  # both bots have moved
    since = page.locator("#since-moves li")
    expect(since).to_have_count(2)
    expect(since.nth(0)).to_contain_text("Bea went")
    expect(since.nth(1)).to_contain_text("Cy went")
    shoot(page, "mississippi-desktop-since")
    page.click("#since-close")
    expect(page.locator("#since")).to_be_hidden()

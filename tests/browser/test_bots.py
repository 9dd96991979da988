"""Bots think on the server's worker pool: a slow one holds up no other room."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Server, version_of


def test_a_thinking_bot_blocks_no_other_room(server: Server) -> None:
    slow = server.create(
        {
            "game": "mississippi",
            "players": 2,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "agent": "mcts", "settings": {"seconds": 3}},
            ],
        },
    )
    quick = server.create({"game": "mississippi", "players": 2, "seats": [{"kind": "human"}] * 2})
    slow_token = slow["seats"][0]["token"]
    assert server.post(
        f"/api/rooms/{slow['room']}/actions", {"version": 0, "action": "f1"}, slow_token
    )
    tokens = [s["token"] for s in quick["seats"]]
    for version in range(6):  # while the MCTS bot thinks for 3 s, this room plays on
        legal = server.get(f"/api/rooms/{quick['room']}", tokens[version % 2])["legal"]
        move = {"version": version, "action": legal[0]["action"]}
        assert server.post(f"/api/rooms/{quick['room']}/actions", move, tokens[version % 2])
    assert server.get(f"/api/rooms/{slow['room']}")["version"] == 1  # still thinking


def test_a_whole_game_against_two_normal_bots_names_each_bot_apart(
    server: Server, page: Page
) -> None:
    """The form's default bots are the normal level, each with a name of its own in the seat
    list, the log and the result. The person types the longest forward move it may."""
    page.goto(server.url)
    page.locator('[data-choose="mississippi"]').click()
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    expect(page.locator("#seat-1")).to_have_value("normal")
    expect(page.locator("#seat-2")).to_have_value("normal")
    page.click("#create")
    page.click("#open-seat")
    names = ["Normal bot A", "Normal bot B"]
    for seat, name in enumerate(names, start=1):
        expect(page.locator(f'#seats [data-seat="{seat}"]')).to_contain_text(name)
    page.click("#actions-details summary")  # the list of actions and the notation field
    while page.locator("#result").is_hidden():
        if page.locator("body.your-turn").count():
            version = version_of(page)
            page.fill("#notation", longest_forward(page))
            page.press("#notation", "Enter")
            page.wait_for_function(f"Number(document.body.dataset.version) > {version}")
        else:
            page.wait_for_timeout(100)
    log = " ".join(page.locator("#log li").all_inner_texts())
    assert all(f"{name} went" in log or f"{name} turned" in log for name in names), log
    result = page.locator("#result .result-head").inner_text()
    assert any(f"{name} won." in result for name in [*names, "Player 1"]), result
    assert page.locator("#result").get_attribute("data-reason") == "win"


LEGAL = """async () => {
  const room = location.pathname.split("/").pop();
  const tokens = JSON.parse(localStorage.getItem(`towpath:room:${room}`));
  const seen = await fetch(`/api/rooms/${room}`, { headers: { "X-Towpath-Token": tokens.seat } });
  return (await seen.json()).legal.map((a) => a.action);
}"""


def longest_forward(page: Page) -> str:
    """The legal move going furthest downstream (else the first legal action)."""
    legal: list[str] = page.evaluate(LEGAL)
    forward = [text for text in legal if re.fullmatch(r"(r[+-]\d )?f\d+", text)]
    return max(forward, key=lambda text: int(text.rpartition("f")[2])) if forward else legal[0]


def test_a_bots_seat_shows_it_thinking_while_it_searches(server: Server, page: Page) -> None:
    created = server.create(
        {
            "game": "mississippi",
            "players": 2,
            "seats": [
                {"kind": "human", "name": "Ann"},
                {"kind": "bot", "name": "Slow bot", "agent": "mcts", "settings": {"seconds": 3}},
            ],
        },
    )
    page.goto(created["seats"][0]["link"])
    expect(page.locator('#seats [data-seat="0"] .turn-mark')).to_have_text("◀ to play")
    expect(page.locator('#seats [data-seat="0"] .seat-name')).to_have_text("1. Ann")
    expect(page.locator("#you")).to_have_text("You are seat 1.")
    token = created["seats"][0]["token"]
    move = {"version": 0, "action": "f1"}
    assert server.post(f"/api/rooms/{created['room']}/actions", move, token)
    thinking = page.locator('#seats [data-seat="1"] .turn-mark.thinking')
    expect(thinking).to_have_text("◀ thinking…")
    expect(page.locator("#status")).to_have_text("Slow bot is thinking…")
    expect(thinking).to_have_count(0, timeout=15_000)  # it moved: Ann's turn again
    expect(page.locator('#seats [data-seat="0"] .turn-mark')).to_have_text("◀ to play")

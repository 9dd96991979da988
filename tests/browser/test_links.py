"""Links in the browser: a wrong link says what is wrong and stops trying, the host sees and
re-issues invitations, tokens leave the address bar and never reach a log line, the seed's
commitment is shown, and /docs works without a network."""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, WebSocket, expect

from tests.browser.conftest import Server, wait_for_version
from tests.server.conftest import Json, fresh_database

SHOTS: Path | None = None  # set to a folder to keep screenshots while developing
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]


def sockets_of(page: Page) -> list[str]:
    opened: list[str] = []

    def record(socket: WebSocket) -> None:
        opened.append(socket.url)

    page.on("websocket", record)
    return opened


def shoot(page: Page, name: str) -> None:
    if SHOTS is None:
        return
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_wrong_link_says_what_is_wrong_and_makes_no_further_attempt(
    server: Server, page: Page
) -> None:
    created = server.post("/api/rooms", {"game": "mississippi", "players": 2, "seats": PEOPLE})
    opened = sockets_of(page)
    page.goto(f"{server.url}/room/{created['room']}#seat=not-the-token")
    expect(page.locator("#status")).to_contain_text("This link opens no seat of this room")
    assert page.url == f"{server.url}/room/{created['room']}"  # the token left the address bar
    shoot(page, "wrong-link")
    time.sleep(3)  # a retry would have come after 0.25 s, 0.5 s, 1 s, 2 s
    assert len(opened) == 1 and "token" not in opened[0]
    expect(page.locator("#conn")).to_have_text("not connected")
    page.click("#watch-instead")  # forgets the wrong token and watches
    expect(page.locator("#you")).to_have_text("You are watching.")
    unknown = sockets_of(page)
    page.goto(f"{server.url}/room/no-such-room")
    expect(page.locator("#status")).to_have_text("There is no such room: the link is wrong.")
    time.sleep(2)
    assert len(unknown) == 1


def test_the_host_hands_out_invitations_each_opened_once_and_reissues_one(
    server: Server, page: Page, browser: Browser
) -> None:
    created = server.create({"game": "mississippi", "players": 2, "seats": PEOPLE}, take=False)
    invitation = created["seats"][1]["link"]
    page.goto(created["link"])  # the creator: seat 0 and the host
    wait_for_version(page, 0)
    assert page.url == f"{server.url}/room/{created['room']}"
    expect(page.locator("#host-box")).to_be_visible()
    expect(page.locator("#host-link-1")).to_have_value(invitation)
    expect(page.locator("#host-link-0")).to_have_count(0)  # the host's own seat
    expect(page.locator("#host-link-spectate")).to_have_value(created["spectate"])
    expect(page.locator("#host-link-host")).to_have_value(created["host"])
    shoot(page, "host")
    ben = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ben.goto(invitation)
    wait_for_version(ben, 0)
    expect(ben.locator("#you")).to_have_text("You are seat 2.")
    expect(page.locator("#host-link-1")).to_have_count(0)  # Ben's link is his alone now
    expect(page.locator("#host-links")).to_contain_text("Seat 2 (Ben): opened by its player")
    mallory = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    mallory.goto(invitation)  # the invitation, kept by whoever saw it
    expect(mallory.locator("#status")).to_contain_text("This invitation was opened already")
    mallory.context.close()
    page.click('[data-reissue="1"]')
    expect(ben.locator("#status")).to_contain_text("the host has re-issued it")
    expect(page.locator('#seats [data-seat="1"]')).to_contain_text("link re-issued by the host")
    fresh = page.locator("#host-link-1").input_value()
    assert fresh != invitation
    ben.goto("about:blank")  # a new page: the address differs only in its fragment
    ben.goto(fresh)
    wait_for_version(ben, 0)
    expect(ben.locator("#you")).to_have_text("You are seat 2.")
    expect(ben.locator('#seats [data-seat="1"]')).to_contain_text("link re-issued by the host")
    page.reload()  # the tokens stay in this browser, not in the address
    wait_for_version(page, 0)
    expect(page.locator("#you")).to_have_text("You are seat 1.")
    expect(page.locator("#host-box")).to_be_visible()
    ben.context.close()


def test_the_seed_is_committed_from_the_start_and_shown_at_the_end(
    server: Server, page: Page
) -> None:
    body: Json = {
        "game": "mississippi",
        "players": 2,
        "seats": PEOPLE,
        "options": {"max_turns": 2},
        "listed": False,
        "seed": "340282366920938463463374607431768211455",
    }
    created = server.create(body)
    page.goto(created["link"])
    wait_for_version(page, 0)
    commitment = hashlib.sha256(body["seed"].encode()).hexdigest()
    expect(page.locator("#seed-hash")).to_have_text(commitment)
    expect(page.locator("#seed-chosen")).to_contain_text("chosen by the room's creator")
    expect(page.locator("#seed")).to_have_count(0)
    tokens = [s["token"] for s in created["seats"]]
    for version in range(2):
        move = {"version": version, "action": "f1"}
        server.post(f"/api/rooms/{created['room']}/actions", move, tokens[version % 2])
    expect(page.locator("#seed")).to_have_text(body["seed"])
    shoot(page, "finished")


def test_the_access_log_never_shows_a_token(tmp_path: Path, page: Page) -> None:
    server = Server(
        fresh_database("sqlite", tmp_path), tmp_path / "server.log", options=("--log-level", "info")
    ).start()
    try:
        seats = [*PEOPLE, {"kind": "human", "access": "open"}]
        created = server.post("/api/rooms", {"game": "mississippi", "players": 3, "seats": seats})
        room = created["room"]
        joined = server.post(f"/api/rooms/{room}/join", {"name": "Cy"})
        host = created["host"].rpartition("#host=")[2]
        links = server.get(f"/api/rooms/{room}/links", host)
        fresh = server.post(f"/api/rooms/{room}/seats/1/link", {}, host)
        page.goto(created["link"])
        wait_for_version(page, 0)
        page.goto(fresh["link"])
        wait_for_version(page, 0)
        server.get(f"/api/rooms/{room}", joined["token"])
    finally:
        server.stop()
    log = server.log.read_text()
    assert re.search(rf'"GET /api/rooms/{room} HTTP/1.1" 200', log)  # the access log is on
    assert "/socket" in log
    tokens = {s["token"] for s in created["seats"]} | {host, joined["token"], fresh["token"]}
    tokens |= {s["link"].rpartition("=")[2] for s in links["seats"] if s["link"]}
    assert not [token for token in tokens if token in log]


def test_the_api_docs_work_without_a_network(server: Server, page: Page) -> None:
    outside: list[str] = []

    def only_towpath(route: Route) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_towpath)
    page.goto(f"{server.url}/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("towpath")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert outside == []
    schema = json.loads(page.evaluate("fetch('/openapi.json').then(r => r.text())"))
    assert schema["info"]["title"] == "towpath"


def test_a_stranger_joins_an_open_seat_from_the_lobby_under_their_own_name(
    server: Server, page: Page
) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "access": "open"}]
    created = server.post("/api/rooms", {"game": "mississippi", "players": 2, "seats": seats})
    page.goto(server.url)
    row = page.locator(f'[data-room="{created["room"]}"]')
    expect(row).to_contain_text("Join (1 open)")
    row.get_by_role("button").click()
    expect(page.locator("#join-error")).to_have_text("Type your name first: the others see it.")
    page.fill("#join-name", "Zoë")
    row.get_by_role("button").click()
    wait_for_version(page, 0)
    expect(page.locator("#you")).to_have_text("You are seat 2.")
    expect(page.locator('#seats [data-seat="1"]')).to_contain_text("Zoë")
    assert page.url == f"{server.url}/room/{created['room']}"


def test_the_host_reissuing_their_own_seat_keeps_their_page_playing(
    server: Server, page: Page
) -> None:
    created = server.post("/api/rooms", {"game": "mississippi", "players": 2, "seats": PEOPLE})
    page.goto(created["link"])
    wait_for_version(page, 0)
    page.click('[data-reissue="0"]')
    expect(page.locator('#seats [data-seat="0"]')).to_contain_text("link re-issued by the host")
    expect(page.locator("#conn")).to_have_text("connected")
    expect(page.locator("#status")).to_contain_text("Your turn")
    page.click("#actions-details summary")  # the list of actions, for once
    page.locator("#legal button.action").first.click()
    wait_for_version(page, 1)

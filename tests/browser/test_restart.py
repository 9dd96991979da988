"""Killing the server with SIGKILL mid-game loses no accepted action, and the page reconnects."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server, version_of, wait_for_version
from tests.server.conftest import fresh_database


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_killed_server_loses_no_accepted_action(kind: str, tmp_path: Path, page: Page) -> None:
    server = Server(fresh_database(kind, tmp_path), tmp_path / "server.log").start()
    try:
        assert f"serving on {server.url}/" in server.log.read_text()
        created = server.create(
            {"game": "mississippi", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
        )
        bots = server.post(  # a room of bots, playing on while the server is killed
            "/api/rooms",
            {"game": "mississippi", "players": 3, "seats": [{"kind": "bot"}] * 3},
        )
        room, tokens = created["room"], [s["token"] for s in created["seats"]]
        page.goto(created["seats"][0]["link"])
        wait_for_version(page, 0)
        accepted = []
        for version in range(12):
            seat = version % 2
            legal = server.get(f"/api/rooms/{room}", tokens[seat])["legal"]
            action = legal[len(legal) // 2]["action"]
            answer = server.post(
                f"/api/rooms/{room}/actions", {"version": version, "action": action}, tokens[seat]
            )
            assert answer == {"version": version + 1}
            accepted.append(action)
        wait_for_version(page, 12)
        seen_by_bots = server.get(f"/api/rooms/{bots['room']}")["log"]
        server.kill()
        expect(page.locator("#conn")).to_have_text("reconnecting…")
        server.start()
        after = server.get(f"/api/rooms/{room}", tokens[0])
        assert after["log"] == accepted and after["version"] == 12
        assert server.get(f"/api/rooms/{bots['room']}")["log"][: len(seen_by_bots)] == seen_by_bots
        expect(page.locator("#conn")).to_have_text("connected", timeout=15_000)
        server.post(
            f"/api/rooms/{room}/actions",
            {"version": 12, "action": after["legal"][0]["action"]},
            tokens[0],
        )
        wait_for_version(page, 13)  # the page follows the restarted server by itself
    finally:
        server.stop()


def test_a_page_on_many_workers_follows_its_room_while_each_worker_is_killed(
    tmp_path: Path, page: Page
) -> None:
    database = fresh_database("postgresql", tmp_path)
    options = ("--workers", "2", "--bot-workers", "1", "--bot-delay", "0.2")
    server = Server(database, tmp_path / "server.log", options=options).start()
    try:
        body = {"game": "mississippi", "players": 3, "seats": [{"kind": "bot"}] * 3}
        created = server.create(body)
        page.goto(created["spectate"])
        for worker in server.workers(2):  # the page's socket is on one of them
            wait_for_version(page, version_of(page) + 2)
            os.kill(worker, signal.SIGKILL)
            wait_for_version(page, version_of(page) + 3)
            expect(page.locator("#conn")).to_have_text("connected")
    finally:
        server.stop()

"""A real server process and Debian's Chromium driven by Playwright.

Chromium is /usr/bin/chromium (`make test` installs it when missing); Playwright never downloads
a browser here. Each launch gets a fresh temporary profile.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
Json = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """`towpath serve` as a process of its own, on loopback."""

    def __init__(
        self, database: str, log: Path, port: int | None = None, options: tuple[str, ...] = ()
    ) -> None:
        self.database = database
        self.options = options
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        command = [
            sys.executable,
            "-m",
            "towpath",
            "serve",
            "--port",
            str(self.port),
            "--database",
            self.database,
            "--bot-delay",
            "0.3",
            "--rooms-per-hour",
            "1000000",
            "--joins-per-hour",
            "1000000",
            *self.options,
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                self.get("/api/games")
                return self
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def workers(self, count: int) -> list[int]:
        """The process ids of its `count` uvicorn workers (`--workers`), once they all run."""
        assert self.process is not None
        deadline = time.monotonic() + 30
        while True:
            listing = subprocess.run(
                ["ps", "-ww", "-o", "pid=,args=", "--ppid", str(self.process.pid)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            found = [int(line.split()[0]) for line in listing.splitlines() if "spawn_main" in line]
            if len(found) >= count:
                return found
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def request(
        self, method: str, path: str, body: Json | None = None, token: str | None = None
    ) -> tuple[int, Json]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Towpath-Token"] = token
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str, token: str | None = None) -> Json:
        status, data = self.request("GET", path, token=token)
        assert status == 200, data
        return data

    def post(self, path: str, body: Json, token: str | None = None) -> Json:
        status, data = self.request("POST", path, body, token)
        assert status in (200, 201), data
        return data

    def create(self, body: Json, take: bool = True) -> Json:
        """A new room; with `take`, every invitation is taken as its player's page takes it
        (`claim`): each seat's `token` and `link` are the seat's own, `invitation` the link
        the host handed out."""
        created = self.post("/api/rooms", body)
        for seat in created["seats"] if take else ():
            seat["invitation"] = seat["token"]
            status, claimed = self.request(
                "POST", f"/api/rooms/{created['room']}/claim", {}, seat["token"]
            )
            if status == 200:  # not the creator's own seat, taken from the start
                seat.update(token=claimed["token"], link=claimed["link"])
        return created


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    running = Server(f"sqlite:///{folder / 'rooms.sqlite3'}", folder / "server.log").start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    assert os.path.exists(CHROMIUM), "Debian's chromium is missing: run `make test`"
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    opened = context.new_page()
    yield opened
    context.close()


def version_of(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version || -1"))


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.version) >= {at_least}")

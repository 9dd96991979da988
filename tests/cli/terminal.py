"""`towpath` at a real terminal, for the tests: the command runs under a pseudo-terminal
(pexpect) whose screen a terminal emulator (pyte) keeps, so a test types keys as a person does
and reads the screen a person sees, and everything the command printed."""

from __future__ import annotations

import codecs
import os
import re
import sys
import time
from collections.abc import Callable

import pexpect
import pyte

ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
PROMPT = "seat 0> "
WAIT = 60.0  # seconds for the command to show what a step waits for
TAB, ENTER = "\t", "\r"


class Screen(pyte.Screen):
    """A screen that answers the command's questions (where the cursor is) as terminals do."""

    def __init__(self, columns: int, rows: int, answer: Callable[[str], object]) -> None:
        super().__init__(columns, rows)
        self.answer = answer

    def write_process_input(self, data: str) -> None:
        self.answer(data)


class Terminal:
    def __init__(self, args: list[str], columns: int = 80, rows: int = 50) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", PYTHONUNBUFFERED="1")
        self.child = pexpect.spawn(
            sys.executable, ["-m", "towpath", *args], env=env, dimensions=(rows, columns)
        )
        self.screen = Screen(columns, rows, self.child.send)
        self.stream = pyte.ByteStream(self.screen)
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.clean = ""  # what was printed, without escape sequences
        self.pending = ""  # an escape sequence cut off at the end of the last read
        self.ended = False

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def printed(self, start: int = 0) -> str:
        """Everything the command wrote from this offset on, without escape sequences."""
        return self.clean[start:]

    def mark(self) -> int:
        return len(self.clean)

    def take(self, chunk: bytes) -> None:
        self.stream.feed(chunk)
        text = self.pending + self.decoder.decode(chunk).replace("\r", "")
        cut = text.rfind("\x1b")
        if cut < 0 or ESCAPE.match(text, cut) or len(text) - cut > 64:
            cut = len(text)
        self.clean += ESCAPE.sub("", text[:cut])
        self.pending = text[cut:]

    def line(self) -> str:
        """The screen's line under the cursor, up to the cursor."""
        return self.screen.display[self.screen.cursor.y][: self.screen.cursor.x]

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, done: Callable[[], bool], what: str) -> None:
        """Read the command's output until `done` (or the command ends)."""
        deadline = time.monotonic() + WAIT
        while not done():
            left = deadline - time.monotonic()
            if self.ended or left <= 0:
                raise AssertionError(f"waited for {what}; the screen:\n{self.text()}")
            try:
                chunk = self.child.read_nonblocking(1 << 16, timeout=min(left, 1.0))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                self.ended = True
                continue
            assert isinstance(chunk, bytes)
            self.take(chunk)

    def wait_for_text(self, since: int, text: str) -> str:
        """Wait until `text` was printed after offset `since`; what was printed since."""
        self.wait(lambda: text in self.printed(since), repr(text))
        return self.printed(since)

    def wait_for_prompt_or_text(self, since: int, text: str) -> None:
        self.wait(
            lambda: text in self.printed(since) or self.line() == PROMPT, f"a prompt or {text!r}"
        )

    def wait_for_prompt(self, since: int, heading: str) -> str:
        """Wait for an empty prompt after `heading` was printed; what was printed since."""
        self.wait(
            lambda: heading in self.printed(since) and self.line() == PROMPT,
            f"{heading!r} and a prompt",
        )
        return self.printed(since)

    def type_line(self, typed: str) -> None:
        """Wait until the prompt's line reads `typed` up to the cursor."""
        self.wait(lambda: self.line() == PROMPT + typed, f"the line {PROMPT + typed!r}")

    def exit_status(self) -> int | None:
        self.wait(lambda: self.ended, "the end of the command")
        self.child.close()
        return self.child.exitstatus

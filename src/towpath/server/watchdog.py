"""A bound on the engine work one request may cost the event loop.

A room checks a client's action on the event loop (parsing it, playing it on a copy of the
state, telling it in words): work the engines keep small, and whose every number the notation
parsers bound by the game's data. The watchdog is the backstop should some input still make
an engine run away: a block of work armed with `bounded(seconds)` that is still running past
its bound has `Overran` raised inside it, in its own thread, by a thread that watches every
armed block. The lobby refuses the request and reloads the room from its record.

CPython delivers such an exception at the next bytecode the thread interprets: pure-Python
engine code is interrupted at once, a compiled kernel when it next calls back into Python.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

ENGINE_BOUND = 0.5  # seconds the engine may spend on one request of a client


class Overran(Exception):
    """Raised inside a block of work that ran past its bound."""


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Have `thread` raise `error` at its next bytecode (None: take back one not raised yet)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(error) if error is not None else None
    )


class Watchdog:
    """One watching thread for the blocks armed in every thread of the process."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._armed: dict[int, float] = {}  # thread -> the deadline of its running block
        self._fired: set[int] = set()  # threads told to raise, whose block has not ended
        self._watcher: threading.Thread | None = None

    @contextmanager
    def bounded(self, seconds: float) -> Iterator[None]:
        """Run the block; Overran (raised from inside it) if it runs past `seconds`."""
        thread = threading.get_ident()
        with self._lock:
            self._start()
            self._fired.discard(thread)  # an earlier block's, raised before it was disarmed
            self._armed[thread] = time.monotonic() + seconds
            self._lock.notify()
        try:
            yield
        finally:
            with self._lock:
                self._armed.pop(thread, None)
                if thread in self._fired:
                    self._fired.discard(thread)
                    _raise_in(thread, None)  # fired as the block ended: not raised after it

    def _start(self) -> None:
        if self._watcher is None or not self._watcher.is_alive():
            self._watcher = threading.Thread(target=self._watch, daemon=True, name="watchdog")
            self._watcher.start()

    def _watch(self) -> None:
        with self._lock:
            while True:
                now = time.monotonic()
                for thread, deadline in list(self._armed.items()):
                    if deadline <= now and thread not in self._fired:
                        self._fired.add(thread)
                        _raise_in(thread, Overran)
                waiting = [d for t, d in self._armed.items() if t not in self._fired]
                self._lock.wait(max(0.0, min(waiting) - now) if waiting else None)


WATCHDOG = Watchdog()

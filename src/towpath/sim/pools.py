"""Where games are played: in this process, in local worker processes, or on Ray.

Jobs go out in chunks sized to about TARGET_CHUNK_SECONDS of play (one game per chunk until the
time of a game is known), at most two chunks per worker at a time, so results stream back
steadily, an interruption wastes little, and the last chunks balance the workers.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from towpath.sim.playout import Job, Row, play_jobs

TARGET_CHUNK_SECONDS = 0.25
MAX_CHUNK = 200
CHUNKS_PER_WORKER = 2


class Pool(ABC):
    """Plays chunks of jobs; `failure` says why it cannot go on (a worker died, ...)."""

    workers: int
    failure: str | None = None

    @abstractmethod
    def room(self) -> bool:
        """Whether another chunk may be submitted now."""

    @abstractmethod
    def busy(self) -> bool:
        """Whether chunks are in flight."""

    @abstractmethod
    def submit(self, jobs: list[Job]) -> None: ...

    @abstractmethod
    def collect(self, timeout: float) -> list[Row]:
        """The rows of chunks that finished, waiting up to `timeout` seconds for one."""

    @abstractmethod
    def drain(self) -> list[Row]:
        """Stop taking work; wait for the chunks already started and return their rows."""

    @abstractmethod
    def close(self) -> None:
        """Release the workers, abandoning whatever is still in flight."""


def drive(pool: Pool, jobs: Sequence[Job], deliver: Callable[[list[Row]], None]) -> None:
    """Play every job on `pool`, handing rows to `deliver` as they arrive."""
    queue = deque(jobs)
    played = 0
    seconds = 0.0
    while queue or pool.busy():
        while queue and pool.room():
            per_game = seconds / played if played else None
            size = chunk_size(per_game, len(queue), pool.workers)
            pool.submit([queue.popleft() for _ in range(size)])
        rows = pool.collect(timeout=0.5)
        if rows:
            played += len(rows)
            seconds += sum(row["duration"] for row in rows)
            deliver(rows)
        if pool.failure:
            raise WorkerDied(pool.failure)


def chunk_size(per_game: float | None, remaining: int, workers: int) -> int:
    if per_game is None:
        return 1
    size = int(TARGET_CHUNK_SECONDS / max(per_game, 1e-6))
    balance = math.ceil(remaining / (CHUNKS_PER_WORKER * workers))
    return max(1, min(size, MAX_CHUNK, balance))


class WorkerDied(Exception):
    """A pool lost a worker: the run stops, keeping what finished."""


class InlinePool(Pool):
    """One worker: this process, one game per `collect`."""

    def __init__(self) -> None:
        self.workers = 1
        self.pending: deque[Job] = deque()

    def room(self) -> bool:
        return not self.pending

    def busy(self) -> bool:
        return bool(self.pending)

    def submit(self, jobs: list[Job]) -> None:
        self.pending.extend(jobs)

    def collect(self, timeout: float) -> list[Row]:
        return play_jobs([self.pending.popleft()]) if self.pending else []

    def drain(self) -> list[Row]:
        self.pending.clear()
        return []

    def close(self) -> None:
        self.pending.clear()


def start_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops them in order, and end when it
    ends in any way (a worker blocked on the task queue would otherwise outlive a killed run)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=end_with, args=(parent.sentinel,), daemon=True).start()


def end_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


class ProcessPool(Pool):
    """`workers` local processes. They are started by a fork server, not forked from this
    process (which may run threads, a progress bar's for one), and die with it."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(["towpath.sim.pools"])
        self.others = set(multiprocessing.active_children())
        self.executor = ProcessPoolExecutor(workers, context, initializer=start_worker)
        self.futures: set[Future[list[Row]]] = set()

    def room(self) -> bool:
        return not self.failure and len(self.futures) < CHUNKS_PER_WORKER * self.workers

    def busy(self) -> bool:
        return bool(self.futures)

    def submit(self, jobs: list[Job]) -> None:
        self.futures.add(self.executor.submit(play_jobs, jobs))

    def collect(self, timeout: float) -> list[Row]:
        done, self.futures = wait(self.futures, timeout, FIRST_COMPLETED)
        return self._rows(done)

    def drain(self) -> list[Row]:
        for future in self.futures:
            future.cancel()
        done, self.futures = wait(self.futures)
        return self._rows(done)

    def _rows(self, done: set[Future[list[Row]]]) -> list[Row]:
        rows: list[Row] = []
        for future in done:
            if future.cancelled():
                continue
            try:
                rows.extend(future.result())
            except BrokenProcessPool:
                self.failure = "a worker process died"
        return rows

    def close(self) -> None:
        if self.futures or self.failure:
            self.executor.shutdown(wait=False, cancel_futures=True)
            for process in set(multiprocessing.active_children()) - self.others:
                process.terminate()
        self.executor.shutdown(wait=True)

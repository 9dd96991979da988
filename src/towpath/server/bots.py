"""Bot moves, off the event loop and each with a hard wall-clock limit.

A random move is drawn here, on the event loop: the draw costs less than the state's trip to a
worker and back. Two lanes, so that no move waits behind a dearer one of another room: greedy
moves go to the cheap lane, MCTS searches to the search lane. A lane is a few worker processes
and the moves waiting for one, served fairly among the rooms' creators (`Turn`): a free worker
takes the move of the creator it served least lately (moves of rooms where people play before
those of rooms of bots alone), so a room's bot waits at most one move per other creator with
a move waiting, however many rooms those creators run. A room has at most one move in flight
(the lobby's bot task); a cheap move waits only for other cheap moves (a greedy move at its
largest settings takes well under a second).
A move's limit is its search time plus a margin (a cheap move's is fixed). A worker past it is
killed and replaced, and the move plays the search's last report of its leading action, else a
greedy move with a small budget from the cheap lane (under a limit of its own), else a random
action drawn here: a bot cannot stall its room, nor the server.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection

import towpath
from towpath.agents.mcts import MCTSAgent
from towpath.agents.spec import AgentSpec
from towpath.core.game import State

log = logging.getLogger("towpath.server")

MARGIN = 1.0  # seconds a search may overrun its time (reading the state, the answer's trip)
CHEAP_SECONDS = 3.0  # a greedy move's limit (its largest settings take < 1 s)
FALLBACK = "greedy:budget=0,sample=20,shortlist=4"
FALLBACK_SECONDS = 2.0
MAX_CREATORS = 10_000  # creators whose last move a lane remembers
CONTEXT = multiprocessing.get_context("forkserver")  # forks from a clean, single process
CONTEXT.set_forkserver_preload(["towpath.server.bots"])

Play = Callable[[str, str, int, Callable[[str], None]], str]


def play_move(state_json: str, spec: str, seed: int, report: Callable[[str], None]) -> str:
    """A bot's move, on a worker: the state travels as its exact JSON save; a search reports
    its leading action as it goes."""
    state = towpath.from_json(state_json)
    bot = AgentSpec.parse(spec).build(seed)
    if isinstance(bot, MCTSAgent):
        bot.report = lambda action: report(str(action))
    return str(bot.choose(state))


def move_limit(spec: str) -> float:
    """The wall-clock seconds a bot's move may take."""
    bot = AgentSpec.parse(spec)
    seconds = dict(bot.params).get("seconds")
    if bot.name == "mcts" and isinstance(seconds, int | float):
        return float(seconds) + MARGIN
    return CHEAP_SECONDS


def _work(connection: Connection, play: Play) -> None:
    """A worker's life: moves in, reports and answers out, until the server is gone."""
    parent = os.getppid()

    def watch() -> None:  # exit when the server (and so the fork server) is gone
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="towpath-parent-watch").start()
    towpath.game_ids()
    while True:
        try:
            state_json, spec, seed = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer = play(state_json, spec, seed, lambda text: connection.send(("best", text)))
            connection.send(("done", answer))
        except Exception as error:  # reported to the server, which falls back
            connection.send(("failed", f"{type(error).__name__}: {error}"))


@dataclass(frozen=True)
class Turn:
    """Whose move waits for a worker: the room's creator (a digest of their address), and
    whether people play in the room (their moves go first)."""

    creator: str
    people: bool = True


@dataclass
class Waiting:
    turn: Turn
    worker: asyncio.Future[Worker]
    arrived: int


@dataclass
class Outcome:
    action: str | None  # the answer, or the last reported action of a cut search
    cut: bool  # the move ran past its limit (its worker is killed)
    failure: str | None = None


class Worker:
    """One bot process and its end of the pipe."""

    def __init__(self, play: Play) -> None:
        self.connection, child = CONTEXT.Pipe()
        self.process = CONTEXT.Process(
            target=_work, args=(child, play), daemon=True, name="towpath-bot"
        )
        self.process.start()
        child.close()

    async def run(self, job: tuple[str, str, int], limit: float) -> Outcome:
        """Send the move and collect reports until the answer or the limit. The pipe is
        watched by the event loop itself: no thread hands the answer over."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        best: str | None = None
        try:
            self.connection.send(job)
            while await self._readable(deadline - loop.time()):
                kind, text = self.connection.recv()
                if kind == "best":
                    best = text
                elif kind == "done":
                    return Outcome(text, cut=False)
                else:
                    return Outcome(best, cut=False, failure=text)
        except (EOFError, OSError) as error:  # the worker died
            return Outcome(best, cut=True, failure=f"the worker died ({error or 'no answer'})")
        return Outcome(best, cut=True)

    async def _readable(self, timeout: float) -> bool:
        """Whether the worker's pipe has something to read within `timeout` seconds."""
        if timeout <= 0:
            return False
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        descriptor = self.connection.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(descriptor, wake)
        try:
            await asyncio.wait_for(ready, timeout)
            return True
        except TimeoutError:
            return False
        finally:
            loop.remove_reader(descriptor)

    def kill(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.connection.close()


class Lane:
    """`size` workers and the moves waiting for one, served fairly (see the module)."""

    def __init__(self, name: str, size: int, play: Play, starters: ThreadPoolExecutor) -> None:
        self.name = name
        self.size = size
        self.play = play
        self.starters = starters
        self.workers: set[Worker] = set()
        self.starting = 0  # workers being started
        self.idle: list[Worker] = []
        self.waiting: list[Waiting] = []
        self.served: dict[str, int] = {}  # creator -> when a worker last took their move
        self.moves = 0  # moves given a worker so far
        self.replacing: set[asyncio.Task[None]] = set()
        self.closed = False

    async def run(self, job: tuple[str, str, int], limit: float, turn: Turn) -> Outcome:
        worker = await self._take(turn)
        outcome = Outcome(None, cut=True, failure="cancelled")
        try:
            outcome = await worker.run(job, limit)
        finally:
            if outcome.cut:
                self._replace(worker)
            else:
                self._give_back(worker)
        return outcome

    async def _take(self, turn: Turn) -> Worker:
        if self.idle:
            return self._given(self.idle.pop(), turn)
        if len(self.workers) + self.starting < self.size:
            self.starting += 1
            try:
                worker = await asyncio.get_running_loop().run_in_executor(
                    self.starters, Worker, self.play
                )
            finally:
                self.starting -= 1
            self.workers.add(worker)
            if self.closed:
                worker.kill()
            return self._given(worker, turn)
        waiting = Waiting(turn, asyncio.get_running_loop().create_future(), self.moves)
        self.waiting.append(waiting)
        try:
            return await waiting.worker
        except asyncio.CancelledError:
            if waiting.worker.done() and not waiting.worker.cancelled():
                self._give_back(waiting.worker.result())  # given as the move was cancelled
            raise
        finally:
            if waiting in self.waiting:
                self.waiting.remove(waiting)

    def _given(self, worker: Worker, turn: Turn) -> Worker:
        self.moves += 1
        self.served[turn.creator] = self.moves
        if len(self.served) > MAX_CREATORS:  # forget those with no move waiting
            self.served = {w.turn.creator: self.served.get(w.turn.creator, 0) for w in self.waiting}
        return worker

    def _give_back(self, worker: Worker) -> None:
        """The worker takes the next move: of a room where people play before one of bots
        alone, of the creator it served least lately, the longest waiting of theirs."""
        waiting = [w for w in self.waiting if not w.worker.done()]
        if not waiting:
            self.idle.append(worker)
            return
        chosen = min(
            waiting,
            key=lambda w: (not w.turn.people, self.served.get(w.turn.creator, 0), w.arrived),
        )
        self.waiting.remove(chosen)
        chosen.worker.set_result(self._given(worker, chosen.turn))

    def _replace(self, worker: Worker) -> None:
        """Kill a worker past its limit and start another in its place, in the background."""

        async def replace() -> None:
            loop = asyncio.get_running_loop()
            self.workers.discard(worker)  # first, so that closing the lane does not kill it too
            await loop.run_in_executor(self.starters, worker.kill)
            if self.closed:
                return
            fresh = await loop.run_in_executor(self.starters, Worker, self.play)
            if self.closed:  # closed while it started
                fresh.kill()
                return
            self.workers.add(fresh)
            self._give_back(fresh)

        task = asyncio.create_task(replace(), name=f"replace a {self.name} worker")
        self.replacing.add(task)
        task.add_done_callback(self.replacing.discard)

    def close(self) -> None:
        self.closed = True
        for waiting in self.waiting:
            waiting.worker.cancel()
        for worker in list(self.workers):
            worker.kill()
        self.workers.clear()


def default_search_workers() -> int:
    """One core is left to the server and the cheap lane."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def default_cheap_workers() -> int:
    return max(1, (os.cpu_count() or 2) // 4)


class Bots:
    """Where the lobby asks for bot moves."""

    def __init__(self, search_workers: int | None = None, play: Play = play_move) -> None:
        searches = search_workers or default_search_workers()
        cheap = default_cheap_workers()
        self.starters = ThreadPoolExecutor(2, thread_name_prefix="towpath-bot-start")
        self.search = Lane("search", searches, play, self.starters)
        self.cheap = Lane("cheap", cheap, play, self.starters)

    async def move(self, state: State, spec: str, seed: int, turn: Turn = Turn("")) -> str:
        """The bot's action in notation, within the bot's limit (and the fallback's); `turn`
        says whose move it is, for the lanes' fairness."""
        name = spec.partition(":")[0]
        if name == "random":
            return random_action(state, seed)
        lane = self.search if name == "mcts" else self.cheap
        job = (state.to_json(), spec, seed)
        outcome = await lane.run(job, move_limit(spec), turn)
        if outcome.action is not None and outcome.failure is None:
            if outcome.cut:
                log.info("bot %s cut at its limit: playing its leading action", spec)
            return outcome.action
        log.warning("bot %s gave no action (%s): falling back", spec, outcome.failure or "cut")
        fallback = await self.cheap.run((job[0], FALLBACK, seed), FALLBACK_SECONDS, turn)
        if fallback.action is not None and fallback.failure is None:
            return fallback.action
        return random_action(state, seed)

    def close(self) -> None:
        self.search.close()
        self.cheap.close()
        self.starters.shutdown(wait=False, cancel_futures=True)


def random_action(state: State, seed: int) -> str:
    """A uniformly random legal action, drawn here (the random bot's move, and the last resort
    of the others), as a worker would draw it."""
    return str(towpath.agent("random", seed=seed).choose(state))


__all__ = ["Bots", "Outcome", "Turn", "move_limit", "play_move"]

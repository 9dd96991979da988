"""`simulate`: many games played by bots, in parallel, stored as they finish, resumable."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from towpath.core.errors import GameError
from towpath.sim.plan import Plan, make_plan
from towpath.sim.playout import Job, Row
from towpath.sim.pools import InlinePool, Pool, ProcessPool, WorkerDied, drive
from towpath.sim.store import KEY, ResultsFile, to_frame

BACKENDS = ("local", "ray")

Progress = Callable[[int, int], None]  # (games done, games in the run)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; the games finished so far are kept in `out` (if any)."""

    def __init__(self, done: int, total: int, out: Path | None) -> None:
        super().__init__(f"interrupted after {done} of {total} games")
        self.done = done
        self.total = total
        self.out = out


def simulate(
    game: str,
    players: int | None = None,
    agents: str | Sequence[str] = "playout",
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    grid: Mapping[str, Sequence[Any]] | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    rotate: bool = False,
    report: str | Path | None = None,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Play `games` games of `game` (each variant of `grid`) with bots; one row per game.

    `agents` ("mcts:iterations=200,greedy,random" or a list of such specs) sit around the table
    in order, repeated when fewer than the players, turned one seat per game with `rotate`.
    Games run on `workers` local processes or on Ray (`backend="ray"`, `address` of a cluster;
    a local Ray without one). With `out`, rows go to that Parquet file as games finish; `resume`
    completes the run stored there. Same `seed`, same rows (but `duration`), whatever the
    workers or backend. `report` writes the HTML report of the run.
    """
    if backend not in BACKENDS:
        raise GameError(f"backend {backend!r}: expected one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise GameError("--address is for --backend ray")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise GameError(f"--workers: expected a whole number from 1 up, got {workers!r}")
    if resume and out is None:
        raise GameError("--resume needs --out, the file of the run to complete")
    plan = make_plan(game, players, agents, games, seed, options or {}, grid or {}, rotate)
    store = ResultsFile(Path(out)) if out is not None else None
    run = Run(plan, store, previous_games(store, plan, resume), progress)
    todo = [job for job in plan.jobs if (job.variant, job.index) not in run.stored_keys]
    if todo:
        run.play(open_pool(backend, workers, address), todo)
    frame = run.keep()
    if report is not None:
        from towpath.sim.report import write_report  # noqa: PLC0415 (Matplotlib loads slowly)

        write_report(frame, Path(report))
    return frame


class Run:
    """The games of a plan: those stored before, those played now, and where they go."""

    def __init__(
        self, plan: Plan, store: ResultsFile | None, stored: pd.DataFrame, progress: Progress | None
    ) -> None:
        self.plan = plan
        self.store = store
        self.stored = stored
        self.stored_keys = set(zip(stored["variant"], stored["index"], strict=True))
        self.rows: list[Row] = []
        self.progress = progress or (lambda _done, _total: None)
        self.progress(self.done, plan.total)

    @property
    def done(self) -> int:
        return len(self.stored) + len(self.rows)

    def deliver(self, rows: list[Row]) -> None:
        self.rows.extend(rows)
        if self.store:
            self.store.add(rows)
        self.progress(self.done, self.plan.total)

    def keep(self) -> pd.DataFrame:
        """Every game so far, in plan order, written to the store."""
        frame = assemble(self.plan, self.stored, self.rows)
        if self.store:
            self.store.finish(frame)
        return frame

    def play(self, pool: Pool, todo: list[Job]) -> None:
        """Play `todo` on `pool`; stopped by Ctrl-C or a dead worker, keep what finished."""
        try:
            drive(pool, todo, self.deliver)
        except KeyboardInterrupt:
            with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C abandons them
                self.deliver(pool.drain())
            self.keep()
            path = self.store.path if self.store else None
            raise Interrupted(self.done, self.plan.total, path) from None
        except WorkerDied as died:
            self.keep()
            raise GameError(f"{died}; {self.kept()}") from None
        finally:
            pool.close()

    def kept(self) -> str:
        if self.store is None:
            return f"{self.done} of {self.plan.total} games were played (no --out kept them)"
        return (
            f"{self.done} of {self.plan.total} games kept in {self.store.path}; "
            "run again with --resume to complete it"
        )


def open_pool(backend: str, workers: int | None, address: str | None) -> Pool:
    if backend == "ray":
        from towpath.sim.ray_pool import RayPool  # noqa: PLC0415 (Ray only when asked for)

        return RayPool(workers, address)
    if workers is None or workers == 1:
        return InlinePool()
    return ProcessPool(workers)


def previous_games(store: ResultsFile | None, plan: Plan, resume: bool) -> pd.DataFrame:
    """The games of this run already stored, checked to belong to it."""
    if store is None or not store.exists():
        return to_frame([])
    if not resume:
        raise GameError(
            f"{store.path} exists: add --resume to complete it, or choose another --out"
        )
    stored = store.stored()
    planned = {(job.variant, job.index): job for job in plan.jobs}
    for row in stored.to_dict("records"):
        job = planned.get((row["variant"], row["index"]))
        if job is None or signature(job) != tuple(row[name] for name in SIGNATURE):
            raise GameError(
                f"{store.path} holds another run (game {row['index']} of variant "
                f"{row['variant']!r}: {row['game']}, {row['players']} players, seed "
                f"{row['run_seed']}, agents {','.join(row['agents'])}); resume with the same "
                "settings or choose another --out"
            )
    return stored


SIGNATURE = ("game", "players", "run_seed", "seed", "agents")


def signature(job: Job) -> tuple[Any, ...]:
    return (job.game, job.players, job.run_seed, job.seed, list(job.agents))


def assemble(plan: Plan, stored: pd.DataFrame, rows: list[Row]) -> pd.DataFrame:
    """Stored and new games together, in the order of the plan (by variant, then game)."""
    new = to_frame(rows)
    frame = pd.concat([stored, new], ignore_index=True) if len(stored) else new
    order = {label: position for position, label in enumerate(plan.variants)}
    frame = frame.assign(_order=frame["variant"].map(order))
    frame = frame.sort_values(["_order", *KEY[1:]], kind="stable").drop(columns="_order")
    return frame.reset_index(drop=True)

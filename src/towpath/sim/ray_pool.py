"""The Ray backend: chunks of games as Ray tasks, on a local Ray or an existing cluster.

Every node of a cluster needs towpath installed (the same version): tasks import it there.
A Ray started here is shut down at the end; one the caller started (`ray.init(...)` before the
run) is used as it is and left running.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import ray
from ray.exceptions import RayError

from towpath.core.errors import GameError
from towpath.sim.playout import Job, Row, play_jobs
from towpath.sim.pools import CHUNKS_PER_WORKER, Pool


class RayPool(Pool):
    def __init__(self, workers: int | None, address: str | None) -> None:
        self.owner = not ray.is_initialized()
        if self.owner:
            settings: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
            try:
                if address:
                    ray.init(address=address, **settings)
                else:
                    cpus = workers or os.cpu_count() or 1
                    ray.init(num_cpus=cpus, include_dashboard=False, **settings)
            except (ConnectionError, RuntimeError, ValueError) as error:
                first = str(error).strip().splitlines()[0] if str(error).strip() else ""
                raise GameError(
                    f"cannot start or reach Ray at {address or 'local'}: {first}"
                ) from None
        resources = ray.cluster_resources()  # type: ignore[no-untyped-call]
        self.workers = workers or max(1, int(resources.get("CPU", 1)))
        self.task = ray.remote(play_jobs)
        self.pending: list[ray.ObjectRef[Any]] = []

    def room(self) -> bool:
        return not self.failure and len(self.pending) < CHUNKS_PER_WORKER * self.workers

    def busy(self) -> bool:
        return bool(self.pending)

    def submit(self, jobs: list[Job]) -> None:
        self.pending.append(self.task.remote(jobs))

    def collect(self, timeout: float) -> list[Row]:
        ready, _ = ray.wait(self.pending, num_returns=1, timeout=timeout)
        if ready:
            ready, _ = ray.wait(self.pending, num_returns=len(self.pending), timeout=0)
        return self._rows(ready)

    def drain(self) -> list[Row]:
        return self._rows(list(self.pending))

    def _rows(self, refs: list[ray.ObjectRef[Any]]) -> list[Row]:
        rows: list[Row] = []
        for ref in refs:
            self.pending.remove(ref)
            try:
                rows.extend(ray.get(ref))
            except RayError as error:
                lines = str(error).strip().splitlines()
                self.failure = f"a Ray task failed: {lines[0] if lines else type(error).__name__}"
        return rows

    def close(self) -> None:
        for ref in self.pending:
            ray.cancel(ref, force=True)
        self.pending = []
        if self.owner:
            ray.shutdown()

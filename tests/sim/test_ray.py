"""The same run on a local Ray: started and stopped by `simulate`, or started by the caller."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
import ray

import towpath
from tests.sim.conftest import RUN, RUN_GAMES, comparable
from towpath.sim.store import read_results


def test_simulate_starts_a_local_ray_and_shuts_it_down(reference: pd.DataFrame) -> None:
    frame = towpath.simulate(**RUN, games=300, backend="ray", workers=2)
    assert not ray.is_initialized()
    assert comparable(frame) == comparable(reference.head(300))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    yield
    ray.shutdown()


def test_a_run_on_the_callers_ray_equals_the_local_run(
    local_ray: None, reference: pd.DataFrame, tmp_path: Path
) -> None:
    out = tmp_path / "ray.parquet"
    frame = towpath.simulate(**RUN, games=RUN_GAMES, backend="ray", out=out)
    assert ray.is_initialized()  # the caller's Ray is left running
    assert comparable(frame) == comparable(reference)
    assert comparable(read_results([out])) == comparable(reference)

from __future__ import annotations

import gc

from towpath.core.heap import THRESHOLDS, settled


def test_settled_collects_rarely_and_restores_the_collector() -> None:
    before = gc.get_threshold()
    kept = [object() for _ in range(3)]
    with settled():
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
    assert len(kept) == 3

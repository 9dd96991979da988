"""Rate limits per client address: a token bucket for each kind of request and address.

An address may make `burst` requests of a kind at once, and then one every `3600 / per_hour`
seconds; past that it is answered 429 with the seconds to wait (`Retry-After`). Behind a
reverse proxy on the same machine, uvicorn takes the address from `X-Forwarded-For`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MAX_ADDRESSES = 10_000  # buckets kept before the full ones are forgotten


@dataclass(frozen=True)
class Limits:
    rooms_per_hour: float = 60.0  # rooms created and rematches asked for
    joins_per_hour: float = 240.0
    burst: int = 10
    connections: int = 10_000  # open at once in a process (`serve` keeps it under its files)
    connections_per_address: int = 256
    requests_per_address: int = 6  # handled at once; its others wait their turn
    request_seconds: float = 10.0  # for a request's head and body to arrive

    def per_hour(self, kind: str) -> float:
        return self.rooms_per_hour if kind == "rooms" else self.joins_per_hour


class RateLimiter:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}  # (tokens, at)

    def take(self, kind: str, address: str, now: float) -> int | None:
        """Take a request from the address's bucket: None if allowed, else the whole
        seconds to wait."""
        rate = self.limits.per_hour(kind) / 3600.0
        burst = float(self.limits.burst)
        tokens, at = self.buckets.get((kind, address), (burst, now))
        tokens = min(burst, tokens + (now - at) * rate)
        if tokens < 1.0:
            self.buckets[(kind, address)] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / rate))
        self.buckets[(kind, address)] = (tokens - 1.0, now)
        if len(self.buckets) > MAX_ADDRESSES:
            self._forget_full(now)
        return None

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have refilled: forgetting them changes nothing."""
        burst = float(self.limits.burst)
        for key, (tokens, at) in list(self.buckets.items()):
            if tokens + (now - at) * self.limits.per_hour(key[0]) / 3600.0 >= burst:
                del self.buckets[key]

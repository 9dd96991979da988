"""Hypothesis runs derandomized, so every test run plays the same seeded games."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "towpath",
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("towpath")

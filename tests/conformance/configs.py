"""Every registered game, at every allowed player count, with each of its option sets."""

from __future__ import annotations

from dataclasses import dataclass, field

import towpath
from towpath.core import registry
from towpath.core.options import OptionValue


@dataclass(frozen=True)
class Config:
    game: str
    players: int
    options: dict[str, OptionValue] = field(default_factory=dict)

    def load(self) -> towpath.Game:
        return towpath.load(self.game, self.players, **self.options)

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game}-{self.players}p" + (f"-{extra}" if extra else "")


def all_configs() -> list[Config]:
    configs = []
    for game_id in towpath.game_ids():
        cls = registry.game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            configs += [Config(game_id, players, dict(options)) for options in cls.option_sets]
    return configs


CONFIGS = all_configs()
BASE_CONFIGS = [config for config in CONFIGS if not config.options]
VARIANT_CONFIGS = [config for config in CONFIGS if config.options]

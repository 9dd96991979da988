"""A movement card in play: a plain list `[kind, revealed, orientation, known, armed, set_of]`.

- `known` is a bit mask of who knows the card's identity: bit s for seat s, bit `players` for
  everyone (a spectator). Revealing sets every bit; knowledge travels with the card.
- `orientation` is 0 or 180 once a directional card is revealed, else None.
- `armed` marks a Fishless/Fishful card whose special triggered in the build phase.
- `set_of` is the seat whose `see_cards` set the card belongs to (-1 for none).
"""

from __future__ import annotations

from typing import Any

KIND, UP, TURN, KNOWN, ARMED, SET_OF = range(6)
Card = list[Any]


def new_card(kind: int, set_of: int = -1) -> Card:
    """A face-down card nobody knows."""
    return [kind, False, None, 0, False, set_of]

"""The pending steps of a Mapped Out turn: decisions a seat makes and steps that run by themselves.

A state keeps a stack of steps (plain dicts, the top last). `{"do": kind, ...}` names its
handler: a Decision waits for an action of the seat `step["by"]`; an automatic step runs as soon
as it reaches the top. A decision with nothing to choose lapses (it is dropped unplayed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from towpath.core.actions import Action
from towpath.core.errors import IllegalAction
from towpath.games.mapped_out.position import Position, Step
from towpath.games.mapped_out.words import prompt

Auto = Callable[[Position, Step], None]
D = TypeVar("D", bound="type[Decision]")


class Decision:
    """A choice of the seat `step["by"]`; `rule` names what an action refused here breaks."""

    kind: ClassVar[str]
    rule: ClassVar[str]
    keys: ClassVar[tuple[str, ...]] = ()  # what a step of this kind holds, besides do and by

    def options(self, state: Position, step: Step) -> list[Action]:
        raise NotImplementedError

    def available(self, state: Position, step: Step) -> bool:
        return bool(self.options(state, step))

    def check(self, state: Position, step: Step, action: Action) -> None:
        if action not in self.options(state, step):
            self.refuse(state, step, action)

    def refuse(self, state: Position, step: Step, action: Action, why: str = "") -> None:
        reason = f" ({why})" if why else ""
        raise IllegalAction(
            f"{action} is not a choice here{reason}: seat {step['by']} must "
            f"{self.prompt(state, step)}",
            rule=self.rule,
        )

    def resolve(self, state: Position, step: Step, action: Action) -> None:
        raise NotImplementedError

    def prompt(self, state: Position, step: Step) -> str:
        """What the seat is to do, in words (words.py says it for every kind of decision)."""
        return prompt(state.game.kinds, step)


DECISIONS: dict[str, Decision] = {}
AUTOMATIC: dict[str, Auto] = {}
AUTOMATIC_KEYS: dict[str, tuple[str, ...]] = {}


def decision(cls: D) -> D:
    DECISIONS[cls.kind] = cls()
    return cls


def automatic(kind: str, *keys: str) -> Callable[[Auto], Auto]:
    def register(run: Auto) -> Auto:
        AUTOMATIC[kind] = run
        AUTOMATIC_KEYS[kind] = keys
        return run

    return register


def well_formed(step: object, players: int) -> bool:
    """A restored step names a handler and holds what it needs (a decision: a seat `by`)."""
    if not isinstance(step, dict):
        return False
    kind = step.get("do")
    if kind in AUTOMATIC:
        return set(AUTOMATIC_KEYS[kind]) <= set(step)
    handler = DECISIONS.get(kind) if isinstance(kind, str) else None
    by = step.get("by")
    seat = isinstance(by, int) and not isinstance(by, bool) and 0 <= by < players
    return handler is not None and seat and set(handler.keys) <= set(step)

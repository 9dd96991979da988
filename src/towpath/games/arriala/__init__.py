"""Arriala: Canal de Garonne (Florian Fay): workers, locks and vineyards on the Garonne canal.

Rules: rules/arriala.md. Where it is silent, this engine decides:
- A river structure may go on any free blue space in play, not only the one beside the
  worker's stretch (rulebook: "ein freies blaues Feld").
- Placing a new worker is not a canal move: the new worker may still make its one canal move.
- Moves to and from vineyards and blue spaces are not canal moves; they use up no canal move,
  but the two rules below it in the spec ("A turn") apply to them as well: no
  canal→vineyard→canal in one turn, and no moving back where the previous player moved it from.
- The "moved back" rule bars every place the previous player moved the worker out of (canal
  spaces, towns, vineyards), for every kind of move: action points, move cards, teleport,
  vineyard to canal and canal to vineyard.
- Workers are told apart: each has a public number within its colour (r1...r5), given in placing
  order (a new worker takes the lowest number left in the reserve); the virtual player's are
  numbered in canal order of the towns they start on. An action names the worker it moves by
  colour, number and the place it stands (`move r2@23 24`); the engine never picks one. Read
  against a position, such an action is refused at once (one-line notation error) when the
  named worker does not stand there.
- Workers of one colour on one place are one choice, listed under the lowest number among them,
  when all their marks of the turn are equal: canal move used, came from the canal, the places
  they may not return to this turn, and the places the current player has moved them out of
  (those bar them next turn, so moving one or the other would leave different positions).
  Naming a higher number of such workers is refused (rule "equal workers").
- Read against a position, a worker written without its number (`move r@23 24`) is accepted
  where it names one choice: the one distinct choice of that colour's workers there that the
  rules allow the action (or, where they allow none, the only distinct choice there, which the
  rules then refuse). Where it names several it is refused, naming them: the engine never picks
  a worker for the player.
- Records written before workers were numbered use that short form for every worker; in them
  it means the worker of that colour there that the action may move with the fewest options
  left this turn (the lowest number among equals), what the engine then played, so they replay
  to the same game (`parse_recorded`).
- Played cards are public: the view lists the discards (sorted) and, after the discards are
  reshuffled, which cards formed the new pile; resampling deals the pile from those.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from towpath.core.actions import Action
from towpath.core.encoding import Encoding
from towpath.core.errors import GameError, quote
from towpath.core.game import Game, State
from towpath.core.registry import register
from towpath.core.rng import Rng
from towpath.games.arriala.actions import UNNUMBERED, worker_name
from towpath.games.arriala.encoding import ArrialaEncoding
from towpath.games.arriala.evaluate import estimate_actions, evaluate_all
from towpath.games.arriala.movement import (
    as_recorded,
    choices_named,
    is_short_form,
    misplaced,
    short_form,
)
from towpath.games.arriala.playout import playout_action
from towpath.games.arriala.state import ArrialaState
from towpath.games.arriala.table import ArrialaTable


@register
class Arriala(ArrialaTable, Game[ArrialaState]):
    state_class = ArrialaState
    # The search judges the 8 best-ranked actions in 3 common worlds first, and plays each leaf
    # on by 2 greedy actions (toward the end of the mover's turn): at 0.2 s it beat greedy in
    # 15 of 20 games where the search without them (leaves judged as they stand) won 12.
    mcts_settings: ClassVar[Mapping[str, Any]] = {
        "rollout": "greedy",
        "epsilon": 0.0,
        "depth": 2,
        "root_worlds": 3,
        "shortlist": 8,
    }
    # The hard level searches a second a decision, and plays each leaf on by 30 actions of the
    # playout bot (which drives the canal to its end) before judging it. With 2-action greedy
    # leaves (the settings above) it won 2 of 10 against normal and 5 of the 10 ran to the
    # turn limit: a short horizon cannot see how a section is closed. With playout leaves it
    # won 18 of 29, but 5 still ran to the limit: once every rollout is a win, every action
    # looks alike and the leader shuffled the virtual player's workers while the other blocked.
    # Discounting each action to an outcome makes the sooner win the better one: it then won
    # 33 of 40, but 3 still ran to the limit: to the side that cannot win, a loss and a limit
    # are worth the same nothing. A game its rules end is worth a little more to both
    # (`finish`), as a player who cannot win still finishes the game.
    bot_levels: ClassVar[Mapping[str, str]] = {
        "hard": "mcts:rollout=playout,depth=30,seconds=1,discount=0.99,finish=0.05"
    }

    def evaluate(self, state: ArrialaState, seat: int) -> float:
        return evaluate_all(state)[seat]

    def evaluate_all(self, state: ArrialaState) -> list[float]:
        return evaluate_all(state)

    def estimate_actions(
        self, state: ArrialaState, seat: int, actions: Sequence[Action]
    ) -> list[float] | None:
        """The evaluation after each action, from the parts of the position it changes."""
        return estimate_actions(state, seat, actions)

    def playout_action(self, state: ArrialaState, rng: Rng) -> Action:
        """Dig the canal: fill the empty space that pays best for its action points."""
        return playout_action(state, rng)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """The action; with a state, the worker it names must stand where it says, and a
        worker written without its number (`r@12`) must name one choice there."""
        return self._read(text, state, one_choice)

    def parse_recorded(self, text: str, state: State) -> Action:
        """As `parse_action`, but a worker written without its number is the one a record
        written before workers were numbered meant (movement.as_recorded)."""
        return self._read(text, state, as_recorded)

    def _read(self, text: str, state: State | None, resolve: Resolver) -> Action:
        action = self.notation.parse(text)
        if not isinstance(state, ArrialaState):
            if getattr(action, "number", None) == UNNUMBERED:
                raise GameError(
                    f"bad Arriala action {quote(text)}: expected a worker with its number, "
                    "like r2@12 (r@12 is read only against a game in progress)"
                )
            return action
        found = resolve(state, action)
        if isinstance(found, str):
            raise GameError(f"bad Arriala action {quote(text)}: {found}")
        if found is None:
            raise GameError(f"bad Arriala action {quote(text)}: no worker of that colour there")
        problem = misplaced(state, found)
        if problem is not None:
            raise GameError(f"bad Arriala action {quote(text)}: {problem}")
        return found

    def _encoding(self) -> Encoding:
        return ArrialaEncoding(self)


# What a worker written without its number stands for: the action, None where no worker of
# that colour stands there, or why it names no one worker.
Resolver = Callable[[ArrialaState, Action], Action | str | None]


def one_choice(state: ArrialaState, action: Action) -> Action | str | None:
    """The one choice the short form names: the only distinct choice there, or the only one
    the rules allow; where it names several, a refusal naming them."""
    if not is_short_form(action):
        return action
    choices = choices_named(state, action)
    if len(choices) <= 1:
        return choices[0] if choices else None
    allowed = [choice for choice in choices if state.allows(choice)]
    if len(allowed) == 1:
        return allowed[0]
    named = [worker_name(choice.colour, choice.number) for choice in allowed or choices]
    said = ", ".join(named[:-1]) + " or " + named[-1]
    return f"{short_form(action)} names different workers: say {said}"

"""Detour: the position, the cards' parts, rounds and the end (rules/detour.md).

Colours, not seats, own markers and hands: with 3-4 players seat k plays colour k; with 2
players seat k plays colours k and k + 2. `nodes[colour]` is where the marker stands (node
numbers in components.Map; `map.finish` once it has finished).
"""

from __future__ import annotations

from towpath.core.actions import Action, Words
from towpath.core.caches import remember
from towpath.core.errors import GameError, IllegalAction
from towpath.core.game import EndReason
from towpath.core.piles import shared_win
from towpath.games.detour.actions import DONE, Backward, Block, Done, Move, Pass, SendOnDetour
from towpath.games.detour.components import Card
from towpath.games.detour.position import Position
from towpath.games.detour.view import DISPLAY
from towpath.games.detour.words import ending_words, words

MOVE, ACTION = "move", "action"
MAX_KEPT = 100_000  # legal action lists kept per game
Legal = tuple[tuple[Action, ...], frozenset[Action]]
ACTION_TYPES: dict[str, type[Action]] = {
    "detour": SendOnDetour,
    "backward": Backward,
    "block": Block,
}


class DetourState(Position):
    __slots__ = ()
    display = DISPLAY

    # -- what is legal ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.winners is not None:
            return []
        return list(self._listed()[0])

    def _listed(self) -> Legal:
        """The legal actions (and their set), kept per game for what they depend on: the
        colour's hand or pending part, the block, where its marker stands and which markers
        may be sent on a detour (and per position)."""
        return self.kept_legal(self._list)

    def _list(self) -> Legal:
        colour = self.colour
        pending = None if self.pending is None else (self.pending["card"], self.pending["part"])
        key = (
            pending or tuple(self.hands[colour]),
            self.blocked,
            self.nodes[colour],
            tuple(self._detour_targets()),
        )
        legal = self.game.legal
        known = legal.get(key)
        if known is None:
            actions = self._list_actions()
            known = remember(legal, key, (tuple(actions), frozenset(actions)), MAX_KEPT)
        return known

    def _list_actions(self) -> list[Action]:
        if self.pending is not None:
            return [*self._second_part_options(), DONE]
        game, colour = self.game, self.colour
        node = self.nodes[colour]
        actions: list[Action] = []
        for key in self.hands[colour]:
            if not self.blocked:
                actions += game.moves[key][: game.move_reach[key][node]]
            actions += self._action_part_options(game.cards[key])
            actions.append(game.passes[key])
        return actions

    def _action_part_options(self, card: Card) -> list[Action]:
        game, node = self.game, self.nodes[self.colour]
        if card.action == "detour":
            return [game.detour_actions[target] for target in self._detour_targets()]
        if card.action == "backward":
            return list(game.backward_actions[: game.backward_reach[node] + 1])
        if card.action == "block":
            return list(game.block_actions[: game.block_reach[node] + 1])
        return []

    def _second_part_options(self) -> list[Action]:
        assert self.pending is not None
        key = self.pending["card"]
        if self.pending["part"] == MOVE:
            return list(self.game.moves[key][: self.game.move_reach[key][self.nodes[self.colour]]])
        return self._action_part_options(self.game.cards[key])

    def _detour_targets(self) -> list[int]:
        """Markers on a branch space of the main path (so not on a detour, not finished)."""
        branch_to = self.game.map.branch_to
        return [colour for colour, node in enumerate(self.nodes) if branch_to[node] >= 0]

    def _special(self, card: Card) -> bool:
        """Both parts of the card (source: Detour on a detour, Block on a blue area), judged
        where the marker stands when the card is played, so the second part stays allowed
        after a first part that left the detour or the blue area. In a blocked round the
        specials give the action part only (Decision)."""
        if self.blocked:
            return False
        board, node = self.game.map, self.nodes[self.colour]
        if card.action == "detour":
            return board.detour_of[node] >= 0
        if card.action == "block":
            return node in board.blue
        return False

    # -- checks ----------------------------------------------------------------------------------

    def _check(self, action: Action) -> None:
        if action in self._listed()[1]:
            return
        if self.pending is not None:
            self._check_second_part(action)
            return
        if isinstance(action, Done):
            raise IllegalAction(
                "done only ends a turn after the first part of a card whose special ability "
                "allows both parts",
                rule="done",
            )
        key = self._card_of(action)
        if key not in self.hands[self.colour]:
            raise IllegalAction(
                f"{action}: the {key} card was already played this cycle; it returns to hand "
                "when all the cards have been played",
                rule="hand",
            )
        if isinstance(action, Move) and self.blocked:
            raise IllegalAction(
                "a Block was played last round: no move part may be used this round",
                rule="block",
            )
        self._check_part(action, key)

    def _check_second_part(self, action: Action) -> None:
        assert self.pending is not None
        key, part = self.pending["card"], self.pending["part"]
        if isinstance(action, Done):
            return
        card = self.game.cards[key]
        expected = Move if part == MOVE else ACTION_TYPES.get(card.action)
        if type(action) is not expected or (isinstance(action, Move) and action.card != key):
            raise IllegalAction(
                f"{action}: the turn goes on with the {part} part of the {card.name} card, or done",
                rule="second part",
            )
        self._check_part(action, key)

    def _card_of(self, action: Action) -> str:
        """The card an action plays (not checking the hand)."""
        if isinstance(action, Move | Pass):
            key = action.card
        else:
            kind = next((k for k, t in ACTION_TYPES.items() if isinstance(action, t)), None)
            if kind is None:
                raise IllegalAction(f"{action!r} is not a Detour action", rule="notation")
            key = self.game.action_card.get(kind, "")
        if key not in self.game.cards:
            raise IllegalAction(f"{action}: there is no such card in this game", rule="card")
        return key

    def _check_part(self, action: Action, key: str) -> None:
        game, node = self.game, self.nodes[self.colour]
        if isinstance(action, Move):
            if action.steps < 1:
                raise IllegalAction("a move goes at least 1 space", rule="move")
            self._check_reach(action.steps, game.move_reach[key][node], "the move part")
        elif isinstance(action, SendOnDetour):
            self._check_detour_target(action.colour)
        elif isinstance(action, Backward):
            self._check_reach(action.steps, game.backward_reach[node], "the backward move")
        elif isinstance(action, Block):
            self._check_reach(action.steps, game.block_reach[node], "the block move")

    def _check_reach(self, steps: int, reach: int, what: str) -> None:
        if steps < 0 or steps > reach:
            raise IllegalAction(
                f"{what} can pay for {reach} space(s) from here, not {steps}: each space "
                "entered is paid with its transports and the move stops where it cannot pay",
                rule="transports",
            )

    def _check_detour_target(self, name: str) -> None:
        game = self.game
        if name not in game.colours:
            raise IllegalAction(f"there is no {name} marker in this game", rule="colour")
        node = self.nodes[game.colours.index(name)]
        board = game.map
        if node == board.finish:
            raise IllegalAction(f"the {name} marker has finished", rule="finished")
        if board.detour_of[node] >= 0:
            raise IllegalAction(
                f"the {name} marker is already on a detour and cannot be sent to another",
                rule="already on a detour",
            )
        if board.branch_to[node] < 0:
            raise IllegalAction(
                f"the {name} marker is not on a branch space (where a red line leaves)",
                rule="branch space",
            )

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, Done):
            self.pending = None
            self._end_turn()
            return
        key = self._card_of(action)
        card = self.game.cards[key]
        if self.pending is None:
            self.hands[self.colour].remove(key)
            special = not isinstance(action, Pass) and self._special(card)
        else:
            special = False
            self.pending = None
        self._carry_out(action)
        if special:
            self.pending = {"card": key, "part": ACTION if isinstance(action, Move) else MOVE}
            if not self._second_part_options():
                self.pending = None
        if self.pending is None:
            self._end_turn()

    def _carry_out(self, action: Action) -> None:
        game, colour = self.game, self.colour
        if isinstance(action, Move):
            self._advance(colour, action.steps)
        elif isinstance(action, SendOnDetour):
            target = game.colours.index(action.colour)
            self.nodes[target] = game.map.branch_to[self.nodes[target]]
        elif isinstance(action, Backward):
            finish = game.map.finish
            self.nodes = [node if node == finish else game.pushed_back[node] for node in self.nodes]
            self._advance(colour, action.steps)
        elif isinstance(action, Block):
            self.block_next = True
            self._advance(colour, action.steps)

    def _advance(self, colour: int, steps: int) -> None:
        board = self.game.map
        self.nodes[colour] = node = board.advance(self.nodes[colour], steps)
        if node == board.finish:
            self.finished.append(colour)

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.game.round_order[self.first]):
            return
        if self.finished:
            self.winners = self._finish_winners()
        elif self.round >= self.game.max_rounds:
            self.winners = self._limit_winners()
        else:
            self._next_round()

    def _next_round(self) -> None:
        """Hands refill once all cards are played; the block moves on; the first-player marker
        passes to the left."""
        game = self.game
        self.hands = [hand or list(game.card_keys) for hand in self.hands]
        self.blocked, self.block_next = self.block_next, False
        self.first = (self.first + 1) % game.players
        self.round += 1
        self.turn = 0

    # -- the end ---------------------------------------------------------------------------------

    def _finish_winners(self) -> list[int]:
        owner = self.game.owner
        if self.game.players == 2:
            return [self._two_player_winner()]
        # Several finished this round: the most Move rank left in hand, then the first to finish.
        best = max(self.finished, key=lambda c: (self._rank_in_hand(c), -self.finished.index(c)))
        return [owner[best]]

    def _rank_in_hand(self, colour: int) -> int:
        return sum(self.game.cards[key].rank for key in self.hands[colour])

    def _two_player_winner(self) -> int:
        """The ender owns the first marker to finish. Rule 1: their other colour on the last
        map tile (or finished) wins; rule 2: the player whose colours are not last wins."""
        game = self.game
        ender_colour = self.finished[0]
        ender = game.owner[ender_colour]
        others = [c for c in game.colours_of[ender] if c != ender_colour]
        last_tile = game.map.last_tile
        if all(game.map.position[self.nodes[c]] >= last_tile for c in others):
            return ender
        finish = game.map.finish
        on_track = [c for c, node in enumerate(self.nodes) if node != finish]
        lowest = min(self._standing(c) for c in on_track)
        last = {game.owner[c] for c in on_track if self._standing(c) == lowest}
        if len(last) > 1:
            return ender  # Decision: still tied, the player who ended the game wins
        return 1 - last.pop()

    def _standing(self, colour: int) -> tuple[int, int]:
        """How far along: the map position, and on a tie a main-path marker is ahead."""
        board, node = self.game.map, self.nodes[colour]
        return board.position[node], int(board.detour_of[node] < 0)

    def _limit_winners(self) -> list[int]:
        best = max(self._standing(c) for c in range(len(self.nodes)))
        owner = self.game.owner
        return sorted({owner[c] for c in range(len(self.nodes)) if self._standing(c) == best})

    # -- results ---------------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.winners is None:
            return [0.0] * self.game.players
        return shared_win(self.winners, self.game.players)

    def ended_by_limit(self) -> bool:
        return self.winners is not None and not self.finished

    def _ending_words(self, reason: EndReason) -> str:
        return ending_words(self.game, reason)

    def _words(self, action: Action) -> Words:
        return words(self.game, self.nodes, self.colour, action)

    def _undoable(self) -> bool:
        """The first part of a card whose special allows both parts can be taken back while
        the second part is still to choose: cards are open and nothing is left to chance."""
        return self.pending is not None

    def scores(self) -> list[float]:
        position = self.game.map.position
        return [
            float(max(position[self.nodes[c]] for c in colours)) for colours in self.game.colours_of
        ]

    # -- restoring -------------------------------------------------------------------------------

    def _validate(self) -> None:
        game = self.game
        colours, nodes = len(game.colours), len(game.map.entry)
        if not _int_list(self.nodes, colours) or not all(0 <= n < nodes for n in self.nodes):
            raise GameError(f"corrupt state: expected {colours} marker nodes from 0 to {nodes - 1}")
        if not (isinstance(self.hands, list) and len(self.hands) == colours) or not all(
            isinstance(hand, list) and _is_sub_hand(hand, game.card_keys) for hand in self.hands
        ):
            raise GameError("corrupt state: hands must list each card at most once, in card order")
        finish = game.map.finish
        on_finish = [c for c, n in enumerate(self.nodes) if n == finish]
        if not _int_list(self.finished, len(on_finish)) or sorted(self.finished) != on_finish:
            raise GameError("corrupt state: finished must list the finished markers")
        order = len(game.round_order[0])
        if not (
            _is_int(self.first, game.players)
            and _is_int(self.round, game.max_rounds + 1)
            and self.round >= 1
            and _is_int(self.turn, order + 1)
            and isinstance(self.blocked, bool)
            and isinstance(self.block_next, bool)
        ):
            raise GameError("corrupt state: bad first player, round, turn or block")
        self._validate_end(order)

    def _validate_end(self, order: int) -> None:
        game = self.game
        if self.winners is None:
            if self.turn == order:
                raise GameError("corrupt state: a round ended without the game ending")
        elif not (_int_list(self.winners, len(self.winners)) and self.winners) or not all(
            0 <= seat < game.players for seat in self.winners
        ):
            raise GameError("corrupt state: winners must be a list of seats")
        pending = self.pending
        if pending is not None and (
            not isinstance(pending, dict)
            or set(pending) != {"card", "part"}
            or pending["card"] not in game.cards
            or pending["part"] not in (MOVE, ACTION)
            or self.winners is not None
        ):
            raise GameError("corrupt state: pending must be null or {card, part}")


def _is_int(value: object, below: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below


def _int_list(value: object, length: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == length
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _is_sub_hand(hand: list[str], keys: tuple[str, ...]) -> bool:
    return all(isinstance(key, str) for key in hand) and hand == [k for k in keys if k in hand]

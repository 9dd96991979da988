"""Mississippi: the position, legal moves, docking reactions and the end (rules/mississippi.md).

Where the rules file is silent, the engine decides:
- a turn's rotation is paid before its move, so a backward move may take back from the supply
  the logs just paid for the turn;
- a backward move longer than the open spaces behind the boat (the start area included) is
  refused, not cut short;
- a `pass` is a player turn and counts toward `max_turns`; a boat's "first turn" lasts until its
  first move, so a boat that could only pass still may not rotate on its next turn;
- with custom `side_numbers` the number rolled faces downstream; where several sides carry it,
  the first of them clockwise from side 1; a boat that carries no such number turns its side at
  the rolled position (components.side_showing).
"""

from __future__ import annotations

from dataclasses import replace

from towpath.core.actions import Action, Words
from towpath.core.errors import GameError, IllegalAction
from towpath.core.hexgrid import opposite
from towpath.core.rng import Rng
from towpath.games.mississippi.actions import PASS, ROTATIONS, Move, Pass, moves
from towpath.games.mississippi.components import facing_number, side_showing
from towpath.games.mississippi.position import START, Position
from towpath.games.mississippi.table import MississippiTable
from towpath.games.mississippi.view import DISPLAY
from towpath.games.mississippi.words import CUT_SHORT, WON_BY, Sent, first_roll, landing, words

Legal = tuple[tuple[Action, ...], frozenset[Action]]


class MississippiState(Position):
    __slots__ = ()
    display = DISPLAY
    won_by = WON_BY
    cut_short = CUT_SHORT

    def __init__(self, game: MississippiTable, seed: int, rng: Rng | None = None) -> None:
        super().__init__(game, seed, rng)
        self._roll_if_new()

    # -- what is legal ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.current_player is None:
            return []
        return list(self._listed()[0])

    def _listed(self) -> Legal:
        """The legal actions (and their set): a function of the boat's start, its logs and the
        open spaces ahead and behind it, so kept per game for those (and per position)."""
        return self.kept_legal(self._list)

    def _list(self) -> Legal:
        seat = self.player
        key = (
            self.started[seat],
            self.logs[seat],
            self.open_ahead(seat),
            min(self.game.rules.backward_limit, self._open_behind(seat)),
        )
        known = self.game.legal.get(key)
        if known is None:
            actions = self._list_actions(*key) or [PASS]
            known = self.game.legal[key] = (tuple(actions), frozenset(actions))
        return known

    def _list_actions(self, started: bool, logs: int, ahead: int, behind: int) -> list[Action]:
        actions: list[Action] = []
        for rotation in ROTATIONS if started else (0,):
            cost = self.game.rotation_cost(rotation)
            if cost > logs:
                continue
            actions += moves(rotation, True, min(logs - cost, ahead))
            actions += moves(rotation, False, behind)
        return actions

    def open_ahead(self, seat: int) -> int:
        """Open spaces from this boat to the finish, the finish included."""
        here, finish = self.spaces[seat], self.game.river.finish
        return finish - here - sum(1 for space in self.spaces if here < space < finish)

    def _open_behind(self, seat: int) -> int:
        """Open spaces behind this boat, the start area included (0 when in the start area)."""
        here = self.spaces[seat]
        if here == START:
            return 0
        return here - sum(1 for space in self.spaces if START < space < here)

    def _check(self, action: Action) -> None:
        if action in self._listed()[1]:
            return
        seat = self.player
        logs, here = self.logs[seat], self.spaces[seat]
        if isinstance(action, Pass):
            if logs or here != START:
                raise IllegalAction(
                    "pass is only for a boat in the start area with no logs", rule="pass"
                )
            return
        if not isinstance(action, Move):
            raise IllegalAction(f"{action!r} is not a Mississippi action", rule="notation")
        self._check_rotation(action.rotation, logs)
        cost = self.game.rotation_cost(action.rotation)
        if action.spaces < 1:
            raise IllegalAction("a move goes at least 1 open space", rule="move")
        if action.forward:
            self._check_forward(action, logs - cost)
        else:
            self._check_backward(action.spaces)

    def _check_rotation(self, rotation: int, logs: int) -> None:
        if rotation not in ROTATIONS:
            raise IllegalAction("a rotation is r+1, r-1, r+2, r-2 or r+3", rule="rotation")
        if rotation and not self.started[self.player]:
            raise IllegalAction("a boat may not rotate on its first turn", rule="first turn")
        cost = self.game.rotation_cost(rotation)
        if cost > logs:
            raise IllegalAction(
                f"turning {abs(rotation) * 60}° costs {cost} logs but the boat has {logs}",
                rule="rotation cost",
            )

    def _check_forward(self, action: Move, logs: int) -> None:
        seat = self.player
        if action.spaces > logs:
            raise IllegalAction(
                f"{action} needs {action.spaces} logs for the move but the boat has {logs} "
                "left for it",
                rule="logs",
            )
        ahead = self.open_ahead(seat)
        if action.spaces > ahead:
            raise IllegalAction(
                f"{action} goes past the finish; f{ahead} already crosses it", rule="finish"
            )

    def _check_backward(self, spaces: int) -> None:
        limit = self.game.rules.backward_limit
        if spaces > limit:
            raise IllegalAction(
                f"a backward move goes at most {limit} spaces", rule="backward limit"
            )
        behind = self._open_behind(self.player)
        if spaces > behind:
            why = (
                "it is in the start area"
                if behind == 0
                else f"only {behind} open spaces lie behind it, the start area included"
            )
            raise IllegalAction(f"the boat cannot go back {spaces}: {why}", rule="start area")

    # -- acting ----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.player
        if isinstance(action, Move):
            self._turn_boat(seat, action.rotation)
            if action.forward:
                self._spend(seat, action.spaces)
                self._advance(seat, action.spaces)
            else:
                gained = min(action.spaces, self.supply)
                self.logs[seat] += gained
                self.supply -= gained
                self._retreat(seat, action.spaces)
            self.started[seat] = True
            self._react(seat)
        self.turn += 1
        if self.current_player is not None:
            self.player = (seat + 1) % self.game.players
            self._roll_if_new()

    def _roll_if_new(self) -> None:
        """The start: a boat's first turn begins with the die roll; the number rolled faces
        downstream."""
        seat = self.player
        if self.facing[seat] is None:
            roll = self.rng.randint(1, self.game.rules.die_sides)
            side = side_showing(self.game.side_numbers, roll)
            self.facing[seat] = (self.game.river.downstream - side) % 6

    def _turn_boat(self, seat: int, rotation: int) -> None:
        facing = self.facing[seat]
        assert facing is not None
        self.facing[seat] = (facing + rotation) % 6
        self._spend(seat, self.game.rotation_cost(rotation))

    def _spend(self, seat: int, logs: int) -> None:
        self.logs[seat] -= logs
        self.supply += logs

    def _advance(self, seat: int, spaces: int) -> None:
        """Move forward `spaces` open spaces; crossing the finish wins at once."""
        here, finish = self.spaces[seat], self.game.river.finish
        while spaces and here < finish:
            here += 1
            if here == finish or here not in self.spaces:
                spaces -= 1
        self.spaces[seat] = here
        if here == finish and self.winner is None:
            self.winner = seat

    def _retreat(self, seat: int, spaces: int) -> None:
        here = self.spaces[seat]
        while spaces and here != START:
            here -= 1
            if here == START or here not in self.spaces:
                spaces -= 1
        self.spaces[seat] = here

    def _react(self, seat: int, told: list[Sent] | None = None) -> None:
        """Docking reactions (source rules 3-5): only pairs with the current boat react. Each
        boat sent on is `told` (where given), in the order the reactions move them."""
        players = self.game.players
        while self.winner is None:
            differences = self._differences(seat)
            if not differences:
                return
            gain = sum(d for _, d in differences if d > 0)
            if gain:
                self._send_on(seat, gain, told)
                continue
            # Every neighbour with the higher number moves, clockwise from the current player.
            pushed = sorted(
                ((other, -d) for other, d in differences if d < 0),
                key=lambda item: (item[0] - seat) % players,
            )
            if not pushed:
                return
            for other, spaces in pushed:
                self._send_on(other, spaces, told)
                if self.winner is not None:
                    return

    def _send_on(self, seat: int, spaces: int, told: list[Sent] | None) -> None:
        self._advance(seat, spaces)
        if told is not None:
            told.append(Sent(seat, self.spaces[seat]))

    def docked(
        self, seat: int, space: int, facing: int, told: list[Sent] | None = None
    ) -> tuple[list[int], int | None]:
        """Where the boats would stand, and which boat would have crossed the finish, had this
        boat come to rest on river `space` turned to `facing` and its docking reactions played
        out. Only the reactions: logs, supply and the turn are the caller's to account, and
        this position stays as it is."""
        spaces, turned, winner = self.spaces, self.facing[seat], self.winner
        self.spaces = list(spaces)
        self.spaces[seat] = space
        self.facing[seat] = facing
        try:
            self._react(seat, told)
            return self.spaces, self.winner
        finally:
            self.spaces, self.winner = spaces, winner
            self.facing[seat] = turned

    def _differences(self, seat: int) -> list[tuple[int, int]]:
        """(neighbour seat, current boat's number − neighbour's number) for each touching boat."""
        here = self.spaces[seat]
        river = self.game.river
        if not 1 <= here <= river.length:
            return []
        sides = self.game.side_numbers
        mine = self.facing[seat]
        assert mine is not None
        result = []
        for direction, space in river.touching[here]:
            if space in self.spaces:
                other = self.spaces.index(space)
                theirs = self.facing[other]
                assert theirs is not None
                result.append(
                    (
                        other,
                        facing_number(sides, mine, direction)
                        - facing_number(sides, theirs, opposite(direction)),
                    )
                )
        return result

    # -- results ---------------------------------------------------------------------------------

    def _words(self, action: Action) -> Words:
        seat = self.player
        said = words(self.game, self.spaces, self.supply, seat, action, self._sent(seat, action))
        facing = self.facing[seat]
        if self.started[seat] or facing is None or not isinstance(action, Move):
            return said
        rolled = facing_number(self.game.side_numbers, facing, self.game.river.downstream)
        return replace(said, what=said.what + first_roll(rolled))

    def _sent(self, seat: int, action: Action) -> list[Sent]:
        """The boats the docking reactions of `action` would send on, in order."""
        river = self.game.river
        if not isinstance(action, Move):
            return []
        target = landing(self.spaces, seat, action.forward, action.spaces, river.finish)
        facing = self.facing[seat]
        if not 1 <= target <= river.length or facing is None:
            return []
        told: list[Sent] = []
        self.docked(seat, target, (facing + action.rotation) % 6, told)
        return told

    def scores(self) -> list[float]:
        return [float(space) for space in self.spaces]

    def _validate(self) -> None:
        players, finish = self.game.players, self.game.river.finish
        lists = (self.spaces, self.logs, self.facing, self.started)
        if any(not isinstance(v, list) or len(v) != players for v in lists):
            raise GameError(f"corrupt state: expected one entry per seat ({players})")
        if not all(isinstance(s, int) and 0 <= s <= finish for s in self.spaces):
            raise GameError(f"corrupt state: boat spaces must lie in 0..{finish}")
        if not all(isinstance(n, int) and n >= 0 for n in [*self.logs, self.supply]):
            raise GameError("corrupt state: logs and supply must be whole numbers ≥ 0")
        if not all(f is None or (isinstance(f, int) and 0 <= f < 6) for f in self.facing):
            raise GameError("corrupt state: facings must be null or 0..5")
        if not (isinstance(self.player, int) and 0 <= self.player < players):
            raise GameError("corrupt state: the player to move must be a seat")
        if not isinstance(self.turn, int) or not (
            self.winner is None or 0 <= self.winner < players
        ):
            raise GameError("corrupt state: bad turn count or winner")
        on_river = [s for s in self.spaces if 1 <= s < finish]
        if len(on_river) != len(set(on_river)):
            raise GameError("corrupt state: two boats on one river space")
        self._validate_progress()

    def _validate_progress(self) -> None:
        """Facts every position reached by the rules keeps (the types are checked already)."""
        players, finish = self.game.players, self.game.river.finish
        if not all(isinstance(flag, bool) for flag in self.started):
            raise GameError("corrupt state: started flags must be true or false")
        for space, facing, started in zip(self.spaces, self.facing, self.started, strict=True):
            if (space != START and not started) or (started and facing is None):
                raise GameError("corrupt state: a boat leaves the start area after its start roll")
        if self.current_player is not None and self.facing[self.player] is None:
            raise GameError("corrupt state: the boat to move has no start roll")
        finished = [seat for seat, space in enumerate(self.spaces) if space == finish]
        if finished != ([] if self.winner is None else [self.winner]):
            raise GameError("corrupt state: the winner's boat, and only it, is past the finish")
        dealt = players * self.game.logs_each
        if sum(self.logs) + self.supply != dealt:
            raise GameError(f"corrupt state: logs and supply must add up to the {dealt} dealt")

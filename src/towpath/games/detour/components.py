"""Detour's components, loaded from data/*.toml: transports, colours, the map and the cards.

A move spends transport tokens, counted per transport (`Tokens`, in transport order). The map
is kept as a table of nodes: main spaces 0..L-1 are nodes 0..L-1, then the spaces of each
detour in order, then one `finish` node for a marker that moved from the last space into
space 0 and so left the track.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeGuard

from towpath.core.datafile import builtin_toml, user_toml
from towpath.core.errors import GameError

PACKAGE = __package__ or "towpath.games.detour"
ACTION_KINDS = ("detour", "backward", "block", "none")
UNIQUE_ACTIONS = ("detour", "backward", "block")
CARD_KEY = re.compile(r"^[a-z][a-z0-9_]*$")

Tokens = tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    transports: tuple[str, ...]
    symbols: tuple[str, ...]
    colours: tuple[str, ...]
    colours_per_player: dict[int, int]
    max_rounds: int

    def tokens(self, names: list[str], what: str) -> Tokens:
        """Count transport names into Tokens; GameError names the unknown transport."""
        counts = [0] * len(self.transports)
        for name in names:
            if name not in self.transports:
                valid = ", ".join(self.transports)
                raise GameError(f"{what}: unknown transport {name!r}; expected {valid}")
            counts[self.transports.index(name)] += 1
        return tuple(counts)


@cache
def load_rules() -> Rules:
    data = builtin_toml(PACKAGE, "rules.toml")
    return Rules(
        transports=tuple(data["transports"]["names"]),
        symbols=tuple(data["transports"]["symbols"]),
        colours=tuple(data["colours"]["names"]),
        colours_per_player={int(k): v for k, v in data["colours"]["per_player"].items()},
        max_rounds=data["rounds"]["max_rounds"],
    )


# -- the map -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DetourPath:
    """A side path (red line) from main space `branch` back into main space `merge`."""

    name: str
    branch: int
    merge: int
    costs: tuple[tuple[str, ...], ...]
    beside: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class Map:
    """The circuit and its node tables (see the module docstring for node numbers)."""

    costs: tuple[tuple[str, ...], ...]  # printed cost of main spaces 0..L-1 (0: finishing)
    blue: frozenset[int]
    detours: tuple[DetourPath, ...]
    tile_spaces: int
    entry: tuple[Tokens, ...]  # tokens it takes to enter each node
    ahead: tuple[int, ...]  # the next node forward (-1 from `finish`)
    behind: tuple[int, ...]  # one space back: space 0 and a detour's first space are floors
    position: tuple[int, ...]  # map position: the main space, or the one a detour space is beside
    detour_of: tuple[int, ...]  # index of the detour a node lies on, -1 on the main path
    branch_to: tuple[int, ...]  # from a branch space, the first node of its detour, else -1
    first_node: tuple[int, ...]  # per detour, its first node

    @property
    def length(self) -> int:
        """Main path spaces, 0 included."""
        return len(self.costs)

    @property
    def finish(self) -> int:
        return len(self.entry) - 1

    @property
    def last_tile(self) -> int:
        """The first space of the last map tile."""
        return self.length - self.tile_spaces

    def reach_table(self, tokens: Tokens) -> tuple[int, ...]:
        """Per node, how many spaces a move with `tokens` can go: each entered space is paid
        from the tokens and the move must stop at the first space it cannot pay."""
        return tuple(self._reach(node, tokens) for node in range(len(self.entry)))

    def _reach(self, node: int, tokens: Tokens) -> int:
        left = list(tokens)
        steps = 0
        node = self.ahead[node]
        while node >= 0:
            cost = self.entry[node]
            if any(need > have for need, have in zip(cost, left, strict=True)):
                break
            left = [have - need for need, have in zip(cost, left, strict=True)]
            steps += 1
            node = self.ahead[node]
        return steps

    @property
    def longest(self) -> int:
        """The most spaces a move can go: every node of the track, the finish included."""
        return len(self.entry) - 1

    def advance(self, node: int, steps: int) -> int:
        """`steps` spaces on from `node`, or the finish if it comes first."""
        while steps and node != self.finish:
            node = self.ahead[node]
            steps -= 1
        return node

    def space_on_path(self, node: int) -> tuple[int, int]:
        """(space, detour index): the main space, or the 1-based space along detour d."""
        detour = self.detour_of[node]
        if detour < 0:
            return (0 if node == self.finish else node), -1
        return node - self.first_node[detour] + 1, detour


def load_map(path: str | None) -> Map:
    """The built-in map, or the one in the TOML file at `path` (option `map`)."""
    if path is None:
        return builtin_map()
    return build_map(user_toml(path, "map"), f"map {path!r}")


@cache
def builtin_map() -> Map:
    return build_map(builtin_toml(PACKAGE, "map.toml"), "built-in map")


def build_map(data: dict[str, Any], source: str) -> Map:
    rules = load_rules()
    spaces = _list(data, "costs", str, source)
    if not spaces:
        raise GameError(f"{source}: expected costs = a list of at least one space cost")
    costs = (_cost(data.get("finish_cost"), source), *(_cost(c, source) for c in spaces))
    length = len(costs)
    tile = data.get("tile_spaces")
    if not _is_int(tile) or not 1 <= tile <= length:
        raise GameError(f"{source}: expected tile_spaces = a whole number from 1 to {length}")
    blue = _list(data, "blue", int, source)
    if any(not 0 <= space < length for space in blue):
        raise GameError(f"{source}: blue areas must be main spaces 0 to {length - 1}")
    raw_detours = data.get("detours", [])
    if not isinstance(raw_detours, list):
        raise GameError(f"{source}: expected [[detours]] tables")
    detours = tuple(_detour(raw, length, source) for raw in raw_detours)
    names = [d.name for d in detours]
    branches = [d.branch for d in detours]
    if len(set(names)) != len(names) or len(set(branches)) != len(branches):
        raise GameError(f"{source}: detours need distinct names and distinct branch spaces")
    return _node_tables(costs, frozenset(blue), detours, tile, rules)


def _node_tables(
    costs: tuple[tuple[str, ...], ...],
    blue: frozenset[int],
    detours: tuple[DetourPath, ...],
    tile: int,
    rules: Rules,
) -> Map:
    length = len(costs)
    entry = [rules.tokens(list(cost), "map") for cost in costs]
    ahead = [*range(1, length), -1]
    behind = [max(space - 1, 0) for space in range(length)]
    position = list(range(length))
    detour_of = [-1] * length
    branch_to = [-1] * length
    first_node = []
    for index, detour in enumerate(detours):
        first = len(entry)
        first_node.append(first)
        branch_to[detour.branch] = first
        for k, (cost, beside) in enumerate(zip(detour.costs, detour.beside, strict=True)):
            entry.append(rules.tokens(list(cost), "map"))
            last = k == len(detour.costs) - 1
            ahead.append(detour.merge if last else first + k + 1)
            behind.append(first + max(k - 1, 0))
            position.append(beside)
            detour_of.append(index)
            branch_to.append(-1)
    finish = len(entry)
    ahead[length - 1] = finish
    entry.append(entry[0])  # moving from the last space into space 0 pays space 0's cost
    ahead.append(-1)
    behind.append(finish)
    position.append(length)
    detour_of.append(-1)
    branch_to.append(-1)
    return Map(
        costs=costs,
        blue=blue,
        detours=detours,
        tile_spaces=tile,
        entry=tuple(entry),
        ahead=tuple(ahead),
        behind=tuple(behind),
        position=tuple(position),
        detour_of=tuple(detour_of),
        branch_to=tuple(branch_to),
        first_node=tuple(first_node),
    )


def _detour(raw: Any, length: int, source: str) -> DetourPath:
    expected = (
        f"{source}: expected each [[detours]] to have name, branch, merge and costs, with "
        f"1 <= branch < merge <= {length - 1}"
    )
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise GameError(expected)
    branch, merge = raw.get("branch"), raw.get("merge")
    if not (_is_int(branch) and _is_int(merge) and 1 <= branch < merge <= length - 1):
        raise GameError(expected)
    name = raw["name"]
    costs = tuple(_cost(c, source) for c in _list(raw, "costs", str, f"{source} {name}"))
    if not costs:
        raise GameError(f"{source}: detour {name} needs at least one space")
    beside = tuple(_list(raw, "beside", int, source)) if "beside" in raw else None
    if beside is None:
        beside = default_beside(branch, merge, len(costs))
    if len(beside) != len(costs) or any(not branch <= p <= merge for p in beside):
        raise GameError(
            f"{source}: detour {name}: expected beside = one main space from {branch} to "
            f"{merge} per detour space"
        )
    return DetourPath(name, branch, merge, costs, beside)


def default_beside(branch: int, merge: int, length: int) -> tuple[int, ...]:
    """The k-th detour space lies beside branch + ceil(k·(merge−branch)/(length+1)), capped."""
    span = merge - branch
    return tuple(min(branch - (-k * span // (length + 1)), merge - 1) for k in range(1, length + 1))


def _cost(raw: Any, source: str) -> tuple[str, ...]:
    transports = load_rules().transports
    names = tuple(raw.split("+")) if isinstance(raw, str) else ()
    if not names or any(name not in transports for name in names):
        raise GameError(
            f'{source}: expected a cost like "Train" or "Train+Boat" (transports '
            f"{', '.join(transports)}), got {raw!r}"
        )
    return names


def _list(data: Any, key: str, kind: type, source: str) -> list[Any]:
    value = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, list) or not all(
        isinstance(v, kind) and not isinstance(v, bool) for v in value
    ):
        raise GameError(f"{source}: expected {key} = a list of {kind.__name__} values")
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# -- the cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    name: str
    key: str  # how actions name it: the name in lower case
    move: tuple[str, ...]
    tokens: Tokens
    rank: int
    action: str  # one of ACTION_KINDS


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]
    backward_spaces: int
    backward_move: Tokens
    block_moves: tuple[Tokens, ...]


def load_cards(path: str | None) -> CardSet:
    """The built-in cards, or the ones in the TOML file at `path` (option `cards`)."""
    if path is None:
        return builtin_cards()
    return build_cards(user_toml(path, "cards"), f"cards {path!r}")


@cache
def builtin_cards() -> CardSet:
    return build_cards(builtin_toml(PACKAGE, "cards.toml"), "built-in cards")


def build_cards(data: dict[str, Any], source: str) -> CardSet:
    rules = load_rules()
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise GameError(f"{source}: expected [[cards]] tables, at least one")
    cards = tuple(_card(raw, source, rules) for raw in raw_cards)
    keys = [card.key for card in cards]
    if len(set(keys)) != len(keys):
        raise GameError(f"{source}: two cards have the same name")
    for kind in UNIQUE_ACTIONS:
        if sum(card.action == kind for card in cards) > 1:
            raise GameError(f"{source}: at most one card may have the {kind} action")
    backward, block = data.get("backward"), data.get("block")
    spaces = backward.get("spaces") if isinstance(backward, dict) else None
    if not _is_int(spaces) or spaces < 0:
        raise GameError(f"{source}: expected [backward] spaces = a whole number >= 0")
    backward_move = rules.tokens(_list(backward, "move", str, f"{source} [backward]"), source)
    choices = block.get("move_choices") if isinstance(block, dict) else None
    if not isinstance(choices, list) or not choices:
        raise GameError(f"{source}: expected [block] move_choices = a list of token lists")
    block_moves = tuple(
        rules.tokens(_list({"choice": c}, "choice", str, f"{source} [block]"), source)
        for c in choices
    )
    return CardSet(cards, spaces, backward_move, block_moves)


def _card(raw: Any, source: str, rules: Rules) -> Card:
    expected = (
        f"{source}: expected each [[cards]] to have a one-word name, move (transport names), "
        f"a whole-number rank and an action ({', '.join(ACTION_KINDS)})"
    )
    if not isinstance(raw, dict):
        raise GameError(expected)
    name, rank, action = raw.get("name"), raw.get("rank"), raw.get("action")
    if not isinstance(name, str) or not CARD_KEY.match(name.lower()) or name.lower() == "done":
        raise GameError(f"{expected}; got name {name!r}")
    if not _is_int(rank) or action not in ACTION_KINDS:
        raise GameError(f"{expected}; got rank {rank!r} and action {action!r}")
    move = tuple(_list(raw, "move", str, f"{source} {name}"))
    if not move:
        raise GameError(f"{source}: card {name} needs at least one move token")
    return Card(name, name.lower(), move, rules.tokens(list(move), source), rank, action)

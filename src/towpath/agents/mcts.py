"""Monte Carlo tree search: UCT over worlds resampled from the bot's own view.

Each iteration draws a world with `state.resample(seat, …)` (the hidden parts and the future of
the random generator drawn anew), walks the tree by UCB1, expands one new action, plays a short
rollout and backs up one value per seat. Nodes are keyed by the actions from the root, so a node
holds the statistics of an information set of the searching seat (single-observer ISMCTS); an
action's UCB counts only the iterations in which it was available. In perfect-information
games this is plain UCT with sampled chance. Wide nodes grow progressively: a node visited n
times considers at most max(min_children, widening · √n) of its actions.

Where a game's evaluation is dear and its actions many (Canal King), the search may first judge
the root's best-ranked actions each in the same few worlds (`root_worlds`): every world then
weighs on all of them alike, so their differences are the actions' and not the worlds'.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.rng import Rng

DEFAULT_ITERATIONS = 1000
ROLLOUTS = ("random", "greedy", "playout")
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
REPORT_EVERY = 0.1  # seconds between reports of the best action so far


class Node:
    __slots__ = (
        "available",
        "children",
        "cursor",
        "legal",
        "order",
        "ranked_from",
        "tried",
        "value",
        "visits",
    )

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 0
        self.order: list[Action] | None = None  # actions by prior, best first
        self.ranked_from: list[Action] = []  # the legal actions the order was made from
        self.cursor = 0  # order[:cursor] are expanded or were not legal when reached
        # The legal actions at the last visit, and the children among them: in most worlds
        # they repeat, and comparing lists is much cheaper than looking up every action.
        self.legal: list[Action] = []
        self.tried: list[Action] = []


@dataclass(frozen=True)
class Settings:
    """How the search spends its budget: the bot's defaults, replaced by the game's
    `mcts_settings` and then by the bot's own arguments."""

    exploration: float = 0.4
    rollout: str = "random"
    epsilon: float = 0.2
    depth: int = 3
    widening: float = 1.0
    min_children: int = 4
    prior_sample: int = 300
    prior_depth: int = 2
    root_worlds: int = 0
    shortlist: int = 16
    discount: float = 1.0
    finish: float = 0.0


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        rollout: str | None = None,
        epsilon: float | None = None,
        depth: int | None = None,
        widening: float | None = None,
        min_children: int | None = None,
        prior_sample: int | None = None,
        prior_depth: int | None = None,
        root_worlds: int | None = None,
        shortlist: int | None = None,
        discount: float | None = None,
        finish: float | None = None,
        clock: str = "wall",
    ) -> None:
        """Budget: `iterations`, or `seconds` of search (both: whichever ends first), timed by
        the `clock`: "wall" time, or the "cpu" time of the searching thread (a machine's other
        work then does not weaken the bot, for measuring its strength).

        Rollouts of at most `depth` actions are "random", "greedy" (ε-greedy on the game's
        evaluation) or "playout" (the game's rule of thumb, `Game.playout_action`); a rollout
        that does not reach the end is scored by the evaluation. With `root_worlds`, the search
        first judges the root's best-ranked actions in that many common worlds (its `shortlist`
        best by the prior). Each action between the root and a value (the tree's and the
        rollout's) multiplies it by `discount`: below 1, a win sooner is worth more than the
        same win later, so a bot that wins whatever it does still drives the game to its end
        (a game stopped by its limit pays nobody). A game its rules end is worth `finish` more
        to every seat: of two lost lines the bot takes the one that ends the game, as a player
        who cannot win finishes it. Unset settings take the game's `mcts_settings`, else those
        of `Settings`.
        """
        if rollout not in (None, *ROLLOUTS):
            raise GameError(f"mcts rollout: expected random, greedy or playout, got {rollout!r}")
        if clock not in CLOCKS:
            raise GameError(f"mcts clock: expected wall or cpu, got {clock!r}")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise GameError("mcts budget: expected iterations ≥ 1 or seconds > 0")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations or seconds else DEFAULT_ITERATIONS
        self.seconds = seconds
        self.clock = CLOCKS[clock]
        given: dict[str, Any] = {
            "exploration": exploration,
            "rollout": rollout,
            "epsilon": epsilon,
            "depth": depth,
            "widening": widening,
            "min_children": min_children,
            "prior_sample": prior_sample,
            "prior_depth": prior_depth,
            "root_worlds": root_worlds,
            "shortlist": shortlist,
            "discount": discount,
            "finish": finish,
        }
        self.given = {key: value for key, value in given.items() if value is not None}
        self.settings = Settings(**self.given)
        self.deadline: float | None = None
        self.last_iterations = 0
        # Told the best action so far as the search goes (a server plays it if the move is cut).
        self.report: Callable[[Action], None] | None = None
        self.last_root: Node | None = None  # the last search's tree, for looking into it

    def choose(self, state: State) -> Action:
        seat = state.current_player
        actions = state.legal_actions()
        if seat is None or not actions:
            raise GameError("the game is over: there is no action to choose")
        if len(actions) == 1:
            return actions[0]
        self.settings = Settings(**{**state.game.mcts_settings, **self.given})
        root = Node()
        self.deadline = None if self.seconds is None else self.clock() + self.seconds
        done = self.seed_root(root, actions, state, seat)
        reported = time.perf_counter()
        while done == 0 or not self.spent(done):
            self.iterate(root, state.resample(seat, self.rng.next64()))
            done += 1
            if self.report is not None and time.perf_counter() - reported >= REPORT_EVERY:
                self.report(self.leading(root, actions))
                reported = time.perf_counter()
        self.last_iterations = done
        self.last_root = root
        return self.best(root, actions)

    def leading(self, root: Node, actions: list[Action]) -> Action:
        """The first of the preferred actions so far (drawing none: a report leaves the
        search's random numbers as they are)."""
        return max(actions, key=lambda action: self.preference(root.children.get(action)))

    def best(self, root: Node, actions: list[Action]) -> Action:
        preferences = [self.preference(root.children.get(action)) for action in actions]
        best = max(preferences)
        return self.rng.choice([a for a, p in zip(actions, preferences, strict=True) if p == best])

    def seed_root(self, root: Node, actions: list[Action], state: State, seat: int) -> int:
        """Judge the root's `shortlist` best-ranked actions in `root_worlds` common worlds,
        each world judging every one of them (common random numbers: their differences are
        not the worlds'); the iterations this spent. A world the time runs out in is dropped,
        so every judged action has seen the same worlds."""
        done = 0
        for _ in range(self.settings.root_worlds):
            if done and self.spent(done):
                break
            world = state.resample(seat, self.rng.next64())
            if root.order is None:
                root.order = self.ranked(world, actions)
                root.legal = root.ranked_from = actions
                root.cursor = min(len(actions), self.settings.shortlist)
                root.tried = root.order[: root.cursor]
                for action in root.tried:
                    root.children[action] = Node()
            values = []
            for action in root.tried:
                if self.past_deadline():
                    return done
                after = world.clone()
                after.apply(action)
                values.append(self.rollout(after, 1)[seat])
            for action, value in zip(root.tried, values, strict=True):
                child = root.children[action]
                child.available += 1
                child.visits += 1
                child.value += value
            root.visits += len(root.tried)
            done += len(root.tried)
            if self.report is not None:
                self.report(self.leading(root, actions))
        return done

    def past_deadline(self) -> bool:
        return self.deadline is not None and self.clock() >= self.deadline

    def spent(self, done: int) -> bool:
        """Whether the budget is spent after `done` iterations."""
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.past_deadline()

    @staticmethod
    def preference(node: Node | None) -> tuple[int, float]:
        """The most visited action, then the best valued (ties are drawn at random)."""
        if node is None or node.visits == 0:
            return (0, 0.0)
        return (node.visits, node.value / node.visits)

    def iterate(self, root: Node, world: State) -> None:
        path: list[tuple[Node, int]] = []  # (node reached, seat that chose the action)
        node = root
        while not world.is_terminal():
            seat = world.current_player
            assert seat is not None
            action, expanded = self.select(node, world, len(path))
            node = node.children[action]
            path.append((node, seat))
            world.apply(action)
            if expanded:
                break
        values = self.rollout(world, len(path))
        root.visits += 1
        for reached, seat in path:
            reached.visits += 1
            reached.value += values[seat]

    def select(self, node: Node, world: State, depth: int) -> tuple[Action, bool]:
        """UCB1 among the tried actions, or a new one while the node may still widen."""
        legal = world.legal_actions()
        children = node.children
        if legal != node.legal:
            node.legal = legal
            node.tried = [a for a in legal if a in children]
        tried = node.tried
        allowed = max(
            self.settings.min_children,
            math.ceil(self.settings.widening * math.sqrt(node.visits + 1)),
        )
        if len(tried) < min(allowed, len(legal)):
            for action in tried:
                children[action].available += 1
            action = self.next_untried(node, world, depth)
            leaf = children[action] = Node()
            leaf.available = 1
            tried.append(action)
            return action, True
        # UCB1, written out: the first of the best, as max() would take it.
        exploration, log, sqrt = self.settings.exploration, math.log, math.sqrt
        best, chosen = -math.inf, tried[0]
        for action in tried:
            child = children[action]
            child.available += 1
            visits = child.visits
            if visits == 0:
                value = math.inf
            else:
                value = child.value / visits + exploration * sqrt(log(child.available) / visits)
            if value > best:
                best, chosen = value, action
        return chosen, False

    def next_untried(self, node: Node, world: State, depth: int) -> Action:
        """The best-ranked action not yet expanded (random below the prior's depth)."""
        legal = node.legal
        if node.order is None:
            node.order = self.ranked(world, legal) if depth < self.settings.prior_depth else []
            node.ranked_from = legal
        available: set[Action] | None = None  # this world's actions, where they differ
        while node.cursor < len(node.order):
            action = node.order[node.cursor]
            node.cursor += 1
            if action in node.children:
                continue
            if node.ranked_from is legal:
                return action
            if available is None:
                available = set(legal)  # thousands of actions: no search of the list
            if action in available:
                return action
        while True:  # a uniform untried action, by rejection: most actions are untried
            action = self.rng.choice(legal)
            if action not in node.children:
                return action

    def ranked(self, world: State, legal: list[Action]) -> list[Action]:
        """Actions by the mover's evaluation one action ahead (the game's estimates where it
        has them; else all actions' results, or a random sample's where there are many)."""
        seat = world.current_player
        assert seat is not None
        candidates = list(legal)
        self.rng.shuffle(candidates)  # equal values keep a random order
        values = self.values_after(world, candidates, seat, self.settings.prior_sample)
        order = sorted(range(len(values)), key=lambda i: -values[i])
        return [candidates[i] for i in order]

    def values_after(
        self, world: State, actions: list[Action], seat: int, sample: int
    ) -> list[float]:
        """The seat's evaluation after each of the first actions: all of them where the game
        estimates, else the first `sample` (the caller shuffles)."""
        estimates = world.game.estimate_actions(world, seat, actions)
        if estimates is not None:
            return estimates
        return [evaluate_after(world, action, seat) for action in actions[:sample]]

    def rollout(self, world: State, taken: int) -> list[float]:
        """Play on for `depth` actions (fewer once the time is up), then judge the world;
        discounted for these and the `taken` actions from the root."""
        played = 0
        while played < self.settings.depth and not world.is_terminal():
            if self.past_deadline():
                break
            world.apply(self.rollout_action(world))
            played += 1
        if not world.is_terminal():
            values = world.game.evaluate_all(world)
        elif self.settings.finish and not world.ended_by_limit():
            values = [value + self.settings.finish for value in world.returns()]
        else:
            values = world.returns()
        if self.settings.discount == 1.0:
            return values
        factor = self.settings.discount ** (taken + played)
        return [value * factor for value in values]

    def rollout_action(self, world: State) -> Action:
        if self.settings.rollout == "random":
            return world.random_action(self.rng)
        if self.settings.rollout == "playout":  # the world is already one the seat may imagine
            return world.game.playout_action(world, self.rng)
        actions = world.legal_actions()
        if self.rng.random() < self.settings.epsilon:
            return self.rng.choice(actions)
        seat = world.current_player
        assert seat is not None
        values = self.values_after(world, actions, seat, len(actions))
        return actions[max(range(len(values)), key=values.__getitem__)]


def evaluate_after(world: State, action: Action, seat: int) -> float:
    after = world.clone()
    after.apply(action)
    return after.game.evaluate(after, seat)

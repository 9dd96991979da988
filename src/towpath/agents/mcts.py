"""Monte Carlo tree search: UCT over worlds resampled from the bot's own view.

Each iteration draws a world with `state.resample(seat, …)` (the hidden parts and the future of
the random generator drawn anew), walks the tree by UCB1, expands one new action, plays a short
rollout and backs up one value per seat. Nodes are keyed by the actions from the root, so a node
holds the statistics of an information set of the searching seat (single-observer ISMCTS); an
action's UCB counts only the iterations in which it was available. In perfect-information
games this is plain UCT with sampled chance. Wide nodes grow progressively: a node visited n
times considers at most max(min_children, widening · √n) of its actions.
"""

from __future__ import annotations

import math
import time

from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.errors import GameError
from towpath.core.game import State
from towpath.core.rng import Rng

DEFAULT_ITERATIONS = 1000


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


class MCTSAgent(Agent):
    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.4,
        rollout: str = "random",
        epsilon: float = 0.2,
        depth: int = 3,
        widening: float = 1.0,
        min_children: int = 4,
        prior_sample: int = 300,
        prior_depth: int = 2,
    ) -> None:
        """Budget: `iterations`, or `seconds` of search (both: whichever ends first).

        Rollouts of at most `depth` actions are "random" or "greedy" (ε-greedy on the game's
        evaluation); a rollout that does not reach the end is scored by the evaluation.
        """
        if rollout not in ("random", "greedy"):
            raise GameError(f"mcts rollout: expected random or greedy, got {rollout!r}")
        if (iterations is not None and iterations < 1) or (seconds is not None and seconds <= 0):
            raise GameError("mcts budget: expected iterations ≥ 1 or seconds > 0")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations or seconds else DEFAULT_ITERATIONS
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_kind = rollout
        self.epsilon = epsilon
        self.depth = depth
        self.widening = widening
        self.min_children = min_children
        self.prior_sample = prior_sample
        self.prior_depth = prior_depth
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        seat = state.current_player
        actions = state.legal_actions()
        if seat is None or not actions:
            raise GameError("the game is over: there is no action to choose")
        if len(actions) == 1:
            return actions[0]
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or time.perf_counter() < deadline or done == 0
        ):
            self.iterate(root, state.resample(seat, self.rng.next64()))
            done += 1
        self.last_iterations = done
        return max(actions, key=lambda a: self.preference(root.children.get(a)))

    @staticmethod
    def preference(node: Node | None) -> tuple[int, float]:
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
        values = self.rollout(world)
        root.visits += 1
        for reached, seat in path:
            reached.visits += 1
            reached.value += values[seat]

    def select(self, node: Node, world: State, depth: int) -> tuple[Action, bool]:
        """UCB1 among the tried actions, or a new one while the node may still widen."""
        legal = world.legal_actions()
        if legal != node.legal:
            node.legal = legal
            node.tried = [a for a in legal if a in node.children]
        tried = node.tried
        for action in tried:
            node.children[action].available += 1
        allowed = max(self.min_children, math.ceil(self.widening * math.sqrt(node.visits + 1)))
        if len(tried) < min(allowed, len(legal)):
            action = self.next_untried(node, world, depth)
            leaf = node.children[action] = Node()
            leaf.available = 1
            tried.append(action)
            return action, True
        return max(tried, key=lambda a: self.ucb(node.children[a])), False

    def next_untried(self, node: Node, world: State, depth: int) -> Action:
        """The best-ranked action not yet expanded (random below the prior's depth)."""
        legal = node.legal
        if node.order is None:
            node.order = self.ranked(world, legal) if depth < self.prior_depth else []
            node.ranked_from = legal
        while node.cursor < len(node.order):
            action = node.order[node.cursor]
            node.cursor += 1
            if action not in node.children and (node.ranked_from is legal or action in legal):
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
        values = self.values_after(world, candidates, seat, self.prior_sample)
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

    def ucb(self, child: Node) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.value / child.visits
        return mean + self.exploration * math.sqrt(math.log(child.available) / child.visits)

    def rollout(self, world: State) -> list[float]:
        game = world.game
        for _ in range(self.depth):
            if world.is_terminal():
                return world.returns()
            world.apply(self.rollout_action(world))
        if world.is_terminal():
            return world.returns()
        return game.evaluate_all(world)

    def rollout_action(self, world: State) -> Action:
        actions = world.legal_actions()
        if self.rollout_kind == "random" or self.rng.random() < self.epsilon:
            return self.rng.choice(actions)
        seat = world.current_player
        assert seat is not None
        values = self.values_after(world, actions, seat, len(actions))
        return actions[max(range(len(values)), key=values.__getitem__)]


def evaluate_after(world: State, action: Action, seat: int) -> float:
    after = world.clone()
    after.apply(action)
    return after.game.evaluate(after, seat)

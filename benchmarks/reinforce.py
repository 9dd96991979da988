"""REINFORCE through the Gymnasium door: a linear softmax policy, one seat against the random bot.

    python benchmarks/reinforce.py GAME [--episodes 2000] [--minutes 3] [--seed 1]
                                        [--out build/reinforce/GAME.npz]

The policy scores every action id from the seat's observation tensor x by a linear map of low
rank, logits = A (B x) + c, sets the logits of the actions the mask forbids to -inf and samples
from the softmax of the rest. A full matrix would have one row per action id, which Canal King
(30,845 ids, 3,038 observation values) cannot afford; rank 32 keeps every game under 1.2 M
parameters. A starts at 0, so the untrained policy is uniform over the legal actions, as the
random bot is.

Training is REINFORCE with a baseline: the reward is terminal (the game's return for the seat, 0
for a game the safety limit stopped), so every step of an episode shares one return G, and the
gradient of the episode is (G - b) times the sum of its steps' grad log pi(a | x), where b is a
running mean of G. Parameters move by Adam after every episode. Episodes are seeded from
`--seed` * 1,000,000 on, apart from the seeds 0 to 999 that `benchmarks/baselines.py`
evaluates on. Training stops after `--episodes` or `--minutes` of CPU time, whichever comes
first (the episodes done are saved with the weights; only the episode count is reproducible).

`PolicyAgent` plays a saved policy as a towpath bot, from any seat (the observation is the
seat's own view): `benchmarks/baselines.py` evaluates it from both seats.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

import towpath
from towpath.agents.base import Agent
from towpath.core.actions import Action
from towpath.core.game import State
from towpath.interop import gymnasium
from towpath.interop.observations import action_mask, observation

Array = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over the legal action ids of logits = A (B x) + c."""

    def __init__(self, observations: int, actions: int, rank: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.A: Array = np.zeros((actions, rank))
        self.B: Array = rng.normal(0.0, 1.0 / np.sqrt(observations), (rank, observations))
        self.c: Array = np.zeros(actions)

    def parameters(self) -> list[Array]:
        return [self.A, self.B, self.c]

    def probabilities(self, x: Array, mask: npt.NDArray[np.int8]) -> tuple[Array, Array]:
        """The softmax over all ids (0 where the mask forbids), and the hidden vector B x."""
        hidden = self.B @ x
        logits = np.where(mask == 1, self.A @ hidden + self.c, -np.inf)
        weights = np.exp(logits - logits.max())
        return weights / weights.sum(), hidden

    def sample(self, x: Array, mask: npt.NDArray[np.int8], rng: np.random.Generator) -> int:
        p, _ = self.probabilities(x, mask)
        return int(rng.choice(len(p), p=p))

    def add_log_gradient(
        self,
        grads: list[Array],
        x: Array,
        mask: npt.NDArray[np.int8],
        hidden: Array,
        p: Array,
        action: int,
    ) -> None:
        """Add grad log pi(action | x) to `grads` (in the order of `parameters`), from the
        `probabilities` at x. Only the legal actions' rows have a gradient."""
        legal = np.flatnonzero(mask)
        g = -p[legal]  # d log p(action) / d logits = onehot(action) - p
        g[np.searchsorted(legal, action)] += 1.0
        grads[0][legal] += np.outer(g, hidden)
        grads[1] += np.outer(self.A[legal].T @ g, x)
        grads[2][legal] += g

    def save(self, path: Path, **metadata: object) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, A=self.A, B=self.B, c=self.c, **metadata)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> LinearPolicy:
        data = np.load(path)
        policy = cls.__new__(cls)
        policy.A, policy.B, policy.c = data["A"], data["B"], data["c"]
        return policy


class Adam:
    """Adam ascent: steps each parameter along its gradient, scaled per coordinate."""

    def __init__(self, parameters: list[Array], rate: float) -> None:
        self.parameters, self.rate, self.t = parameters, rate, 0
        self.m = [np.zeros_like(p) for p in parameters]
        self.v = [np.zeros_like(p) for p in parameters]

    def step(self, grads: list[Array], beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.t += 1
        for p, g, m, v in zip(self.parameters, grads, self.m, self.v, strict=True):
            m[...] = beta1 * m + (1 - beta1) * g  # in place: self.m and self.v keep them
            v[...] = beta2 * v + (1 - beta2) * g * g
            m_hat, v_hat = m / (1 - beta1**self.t), v / (1 - beta2**self.t)
            p[...] = p + self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def train(
    game_id: str, episodes: int, minutes: float, seed: int, rank: int = 32, rate: float = 0.002
) -> tuple[LinearPolicy, list[float]]:
    """A policy trained on seat 0 against the random bot; the return of every episode."""
    env = gymnasium.env(game_id, seat=0, opponents="random", players=2)
    observations = env.observation_space["observation"].shape[0]  # type: ignore[index]
    policy = LinearPolicy(observations, env.game.num_distinct_actions, rank, seed)
    adam = Adam(policy.parameters(), rate)
    rng = np.random.default_rng(seed)
    baseline, returns = 0.0, []
    start = time.process_time()
    for episode in range(episodes):
        if time.process_time() - start > 60 * minutes:
            break
        obs, _ = env.reset(seed=seed * 1_000_000 + episode)
        grads = [np.zeros_like(p) for p in policy.parameters()]
        done, reward = False, 0.0
        while not done:
            x, mask = obs["observation"].astype(np.float64), obs["action_mask"]
            p, hidden = policy.probabilities(x, mask)
            action = int(rng.choice(len(p), p=p))
            policy.add_log_gradient(grads, x, mask, hidden, p, action)
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        returns.append(float(reward))
        adam.step([(reward - baseline) * g for g in grads])
        baseline += 0.05 * (reward - baseline)
    return policy, returns


class PolicyAgent(Agent):
    """A saved policy as a towpath bot: it samples its action, seeded."""

    name = "reinforce"

    def __init__(self, policy: LinearPolicy, seed: int = 0) -> None:
        self.policy = policy
        self.rng = np.random.default_rng(seed)

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        x = observation(state, seat).astype(np.float64)
        action_id = self.policy.sample(x, action_mask(state), self.rng)
        return state.game.action_from_id(action_id, state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=towpath.game_ids())
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--minutes", type=float, default=3.0, help="CPU minutes at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rank", type=int, default=32)
    parser.add_argument("--rate", type=float, default=0.002, help="Adam's step size")
    parser.add_argument("--out", type=Path, help="default build/reinforce/GAME.npz")
    args = parser.parse_args()
    out = args.out or Path("build/reinforce") / f"{args.game}.npz"
    start = time.perf_counter()
    policy, returns = train(args.game, args.episodes, args.minutes, args.seed, args.rank, args.rate)
    policy.save(out, game=args.game, episodes=len(returns), seed=args.seed, rate=args.rate)
    tenth = max(1, len(returns) // 10)
    print(
        f"{args.game}: {len(returns)} episodes in {time.perf_counter() - start:.0f} s; "
        f"mean return, first tenth {np.mean(returns[:tenth]):.3f}, "
        f"last tenth {np.mean(returns[-tenth:]):.3f}; saved {out}"
    )


if __name__ == "__main__":
    main()

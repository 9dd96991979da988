"""Balance statistics of simulated games: who wins, how often the first player does, how long
games run, how scores spread, and how rule variants compare.

Every function takes the rows of one game and player count (see `groups`). A game cut off by
its length limit (ending "limit") is no result, even where the game names the leaders winners
there: every rate (by seat and by agent, with its interval), the first player's advantage and
balance count only the games ended by the rules (`by_rules`); where none of those had a winner
there is no advantage or balance at all (None). A shared win counts 1/k for each of its k
winners; a game with no winner counts for nobody. Intervals are 95% Wilson intervals; standard
deviations are sample ones (n - 1); quantiles interpolate linearly.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from towpath.sim.playout import ENDINGS, LIMIT
from towpath.sim.stats import wilson

QUANTILES = {"q10": 0.10, "q25": 0.25, "median": 0.50, "q75": 0.75, "q90": 0.90}
# More of a run's (or a variant's) games than this share cut off by the limit: a warning.
LIMIT_WARNING_SHARE = 0.05


def groups(frame: pd.DataFrame) -> Iterator[tuple[tuple[str, int], pd.DataFrame]]:
    """The rows of each (game, player count), in order of appearance."""
    for (game, players), group in frame.groupby(["game", "players"], sort=False):
        yield (str(game), int(players)), group.reset_index(drop=True)


def variants(frame: pd.DataFrame) -> Iterator[tuple[str, pd.DataFrame]]:
    """The rows of each variant (rule options), in order of appearance."""
    for variant, group in frame.groupby("variant", sort=False):
        yield str(variant), group.reset_index(drop=True)


def player_count(frame: pd.DataFrame) -> int:
    counts = set(frame["players"])
    if len(counts) != 1:
        raise ValueError(f"expected one player count, got {sorted(counts)}")
    return int(counts.pop())


def by_rules(frame: pd.DataFrame) -> pd.DataFrame:
    """The games ended by the rules, not cut off by the length limit: those every rate counts."""
    return frame[frame["ending"] != LIMIT].reset_index(drop=True)


def limit_games(frame: pd.DataFrame) -> int:
    """How many games the length limit cut off."""
    return int((frame["ending"] == LIMIT).sum())


def limit_told(frame: pd.DataFrame) -> bool:
    """Whether the game tells which games its length limit ended (`State.ended_by_limit`)."""
    return any(flag is not None and not pd.isna(flag) for flag in frame["turn_limit"])


def too_many_limited(frame: pd.DataFrame) -> bool:
    """Whether more than LIMIT_WARNING_SHARE of the games hit the length limit."""
    return len(frame) > 0 and limit_games(frame) / len(frame) > LIMIT_WARNING_SHARE


def had_winner(frame: pd.DataFrame) -> bool:
    """Whether a game ended by the rules had a winner: without one, no advantage or balance."""
    return any(len(winners) for winners in by_rules(frame)["winners"])


def win_shares(frame: pd.DataFrame) -> np.ndarray:
    """Games ended by the rules × seats: 1/k for each of a game's k winners, 0 elsewhere."""
    ruled = by_rules(frame)
    shares = np.zeros((len(ruled), player_count(frame)))
    for row, winners in enumerate(ruled["winners"]):
        for seat in winners:
            shares[row, seat] = 1.0 / len(winners)
    return shares


def rate_row(wins: float, trials: int) -> dict[str, float]:
    """Wins of `trials`, the rate and its interval (NaN rate and interval without trials)."""
    if not trials:
        return {"wins": wins, "win_rate": math.nan, "low": math.nan, "high": math.nan}
    low, high = wilson(wins, trials)
    return {"wins": wins, "win_rate": wins / trials, "low": low, "high": high}


def seat_win_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """Per seat: games ended by the rules, wins there, win rate and its interval."""
    totals = win_shares(frame).sum(axis=0)
    games = len(by_rules(frame))
    rows = [{"seat": seat, "games": games, **rate_row(w, games)} for seat, w in enumerate(totals)]
    return pd.DataFrame(rows)


def agent_win_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """Per agent: the seats it took (games ended by the rules × seats), its wins there, win
    rate and interval."""
    shares = win_shares(frame)
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for agents in frame["agents"]:  # every agent, also those seated only in limit games
        for agent in agents:
            wins.setdefault(agent, 0.0)
            seats.setdefault(agent, 0)
    for row, agents in enumerate(by_rules(frame)["agents"]):
        for seat, agent in enumerate(agents):
            wins[agent] += shares[row, seat]
            seats[agent] += 1
    rows = [{"agent": a, "seat_games": seats[a], **rate_row(wins[a], seats[a])} for a in seats]
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class FirstPlayer:
    """How often the seat that moves first wins, against the fair rate (the mean seat's), in
    the games ended by the rules."""

    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    fair: float

    @property
    def advantage(self) -> float:
        return self.win_rate - self.fair


def first_player(frame: pd.DataFrame) -> FirstPlayer | None:
    """None where no game ended by the rules had a winner."""
    if not had_winner(frame):
        return None
    shares = win_shares(frame)
    games = len(shares)
    wins = float(sum(shares[row, first] for row, first in enumerate(by_rules(frame)["first"])))
    fair = float(shares.sum()) / games / shares.shape[1]
    rates = rate_row(wins, games)
    return FirstPlayer(games, wins, rates["win_rate"], rates["low"], rates["high"], fair)


def balance(frame: pd.DataFrame) -> float | None:
    """1 - the largest gap between two seats' win rates (1: every seat wins as often); None
    where no game ended by the rules had a winner."""
    if not had_winner(frame):
        return None
    rates = seat_win_rates(frame)["win_rate"]
    return float(1.0 - (rates.max() - rates.min()))


def ending_counts(frame: pd.DataFrame) -> dict[str, int]:
    """How many games ended each way (`ENDINGS`)."""
    return {ending: int((frame["ending"] == ending).sum()) for ending in ENDINGS}


def endings(frame: pd.DataFrame) -> dict[str, float]:
    """The share of games that ended each way (`ENDINGS`); the limit's is NaN where the game
    does not tell it."""
    games = len(frame)
    shares = {e: n / games if games else math.nan for e, n in ending_counts(frame).items()}
    if not limit_told(frame):
        shares[LIMIT] = math.nan
    return shares


def describe(values: pd.Series | np.ndarray) -> dict[str, float]:
    """Mean, sd, minimum, quantiles and maximum."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return {"mean": np.nan, "sd": np.nan, "min": np.nan, **dict.fromkeys(QUANTILES, np.nan)}
    spread = float(np.std(data, ddof=1)) if data.size > 1 else np.nan
    result = {"mean": float(np.mean(data)), "sd": spread, "min": float(np.min(data))}
    result.update({name: float(np.quantile(data, q)) for name, q in QUANTILES.items()})
    result["max"] = float(np.max(data))
    return result


def game_length(frame: pd.DataFrame) -> pd.DataFrame:
    """Actions and turns (a seat's run of consecutive decisions) per game, described."""
    return pd.DataFrame(
        [{"measure": column, **describe(frame[column])} for column in ("actions", "turns")]
    )


def score_matrix(frame: pd.DataFrame) -> np.ndarray:
    """games × seats final scores."""
    return np.array(list(frame["scores"]), dtype=float).reshape(len(frame), player_count(frame))


def score_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per seat: the final scores of every game described; a last row for the winners' scores
    in the games ended by the rules."""
    scores = score_matrix(frame)
    rows = [{"seat": str(seat), **describe(scores[:, seat])} for seat in range(scores.shape[1])]
    ruled = (frame["ending"] != LIMIT).to_numpy()
    winning = [
        scores[row, seat] for row, ws in enumerate(frame["winners"]) if ruled[row] for seat in ws
    ]
    rows.append({"seat": "winners", **describe(np.array(winning))})
    return pd.DataFrame(rows)


def mean_branching(frame: pd.DataFrame) -> float:
    """Legal actions per decision, over all decisions (each game's mean weighted by its
    actions; the counts are sampled, see `playout.BRANCHING_STRIDE`)."""
    known = frame[frame["branching"].notna()]
    weights = known["actions"].to_numpy(dtype=float)
    if not weights.sum():
        return float("nan")
    return float(np.average(known["branching"].to_numpy(dtype=float), weights=weights))


@dataclass(frozen=True)
class Summary:
    """Every statistic of one game and player count (see the module for what rates count)."""

    game: str
    players: int
    games: int
    games_by_rules: int  # games ended by the rules: what every rate counts
    seats: pd.DataFrame
    agents: pd.DataFrame
    first: FirstPlayer | None
    balance: float | None
    endings: dict[str, int]
    limit_told: bool
    length: pd.DataFrame
    scores: pd.DataFrame
    branching: float
    seconds: float


def summarize(frame: pd.DataFrame) -> Summary:
    players = player_count(frame)
    return Summary(
        game=str(frame["game"].iloc[0]),
        players=players,
        games=len(frame),
        games_by_rules=len(by_rules(frame)),
        seats=seat_win_rates(frame),
        agents=agent_win_rates(frame),
        first=first_player(frame),
        balance=balance(frame),
        endings=ending_counts(frame),
        limit_told=limit_told(frame),
        length=game_length(frame),
        scores=score_table(frame),
        branching=mean_branching(frame),
        seconds=float(frame["duration"].sum()),
    )


def compare_variants(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per variant (rule options) with the figures a designer compares; NaN for an
    advantage or balance the variant has none of."""
    return pd.DataFrame([variant_row(variant, group) for variant, group in variants(frame)])


def variant_row(variant: str, frame: pd.DataFrame) -> dict[str, object]:
    first = first_player(frame)
    fairness = balance(frame)
    length = describe(frame["actions"])
    rates = seat_win_rates(frame)["win_rate"]
    return {
        "variant": variant,
        "games": len(frame),
        "games_by_rules": len(by_rules(frame)),
        "first_player_rate": first.win_rate if first else math.nan,
        "first_player_advantage": first.advantage if first else math.nan,
        "balance": math.nan if fairness is None else fairness,
        **{f"seat{seat}": float(rate) for seat, rate in enumerate(rates)},
        **endings(frame),
        "actions_mean": length["mean"],
        "actions_sd": length["sd"],
        "actions_median": length["median"],
        "branching": mean_branching(frame),
    }

"""Balance statistics of simulated games: who wins, how often the first player does, how long
games run, how scores spread, and how rule variants compare.

Every function takes the rows of one game and player count (see `groups`). A shared win counts
1/k for each of its k winners; a game with no winner counts for nobody. Intervals are 95% Wilson
intervals; standard deviations are sample ones (n - 1); quantiles interpolate linearly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pandas as pd

from towpath.sim.stats import wilson

ENDINGS = ("win", "shared", "no winner")
QUANTILES = {"q10": 0.10, "q25": 0.25, "median": 0.50, "q75": 0.75, "q90": 0.90}


def groups(frame: pd.DataFrame) -> Iterator[tuple[tuple[str, int], pd.DataFrame]]:
    """The rows of each (game, player count), in order of appearance."""
    for (game, players), group in frame.groupby(["game", "players"], sort=False):
        yield (str(game), int(players)), group.reset_index(drop=True)


def player_count(frame: pd.DataFrame) -> int:
    counts = set(frame["players"])
    if len(counts) != 1:
        raise ValueError(f"expected one player count, got {sorted(counts)}")
    return int(counts.pop())


def win_shares(frame: pd.DataFrame) -> np.ndarray:
    """games × seats: 1/k for each of a game's k winners, 0 elsewhere."""
    shares = np.zeros((len(frame), player_count(frame)))
    for row, winners in enumerate(frame["winners"]):
        for seat in winners:
            shares[row, seat] = 1.0 / len(winners)
    return shares


def rate_row(wins: float, trials: int) -> dict[str, float]:
    low, high = wilson(wins, trials)
    return {"wins": wins, "win_rate": wins / trials if trials else 0.0, "low": low, "high": high}


def seat_win_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """Per seat: games, wins, win rate and its interval."""
    totals = win_shares(frame).sum(axis=0)
    games = len(frame)
    rows = [{"seat": seat, "games": games, **rate_row(w, games)} for seat, w in enumerate(totals)]
    return pd.DataFrame(rows)


def agent_win_rates(frame: pd.DataFrame) -> pd.DataFrame:
    """Per agent: the seats it took (games × seats), its wins there, win rate and interval."""
    shares = win_shares(frame)
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for row, agents in enumerate(frame["agents"]):
        for seat, agent in enumerate(agents):
            wins[agent] = wins.get(agent, 0.0) + shares[row, seat]
            seats[agent] = seats.get(agent, 0) + 1
    rows = [{"agent": a, "seat_games": seats[a], **rate_row(wins[a], seats[a])} for a in seats]
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class FirstPlayer:
    """How often the seat that moves first wins, against the fair rate (the mean seat's)."""

    games: int
    wins: float
    win_rate: float
    low: float
    high: float
    fair: float

    @property
    def advantage(self) -> float:
        return self.win_rate - self.fair


def first_player(frame: pd.DataFrame) -> FirstPlayer:
    shares = win_shares(frame)
    games = len(frame)
    wins = float(sum(shares[row, first] for row, first in enumerate(frame["first"])))
    fair = float(shares.sum()) / games / shares.shape[1] if games else 0.0
    rates = rate_row(wins, games)
    return FirstPlayer(games, wins, rates["win_rate"], rates["low"], rates["high"], fair)


def balance(frame: pd.DataFrame) -> float:
    """1 - the largest gap between two seats' win rates (1: every seat wins as often)."""
    rates = seat_win_rates(frame)["win_rate"]
    return float(1.0 - (rates.max() - rates.min()))


def endings(frame: pd.DataFrame) -> dict[str, float | None]:
    """Share of games won, shared and with no winner; and of games ended by the length limit
    (None when the game does not tell)."""
    games = len(frame)
    shares: dict[str, float | None] = {
        ending: float((frame["ending"] == ending).sum()) / games if games else 0.0
        for ending in ENDINGS
    }
    told = [flag for flag in frame["turn_limit"] if flag is not None and not pd.isna(flag)]
    shares["turn limit"] = sum(bool(flag) for flag in told) / len(told) if told else None
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
    """Per seat: the final scores described; a last row for the winners' scores."""
    scores = score_matrix(frame)
    rows = [{"seat": str(seat), **describe(scores[:, seat])} for seat in range(scores.shape[1])]
    winning = [scores[row, seat] for row, ws in enumerate(frame["winners"]) for seat in ws]
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
    """Every statistic of one game and player count."""

    game: str
    players: int
    games: int
    seats: pd.DataFrame
    agents: pd.DataFrame
    first: FirstPlayer
    balance: float
    endings: dict[str, float | None]
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
        seats=seat_win_rates(frame),
        agents=agent_win_rates(frame),
        first=first_player(frame),
        balance=balance(frame),
        endings=endings(frame),
        length=game_length(frame),
        scores=score_table(frame),
        branching=mean_branching(frame),
        seconds=float(frame["duration"].sum()),
    )


def compare_variants(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per variant (rule options) with the figures a designer compares."""
    rows = []
    for variant, group in frame.groupby("variant", sort=False):
        first = first_player(group)
        ends = endings(group)
        length = describe(group["actions"])
        rates = seat_win_rates(group)["win_rate"]
        rows.append(
            {
                "variant": str(variant),
                "games": len(group),
                "first_player_rate": first.win_rate,
                "first_player_advantage": first.advantage,
                "balance": balance(group),
                **{f"seat{seat}": float(rate) for seat, rate in enumerate(rates)},
                **{ending: ends[ending] for ending in (*ENDINGS, "turn limit")},
                "actions_mean": length["mean"],
                "actions_sd": length["sd"],
                "actions_median": length["median"],
                "branching": mean_branching(group),
            }
        )
    return pd.DataFrame(rows)

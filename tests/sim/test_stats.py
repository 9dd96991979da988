"""Statistics, checked against values computed by hand."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

import towpath
from towpath.core.errors import GameError
from towpath.sim import strength
from towpath.sim.stats import wilson
from towpath.sim.strength import DuelRecord, Pairing, pairing


def test_wilson_interval_of_8_in_10() -> None:
    # p = 0.8, n = 10, z = 1.96: centre 0.99208, margin 0.31363, denominator 1.38416.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_at_the_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(20, 20)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.8389, abs=1e-4)


def test_a_pairing_counts_wins_with_seats_swapped() -> None:
    result = pairing("mississippi", "greedy", "random", games=4)
    total = result.total
    assert total.games == 4 and total.wins + total.losses <= 4
    assert result.as_dict()["draws"] == 4 - total.wins - total.losses


def test_a_pairing_counts_each_seat_apart() -> None:
    result = pairing("mississippi", "greedy", "random", games=5)
    first, second = result.seats
    assert (first.games, second.games) == (3, 2), "games 0, 2 and 4 with the bot first"
    assert first.wins + second.wins == result.total.wins
    assert first.losses + second.losses == result.total.losses
    table = result.as_dict()
    assert [seat["games"] for seat in table["seats"]] == [3, 2]
    low, high = wilson(second.wins, 2)
    assert table["seats"][1]["wilson_low"] == round(low, 3)
    assert table["seats"][1]["wilson_high"] == round(high, 3)


def test_a_pairing_tells_its_progress_and_is_the_same_on_two_workers() -> None:
    heard: list[tuple[int, int]] = []
    alone = pairing("mississippi", "greedy", "random", games=4, progress=lambda *r: heard.append(r))
    assert heard == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    assert pairing("mississippi", "greedy", "random", games=4, workers=2) == alone


def test_a_stopped_pairing_given_its_record_plays_only_the_games_it_lacks(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    pairing("mississippi", "greedy", "random", games=2, record=DuelRecord(kept))
    assert [json.loads(line)["seed"] for line in kept.read_text().splitlines()] in ([0, 1], [1, 0])

    def resume() -> tuple[list[tuple[int, int]], Pairing]:
        heard: list[tuple[int, int]] = []
        result = pairing(
            "mississippi",
            "greedy",
            "random",
            4,
            None,
            None,
            1,
            lambda *r: heard.append(r),
            DuelRecord(kept),
        )
        return heard, result

    heard, resumed = resume()
    assert heard == [(2, 4), (3, 4), (4, 4)], "games 0 and 1 come from the record"
    assert resumed == pairing("mississippi", "greedy", "random", games=4)
    assert len(kept.read_text().splitlines()) == 4
    assert resume() == ([(4, 4)], resumed), "every game comes from the record"


def test_a_record_keeps_pairings_apart(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    pairing("mississippi", "greedy", "random", games=2, record=DuelRecord(kept))
    heard: list[tuple[int, int]] = []
    params = {"shortlist": 3}
    pairing(
        "mississippi",
        "greedy",
        "random",
        2,
        params,
        None,
        1,
        lambda *r: heard.append(r),
        DuelRecord(kept),
    )
    pairing(
        "mississippi",
        "random",
        "greedy",
        2,
        None,
        None,
        1,
        lambda *r: heard.append(r),
        DuelRecord(kept),
    )
    assert heard.count((0, 2)) == 2, "other params and other bots are other pairings"
    assert len(DuelRecord(kept).kept({"bot_params": params})) == 2


def test_a_record_drops_a_line_cut_off_as_it_was_written(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    pairing("mississippi", "greedy", "random", games=2, record=DuelRecord(kept))
    whole = kept.read_text()
    kept.write_text(whole + '{"game": "missis')
    assert DuelRecord(kept).kept({"game": "mississippi"}).keys() == {0, 1}
    assert kept.read_text() == whole


@pytest.mark.parametrize(
    "line", ["not json", "[1, 2]", '{"seed": 0, "seat": 2, "mine": 1, "theirs": 0}']
)
def test_a_corrupt_record_is_refused_in_one_line(tmp_path: Path, line: str) -> None:
    kept = tmp_path / "duels.jsonl"
    kept.write_text(f"{line}\n")
    with pytest.raises(GameError, match=r"duels.jsonl', line 1: expected a JSON object") as error:
        DuelRecord(kept)
    assert "\n" not in str(error.value)


def test_a_record_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(GameError, match=r"cannot keep duel record .*No such file or directory"):
        DuelRecord(tmp_path / "no such folder" / "duels.jsonl")
    (tmp_path / "latin-1.jsonl").write_bytes(b"\xe9\n")
    with pytest.raises(GameError, match=r"corrupt duel record .*expected UTF-8 text"):
        DuelRecord(tmp_path / "latin-1.jsonl")


def test_a_record_keeps_how_each_duel_ended_and_a_pairing_counts_the_cut_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "duels.jsonl"
    monkeypatch.setattr(strength, "load", partial(towpath.load, max_rounds=2))
    cut = pairing("detour", "random", "random", games=2, record=DuelRecord(kept))
    assert [json.loads(line)["ending"] for line in kept.read_text().splitlines()] == ["limit"] * 2
    assert (cut.total.cut_off, cut.total.draws, cut.total.wins) == (2, 2, 0)
    assert cut.as_dict()["cut_off"] == 2
    monkeypatch.undo()
    ended = pairing("mississippi", "greedy", "random", games=2)
    assert ended.total.cut_off == 0 and ended.total.wins + ended.total.losses == 2


def test_a_duel_kept_before_records_told_endings_reads_as_unknown(tmp_path: Path) -> None:
    kept = tmp_path / "duels.jsonl"
    old = {"game": "mississippi", "bot": "greedy", "opponent": "random"}
    line = {**old, "bot_params": {}, "opponent_params": {}, "seed": 0, "seat": 0, "mine": 1}
    kept.write_text(json.dumps({**line, "theirs": 0}) + "\n")
    assert DuelRecord(kept).kept(old) == {0: (0, 1.0, 0.0, "unknown")}


def test_a_level_s_games_are_kept_with_its_preset_and_played_again_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "duels.jsonl"
    pairing("mississippi", "easy", "random", games=2, record=DuelRecord(kept))
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert {line["bot_preset"] for line in lines} == {"playout"}
    assert all("opponent_preset" not in line for line in lines), "random is no level"
    heard: list[tuple[int, int]] = []

    def again() -> None:
        heard.clear()
        pairing(
            "mississippi", "easy", "random", 2, None, None, 1, lambda *r: heard.append(r),
            DuelRecord(kept),
        )  # fmt: skip

    again()
    assert heard == [(2, 2)], "the same preset: every game comes from the record"
    mississippi = type(towpath.load("mississippi", 2))
    monkeypatch.setattr(mississippi, "bot_levels", {"easy": "playout:randomness=0.5"})
    again()
    assert heard[0] == (0, 2), "another preset: its games are played again"

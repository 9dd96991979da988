"""`towpath play canal_king`: a person builds and sails against random bots."""

from __future__ import annotations

from tests.cli.test_cli import towpath_cli

SMALL = ["-o", "board=small", "-o", "routes=small"]


def test_a_person_plays_by_notation_and_by_number() -> None:
    script = "\n".join(["xyz", "place S 9,9 r0", "special 0,0 r0", "1", "quit"])
    result = towpath_cli(
        "play", "canal_king", "-p", "3", "--delay", "0", "--seed", "4", *SMALL, stdin=script
    )
    out = result.stdout
    assert "Traceback" not in out + result.stderr and result.returncode == 0
    assert "bad Canal King action 'xyz'" in out
    assert "(rule: board)" in out and "(rule: dock cell)" in out
    assert "seat 0 (you): " in out and "Game left unfinished." in out
    assert "colour" in out and "route" in out


def test_a_person_plays_a_whole_game_to_its_end() -> None:
    script = "\n".join(["1"] * 400 + ["quit"])
    result = towpath_cli(
        "play", "canal_king", "-p", "3", "--delay", "0", "--seed", "5", *SMALL, stdin=script
    )
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout
    assert "you): sail" in result.stdout, "the person's ship sailed"


def test_the_issues_command_plays_the_default_board_to_its_end() -> None:
    # Random bots rarely join a route on the default board: the game ends at the turn limit.
    script = "\n".join(["1"] * 250 + ["quit"])
    result = towpath_cli(
        "play", "canal_king", "--players", "3", "--delay", "0", "--seed", "4", stdin=script
    )
    assert result.returncode == 0, result.stderr
    assert "Game over: no winner." in result.stdout
    assert "Turn 600 of 600" in result.stdout and "you): place" in result.stdout

"""`towpath play canal_king`: a person builds and sails against bots."""

from __future__ import annotations

import re

import towpath
from tests.cli.test_cli import listed_per_prompt, towpath_cli
from tests.games.canal_king.helpers import small

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
    random_bots = ["--seat", "1=random", "--seat", "2=random"]
    result = towpath_cli(
        "play", "canal_king", "-p", "3", "--delay", "0", "--seed", "5", *SMALL, *random_bots,
        stdin=script,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout
    assert "you): sail" in result.stdout, "the person's ship sailed"


def test_the_default_bots_play_the_default_board_to_a_win() -> None:
    script = "\n".join(["1"] * 250 + ["quit"])
    result = towpath_cli(
        "play", "canal_king", "--players", "3", "--delay", "0", "--seed", "4", stdin=script
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert re.search(r"^Game over: seat [12] won\.$", out, re.MULTILINE), "a bot's ship finished"
    assert "turn 600 of 600" not in out and "you): place" in out
    assert "seat 1 (normal): sail" in out or "seat 2 (normal): sail" in out
    listed = listed_per_prompt(out, KINDS)
    assert len(listed) > 10 and max(map(len, listed)) <= 40, "never a wall of actions"


KINDS = {"place", "replace", "swap", "special", "sail", "return", "pass", "launch", "skip"}


def test_the_actions_are_grouped_listed_on_request_and_narrowed_by_their_start() -> None:
    state = towpath.load("canal_king", 3, **small()).new_state(4)
    numbers = {str(action): n for n, action in enumerate(state.legal_actions(), start=1)}
    script = ["list", "list place", "list place G", "place G 1,", "list zzz", "place G 1,1 r3"]
    result = towpath_cli(
        "play", "canal_king", "-p", "3", "--delay", "0", "--seed", "4", *SMALL,
        stdin="\n".join([*script, "quit"]),
    )  # fmt: skip
    out = result.stdout
    assert result.returncode == 0 and "Traceback" not in out + result.stderr
    blocks = out.split("seat 0> ")
    opening, listing, place, place_g, place_g_1, bad = blocks[:6]
    assert f"{len(numbers)} legal actions; type the start of one, such as 'place':" in opening
    for kind in ("place", "special", "swap"):
        count = sum(notation.startswith(kind + " ") for notation in numbers)
        assert re.search(rf"^{kind} …\s+{count}  ", opening, re.MULTILINE), kind
    assert listing.strip() == opening.split("\n", 1)[1].rsplit("╯", 1)[1].strip(), "list again"
    assert "actions start with 'place'; type more, such as 'place S':" in place
    assert re.search(r"^place GG …\s+\d+  1,0", place, re.MULTILINE)
    assert "actions start with 'place G'; type more, such as 'place G 0,':" in place_g
    assert "place GG" not in place_g, "the whole word G, not GG"
    assert "16 actions start with 'place G 1,':" in place_g_1
    wanted = [
        f"{n} {notation}" for notation, n in numbers.items() if notation.startswith("place G 1,")
    ]
    assert [
        " ".join(item.split()) for item in re.findall(r"\d+ place G 1,\d r\d", place_g_1)
    ] == wanted
    assert bad.strip().splitlines()[0] == "list: no legal action starts with 'zzz' (try list place)"
    assert "seat 0 (you): place G 1,1 r3" in out
    assert all(len(listed) <= 40 for listed in listed_per_prompt(out, KINDS))


def test_list_all_lists_every_action() -> None:
    result = towpath_cli(
        "play", "canal_king", "-p", "3", "--delay", "0", "--seed", "4", stdin="list all\nquit"
    )
    assert result.returncode == 0, result.stderr
    opening, every = listed_per_prompt(result.stdout, KINDS)[:2]
    state = towpath.load("canal_king", 3).new_state(4)
    assert len(opening) == 0, "the opening lists kinds, not actions"
    assert every == [str(n) for n in range(1, len(state.legal_actions()) + 1)]

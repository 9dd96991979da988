"""Tab at the terminal: the words that complete the line, from the legal actions and commands."""

from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from towpath.cli.listing import Legal
from towpath.cli.play import COMMAND_WORDS
from towpath.cli.prompt import ActionCompleter

LEGAL = Legal(["place S 1,0 r0", "place S 1,1 r2", "place G 1,0 r0", "swap S", "swap S G", "pass"])


def completions(text: str) -> list[tuple[str, int, str, str]]:
    completer = ActionCompleter(COMMAND_WORDS)
    completer.legal = LEGAL
    found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
    return [(c.text, c.start_position, c.display_text, c.display_meta_text) for c in found]


def test_the_first_word_completes_to_commands_and_kinds_of_action() -> None:
    assert completions("") == [
        *[(command, 0, command, "command") for command in COMMAND_WORDS],
        ("place ", 0, "place", "3 actions"),
        ("swap ", 0, "swap", "2 actions"),
        ("pass", 0, "pass", "1 action"),
    ]
    assert completions("pl") == [("place ", -2, "place", "3 actions")]
    assert completions("pa") == [("pass", -2, "pass", "1 action")]


def test_a_word_gets_a_space_only_if_every_action_with_it_goes_on() -> None:
    assert completions("place ") == [("S ", 0, "S", "2 actions"), ("G ", 0, "G", "1 action")]
    assert completions("swap ") == [("S", 0, "S", "2 actions")], "swap S is an action"
    assert completions("swap S ") == [("G", 0, "G", "1 action")]


def test_the_word_being_typed_is_replaced_whole() -> None:
    assert completions("place S 1,") == [
        ("1,0 ", -2, "1,0", "1 action"),
        ("1,1 ", -2, "1,1", "1 action"),
    ]
    assert completions("place S 1,1 r") == [("r2", -1, "r2", "1 action")]
    assert completions("place T ") == []


def test_after_list_the_words_are_those_of_actions_and_all() -> None:
    assert completions("list ")[0] == ("all", 0, "all", "every legal action")
    assert [c[0] for c in completions("list ")[1:]] == ["place ", "swap ", "pass"]
    assert completions("list a") == [("all", -1, "all", "every legal action")]
    assert completions("list place S 1,0") == [("1,0 ", -3, "1,0", "1 action")]
    assert completions("li") == [("list", -2, "list", "command")]

"""Reading a person's line at a real terminal (prompt_toolkit): Tab completes the next word of
a legal action or of a command, the bar below counts the legal actions that start with what is
typed, and Up and Down recall earlier lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory

from towpath.cli.listing import Legal, normal, word_index

LIST = "list"
ALL = "all"


class ActionCompleter(Completer):
    """Completes the word being typed with the words of the legal actions that start with the
    line; a space follows a word after which every such action goes on."""

    def __init__(self, commands: Sequence[str]) -> None:
        self.commands = commands
        self.legal = Legal([])

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        partial = "" if not text or text[-1].isspace() else text.split()[-1]
        words = text.split()
        if words[:1] == [LIST] and (len(words) > 1 or text[-1:].isspace()):
            text = text.split(maxsplit=1)[1] if len(words) > 1 else ""
            if word_index(text) == 0 and ALL.startswith(partial):
                yield Completion(ALL, -len(partial), display_meta="every legal action")
        elif word_index(text) == 0:
            for command in self.commands:
                if command.startswith(partial):
                    yield Completion(command, -len(partial), display_meta="command")
        for word, (count, goes_on) in self.legal.next_words(text).items():
            meta = f"{count} action{'s' if count > 1 else ''}"
            ending = " " if goes_on else ""
            yield Completion(word + ending, -len(partial), display=word, display_meta=meta)


class TerminalReader:
    """Reads lines with completion of the legal actions passed with each prompt."""

    def __init__(self, commands: Sequence[str]) -> None:
        self.completer = ActionCompleter(commands)
        self.session: PromptSession[str] = PromptSession(
            completer=self.completer,
            history=InMemoryHistory(),
            bottom_toolbar=self.toolbar,
            complete_while_typing=False,
        )

    def __call__(self, prompt: str, legal: Legal) -> str:
        self.completer.legal = legal
        return self.session.prompt(prompt)

    def toolbar(self) -> str:
        text = self.session.default_buffer.text
        legal = self.completer.legal
        if not text.strip():
            return f" {len(legal)} legal actions · Tab completes a word · help"
        if text.split()[0] in self.completer.commands:
            return " a command"
        count = len(legal.starting(text))
        if count == 0:
            return f" no legal action starts with {normal(text).strip()!r}"
        starts = "actions start" if count > 1 else "action starts"
        return f" {count} legal {starts} with {normal(text)!r}"

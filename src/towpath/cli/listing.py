"""The legal actions as a person at the terminal reads them: filtered by the start of their
notation, grouped by its words (the first word is the kind: place, swap, move...), and never
more than LIMIT of them listed one by one unless all of them are asked for.

How it reads them (the terminal's own decisions):
- an action keeps its number in the game's list of legal actions, whatever listing shows it;
- past LIMIT, actions are grouped by their first word that differs; a group gets a line with
  its count and the words that follow; more than GROUP_LINES groups are grouped by the head
  of that word instead ("place S 1," for the cells 1,0 to 1,7) when that makes fewer;
- groups of at most SMALL_GROUP actions are listed action by action when they fit;
- a last word typed whole asks for that word only ("place S" is not "place S:blue");
- a line that is an action plays it: `list swap S` shows the actions that start with the
  action `swap S`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Group as Lines
from rich.console import RenderableType
from rich.text import Text

LIMIT = 40  # actions listed one by one at most, unless all are asked for
SMALL_GROUP = 3  # a group this small is listed action by action
GROUP_LINES = 12  # up to this many groups get a line each, with the words that follow
HEAD_ENDS = ",.:@"  # a word's head ends at the first of these ("1," of "1,7"): a finer group


def normal(text: str) -> str:
    """The text with its runs of spaces made one; a trailing space stays (it ends a word)."""
    words = text.split()
    return " ".join(words) + (" " if words and text[-1].isspace() else "")


def word_index(text: str) -> int:
    """The index of the word being typed at the end of the text."""
    words = text.split()
    return len(words) if not words or text[-1].isspace() else len(words) - 1


def head(word: str) -> str:
    """The word up to and including its first separator after the first character."""
    for at, char in enumerate(word[1:], start=1):
        if char in HEAD_ENDS:
            return word[: at + 1]
    return word


def natural(text: str) -> list[tuple[int, str]]:
    """Sorts numbers by their value: "2," before "10,"."""
    parts = re.split(r"(\d+)", text)
    return [(int(part), "") if part.isdigit() else (-1, part) for part in parts]


@dataclass(frozen=True)
class Group:
    label: str  # what a person types to see the group's actions: "place S", "place S 1,"
    indices: list[int]  # positions in the legal actions
    following: list[tuple[str, int]]  # the words after the label, with their action counts


@dataclass(frozen=True)
class Outline:
    text: str  # the start typed ("" for every action)
    total: int  # actions that start with it
    groups: list[Group]
    actions: list[int]  # listed one by one (positions in the legal actions)
    unlisted: int  # actions past LIMIT that are neither listed nor in a group


class Legal:
    """The notations of the legal actions, in the game's order (numbered from 1)."""

    def __init__(self, notations: Sequence[str]) -> None:
        self.notations = list(notations)
        self.words = [notation.split(" ") for notation in self.notations]

    def __len__(self) -> int:
        return len(self.notations)

    def starting(self, text: str) -> list[int]:
        """The actions whose notation starts with the text, as a character prefix."""
        start = normal(text)
        return [i for i, notation in enumerate(self.notations) if notation.startswith(start)]

    def matching(self, text: str) -> list[int]:
        """The actions the text asks for: those that start with it, but where its last word
        is a whole word of some of them (the tile "S" of "place S"), only those."""
        indices = self.starting(text)
        at = word_index(text)
        last = text.split()[at] if at < len(text.split()) else None
        whole = [i for i in indices if last is not None and self.words[i][at] == last]
        return whole or indices

    def next_words(self, text: str) -> dict[str, tuple[int, bool]]:
        """The words that complete the word being typed, each with the number of actions that
        have it and whether every one of them goes on after it (then a space follows it)."""
        at = word_index(text)
        words: dict[str, tuple[int, bool]] = {}
        for i in self.starting(text):
            word = self.words[i][at]
            count, goes_on = words.get(word, (0, True))
            words[word] = (count + 1, goes_on and len(self.words[i]) > at + 1)
        return words

    def outline(self, text: str = "") -> Outline:
        indices = self.matching(text)
        if len(indices) <= LIMIT:
            return Outline(text, len(indices), [], indices, 0)
        at = word_index(text)
        while len(keyed := self.split(indices, at, whole=True)) == 1:
            at += 1  # every action shares this word: group by the next one
        whole = True
        if len(keyed) > GROUP_LINES:
            heads = self.split(indices, at, whole=False)
            whole = not 1 < len(heads) < len(keyed)
            keyed = (
                keyed if whole else dict(sorted(heads.items(), key=lambda kv: natural(kv[0][0])))
            )
        sizes = [len(members) for members in keyed.values()]
        listed = SMALL_GROUP if sum(n for n in sizes if n <= SMALL_GROUP) <= LIMIT else 1
        groups = [self.group(m, at, whole) for m in keyed.values() if len(m) > listed]
        singles = sorted(i for members in keyed.values() if len(members) <= listed for i in members)
        return Outline(text, len(indices), groups, singles[:LIMIT], len(singles[LIMIT:]))

    def split(self, indices: list[int], at: int, whole: bool) -> dict[tuple[str, bool], list[int]]:
        """The actions by their word at `at` (or its head), in order of first appearance; an
        action with fewer words is a group of its own (keyed by its notation, marked ended)."""
        keyed: dict[tuple[str, bool], list[int]] = {}
        for i in indices:
            words = self.words[i]
            if len(words) <= at:
                key = (self.notations[i], True)
            else:
                key = (words[at] if whole else head(words[at]), False)
            keyed.setdefault(key, []).append(i)
        return keyed

    def group(self, members: list[int], at: int, whole: bool) -> Group:
        words = self.words[members[0]]
        label = " ".join([*words[:at], words[at] if whole else head(words[at])])
        after = at + 1 if whole else at
        following: dict[str, int] = {}
        for i in members:
            if len(self.words[i]) > after:
                word = self.words[i][after]
                following[word] = following.get(word, 0) + 1
        return Group(label, members, list(following.items()))

    def render(self, outline: Outline, width: int) -> RenderableType:
        """The outline at a terminal this wide."""
        parts: list[RenderableType] = [Text(self.heading(outline))]
        if len(outline.groups) > GROUP_LINES:
            items = [group_item(group) for group in outline.groups]
            parts.append(Columns(items, padding=(0, 2)))
        elif outline.groups:
            parts.append(group_lines(outline.groups, width))
        if outline.actions:
            parts.append(self.columns(outline.actions))
        if outline.unlisted:
            more = f"… and {outline.unlisted} more: type more of one to see them, or list all."
            parts.append(Text(more))
        return Lines(*parts)

    def heading(self, outline: Outline) -> str:
        text = normal(outline.text).strip()
        plural = "s" if outline.total != 1 else ""
        if not text:
            total = f"{outline.total} legal action{plural}"
        else:
            total = f"{outline.total} action{plural} start{'' if plural else 's'} with {text!r}"
        if not outline.groups:
            return f"{total}:"
        example = outline.groups[0].label
        return f"{total}; type {'the start of one' if not text else 'more'}, such as {example!r}:"

    def columns(self, indices: list[int]) -> Columns:
        digits = len(str(len(self.notations)))
        items = [Text.assemble((f"{i + 1:>{digits}} ", "cyan"), self.notations[i]) for i in indices]
        return Columns(items, padding=(0, 2))

    def render_all(self) -> RenderableType:
        return Lines(Text(f"{len(self)} legal actions:"), self.columns(list(range(len(self)))))


def group_item(group: Group) -> Text:
    return Text.assemble((group.label, "bold"), (f" … {len(group.indices)}", "cyan"))


def group_lines(groups: list[Group], width: int) -> Text:
    """A line a group: its label, how many actions it holds and the words that follow, as
    many as the width allows."""
    label_width = max(len(group.label) for group in groups) + 4  # "label …" and two spaces
    count_width = max(len(str(len(group.indices))) for group in groups)
    room = max(20, width - label_width - count_width - 2)
    lines = Text()
    for n, group in enumerate(groups):
        lines.append("\n" if n else "")
        lines.append(f"{group.label} …".ljust(label_width), "bold")
        lines.append(f"{len(group.indices):>{count_width}}  ", "cyan")
        lines.append(following(group, room))
    return lines


def following(group: Group, room: int) -> str:
    """The words that follow the group's label, with their counts, cut to `room` characters."""
    items = [f"{word} ({count})" if count > 1 else word for word, count in group.following]
    shown = ""
    for n, item in enumerate(items):
        line = f"{shown} · {item}" if shown else item
        rest = len(items) - n - 1
        tail = f" · … {rest} more" if rest else ""
        if len(line + tail) > room:
            return f"{shown} · … {len(items) - n} more" if shown else f"… {len(items)} words"
        shown = line
    return shown

"""The German catalogues (towpath.core.i18n): every word marked for translation anywhere has
its German, with the same `{names}` to fill; no translation is left over or unchecked."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from towpath.core.i18n import LANGUAGES, catalogue, marked, speaking, translator

ROOT = Path(__file__).resolve().parent.parent / "src" / "towpath"
FOLDERS = sorted(path.parent for path in ROOT.rglob("__init__.py"))
SAME = "same in German"  # a translator's comment on a word German writes as English does


def names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def package(folder: Path) -> str:
    return ".".join(folder.relative_to(ROOT.parent).parts)


@pytest.mark.parametrize("folder", FOLDERS, ids=package)
def test_every_marked_word_has_its_german(folder: Path) -> None:
    words = marked(folder)
    path = folder / "data" / "de.po"
    if not words:
        assert not path.exists(), f"{path} translates nothing marked"
        return
    assert path.exists(), f"{package(folder)} marks words but has no data/de.po (make messages)"
    read = {m.id if isinstance(m.id, str) else m.id[0]: m for m in read_po(path.open("rb")) if m.id}
    missing = [word for word in words if word not in read]
    assert not missing, f"not in {path} (run make messages): {missing[:5]}"
    left_over = [word for word in read if word not in words]
    assert not left_over, f"in {path} but marked nowhere (run make messages): {left_over[:5]}"
    for word, message in read.items():
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        assert all(forms), f"{path}: no German for {word!r}"
        assert not message.fuzzy, f"{path}: {word!r} is marked fuzzy"
        for german, said in zip(forms, english, strict=True):
            assert names(german) == names(said), f"{path}: {german!r} fills other names"
            same = german == said and any(SAME in c for c in message.user_comments)
            assert german != said or same or not re.search("[a-z]{3}", said), (
                f"{path}: {word!r} is left in English (comment '# {SAME}' if it is German too)"
            )


def test_words_are_german_while_german_is_spoken() -> None:
    _, _n = translator("towpath.core.actions")
    with speaking("de"):
        assert _("Round {round}", round=3) == "Runde 3"
    assert _("Round {round}", round=3) == "Round 3"
    assert catalogue("towpath.core", "de")["Round {round}"] == "Runde {round}"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="expected one of en, de"), speaking("fr"):
        pass
    assert set(LANGUAGES) == {"en", "de"}

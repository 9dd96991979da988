"""Bring every package's German catalogue (`data/de.po`) up to date with its marked words
(`make messages`): new words are added untranslated, words no longer marked are dropped, and
every translation already made is kept. Then translate the empty entries; the test over the
catalogues (tests/test_translations.py) names any left."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from towpath.core.i18n import marked

ROOT = Path(__file__).resolve().parent.parent / "src" / "towpath"
LANGUAGE = "de"


def packages() -> list[Path]:
    """Every folder of towpath with words marked in it, each with its own catalogue."""
    folders = [path.parent for path in ROOT.rglob("__init__.py")]
    return [folder for folder in sorted(folders) if marked(folder)]


def update(folder: Path) -> tuple[int, int]:
    """Update the folder's catalogue: (its words, those still untranslated)."""
    path = folder / "data" / f"{LANGUAGE}.po"
    old = read_po(path.open("rb"), locale=LANGUAGE) if path.exists() else Catalog(LANGUAGE)
    new = Catalog(locale=LANGUAGE, project="towpath", fuzzy=False)
    for msgid, plural in marked(folder).items():
        key = msgid if plural is None else (msgid, plural)
        before = old.get(msgid)
        string = before.string if before is not None and before.id == key else ""
        new.add(
            key,
            string or ("" if plural is None else ("", "")),
            user_comments=before.user_comments if before is not None else [],
        )
    path.parent.mkdir(exist_ok=True)
    with path.open("wb") as file:
        write_po(file, new, width=100, omit_header=True, no_location=True)
    open_ = sum(1 for m in new if m.id and not (m.string and all(m.string)))
    return len(new), open_


def main() -> None:
    """Every package's catalogue, or only those of the folders named (`make messages`, or
    `python scripts/messages.py src/towpath/games/detour`)."""
    named = [Path(arg).resolve() for arg in sys.argv[1:]]
    for folder in named or packages():
        words, untranslated = update(folder)
        print(f"{folder.relative_to(ROOT.parent)}: {words} words, {untranslated} untranslated")


if __name__ == "__main__":
    main()

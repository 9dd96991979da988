"""The languages people read towpath in, and the catalogues that translate its words.

Words for people are written in English where they are made, and marked for translation:
`_("went {count} spaces", count=n)`, `n_("{count} log", "{count} logs", n)` (the count is always
`{count}`), or `N_("Tile set")` for a constant translated later by `_(constant)`. Each package
with such words (a game, `towpath.server`, `towpath.core`, …) keeps its German catalogue in
`data/de.po` (gettext's PO format, read with Babel); `tests/test_translations.py` sees that every
marked word has its translation there. The web pages' words (`t("…")` in `static/*.js`,
`data-t` in `static/*.html`) are in the server's catalogue, which the pages fetch as JSON.

The language is a context: words made inside `speaking("de")` are German. English is the
default and the words as written; German shares its plural rule (one, or more).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache, wraps
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

LANGUAGES = {"en": "English", "de": "Deutsch"}  # code: the language's own name
DEFAULT = "en"
_language: ContextVar[str] = ContextVar("towpath_language", default=DEFAULT)

Translation = str | tuple[str, ...]  # a word, or a plural's forms
P = ParamSpec("P")
R = TypeVar("R")


def language() -> str:
    """The language words are made in now."""
    return _language.get()


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Words made inside are in the language `code` (one of `LANGUAGES`)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: expected one of {', '.join(LANGUAGES)}")
    token = _language.set(code)
    try:
        yield
    finally:
        _language.reset(token)


def chosen(*wishes: str | None) -> str:
    """The first language named by the wishes that towpath speaks, else English. A wish is a
    code ("de", "de-AT") or an Accept-Language header ("de-DE,de;q=0.9,en;q=0.8"), whose
    languages are taken in the order written (browsers write them most wanted first)."""
    for wish in wishes:
        for item in (wish or "").split(","):
            code = item.split(";")[0].strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return DEFAULT


@cache
def catalogue(package: str, code: str) -> dict[str, Translation]:
    """The translations of a package's words into the language `code`: msgid to msgstr (a
    plural's msgid is its singular); empty when the package has no catalogue."""
    from babel.messages.pofile import read_po  # noqa: PLC0415 (only once another language is read)

    path = resources.files(package).joinpath("data", f"{code}.po")
    if not path.is_file():
        return {}
    with path.open("rb") as file:
        read = read_po(file, locale=code)
    found: dict[str, Translation] = {}
    for message in read:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string
        if string and all(string):
            found[key] = string if isinstance(string, str) else tuple(string)
    return found


def cached_per_language(
    maxsize: int | None = 128,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """`functools.lru_cache(maxsize)` for a function whose result holds words: each result is
    kept by the language it was made in as well as by the arguments, so that a drawing or a
    phrase made in one language is never served in another."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize)
        def kept(_code: str, *args: Any, **kwargs: Any) -> R:
            return function(*args, **kwargs)

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            keyed: Callable[..., R] = kept  # every argument hashable, as lru_cache needs
            return keyed(_language.get(), *args, **kwargs)

        return cached

    return decorate


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for a word marked, not translated)
    """`message` as it is, marked for translation where it is used."""
    return message


class Translator:
    """The words of one package (see the module's doc): `_` and `n_`."""

    __slots__ = ("package",)

    def __init__(self, package: str) -> None:
        self.package = package

    def _(self, message: str, /, **values: object) -> str:
        """`message` in the language spoken now, its `{names}` filled from `values`."""
        code = _language.get()
        if code != DEFAULT:
            found = catalogue(self.package, code).get(message)
            if isinstance(found, str):
                message = found
        return message.format(**values) if values else message

    def n_(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """`singular` when `count` is one, else `plural`, in the language spoken now, with
        `{count}` and the other `{names}` filled."""
        form = singular if count == 1 else plural
        code = _language.get()
        if code != DEFAULT:
            found = catalogue(self.package, code).get(singular)
            if isinstance(found, tuple):
                form = found[0 if count == 1 else 1]
        return form.format(count=count, **values)


def translator(module: str) -> tuple[Callable[..., str], Callable[..., str]]:
    """The `_` and `n_` of a module's package: `_, n_ = translator(__name__)` (in a module,
    not a package's `__init__`)."""
    words = Translator(module.rpartition(".")[0])
    return words._, words.n_


# Finding the marked words: for the test over the catalogues and `make messages`.
PYTHON_KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
PAGE_KEYWORDS = {"t": None, "tn": (1, 2)}


def marked(folder: Path) -> dict[str, str | None]:
    """The words marked for translation in a package's folder: in its Python modules, its web
    pages' scripts and HTML, and its lesson (`data/lesson.toml`); each msgid with its plural
    (None for a word without one), in the order found."""
    found: dict[str, str | None] = {}
    for path in sorted(folder.rglob("*")):
        if any((parent / "__init__.py").exists() for parent in _between(folder, path)):
            continue  # a package of its own, with its own catalogue
        if path.suffix == ".py":
            found |= _extracted(path, "python", PYTHON_KEYWORDS)
        elif path.suffix == ".js" and "swagger-ui" not in path.parts:
            found |= _extracted(path, "javascript", PAGE_KEYWORDS)
        elif path.suffix == ".html":
            page = _PageWords()
            page.feed(path.read_text())
            found |= dict.fromkeys(page.words)
        elif path.name == "lesson.toml":
            steps = tomllib.loads(path.read_text())["steps"]
            found |= {step["say"]: None for step in steps if step.get("say")}
    return found


def _between(folder: Path, path: Path) -> list[Path]:
    """The folders below `folder` that hold `path`."""
    return [parent for parent in path.parents if folder in parent.parents]


def _extracted(
    path: Path, method: str, keywords: dict[str, tuple[int, int] | None]
) -> dict[str, str | None]:
    from babel.messages.extract import extract  # noqa: PLC0415 (tools only: tests, make messages)

    with path.open("rb") as file:
        messages = extract(method, file, keywords=keywords)
        return {
            (m if isinstance(m, str) else m[0]): (None if isinstance(m, str) else m[1])
            for _, m, _, _ in messages
            if m and (isinstance(m, str) or m[0])
        }


class _PageWords(HTMLParser):
    """A page's marked words: the text of an element with `data-t` (text only), and the value
    of an attribute A of an element with `data-t-A` ("title", "aria-label", "placeholder")."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in values:
            if name.startswith("data-t-") and values.get(name[7:]):
                self.words.append(" ".join(str(values[name[7:]]).split()))
        if "data-t" in values:
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._text is not None:
            self.words.append(" ".join("".join(self._text).split()))
            self._text = None

"""The documentation holds together: the pages the source cites exist, every relative link of
the README and of the site's pages leads to a file, and the README stays a front page.

The site itself is built strictly by `make docs` (part of `make test`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
README_LINES = 150

# `rules/arriala.md` (a page of docs/rules/) or `docs/...md`, not inside a longer path.
CITATION = re.compile(r"(?<![\w./-])(rules/[\w-]+\.md|docs/[\w./-]+\.md)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto:


def cited_pages() -> list[tuple[str, str]]:
    """(source file, cited page) for every page named in the source's text."""
    found = []
    for path in sorted((ROOT / "src").rglob("*")):
        if path.suffix in {".py", ".pyx", ".toml"}:
            text = path.read_text(encoding="utf-8")
            found += [(str(path.relative_to(ROOT)), page) for page in CITATION.findall(text)]
    return found


def test_the_source_cites_pages() -> None:
    assert any(page.startswith("rules/") for _, page in cited_pages())


@pytest.mark.parametrize(("source", "page"), cited_pages())
def test_every_page_the_source_cites_exists(source: str, page: str) -> None:
    target = ROOT / page if page.startswith("docs/") else DOCS / page
    assert target.is_file(), f"{source} cites {page}: no {target.relative_to(ROOT)}"


def test_the_readme_is_a_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines, at most {README_LINES}"


def relative_links(page: Path) -> list[str]:
    """The link targets of a Markdown page that are files of this repository (code left out)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = CODE_SPAN.sub("", text)
    targets = (target.split("#", 1)[0] for target in LINK.findall(text))
    return [target for target in targets if target and not EXTERNAL.match(target)]


def markdown_pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def test_the_pages_have_links() -> None:
    assert relative_links(README)
    assert len(markdown_pages()) > 20


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    missing = [
        target for target in relative_links(page) if not (page.parent / target).resolve().exists()
    ]
    assert not missing, f"{page.relative_to(ROOT)} links to files that do not exist: {missing}"

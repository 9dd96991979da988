"""The reader's language: every request is answered in it, and the pages fetch their words.

The page keeps the reader's choice (else the browser's language) in the `towpath_language`
cookie; without it, the request's Accept-Language decides; else English (see
`towpath.core.i18n.chosen`). A socket's messages stay in the language it was opened in.
"""

from __future__ import annotations

from contextlib import suppress
from http.cookies import CookieError, SimpleCookie

from fastapi import APIRouter, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from towpath.core.i18n import LANGUAGES, catalogue, chosen, speaking
from towpath.server.models import problems
from towpath.server.protocol import Refused, dumps

COOKIE = "towpath_language"
PAGES = "towpath.server"  # the package whose catalogue holds the pages' words
languages = APIRouter(prefix="/api", tags=["pages"])


class Language:
    """ASGI middleware: the request (or socket) is served speaking its reader's language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with speaking(reader_language(dict(scope["headers"]))):
            await self.app(scope, receive, send)


def reader_language(headers: dict[bytes, bytes]) -> str:
    """The language of a request's cookie, else of its Accept-Language, else English."""
    cookie = SimpleCookie()
    with suppress(CookieError):  # a cookie header that cannot be read chooses nothing
        cookie.load(headers.get(b"cookie", b"").decode("latin-1"))
    chosen_here = cookie[COOKIE].value if COOKIE in cookie else None
    return chosen(chosen_here, headers.get(b"accept-language", b"").decode("latin-1"))


@languages.get(
    "/words/{code}",
    summary="The pages' words in a language",
    description="The web pages' translations into the language `code` (one of "
    f"{', '.join(LANGUAGES)}): each English word to its translation, or to its singular and "
    "plural.",
    responses=problems(404),
)
def words(code: str) -> Response:
    if code not in LANGUAGES:
        raise Refused(
            404, f"unknown language {code!r}: expected one of {', '.join(LANGUAGES)}", "language"
        )
    found = {
        key: value if isinstance(value, str) else list(value)
        for key, value in catalogue(PAGES, code).items()
    }
    return Response(
        dumps(found), media_type="application/json", headers={"Cache-Control": "no-cache"}
    )

"""What a browser reads: the home page and the room page (static files), each game's rules page
and board picture, the games' catalogue (`/api/games`), and the API's own Swagger UI."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from importlib import resources

from fastapi import APIRouter
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, Response
from markdown_it import MarkdownIt

import towpath
from towpath.agents.settings import describe_bots
from towpath.core import registry
from towpath.core.game import JSON, Game
from towpath.core.i18n import Translator, cached_per_language, language, translator
from towpath.core.lesson import has_lesson, read_lesson
from towpath.core.options import (
    BoolOption,
    ChoiceOption,
    FileOption,
    IntListOption,
    IntOption,
    Option,
    SeatOption,
)
from towpath.server.models import GAME_IDS, problems
from towpath.server.protocol import Refused
from towpath.server.seating import variants

PICTURE_SEED, PICTURE_ACTIONS = 3, 12
_, n_ = translator(__name__)  # the pages' own words
STATIC = resources.files("towpath.server") / "static"
catalogue = APIRouter(prefix="/api", tags=["games"])
pages = APIRouter(include_in_schema=False)


def option_words(cls: type[Game]) -> Callable[[str], str]:
    """Translates an option's words: the game's own, else those it takes from core."""
    game, core = Translator(cls.package())._, Translator("towpath.core")._

    def words(text: str) -> str:
        said = game(text)
        return core(text) if said == text else said

    return words


def option_form(cls: type[Game], spec: Option) -> dict[str, JSON]:
    """What the new-game form needs to offer an option: its label, help and the values the
    server accepts."""
    _ = option_words(cls)
    form: dict[str, JSON] = {
        "name": spec.name,
        "label": _(spec.shown),
        "default": spec.default,
        "help": _(spec.help),
    }
    if isinstance(spec, BoolOption):
        form["kind"] = "bool"
    elif isinstance(spec, SeatOption):  # offered as the seats at the table
        form.update(kind="seat", low=spec.low, high=spec.high)
    elif isinstance(spec, IntOption):
        form.update(kind="int", low=spec.low, high=spec.high, allow_none=spec.allow_none)
    elif isinstance(spec, ChoiceOption):
        form.update(kind="choice", choices=list(spec.choices))
    elif isinstance(spec, IntListOption):
        form.update(kind="int_list", length=spec.length)
    elif isinstance(spec, FileOption):  # the server reads no files: built-in variants only
        choices = variants(cls, spec)
        form.update(kind="variant", choices=list[JSON](choices))
        form["help"] = variant_help(choices)
    else:
        form["kind"] = "text"
    return form


def variant_help(choices: list[str]) -> str:
    """What a data-file option offers, in the pages' words."""
    if not choices:
        return _("built in")
    return _("the built-in one, or {variants}", variants=", ".join(choices))


def game_list() -> list[dict[str, JSON]]:
    """The games, in the language spoken now."""
    games = []
    for game_id in GAME_IDS:
        cls = registry.game_class(game_id)
        _ = Translator(cls.package())._  # the game's words
        games.append(
            {
                "id": game_id,
                "title": cls.title,
                "blurb": _(cls.blurb),
                "play_time": _(cls.play_time),
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "notation_help": _(cls.notation_help),
                "picture": f"/api/games/{game_id}/picture.svg",
                "rules": f"/rules/{game_id}",
                "options": [option_form(cls, spec) for spec in cls.option_specs],
                "lesson": read_lesson(cls).to_json() if has_lesson(cls) else None,
            }
        )
    return games


@catalogue.get("/games")
async def games() -> dict[str, JSON]:
    """The games, their player counts and options, and the bots with their settings' ranges."""
    return {"games": game_list(), "bots": describe_bots()}


@catalogue.get(
    "/games/{game_id}/picture.svg",
    responses={200: {"content": {"image/svg+xml": {}}}, **problems(404)},
    response_class=Response,
)
async def picture(game_id: str) -> Response:
    """A picture of the game's board in play, for the home page."""
    if game_id not in GAME_IDS:
        raise no_game(game_id)
    return Response(
        board_picture(game_id),
        media_type="image/svg+xml",
        headers={"Vary": "Cookie, Accept-Language"},
    )


@cached_per_language(maxsize=None)
def board_picture(game_id: str) -> str:
    """The board a few actions into a game of random moves, as a spectator sees it."""
    state = towpath.load(game_id).new_state(PICTURE_SEED)
    bot = towpath.agent("random", seed=PICTURE_SEED)
    for _step in range(PICTURE_ACTIONS):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    return state.render_svg(None)


@pages.get("/")
async def home() -> FileResponse:
    return FileResponse(str(STATIC / "index.html"))


@pages.get("/rules/{game_id}")
async def rules_page(game_id: str) -> HTMLResponse:
    """The rules for players, with the options of the new-game form."""
    if game_id not in GAME_IDS:
        raise no_game(game_id)
    return HTMLResponse(rules_html(game_id))


def no_game(game_id: str) -> Refused:
    games = ", ".join(GAME_IDS)
    return Refused(
        404, _("no game {game}: expected one of {games}", game=repr(game_id), games=games), "game"
    )


@cached_per_language(maxsize=None)
def rules_html(game_id: str) -> str:
    """The rules page, in the language spoken now."""
    cls = registry.game_class(game_id)
    options = "".join(
        f"<tr><th>{escape(str(form['label']))}</th><td>{escape(str(form['help']))}</td>"
        f"<td>{escape(_shown_default(form))}</td></tr>"
        for spec in cls.option_specs
        for form in [option_form(cls, spec)]
    )
    players = _(
        "{low}–{high} players · {time}",
        low=cls.min_players,
        high=cls.max_players,
        time=Translator(cls.package())._(cls.play_time),
    )
    return RULES_PAGE.format(
        lang=language(),
        page_title=escape(_("{title} · rules · towpath", title=cls.title)),
        heading=escape(_("{title}: the rules", title=cls.title)),
        play=escape(_("Play {title}", title=cls.title)),
        options_heading=escape(_("Options of a new game")),
        option=escape(_("option")),
        does=escape(_("what it does")),
        default=escape(_("default")),
        players=escape(players),
        game=game_id,
        guide=MarkdownIt("commonmark").enable("table").render(cls.guide()),
        options=options,
    )


def _shown_default(form: dict[str, JSON]) -> str:
    """An option's default as the new-game form shows it (a seat counted from 1)."""
    value = form["default"]
    if form["kind"] == "seat" and isinstance(value, int):
        return _("Seat {n}", n=value + 1)
    if value is None:
        return _("built in")
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


RULES_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{page_title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="data:,">
</head>
<body>
<header><a href="/">towpath</a><span class="grow">{heading}</span></header>
<main class="rules">
<section>
<p class="muted">{players}</p>
<p><a class="button primary" href="/?game={game}#new-game">{play}</a></p>
{guide}
<h2>{options_heading}</h2>
<div class="table-scroll"><table class="options">
<tr><th>{option}</th><th>{does}</th><th>{default}</th></tr>
{options}
</table></div>
</section>
</main>
</body>
</html>
"""


@pages.get("/room/{room_id}")
async def room_page(room_id: str) -> FileResponse:
    return FileResponse(str(STATIC / "room.html"))


@pages.get("/docs")
async def docs() -> HTMLResponse:
    """Swagger UI, from towpath's own copy: it works without a network."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="towpath API",
        swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger-ui/swagger-ui.css",
        swagger_favicon_url="/static/swagger-ui/favicon-32x32.png",
    )

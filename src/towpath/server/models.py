"""The bodies of the HTTP API, both ways (pydantic models: they are its OpenAPI schema), and
the refusals a route documents."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictInt

import towpath
from towpath.agents.settings import BOTS, bot_names
from towpath.server.guard import MAX_BODY
from towpath.server.seating import CLOCK_RANGE, SEED_BITS

OptionValue = bool | int | str | list[int] | None
Setting = bool | int | float | str  # a bool stays one, to be refused by its setting's check
GAME_IDS = towpath.game_ids()


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(Strict):
    kind: Literal["human", "bot"] = Field(description="a person, or a bot")
    name: str = Field(
        "",
        max_length=40,
        description="shown to the others; an open seat's name is chosen by who joins",
    )
    access: Literal["invited", "open"] = Field(
        "invited",
        description="a person's seat: invited (only its link opens it) or open (anyone may "
        "join it from the lobby)",
    )
    agent: str = Field(
        "normal",
        max_length=20,
        description="the bot: a level (easy, normal, hard) or a bot by name",
        json_schema_extra={"enum": list[JsonValue](bot_names())},
    )
    settings: dict[str, Setting] = Field(
        default_factory=dict,
        max_length=max(map(len, BOTS.values())),
        description="the bot's settings, like seconds=1: their ranges are in /api/games",
    )


class NewRoom(Strict):
    game: str = Field(
        max_length=40, description="the game", json_schema_extra={"enum": list[JsonValue](GAME_IDS)}
    )
    players: int | None = Field(None, ge=1, le=12, description="player count (the game's default)")
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    seats: list[SeatIn] | None = Field(
        None, max_length=12, description="one per player; default: you, then normal bots"
    )
    seed: int | None = Field(
        None,
        ge=0,
        lt=2**SEED_BITS,
        description="the game's seed, which tells its chooser every secret of the game: only "
        "in unlisted rooms, and every seat is told it was chosen (default: 128 random bits)",
    )
    listed: bool = Field(True, description="list the room in the lobby while it has open seats")
    clock: int | None = Field(
        None,
        ge=CLOCK_RANGE[0],
        le=CLOCK_RANGE[1],
        description="seconds a person has for each turn; when they run out a bot plays the "
        "seat until its player takes it back (default: no clock)",
    )


class ActionIn(Strict):
    version: StrictInt = Field(ge=0, description="the state version the action was chosen at")
    action: str = Field(min_length=1, max_length=200, description="the action's notation")


class JoinIn(Strict):
    name: str = Field(min_length=1, max_length=40, description="your name, shown to the others")


class Problem(BaseModel):
    detail: str = Field(description="what was wrong, in one line")
    rule: str = Field(description="the rule or part of the request it breaks")


class SeatLink(BaseModel):
    seat: int
    token: str
    link: str


class RoomCreated(BaseModel):
    room: str
    link: str = Field(description="the creator's page: their seat (the first invited) and host")
    host: str = Field(description="the host's page: the invitations not opened yet, re-issuing")
    spectate: str
    seats: list[SeatLink] = Field(
        description="the invited seats' links: the creator's own seat's, then invitations, each "
        "taken once (POST /api/rooms/ID/claim, or the page), which gives the seat's own token"
    )


class Accepted(BaseModel):
    version: int


class RoomPage(BaseModel):
    rooms: list[dict[str, Any]]
    next: str | None = Field(description="the cursor of the next page; null on the last")


class LinkInfo(BaseModel):
    seat: int
    name: str
    access: str
    claimed: bool
    by_host: bool = Field(description="taken by the host's browser")
    link: str | None = Field(description="an invited seat's link; an open seat's is its joiner's")


class Links(BaseModel):
    host: str
    spectate: str
    seats: list[LinkInfo]


class Rematch(BaseModel):
    room: str
    seat: int | None
    link: str


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The refusals a route can answer, documented with their body (and Retry-After); every
    route takes parameters, so any may answer 422."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in sorted({*statuses, 422}):
        entry: dict[str, Any] = {"model": Problem, "description": DESCRIPTIONS[status]}
        if status == 429:
            entry["headers"] = {
                "Retry-After": {
                    "description": "seconds until a request will be accepted",
                    "schema": {"type": "integer"},
                }
            }
        documented[status] = entry
    return documented


DESCRIPTIONS = {
    400: "the action's notation could not be read",
    403: "the token opens no seat of this room, or the request needs another one",
    404: "no such room",
    409: "refused by the game or the room's state (turn, version, rules, game over)",
    410: "the link is an invitation that was opened already: it opens its seat once",
    413: f"request body over {MAX_BODY} bytes",
    422: "the request is not what was expected",
    429: "too many requests from this address: try again after Retry-After seconds",
}


def first_error(errors: Any) -> str:
    """The first of pydantic's errors as one line: where, then what was expected."""
    first = next(iter(errors))
    where = ".".join(str(part) for part in first.get("loc", ())) or "message"
    return f"{where}: {first.get('msg', 'not understood')}"

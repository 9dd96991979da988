"""The API's description: every status a route can answer is documented with its body, game
ids and bot names are enums, /docs works offline, and Schemathesis finds no failure against
the live server."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis import Case
from schemathesis.config import SchemathesisConfig
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.schemas import OpenApiSchema

import towpath
from tests.browser.conftest import Server
from tests.server.conftest import fresh_database
from towpath.agents.settings import bot_names

EXAMPLES = 25  # per operation: enough to reach every status, few enough to stay quick
# Every default check runs. One is told what 422 means here: the description cannot express
# every rule of a request (a game's own options and player counts, as many seats as players,
# a name of more than spaces, a cursor from a page), so a request valid by the description
# may still be refused with 422 and the rule it breaks, as each route documents.
CONFIG = SchemathesisConfig.from_str(
    """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "410", "422", "429", "5xx"]
"""
)


def test_every_refusal_is_documented_with_its_body(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    expected = {
        ("post", "/api/rooms"): {"201", "413", "422", "429"},
        ("get", "/api/rooms"): {"200", "422"},
        ("get", "/api/rooms/{room_id}"): {"200", "403", "404", "410", "422"},
        ("post", "/api/rooms/{room_id}/actions"): {
            *("200", "400", "403", "404", "409", "410", "413", "422")
        },
        ("post", "/api/rooms/{room_id}/join"): {"200", "403", "404", "409", "413", "422", "429"},
        ("post", "/api/rooms/{room_id}/seats/{seat}/link"): {
            *("200", "403", "404", "409", "410", "422")
        },
        ("post", "/api/rooms/{room_id}/claim"): {"200", "403", "404", "409", "410", "422"},
        ("post", "/api/rooms/{room_id}/rematch"): {"200", "403", "404", "409", "410", "422", "429"},
    }
    for (method, path), statuses in expected.items():
        responses = paths[path][method]["responses"]
        assert set(responses) == statuses, path
        for status in statuses - {"200", "201"}:
            body = responses[status]["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Problem"}, (path, status)
    limited = paths["/api/rooms"]["post"]["responses"]["429"]
    assert "Retry-After" in limited["headers"]
    components = schema["components"]["schemas"]
    assert components["NewRoom"]["properties"]["game"]["enum"] == towpath.game_ids()
    assert components["SeatIn"]["properties"]["agent"]["enum"] == bot_names()
    assert components["Problem"]["required"] == ["detail", "rule"]


def test_the_docs_page_loads_only_assets_served_by_towpath(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith("/static/swagger-ui/") for source in sources)
    assert "https://" not in page.text and "http://" not in page.text
    for source in sources:
        assert client.get(source).status_code == 200
    license_text = client.get("/static/swagger-ui/LICENSE").text
    assert "Apache License" in license_text
    assert client.get("/redoc").status_code == 404  # it would load its script from a CDN


@pytest.fixture(scope="module")
def live_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenApiSchema]:
    folder = tmp_path_factory.mktemp("schemathesis")
    server = Server(
        fresh_database("sqlite", folder), folder / "server.log", options=("--bot-delay", "0")
    ).start()
    try:
        yield schemathesis.openapi.from_url(f"{server.url}/openapi.json", config=CONFIG)
    finally:
        server.stop()
        log = Path(folder / "server.log").read_text()
        assert "Traceback" not in log, log[-3000:]


def test_the_live_api_keeps_its_description(live_schema: OpenApiSchema) -> None:
    """Every operation, with examples valid and invalid by the description: all of
    Schemathesis's default checks (no server error, documented statuses, bodies and headers,
    valid data accepted, invalid data rejected, ...)."""
    operations = []
    for result in live_schema.get_all_operations():
        assert isinstance(result, Ok), result.err()  # every operation's description is valid
        operations.append(result.ok())
    assert len(operations) >= 10
    statuses: set[int] = set()
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, suppress_health_check=list(HealthCheck), deadline=None)
        def keeps_its_description(case: Case[Any]) -> None:
            statuses.add(case.call_and_validate(timeout=30).status_code)

        keeps_its_description()
    assert {200, 201, 404, 422} <= statuses  # the run reached past the refusals

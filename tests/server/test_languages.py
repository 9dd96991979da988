"""The reader's language over HTTP and the socket: the cookie the page sets, else the
browser's Accept-Language, chooses it; each socket gets its own reader's words, and nothing
else changes between languages."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import towpath
from tests.server.conftest import auth, create, make_client, state_at, token_of, until
from towpath.core.i18n import Translator, catalogue, speaking
from towpath.core.lesson import read_lesson

GERMAN = {"cookie": "towpath_language=de"}
SHORT = {"max_turns": 2}  # Mississippi ends after two player turns
MISSISSIPPI = type(towpath.load("mississippi"))


def german(text: str) -> str:
    with speaking("de"):
        return Translator("towpath.games.mississippi")._(text)


def mississippi(client: TestClient) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    return create(client, game="mississippi", players=2, seats=seats, options=SHORT, seed=5)


def test_the_pages_words_come_from_the_servers_catalogue(sqlite_database: str) -> None:
    with make_client(sqlite_database) as client:
        words = client.get("/api/words/de").json()
        assert words and words == {
            key: value if isinstance(value, str) else list(value)
            for key, value in catalogue("towpath.server", "de").items()
        }
        unknown = client.get("/api/words/fr")
        assert unknown.status_code == 404
        assert unknown.json()["detail"] == "unknown language 'fr': expected one of en, de"


def test_the_cookie_chooses_the_language_else_the_browsers(sqlite_database: str) -> None:
    def blurb(headers: dict[str, str]) -> str:
        games = client.get("/api/games", headers=headers).json()["games"]
        return str(next(g for g in games if g["id"] == "mississippi")["blurb"])

    english = MISSISSIPPI.blurb
    with make_client(sqlite_database) as client:
        assert german(english) != english
        assert blurb({}) == english
        assert blurb({"accept-language": "fr-FR,de;q=0.8,en;q=0.5"}) == german(english)
        assert blurb(GERMAN) == german(english)
        assert blurb({"cookie": "towpath_language=en", "accept-language": "de"}) == english
        assert blurb({"cookie": "towpath_language=xx; other=1"}) == english
        assert blurb({"cookie": '"broken'}) == english


def test_the_games_list_and_rules_page_in_german(sqlite_database: str) -> None:
    with make_client(sqlite_database) as client:
        games = client.get("/api/games", headers=GERMAN).json()["games"]
        game = next(g for g in games if g["id"] == "mississippi")
        labels = {option["name"]: option["label"] for option in game["options"]}
        assert labels["first_player"] == "Startspieler"  # core's words, for every game
        said = read_lesson(MISSISSIPPI).steps[0].say
        assert game["lesson"]["steps"][0]["say"] == german(said) != said
        rules = client.get("/rules/mississippi", headers=GERMAN).text
        assert "<h2>Was du hast</h2>" in rules and "What you have" not in rules
        assert "<h2>What you have</h2>" in client.get("/rules/mississippi").text


def test_each_socket_gets_its_own_readers_words(sqlite_database: str) -> None:
    with make_client(sqlite_database) as client:
        created = mississippi(client)
        room = created["room"]
        in_german = client.websocket_connect(f"/api/rooms/{room}/socket", headers=GERMAN)
        in_english = client.websocket_connect(f"/api/rooms/{room}/socket")
        with in_german as ann, in_english as ann_too:  # Ann's seat on two pages
            for socket in (ann, ann_too):
                socket.send_json({"type": "auth", "token": token_of(created, 0)})
            legal_de, legal_en = (
                until(ann, state_at(0))["legal"],
                until(ann_too, state_at(0))["legal"],
            )
            assert [a["action"] for a in legal_de] == [a["action"] for a in legal_en]
            assert legal_de[0]["kind"] == german(legal_en[0]["kind"]) != legal_en[0]["kind"]
            ann.send_json({"type": "act", "version": 0, "action": "f3"})
            seen_de, seen_en = until(ann, state_at(1)), until(ann_too, state_at(1))
        assert seen_de["moves"][0]["did"] != seen_en["moves"][0]["did"]
        assert seen_de["moves"][0]["what"].startswith("3 freie Felder")
        assert seen_en["moves"][0]["what"].startswith("3 open spaces")
        for key in ("view", "log", "current_player", "seats", "clock"):
            assert seen_de[key] == seen_en[key], key
        bob_token = auth(token_of(created, 1))
        http = client.get(f"/api/rooms/{room}", headers={**bob_token, **GERMAN}).json()
        assert http["moves"] == seen_de["moves"]
        client.post(
            f"/api/rooms/{room}/actions", json={"version": 1, "action": "f2"}, headers=bob_token
        )
        replay_de = client.get(f"/api/rooms/{room}/replay?step=2", headers=GERMAN).json()
        replay_en = client.get(f"/api/rooms/{room}/replay?step=2").json()
        assert replay_de["moves"][0] == seen_de["moves"][0]
        assert replay_en["moves"][0] == seen_en["moves"][0]
        assert replay_de["view"] == replay_en["view"] and replay_de["svg"] != replay_en["svg"]

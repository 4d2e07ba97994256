"""CORS for browsers on other origins (issue 12): preflights, answers and errors carry the headers for an allowed
origin only; the default allows no other origin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.cli import main
from service.edges.cors import CorsPolicy
from tests.service.conftest import LiveServer, live_server, make_store, raw_request, stream_head

ALLOWED = "https://table.example"
OTHER_ALLOWED = "http://localhost:5173"
DISALLOWED = "https://evil.example"


@pytest.fixture
def cors_live(store_kind: str, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    store = make_store(store_kind, request)
    with live_server(store, store_kind, cors_origins=f"{ALLOWED}, {OTHER_ALLOWED}/") as running:
        yield running


def cors_headers(headers: object) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k.lower().startswith("access-control-")}  # type: ignore[attr-defined]


def create_game(live: LiveServer) -> tuple[str, list[str]]:
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 5})
    assert status == 201
    return created["gameId"], [seat["token"] for seat in created["seats"]]


def test_a_preflight_of_an_allowed_origin_names_methods_headers_and_max_age(cors_live: LiveServer) -> None:
    for origin in (ALLOWED, OTHER_ALLOWED):
        answer = raw_request(
            cors_live.rest.port,
            "OPTIONS",
            "/v1/games/abc/moves",
            {
                "Origin": origin,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
            },
        )
        assert answer.status == 204 and answer.body == b""
        assert cors_headers(answer.headers) == {
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Expose-Headers": "Location, Retry-After, RateLimit, RateLimit-Policy",
            "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
            "Access-Control-Allow-Headers": (
                "Authorization, Content-Type, Idempotency-Key, Last-Event-ID, X-Api-Key, X-Min-Version"
            ),
            "Access-Control-Max-Age": "600",
        }
        assert "Origin" in answer.headers["Vary"]


def test_answers_and_errors_echo_an_allowed_origin(cors_live: LiveServer) -> None:
    port = cors_live.rest.port
    headers = {"Origin": ALLOWED, "Content-Type": "application/json"}
    created = raw_request(port, "POST", "/v1/games", headers, b'{"gameType": "dracula", "players": 2}')
    assert created.status == 201
    assert created.headers["Access-Control-Allow-Origin"] == ALLOWED
    assert created.headers["Access-Control-Expose-Headers"] == "Location, Retry-After, RateLimit, RateLimit-Policy"
    assert "Origin" in created.headers["Vary"]
    game_id = created.json()["gameId"]
    failures = [
        (raw_request(port, "GET", "/v1/games/NoSuchGame1", {"Origin": ALLOWED}), 404, "game/not_found"),
        (raw_request(port, "GET", f"/v1/games/{game_id}/moves", {"Origin": ALLOWED}), 401, "auth/missing_token"),
        (raw_request(port, "POST", "/v1/games", headers, b"[1]"), 400, "request/invalid"),
        (raw_request(port, "GET", f"/v1/games/{game_id}?access_token=x", {"Origin": ALLOWED}), 401, None),
        (raw_request(port, "GET", "/v1/nothing-here", {"Origin": ALLOWED}), 404, "http/404"),
    ]
    for answer, status, code in failures:
        assert answer.status == status
        assert code is None or answer.json()["error"]["code"] == code
        assert answer.headers["Access-Control-Allow-Origin"] == ALLOWED
        assert "Origin" in answer.headers["Vary"]
    stream = stream_head(port, f"/v1/games/{game_id}/events?follow=true&after=0", {"Origin": OTHER_ALLOWED})
    assert stream.status == 200 and stream.headers["Access-Control-Allow-Origin"] == OTHER_ALLOWED


def test_a_disallowed_origin_gets_no_cors_header(cors_live: LiveServer) -> None:
    port = cors_live.rest.port
    preflight = raw_request(
        port, "OPTIONS", "/v1/games", {"Origin": DISALLOWED, "Access-Control-Request-Method": "POST"}
    )
    assert preflight.status == 204 and cors_headers(preflight.headers) == {}
    answer = raw_request(port, "GET", "/v1/game-types", {"Origin": DISALLOWED})
    assert answer.status == 200 and cors_headers(answer.headers) == {}
    assert "Origin" in answer.headers["Vary"]  # caches keep the answers per origin
    error = raw_request(port, "GET", "/v1/games/NoSuchGame1", {"Origin": "https://table.example.evil.example"})
    assert error.status == 404 and cors_headers(error.headers) == {}


def test_by_default_only_the_same_origin_may_call(live: LiveServer) -> None:
    preflight = raw_request(
        live.rest.port, "OPTIONS", "/v1/games", {"Origin": ALLOWED, "Access-Control-Request-Method": "POST"}
    )
    assert preflight.status == 204 and cors_headers(preflight.headers) == {}
    answer = raw_request(live.rest.port, "GET", "/v1/game-types", {"Origin": ALLOWED})
    assert answer.status == 200 and cors_headers(answer.headers) == {}
    assert answer.headers["Vary"] == "Accept-Encoding"  # no Origin: answers do not vary by origin (only by gzip)


def test_star_allows_any_origin_echoed(request: pytest.FixtureRequest) -> None:
    with live_server(make_store("memory", request), "memory", cors_origins="*") as running:
        for origin in ("https://a.example", "http://127.0.0.1:3000"):
            answer = raw_request(running.rest.port, "GET", "/v1/games/NoSuchGame1", {"Origin": origin})
            assert answer.status == 404 and answer.headers["Access-Control-Allow-Origin"] == origin


def test_the_origin_list_is_checked() -> None:
    policy = CorsPolicy.parse(" https://Table.Example/ ,http://localhost:5173,")
    assert policy.origins == frozenset({"https://table.example", "http://localhost:5173"}) and not policy.any_origin
    assert policy.allows("https://table.example") and not policy.allows("https://table.example:8443")
    assert not CorsPolicy.parse("").enabled
    for wrong in ("table.example", "https://table.example/app", "ftp://table.example"):
        with pytest.raises(ValueError, match="is not an origin"):
            CorsPolicy.parse(wrong)


def test_serve_refuses_a_wrong_origin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--cors-origins", "https://ok.example,table.example", "--grpc-port", "0"]) == 2
    assert "'table.example' is not an origin" in capsys.readouterr().err

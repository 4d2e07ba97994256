"""Stream tickets (issue 12): a browser's EventSource cannot send Authorization, so it trades its seat token for a
short-lived ticket of one game and one seat and follows that seat's events with ``?ticket=``. A wrong ticket or a
credential in the URL is a 401, never a silent spectator stream; seat tokens never travel in URLs."""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any

import pytest

from tests.service.conftest import LiveServer, live_server, make_store, raw_request
from tests.service.test_watch import play_to_the_end, sse_messages


def new_game(live: LiveServer, seed: int = 31) -> tuple[str, list[str]]:
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": seed})
    assert status == 201
    return created["gameId"], [seat["token"] for seat in created["seats"]]


def ticket_of(live: LiveServer, game_id: str, token: str) -> dict[str, Any]:
    status, ticket = live.rest.post(f"/v1/games/{game_id}/stream-tickets", None, token)
    assert status == 201, ticket
    assert isinstance(ticket, dict)
    return ticket


def error_code(live: LiveServer, path: str, token: str | None = None) -> tuple[int, str, str]:
    status, body = live.rest.get(path, token)
    return status, body["error"]["code"], body["error"]["message"]


def test_a_ticket_is_one_seat_of_one_game_and_never_the_token(live: LiveServer) -> None:
    game_id, tokens = new_game(live)
    before = time.time()
    ticket = ticket_of(live, game_id, tokens[1])
    assert set(ticket) == {"ticket", "gameId", "seat", "expiresIn", "expiresAt"}
    assert ticket["gameId"] == game_id and ticket["seat"] == 1 and ticket["expiresIn"] == 60
    expires_at = datetime.fromisoformat(ticket["expiresAt"].replace("Z", "+00:00")).timestamp()
    assert before + 59 <= expires_at <= time.time() + 61
    assert ticket["ticket"] not in tokens and all(token not in ticket["ticket"] for token in tokens)
    answer = raw_request(
        live.rest.port, "POST", f"/v1/games/{game_id}/stream-tickets", {"Authorization": f"Bearer {tokens[0]}"}
    )
    assert answer.status == 201 and answer.headers["Cache-Control"] == "no-store"
    assert answer.json()["seat"] == 0 and answer.json()["ticket"] != ticket["ticket"]


def test_creating_a_ticket_needs_a_seat_token(live: LiveServer) -> None:
    game_id, _ = new_game(live)
    assert live.rest.post(f"/v1/games/{game_id}/stream-tickets", None)[1]["error"]["code"] == "auth/missing_token"
    status, body = live.rest.post(f"/v1/games/{game_id}/stream-tickets", None, "not-a-token")
    assert status == 401 and body["error"]["code"] == "auth/invalid_token"
    status, body = live.rest.post("/v1/games/NoSuchGame1/stream-tickets", None, "x")
    assert status == 404 and body["error"]["code"] == "game/not_found"


def test_the_ticket_reads_and_follows_its_seats_events(live: LiveServer) -> None:
    game_id, tokens = new_game(live, seed=8)
    ticket = ticket_of(live, game_id, tokens[1])["ticket"]
    by_ticket = live.rest.get(f"/v1/games/{game_id}/events?ticket={ticket}")
    by_token = live.rest.get(f"/v1/games/{game_id}/events", tokens[1])
    spectator = live.rest.get(f"/v1/games/{game_id}/events")
    assert by_ticket[0] == 200 and by_ticket == by_token
    assert by_ticket[1]["events"] != spectator[1]["events"]  # seat 1 sees its own hand dealt
    received: list[tuple[str, dict[str, Any]]] = []
    path = f"/v1/games/{game_id}/events?follow=true&ticket={ticket}"
    reader = threading.Thread(target=lambda: received.extend(sse_messages(live.rest.port, path, {})))
    reader.start()
    time.sleep(0.2)
    final = play_to_the_end(live.grpc, game_id, tokens, pause=0.005)
    reader.join(timeout=20)
    assert not reader.is_alive()
    versions = [data for kind, data in received if kind == "version"]
    assert [v["version"] for v in versions] == list(range(final + 1)) and received[-1][0] == "end"
    seat_events = live.grpc.events(game_id, tokens[1])
    assert [e["sequence"] for v in versions for e in v["events"]] == [e.sequence for e in seat_events.events]
    spectator_events = live.grpc.events(game_id)
    assert len(seat_events.events) >= len(spectator_events.events)


def test_wrong_tickets_are_401_never_a_spectator_stream(live: LiveServer) -> None:
    game_id, tokens = new_game(live)
    other_game, other_tokens = new_game(live, seed=32)
    other_ticket = ticket_of(live, other_game, other_tokens[0])["ticket"]
    for follow in ("", "&follow=true"):
        for ticket in (other_ticket, "st_unknown", ""):
            status, code, message = error_code(live, f"/v1/games/{game_id}/events?ticket={ticket}{follow}")
            assert (status, code) == (401, "auth/invalid_ticket")
            assert f"POST /v1/games/{game_id}/stream-tickets" in message
        status, code, message = error_code(live, f"/v1/games/{game_id}/events?ticket={tokens[0]}{follow}")
        assert (status, code) == (401, "auth/token_in_url") and tokens[0] not in message


def test_credentials_in_urls_are_401_and_other_unknown_parameters_400(live: LiveServer) -> None:
    game_id, tokens = new_game(live)
    names = ["access_token", "token", "auth", "authorization", "api_key", "apiKey", "key", "X-Api-Key", "id_token"]
    for name in names:
        for base in (f"/v1/games/{game_id}/events?", f"/v1/games/{game_id}/events?follow=true&"):
            status, code, message = error_code(live, f"{base}{name}={tokens[0]}")
            assert (status, code) == (401, "auth/credential_in_url"), name
            assert f"'{name}' looks like a credential" in message and tokens[0] not in message
        status, code, _ = error_code(live, f"/v1/games/{game_id}?{name}={tokens[0]}")
        assert (status, code) == (401, "auth/credential_in_url")
    status, code, _ = error_code(live, f"/v1/games/{game_id}/moves?ticket=x", tokens[0])
    assert (status, code) == (401, "auth/credential_in_url")  # only the events route reads a ticket
    for path in (f"/v1/games/{game_id}/events?colour=red", f"/v1/games/{game_id}/events?follow=true&aftr=3"):
        status, code, message = error_code(live, path)
        assert (status, code) == (400, "request/invalid") and "Unknown query parameter" in message
    assert live.rest.get(f"/v1/games/{game_id}?colour=red")[0] == 200  # other routes ignore harmless parameters


def test_a_ticket_and_a_token_together_are_refused(live: LiveServer) -> None:
    game_id, tokens = new_game(live)
    ticket = ticket_of(live, game_id, tokens[0])["ticket"]
    status, code, _ = error_code(live, f"/v1/games/{game_id}/events?ticket={ticket}", tokens[0])
    assert (status, code) == (400, "request/invalid")


def test_a_ticket_expires(store_kind: str, request: pytest.FixtureRequest) -> None:
    with live_server(make_store(store_kind, request), store_kind, stream_ticket_seconds=0.6) as running:
        game_id, tokens = new_game(running)
        ticket = ticket_of(running, game_id, tokens[0])
        assert ticket["expiresIn"] == 0.6
        assert running.rest.get(f"/v1/games/{game_id}/events?ticket={ticket['ticket']}")[0] == 200
        time.sleep(0.8)
        status, code, _ = error_code(running, f"/v1/games/{game_id}/events?ticket={ticket['ticket']}")
        assert (status, code) == (401, "auth/invalid_ticket")


def test_a_ticket_works_on_every_replica(redis_url: str, key_prefix: str) -> None:
    from service.storage.redis_store import RedisStore

    stores = [RedisStore.from_url(redis_url, key_prefix=key_prefix) for _ in range(2)]
    with live_server(stores[0], "redis") as first, live_server(stores[1], "redis") as second:
        game_id, tokens = new_game(first)
        ticket = ticket_of(first, game_id, tokens[1])["ticket"]
        status, page = second.rest.get(f"/v1/games/{game_id}/events?ticket={ticket}")
        assert status == 200 and page == first.rest.get(f"/v1/games/{game_id}/events", tokens[1])[1]


def test_a_seat_takes_a_capped_number_of_tickets_and_other_seats_are_not_affected(live: LiveServer) -> None:
    from service.core.event_streams import TICKETS_PER_SEAT

    game_id, tokens = new_game(live)
    tickets = [ticket_of(live, game_id, tokens[0])["ticket"] for _ in range(TICKETS_PER_SEAT)]
    assert len(set(tickets)) == TICKETS_PER_SEAT
    answer = raw_request(
        live.rest.port, "POST", f"/v1/games/{game_id}/stream-tickets", {"Authorization": f"Bearer {tokens[0]}"}
    )
    error = answer.json()["error"]
    assert answer.status == 429 and error["code"] == "limit/stream_tickets"
    assert error["details"] == {"seat": 0, "retryAfterSeconds": 8} and answer.headers["Retry-After"] == "8"
    assert f"Seat 0 of game '{game_id}' has asked for {TICKETS_PER_SEAT} stream tickets" in error["message"]
    assert live.rest.get(f"/v1/games/{game_id}/events?ticket={tickets[0]}")[0] == 200  # the ones given still work
    assert ticket_of(live, game_id, tokens[1])["seat"] == 1  # the cap is per seat

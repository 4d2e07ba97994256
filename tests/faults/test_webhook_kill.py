"""Webhooks through a SIGKILLed server (issue 40): a real local receiver gets every event of ten games exactly once
after dropping the delivery ids it has seen, although the server delivering is SIGKILLed with a delivery under way;
the other replica on the same Redis (with its append-only file) takes the deliveries over once the dead one's lease
runs out, and sends that delivery again under the same id (docs/api.md "Webhooks")."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from cardengine_client import verify_webhook

from tests.faults.harness import RedisProcess, serve
from tests.service.access import ALICE, keys_file
from tests.service.conftest import Rest
from tests.service.webhook_receiver import Receiver

GAMES = 10
KINDS = ("your_turn", "game_finished")
TIMINGS = ["--webhook-retry-seconds", "0.05", "--webhook-max-retry-seconds", "0.2", "--webhook-poll-seconds", "0.05"]
TIMINGS += ["--webhook-timeout-seconds", "2", "--webhook-lease-seconds", "3"]


def call(rest: Rest, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    status, answer = rest.call(method, path, body, token, headers={"x-api-key": ALICE})
    assert status in (200, 201), (method, path, status, answer)
    return answer


def play(rest: Rest) -> str:
    """A short game of the key's two seats: a move, then a resignation (your_turn, your_turn, game_finished)."""
    created = call(rest, "POST", "/v1/games", {"gameType": "dracula", "players": 2})
    game_id: str = created["gameId"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    seat = call(rest, "GET", f"/v1/games/{game_id}")["toAct"][0]
    legal = call(rest, "GET", f"/v1/games/{game_id}/moves", token=tokens[seat])
    move = {"move": legal["moves"][0]["notation"], "expectedVersion": legal["version"]}
    call(rest, "POST", f"/v1/games/{game_id}/moves", move, token=tokens[seat])
    seat = call(rest, "GET", f"/v1/games/{game_id}")["toAct"][0]
    call(rest, "POST", f"/v1/games/{game_id}/resign", {}, token=tokens[seat])
    return game_id


def told(rest: Rest, games: list[str]) -> list[str]:
    """The ids of the webhook's kinds of events of ``games`` in the key's stream, in order, once every game's three
    are there (the writer thread writes a commit's events just after it)."""
    deadline = time.monotonic() + 10
    while True:
        events = call(rest, "GET", "/v1/key-events?cursor=0")["events"]
        found = [event["id"] for event in events if event["gameId"] in games and event["kind"] in KINDS]
        if len(found) >= 3 * len(games) or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def test_every_event_of_ten_games_arrives_once_through_a_sigkill(tmp_path: Path) -> None:
    redis = RedisProcess(aof=True)
    receiver = Receiver()
    arguments = ["--api-keys-file", str(keys_file(tmp_path)), "--key-rate", "0", "--address-rate", "0"]
    arguments += ["--webhook-allow-http", "--webhook-allow-private"]
    first = serve(redis.url, *arguments, *TIMINGS).start()
    second = serve(redis.url, *arguments, *TIMINGS)
    try:
        rest = Rest(first.http_port)
        registered = call(rest, "POST", "/v1/webhooks", {"url": receiver.url(), "events": list(KINDS)})
        webhook_id, secret = registered["webhook"]["id"], registered["secret"]
        games = [play(rest)]
        receiver.wait_for(lambda found: len(found) == 3)  # the first server delivers: it holds the lease
        second.start()
        receiver.hold()  # the next delivery stays unanswered: the first server is caught mid-delivery
        games += [play(rest) for _ in range(4)]
        assert receiver.held.wait(20)
        assert len(told(rest, games)) == 15  # every event of the five games is in the durable stream
        os.kill(first.pid, signal.SIGKILL)
        first.stop()
        receiver.release()
        rest = Rest(second.http_port)
        games += [play(rest) for _ in range(GAMES - 5)]
        expected = [f"{webhook_id}.{event_id}" for event_id in told(rest, games)]
        assert len(expected) == 3 * GAMES
        deliveries = receiver.wait_for(lambda found: {d.delivery_id for d in found} >= set(expected), timeout=60)
        firsts = list(dict.fromkeys(delivery.delivery_id for delivery in deliveries))
        assert firsts == expected  # each once after dropping repeats, in the stream's order
        assert len(deliveries) > len(expected)  # the delivery the kill cut was sent again
        for delivery in deliveries:
            body = verify_webhook(secret, delivery.body, delivery.signature)
            assert body["id"] == delivery.delivery_id and body["kind"] == delivery.kind in KINDS
    finally:
        receiver.close()
        first.stop()
        second.stop()
        redis.close()

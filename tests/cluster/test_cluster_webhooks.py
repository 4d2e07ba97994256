"""Webhooks on a real Redis Cluster with two replicas over one store (docs/api.md "Webhooks"): an endpoint
registered through one replica receives the events of a game played through the other, each delivery exactly once
(one deliverer at a time, under the store's lease) and signed."""

from __future__ import annotations

import uuid
from pathlib import Path

from cardengine_client import verify_webhook

from service.access.limits import LimitSettings
from service.storage.factory import open_store
from tests.service.access import ALICE, keys_file, rest
from tests.service.conftest import LiveServer, live_server
from tests.service.test_webhooks import FAST, listing_once_recorded
from tests.service.webhook_receiver import Delivery, Receiver


def test_two_replicas_deliver_each_event_once(redis_cluster_url: str, tmp_path: Path) -> None:
    prefix = f"cewebhooks:{uuid.uuid4().hex[:8]}:"
    stores = [open_store(redis_cluster_url, key_prefix=prefix, timeout_seconds=3.0, replica_wait_ms=1500) for _ in "ab"]
    settings = {"api_keys_file": keys_file(tmp_path), "limits": LimitSettings(key_rate=0), "bot_workers": 0}
    receiver = Receiver()
    try:
        with (
            live_server(stores[0], "cluster", webhooks=FAST, **settings) as one,
            live_server(stores[1], "cluster", webhooks=FAST, **settings) as two,
        ):
            deliveries = play_and_check(one, two, receiver)
        assert receiver.deliveries == deliveries  # none sent twice, also after both replicas stopped
    finally:
        receiver.close()


def play_and_check(one: LiveServer, two: LiveServer, receiver: Receiver) -> list[Delivery]:
    """Registers through ``one``, plays through ``two``; the deliveries, checked against the key's stream."""
    body = {"url": receiver.url(), "events": ["your_turn", "game_finished"]}
    registered = rest(one, "POST", "/v1/webhooks", key=ALICE, body=body).json()
    created = rest(two, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "players": 2}).json()
    game_id, token = created["gameId"], created["seats"][0]["token"]
    assert rest(two, "POST", f"/v1/games/{game_id}/resign", token=token).status == 200
    deliveries = receiver.wait_for(lambda found: len(found) == 2)
    stream = rest(one, "GET", "/v1/key-events?cursor=0", key=ALICE).json()["events"]
    told = [event for event in stream if event["kind"] in ("your_turn", "game_finished")]
    webhook_id = registered["webhook"]["id"]
    assert [d.delivery_id for d in deliveries] == [f"{webhook_id}.{event['id']}" for event in told]
    for delivery in deliveries:
        assert verify_webhook(registered["secret"], delivery.body, delivery.signature)["event"]["gameId"] == game_id
    listing_once_recorded(two, [(webhook_id, 2, 0)])
    return deliveries

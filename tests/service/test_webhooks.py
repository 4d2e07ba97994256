"""Webhooks over real servers (docs/api.md "Webhooks"), on the in-memory store and on Redis: a key's endpoints are
registered, listed and deleted through REST, gRPC and the Python SDK; every event of a kind asked for reaches a real
local receiver signed (checked with the SDK's ``verify_webhook``), retried under the same delivery id after a
failure; targets not allowed are refused at registration, and again at delivery (tests/faults/test_webhook_kill.py:
ten games through a SIGKILLed server)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError, WebhookSignatureError, verify_webhook

from service.access.limits import LimitSettings
from service.storage.factory import open_store
from service.storage.redis_store import RedisStore
from service.webhooks.deliveries import Deliverer, delivery_body
from service.webhooks.records import Endpoint
from service.webhooks.settings import WebhookSettings
from tests.service.access import ALICE, BOB, keys_file, rest
from tests.service.conftest import LiveServer, free_port, live_server
from tests.service.webhook_receiver import Delivery, Receiver

KINDS = ["your_turn", "game_finished", "match_found", "tournament_round"]
FAST = WebhookSettings(
    allow_http=True,
    allow_private=True,
    timeout_seconds=2,
    retry_seconds=0.05,
    max_retry_seconds=0.1,
    lease_seconds=3,
    poll_seconds=0.02,
    repair_seconds=0.3,
)
PUBLIC = "93.184.216.34"  # a public address, never called here (the strict server has no event to deliver)


def keyed_server(
    kind: str, request: pytest.FixtureRequest, folder: Path, settings: WebhookSettings
) -> Iterator[LiveServer]:
    if kind == "redis":
        prefix = f"cetest:webhooks:{kind}:{id(request)}:"
        store = open_store(request.getfixturevalue("redis_url"), key_prefix=prefix)
    else:
        store = open_store(None)
    limits = LimitSettings(key_rate=0)
    with live_server(
        store, kind, api_keys_file=keys_file(folder), limits=limits, webhooks=settings, bot_workers=0
    ) as live:
        yield live


@pytest.fixture(scope="module", params=["memory", "redis"])
def permissive(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that allows http:// and private targets (the receiver is on this machine), with short timings."""
    yield from keyed_server(request.param, request, tmp_path_factory.mktemp("keys"), FAST)


@pytest.fixture(scope="module", params=["memory", "redis"])
def writerless(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A permissive server whose key-event writer is stopped, as in a process killed right after its commits."""
    for live in keyed_server(request.param, request, tmp_path_factory.mktemp("keys"), FAST):
        started = rest(live, "POST", "/v1/games", key=BOB, body={"gameType": "dracula", "players": 2})
        assert started.status == 201  # the writer runs from the first commit on: then it is stopped
        live.server.service.key_events.stop()
        yield live


@pytest.fixture(scope="module")
def strict(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with the default targets (https:// to public addresses only) and two webhooks per key."""
    yield from keyed_server("memory", request, tmp_path_factory.mktemp("keys"), WebhookSettings(max_per_key=2))


def sdk(live: LiveServer, key: str) -> GameEngineClient:
    return GameEngineClient(f"127.0.0.1:{live.server.grpc_port}", api_key=key, retry=NO_RETRY)


def by_webhook(deliveries: list[Delivery], webhook_id: str) -> list[Delivery]:
    return [delivery for delivery in deliveries if delivery.json()["webhookId"] == webhook_id]


def listing_once_recorded(live: LiveServer, expected: list[tuple[str, int, int]]) -> list[dict[str, Any]]:
    """The key's webhooks once each shows its ``(id, delivered, failedAttempts)`` as ``expected``: the receiver's
    2xx comes before the deliverer records it, so the listing is read until it has (at most 10 s)."""
    deadline = time.monotonic() + 10
    while True:
        listed: list[dict[str, Any]] = rest(live, "GET", "/v1/webhooks", key=ALICE).json()["webhooks"]
        counts = [(hook["id"], hook["delivered"], hook["failedAttempts"]) for hook in listed]
        if counts == expected or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert counts == expected
    return listed


def test_events_are_delivered_signed_filtered_and_retried(permissive: LiveServer) -> None:
    failed: list[str] = []

    def answer(delivery: Delivery, count: int) -> int:
        """The first your_turn delivery fails once (503), every other is acknowledged."""
        if delivery.kind == "your_turn" and not failed:
            failed.append(delivery.delivery_id)
            return 503
        return 204

    receiver = Receiver(answer)
    client = sdk(permissive, ALICE)
    try:
        registered = rest(permissive, "POST", "/v1/webhooks", key=ALICE, body={"url": receiver.url()})
        assert registered.status == 201, registered.body
        every = registered.json()
        assert every["secret"].startswith("whsec_") and len(every["secret"]) == 49
        assert every["webhook"]["events"] == KINDS and every["webhook"]["url"] == receiver.url()
        finished_only = client.register_webhook(receiver.url(), ["game_finished"])
        assert finished_only.webhook.events == ("game_finished",)

        created = rest(permissive, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "players": 2}).json()
        game_id, token = created["gameId"], created["seats"][0]["token"]
        assert rest(permissive, "POST", f"/v1/games/{game_id}/resign", token=token).status == 200

        every_id, finished_id = every["webhook"]["id"], finished_only.webhook.id
        deliveries = receiver.wait_for(
            lambda found: len(by_webhook(found, every_id)) == 3 and len(by_webhook(found, finished_id)) == 1
        )
        stream = rest(permissive, "GET", "/v1/key-events?cursor=0", key=ALICE).json()["events"]
        told = [(event["kind"], event["id"]) for event in stream if event["gameId"] == game_id]
        stream_events = [event for event in stream if event["gameId"] == game_id][1:]
        assert [kind for kind, _ in told] == ["game_created", "your_turn", "game_finished"]
        first, retried, finished = by_webhook(deliveries, every_id)
        assert first.delivery_id == retried.delivery_id == f"{every_id}.{told[1][1]}"  # the retry: the same id
        assert (retried.kind, finished.kind) == ("your_turn", "game_finished")
        assert finished.delivery_id == f"{every_id}.{told[2][1]}"
        only = by_webhook(deliveries, finished_id)[0]
        assert (only.kind, only.delivery_id) == ("game_finished", f"{finished_id}.{told[2][1]}")
        for delivery, secret in ((first, every["secret"]), (finished, every["secret"]), (only, finished_only.secret)):
            body = verify_webhook(secret, delivery.body, delivery.signature)
            assert body["id"] == delivery.delivery_id and body["kind"] == delivery.kind
            assert body["event"]["gameId"] == game_id and body["event"]["gameType"] == "dracula"
            assert token.encode() not in delivery.body and b"whsec_" not in delivery.body
        for delivery, event in ((retried, stream_events[0]), (finished, stream_events[1])):
            sent = verify_webhook(every["secret"], delivery.body, delivery.signature)["event"]
            assert sent == {name: event[name] for name in sent}  # the key stream's event, as WatchKeyEvents tells it
        assert verify_webhook(every["secret"], finished.body, finished.signature)["event"]["winners"] == [1]
        with pytest.raises(WebhookSignatureError):  # one endpoint's secret does not sign another's deliveries
            verify_webhook(finished_only.secret, first.body, first.signature)

        listed = listing_once_recorded(permissive, [(every_id, 2, 0), (finished_id, 1, 0)])
        assert all("secret" not in hook for hook in listed) and listed[0]["lastDeliveredAt"] > 0
        assert rest(permissive, "GET", "/v1/webhooks", key=BOB).json() == {"webhooks": []}  # a key sees its own
        assert client.delete_webhook(every_id) == every_id
        assert [hook.id for hook in client.list_webhooks()] == [finished_id]
        assert client.delete_webhook(finished_id) == finished_id
    finally:
        client.close()
        receiver.close()


def refusal(live: LiveServer, url: str, events: list[str] | None = None) -> tuple[int, str]:
    body: dict[str, object] = {"url": url} if events is None else {"url": url, "events": events}
    answer = rest(live, "POST", "/v1/webhooks", key=ALICE, body=body)
    return answer.status, answer.json()["error"]["code"]


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://localhost:8443/hook",
        "https://10.1.2.3/hook",
        "https://192.168.0.10/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/hook",
        "https://[::ffff:172.16.0.1]/hook",
        "https://[fe80::1]/hook",
        "https://224.0.0.1/hook",
        "https://0.0.0.0/hook",
        "https://100.64.0.1/hook",
        "https://240.0.0.1/hook",
        f"http://{PUBLIC}/hook",  # plain http: not allowed by default
        f"https://user:secret@{PUBLIC}/hook",
        f"ftp://{PUBLIC}/hook",
        "not a url",
        "https:///hook",
    ],
)
def test_targets_not_allowed_are_refused(strict: LiveServer, url: str) -> None:
    assert refusal(strict, url) == (400, "webhook/target_refused")


def test_registration_is_checked_and_capped(strict: LiveServer) -> None:
    assert refusal(strict, f"https://{PUBLIC}/hook", ["moves"]) == (400, "request/invalid")
    unkeyed = rest(strict, "POST", "/v1/webhooks", body={"url": f"https://{PUBLIC}/hook"})
    assert unkeyed.status == 401
    client = sdk(strict, ALICE)
    try:
        with pytest.raises(GameEngineError) as refused:
            client.register_webhook("https://127.0.0.1/hook")
        assert refused.value.code == "webhook/target_refused"
        kept = [client.register_webhook(f"https://{PUBLIC}/{path}", ["your_turn"]).webhook.id for path in "ab"]
        assert refusal(strict, f"https://{PUBLIC}/c") == (422, "webhook/too_many")
        assert [hook.id for hook in client.list_webhooks()] == kept  # no refusal changed anything
        with pytest.raises(GameEngineError) as missing:
            client.delete_webhook("wh_0123456789abcdef")
        assert missing.value.code == "webhook/not_found"
        assert rest(strict, "DELETE", f"/v1/webhooks/{kept[0]}", key=BOB).status == 404  # another key's webhook
        for webhook_id in kept:
            assert rest(strict, "DELETE", f"/v1/webhooks/{webhook_id}", key=ALICE).json() == {"webhookId": webhook_id}
    finally:
        client.close()


def test_a_delivery_checks_the_target_again_and_follows_no_redirect() -> None:
    """A name that resolved to a public address at registration and to a private one at delivery (DNS rebinding) is
    not called; a delivery connects to the address checked, and a redirect is a failure, never followed."""
    receiver = Receiver(lambda delivery, count: 302)
    store = open_store(None)
    endpoint = Endpoint(
        "wh_0123456789abcdef", "key", f"http://rebound.example:{receiver.port}/hook", ("your_turn",), "whsec_x", 0
    )
    body, _ = delivery_body(endpoint, "7", b'{"kind":"your_turn","gameId":"g"}')
    try:
        strict = Deliverer(store, WebhookSettings(allow_http=True), resolve=lambda host, port: ["127.0.0.1"])
        error = strict.send(endpoint, "wh_0123456789abcdef.7", "your_turn", body)
        assert error.startswith("The webhook target") and "127.0.0.1, a loopback address" in error
        assert receiver.deliveries == []
        allowed = Deliverer(store, FAST, resolve=lambda host, port: ["127.0.0.1"])
        assert allowed.send(endpoint, "wh_0123456789abcdef.7", "your_turn", body) == "answered HTTP 302 (not 2xx)"
        (delivery,) = receiver.wait_for(lambda found: len(found) == 1)
        assert (delivery.host, delivery.path) == (f"rebound.example:{receiver.port}", "/hook")
    finally:
        receiver.close()


def test_verify_webhook_detects_forged_and_replayed_signatures() -> None:
    from service.webhooks.signing import signature

    body = b'{"id":"wh_0123456789abcdef.1","kind":"your_turn","event":{}}'
    header = signature("whsec_right", 1_800_000_000, body)
    assert verify_webhook("whsec_right", body, header, 300, now=1_800_000_299)["kind"] == "your_turn"
    forged = [
        ("whsec_wrong", body, header),  # another secret
        ("whsec_right", body.replace(b"your_turn", b"game_finished"), header),  # another body
        ("whsec_right", body, header.replace("t=1800000000", "t=1800000100")),  # a timestamp moved
        ("whsec_right", body, "v1=" + header.split("v1=")[1]),  # no timestamp
    ]
    for secret, sent, given in forged:
        with pytest.raises(WebhookSignatureError):
            verify_webhook(secret, sent, given, 300, now=1_800_000_000)
    with pytest.raises(WebhookSignatureError, match="a replay"):
        verify_webhook("whsec_right", body, header, 300, now=1_800_000_301)


def test_events_a_killed_writer_never_wrote_are_repaired_and_delivered(writerless: LiveServer) -> None:
    """No event is lost between a game's commit and the webhooks: what the writer never wrote to the key's stream
    is found on two looks of the repair (service/webhooks/repair.py), appended and delivered once."""
    receiver = Receiver()
    try:
        body = {"url": receiver.url(), "events": ["your_turn", "game_finished"]}
        registered = rest(writerless, "POST", "/v1/webhooks", key=ALICE, body=body).json()
        created = rest(writerless, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula", "players": 2}).json()
        game_id, to_act = created["gameId"], created["game"]["toAct"]
        (turn,) = receiver.wait_for(lambda found: len(found) == 1)
        token = created["seats"][0]["token"]
        assert rest(writerless, "POST", f"/v1/games/{game_id}/resign", token=token).status == 200
        deliveries = receiver.wait_for(lambda found: len(found) == 2)
        stream = rest(writerless, "GET", "/v1/key-events?cursor=0", key=ALICE).json()["events"]
        assert [(event["kind"], event["version"]) for event in stream] == [("your_turn", 0), ("game_finished", 1)]
        assert [delivery.delivery_id for delivery in deliveries] == [
            f"{registered['webhook']['id']}.{event['id']}" for event in stream
        ]
        sent = [verify_webhook(registered["secret"], d.body, d.signature)["event"] for d in deliveries]
        assert sent[0] == {"id": stream[0]["id"], "kind": "your_turn", "gameId": game_id, "gameType": "dracula"} | {
            "version": 0,
            "seats": to_act,
            "toAct": to_act,
        }
        assert (sent[1]["kind"], sent[1]["winners"]) == ("game_finished", [1])
        assert turn.kind == "your_turn"
    finally:
        receiver.close()


def test_a_store_that_is_down_answers_503(tmp_path: Path) -> None:
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0", timeout_seconds=0.5)  # nothing listens there
    limits = LimitSettings(key_rate=0, address_rate=0)  # no count in the store before the call
    with live_server(store, "redis-down", api_keys_file=keys_file(tmp_path), limits=limits, webhooks=FAST) as down:
        calls = [
            ("POST", "/v1/webhooks", {"url": "http://127.0.0.1:9/hook"}),
            ("GET", "/v1/webhooks", None),
            ("DELETE", "/v1/webhooks/wh_0123456789abcdef", None),
        ]
        for method, path, body in calls:
            answer = rest(down, method, path, key=ALICE, body=body)
            assert (answer.status, answer.json()["error"]["code"]) == (503, "store/unavailable"), path

"""The deliverer (docs/api.md "Webhooks", "Deliveries"): one per server process, delivering while it holds the
store's lease ``webhooks`` (service/storage/protocols.py ``LeaseStore``), so one replica delivers at a time and
another takes over once a dead holder's lease runs out.

Each round reads every endpoint and its delivery state; an endpoint that is due gets the events of its key's stream
after its cursor, in order: an event of a kind it did not ask for is passed, any other is POSTed (signed, with its
delivery id) until acknowledged (a 2xx answer), the wait doubling after each failure, or dropped once it has been
tried for ``expire_seconds``. The cursor moves (a compare-and-set of the endpoint's state) only after that: a
deliverer killed mid-delivery leaves it on the event, and the next one sends the event again under the same
delivery id. An endpoint's events go out one at a time, in the stream's order; ``PARALLEL`` endpoints at once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor

import orjson

from service.core import errors
from service.storage.protocols import GameStore
from service.webhooks import sender, signing, targets
from service.webhooks.records import DeliveryState, Endpoint
from service.webhooks.settings import WebhookSettings

log = logging.getLogger("cardengine.webhooks")

LEASE = "webhooks"
BATCH = 50  # events read from a key's stream at a time
PARALLEL = 8  # endpoints delivered to at once: a slow endpoint holds up its own events, not the others'


def delivery_id(endpoint_id: str, event_id: str) -> str:
    """The same at every attempt of one event to one endpoint."""
    return f"{endpoint_id}.{event_id}"


def delivery_body(endpoint: Endpoint, event_id: str, payload: bytes) -> tuple[bytes, str]:
    """The JSON sent for one event of the key's stream, and its kind."""
    event = orjson.loads(payload)
    event["id"] = event_id
    kind = str(event.get("kind", ""))
    body = {"id": delivery_id(endpoint.endpoint_id, event_id), "webhookId": endpoint.endpoint_id, "kind": kind}
    return orjson.dumps(body | {"event": event}), kind


def now_ms() -> int:
    return int(time.time() * 1000)


class Deliverer:
    """The delivery loop of one process (``start``/``stop``); ``holder`` names it in the lease."""

    def __init__(
        self,
        store: GameStore,
        settings: WebhookSettings,
        resolve: targets.Resolver = targets.resolve_host,
        repair: Callable[[Iterable[str]], int] | None = None,
    ) -> None:
        """``repair``: called every ``repair_seconds`` with the keys that have webhooks (service/webhooks/repair.py)."""
        self.store = store
        self.settings = settings
        self.resolve = resolve
        self.repair = repair
        self._repaired_at = 0.0
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._term = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pool = ThreadPoolExecutor(max_workers=PARALLEL, thread_name_prefix="webhook")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="webhooks", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Ends the loop after the delivery under way, and frees the lease for another replica."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.settings.timeout_seconds + 5)
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self._term:
            with contextlib.suppress(errors.StoreUnavailableError):  # else it runs out by itself
                self.store.leases.release(LEASE, self.holder, self._term)

    def _run(self) -> None:
        busy = False  # a round that did something is followed at once by the next; else a poll's wait first
        while not self._stop.wait(0 if busy else self.settings.poll_seconds):
            busy = False
            try:
                if self._hold():
                    busy = self.deliver_round()
            except errors.StoreUnavailableError as error:
                log.warning("webhook deliveries paused", extra={"error": str(error)})
            except Exception:  # one round's bug never stops the deliveries
                log.exception("webhook round failed")

    def _hold(self) -> bool:
        """Whether this process holds the lease (renewed, or taken now)."""
        leases, ttl = self.store.leases, self.settings.lease_seconds
        if self._term and leases.renew(LEASE, self.holder, self._term, ttl):
            return True
        self._term = leases.acquire(LEASE, self.holder, ttl)
        return self._term > 0

    def deliver_round(self) -> bool:
        """One pass over every endpoint; True if any event was done with (more may be waiting)."""
        webhooks = self.store.webhooks
        endpoints = [Endpoint.decode(raw) for raw in webhooks.all_endpoints().values()]
        if self.repair is not None and time.monotonic() - self._repaired_at >= self.settings.repair_seconds:
            self._repaired_at = time.monotonic()
            self.repair(sorted({endpoint.key_id for endpoint in endpoints}))
        states = webhooks.delivery_states([endpoint.endpoint_id for endpoint in endpoints])
        due = [(endpoint, state) for endpoint, state in zip(endpoints, states, strict=True) if state is not None]
        return any(list(self._pool.map(lambda pair: self._deliver_held(*pair), due)))

    def _deliver_held(self, endpoint: Endpoint, state: bytes) -> bool:
        """``deliver_endpoint`` while this process still holds the lease (renewed first)."""
        if self._stop.is_set() or not self._hold():
            return False
        return self.deliver_endpoint(endpoint, state)

    def deliver_endpoint(self, endpoint: Endpoint, raw: bytes) -> bool:
        """The endpoint's due events, in order, until one fails; True if any was done with."""
        state = DeliveryState.decode(raw)
        if state.next_at > now_ms():
            return False
        events = self.store.lifecycle.key_events(endpoint.key_id, state.cursor, BATCH, 0)
        moved = False
        for event_id, payload in events:
            new = self.attempt(endpoint, state, event_id, payload)
            if not self.store.webhooks.save_delivery_state(endpoint.endpoint_id, raw, new.encode()):
                return moved  # deleted, or another deliverer moved it: read again next round
            raw, state = new.encode(), new
            if state.cursor != event_id:
                return moved  # failed: retried when due
            moved = True
            if self._stop.is_set():
                break
        return moved

    def attempt(self, endpoint: Endpoint, state: DeliveryState, event_id: str, payload: bytes) -> DeliveryState:
        """The state after one event: passed, delivered, expired, or one more failed attempt."""
        body, kind = delivery_body(endpoint, event_id, payload)
        if not endpoint.wants(kind):
            return state.passed(event_id)
        started = now_ms()
        first_at = state.first_at or started
        if started - first_at >= self.settings.expire_seconds * 1000:
            log.warning("webhook event expired", extra={"webhook_id": endpoint.endpoint_id, "event_id": event_id})
            return state.expired(event_id)
        error = self.send(endpoint, delivery_id(endpoint.endpoint_id, event_id), kind, body)
        if not error:
            return state.delivered_now(event_id, now_ms())
        wait_ms = round(self.settings.retry_after(state.attempts + 1) * 1000)
        log.info("webhook delivery failed", extra={"webhook_id": endpoint.endpoint_id, "error": error})
        return state.failed(error, first_at, now_ms() + wait_ms)

    def send(self, endpoint: Endpoint, delivery: str, kind: str, body: bytes) -> str:
        """One POST of ``body``; empty if acknowledged, else what went wrong. The target is checked again here."""
        settings = self.settings
        try:
            target = targets.parse_target(endpoint.url, allow_http=settings.allow_http)
            addresses = targets.checked_addresses(target, allow_private=settings.allow_private, resolve=self.resolve)
        except errors.ServiceError as error:
            return error.message
        headers = {
            signing.SIGNATURE_HEADER: signing.signature(endpoint.secret, int(time.time()), body),
            signing.DELIVERY_HEADER: delivery,
            signing.EVENT_HEADER: kind,
        }
        try:
            status = sender.post(target, addresses, body, headers, settings.timeout_seconds)
        except sender.DeliveryFailed as error:
            return f"no answer: {error}"
        return "" if 200 <= status < 300 else f"answered HTTP {status} (not 2xx)"

"""The in-memory store's webhooks part (``MemoryStore.webhooks``): each API key's webhook endpoints and each
endpoint's delivery state in one process's dicts, with the meaning of the Redis one
(service/storage/redis_webhooks.py); the protocol is ``WebhookStore`` in service/storage/protocols.py."""

from __future__ import annotations

import threading
from collections.abc import Sequence


class MemoryWebhooks:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._endpoints: dict[str, bytes] = {}  # endpoint id -> record
        self._by_key: dict[str, set[str]] = {}  # key id -> its endpoint ids
        self._states: dict[str, bytes] = {}  # endpoint id -> delivery state

    def add_endpoint(self, key_id: str, endpoint_id: str, record: bytes, state: bytes, cap: int) -> bool:
        with self._lock:
            owned = self._by_key.setdefault(key_id, set())
            if len(owned) >= cap:
                return False
            owned.add(endpoint_id)
            self._endpoints[endpoint_id] = record
            self._states[endpoint_id] = state
            return True

    def remove_endpoint(self, key_id: str, endpoint_id: str) -> bool:
        with self._lock:
            owned = self._by_key.get(key_id, set())
            if endpoint_id not in owned:
                return False
            owned.discard(endpoint_id)
            self._endpoints.pop(endpoint_id, None)
            self._states.pop(endpoint_id, None)
            return True

    def key_endpoints(self, key_id: str) -> dict[str, bytes]:
        with self._lock:
            return {endpoint: self._endpoints[endpoint] for endpoint in self._by_key.get(key_id, set())}

    def all_endpoints(self) -> dict[str, bytes]:
        with self._lock:
            return dict(self._endpoints)

    def delivery_states(self, endpoint_ids: Sequence[str]) -> list[bytes | None]:
        with self._lock:
            return [self._states.get(endpoint) for endpoint in endpoint_ids]

    def save_delivery_state(self, endpoint_id: str, expected: bytes, state: bytes) -> bool:
        with self._lock:
            if self._states.get(endpoint_id) != expected:
                return False
            self._states[endpoint_id] = state
            return True

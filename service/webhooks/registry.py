"""RegisterWebhook, ListWebhooks and DeleteWebhook (docs/api.md "Webhooks"): each API key's endpoints.

An endpoint belongs to the key that registered it and receives that key's events only. Registration checks the
target (service/webhooks/targets.py), draws the signing secret (answered once, kept to sign) and starts the
endpoint's cursor at the key stream's present position: the events from then on are delivered.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence

from service.core import errors
from service.storage.protocols import GameStore
from service.webhooks import refusals, signing, targets
from service.webhooks.records import KINDS, DeliveryState, Endpoint, RegisteredWebhook, Webhook, WebhookList
from service.webhooks.settings import WebhookSettings

WEBHOOK_ID_PATTERN = re.compile(r"^wh_[0-9a-f]{16}$")


def webhook_of(endpoint: Endpoint, state: DeliveryState | None) -> Webhook:
    state = state or DeliveryState("0")
    return Webhook(
        endpoint.endpoint_id,
        endpoint.url,
        endpoint.events,
        endpoint.created_at,
        state.attempts,
        state.last_error,
        state.delivered_at,
        state.next_at,
        state.delivered,
        state.dropped,
    )


def check_events(events: Sequence[str]) -> tuple[str, ...]:
    """The kinds asked for, in ``KINDS`` order (none: every kind); INVALID_ARGUMENT for an unknown kind."""
    for kind in events:
        if kind not in KINDS:
            raise errors.invalid_argument(
                f"events holds {errors.quote(kind)}, which is no kind of event a webhook receives; the kinds are "
                f"{', '.join(KINDS)} (none: every one).",
                field="events",
            )
    return tuple(kind for kind in KINDS if kind in events) if events else KINDS


class Webhooks:
    """The use cases of a key's endpoints over the store's ``webhooks`` part."""

    def __init__(self, store: GameStore, settings: WebhookSettings, resolve: targets.Resolver = targets.resolve_host):
        self.store = store
        self.settings = settings
        self.resolve = resolve

    def register(self, key_id: str | None, url: str, events: Sequence[str]) -> RegisteredWebhook:
        if key_id is None:
            raise errors.missing_api_key("RegisterWebhook")
        kinds = check_events(events)
        target = targets.parse_target(url, allow_http=self.settings.allow_http)
        targets.checked_addresses(target, allow_private=self.settings.allow_private, resolve=self.resolve)
        now_ns = time.time_ns()
        endpoint = Endpoint(
            "wh_" + os.urandom(8).hex(), key_id, url, kinds, signing.new_secret(), now_ns // 1_000_000, now_ns
        )
        state = DeliveryState(self.store.lifecycle.key_stream_position(key_id))
        added = self.store.webhooks.add_endpoint(
            key_id, endpoint.endpoint_id, endpoint.encode(), state.encode(), self.settings.max_per_key
        )
        if not added:
            raise refusals.too_many_webhooks(self.settings.max_per_key)
        return RegisteredWebhook(webhook_of(endpoint, state), endpoint.secret)

    def list(self, key_id: str | None) -> WebhookList:
        """The key's endpoints, oldest first."""
        if key_id is None:
            raise errors.missing_api_key("ListWebhooks")
        endpoints = [Endpoint.decode(raw) for raw in self.store.webhooks.key_endpoints(key_id).values()]
        endpoints.sort(key=lambda endpoint: (endpoint.created_at, endpoint.registered_ns, endpoint.endpoint_id))
        states = self.store.webhooks.delivery_states([endpoint.endpoint_id for endpoint in endpoints])
        return WebhookList(
            tuple(
                webhook_of(endpoint, None if raw is None else DeliveryState.decode(raw))
                for endpoint, raw in zip(endpoints, states, strict=True)
            )
        )

    def delete(self, key_id: str | None, webhook_id: str) -> str:
        """Removes the key's endpoint: nothing more is delivered to it (a delivery under way may still arrive)."""
        if key_id is None:
            raise errors.missing_api_key("DeleteWebhook")
        if not WEBHOOK_ID_PATTERN.match(webhook_id) or not self.store.webhooks.remove_endpoint(key_id, webhook_id):
            raise refusals.webhook_not_found(webhook_id)
        return webhook_id

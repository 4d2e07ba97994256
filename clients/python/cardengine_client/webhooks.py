"""Webhooks (docs/api.md "Webhooks"): the calls that register, list and delete them (``WebhookCalls``, part of
``GameEngineClient``), and ``verify_webhook``, the receiver's check of a delivery's signature.

A delivery is a POST whose body is ``{"id": <delivery id>, "webhookId": ..., "kind": ..., "event": {...}}`` with the
headers ``Cardengine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">``, ``Cardengine-Delivery``
(the delivery id, the same at every attempt: drop one seen before) and ``Cardengine-Event`` (the kind). Answer 2xx
once it is handled: anything else (or no answer within the server's timeout) is retried later.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardengine_client._proto import game_engine_pb2 as pb
from cardengine_client._proto import game_engine_pb2_grpc as pb_grpc

SIGNATURE_HEADER = "Cardengine-Signature"
DELIVERY_HEADER = "Cardengine-Delivery"
EVENT_HEADER = "Cardengine-Event"
DEFAULT_TOLERANCE_SECONDS = 300


class WebhookSignatureError(ValueError):
    """A delivery whose signature does not hold: forged (no v1 signature matches the body with the secret),
    replayed (its timestamp further from now than the tolerance), or malformed."""


@dataclass(frozen=True, slots=True)
class Webhook:
    """A webhook of the key and where its deliveries stand (times in ms since the epoch; 0: none)."""

    id: str
    url: str
    events: tuple[str, ...]
    created_at: int
    failed_attempts: int
    last_error: str
    last_delivered_at: int
    next_attempt_at: int
    delivered: int
    dropped: int


@dataclass(frozen=True, slots=True)
class RegisteredWebhook:
    """``register_webhook``'s answer: the webhook and its signing secret, shown only once: keep it."""

    webhook: Webhook
    secret: str


def webhook_of(message: pb.Webhook) -> Webhook:
    return Webhook(
        message.id,
        message.url,
        tuple(message.events),
        int(message.created_at),
        message.failed_attempts,
        message.last_error,
        int(message.last_delivered_at),
        int(message.next_attempt_at),
        message.delivered,
        message.dropped,
    )


def verify_webhook(
    secret: str,
    body: bytes,
    header: str,
    tolerance_seconds: float = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> dict[str, Any]:
    """The delivery's JSON body once its ``Cardengine-Signature`` ``header`` holds for ``body`` (the raw bytes
    received) and ``secret``, and its timestamp is within ``tolerance_seconds`` of ``now`` (default: this clock);
    raises ``WebhookSignatureError`` otherwise. The comparison takes constant time."""
    fields: dict[str, list[str]] = {}
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        fields.setdefault(name, []).append(value)
    try:
        timestamp = int(fields["t"][0])
    except (KeyError, ValueError):
        raise WebhookSignatureError("The signature header has no timestamp (t=...).") from None
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    if not any(hmac.compare_digest(expected, given) for given in fields.get("v1", [])):
        raise WebhookSignatureError("No v1 signature matches this body and secret: the delivery is forged.")
    age = (time.time() if now is None else now) - timestamp
    if abs(age) > tolerance_seconds:
        raise WebhookSignatureError(
            f"The signature is {age:.0f} s old, over the tolerance of {tolerance_seconds:.0f} s: a replay."
        )
    found: dict[str, Any] = json.loads(body)
    return found


class WebhookCalls:
    """RegisterWebhook, ListWebhooks, DeleteWebhook; each needs the client's API key."""

    _stub: pb_grpc.GameEngineStub
    _call: Callable[..., Any]

    def register_webhook(self, url: str, events: Sequence[str] = ()) -> RegisteredWebhook:
        """Registers ``url`` for the key's events of the kinds ``events`` (your_turn, game_finished, match_found,
        tournament_round; empty: every one); its signing secret is answered here only."""
        response = self._call(self._stub.RegisterWebhook, pb.RegisterWebhookRequest(url=url, events=list(events)))
        return RegisteredWebhook(webhook_of(response.webhook), response.secret)

    def list_webhooks(self) -> tuple[Webhook, ...]:
        """The key's webhooks, oldest first (never their secrets)."""
        response = self._call(self._stub.ListWebhooks, pb.ListWebhooksRequest())
        return tuple(webhook_of(webhook) for webhook in response.webhooks)

    def delete_webhook(self, webhook_id: str) -> str:
        """Deletes the key's webhook; NOT_FOUND ``webhook/not_found`` if it has none of that id."""
        response = self._call(self._stub.DeleteWebhook, pb.DeleteWebhookRequest(webhook_id=webhook_id))
        return str(response.webhook_id)

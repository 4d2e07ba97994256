"""The webhooks' values: what the store keeps of an endpoint and of its deliveries (JSON bytes), and the answers of
RegisterWebhook and ListWebhooks (written to the wire by service/edges/convert_webhooks.py)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import orjson

from service.core.key_events import FINISHED, TOURNAMENT_ROUND, YOUR_TURN

MATCH_FOUND = "match_found"  # written by the matcher (service/matchmaking/)
# The kinds of a key's events an endpoint may ask for (RegisterWebhook.events; none: every one of them).
KINDS: tuple[str, ...] = (YOUR_TURN, FINISHED, MATCH_FOUND, TOURNAMENT_ROUND)


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A registered endpoint, as stored: the secret is kept to sign the deliveries (it is shown only once)."""

    endpoint_id: str
    key_id: str
    url: str
    events: tuple[str, ...]
    secret: str
    created_at: int  # epoch ms
    registered_ns: int = 0  # epoch ns: orders two registrations within one millisecond

    def encode(self) -> bytes:
        return orjson.dumps(
            {
                "id": self.endpoint_id,
                "key": self.key_id,
                "url": self.url,
                "events": list(self.events),
                "secret": self.secret,
                "createdAt": self.created_at,
                "registeredNs": self.registered_ns,
            }
        )

    @classmethod
    def decode(cls, raw: bytes) -> Endpoint:
        data = orjson.loads(raw)
        events = tuple(data["events"])
        created_at, registered_ns = int(data["createdAt"]), int(data.get("registeredNs", 0))
        return cls(data["id"], data["key"], data["url"], events, data["secret"], created_at, registered_ns)

    def wants(self, kind: str) -> bool:
        return kind in self.events


@dataclass(frozen=True, slots=True)
class DeliveryState:
    """Where an endpoint's deliveries stand: ``cursor`` (the id of the key stream's last event done with: delivered,
    not asked for, or expired), the failed ``attempts`` at the next event and when it is due again (``next_at``,
    epoch ms), since when it is tried (``first_at``), the last failure, and the counts of events delivered and
    dropped (expired)."""

    cursor: str
    attempts: int = 0
    next_at: int = 0
    first_at: int = 0
    last_error: str = ""
    delivered_at: int = 0
    delivered: int = 0
    dropped: int = 0

    def encode(self) -> bytes:
        return orjson.dumps(dataclasses.asdict(self))

    @classmethod
    def decode(cls, raw: bytes) -> DeliveryState:
        return cls(**orjson.loads(raw))

    def passed(self, cursor: str) -> DeliveryState:
        """Past the event ``cursor``, one the endpoint did not ask for."""
        return dataclasses.replace(self, cursor=cursor, attempts=0, next_at=0, first_at=0)

    def delivered_now(self, cursor: str, now_ms: int) -> DeliveryState:
        """Past the event ``cursor``, acknowledged at ``now_ms``."""
        return DeliveryState(cursor, delivered_at=now_ms, delivered=self.delivered + 1, dropped=self.dropped)

    def expired(self, cursor: str) -> DeliveryState:
        """Past the event ``cursor``, dropped: tried for longer than the settings allow."""
        return dataclasses.replace(self.passed(cursor), dropped=self.dropped + 1)

    def failed(self, error: str, first_at: int, next_at: int) -> DeliveryState:
        """One more failed attempt at the next event; tried again at ``next_at``."""
        return dataclasses.replace(
            self, attempts=self.attempts + 1, first_at=first_at, next_at=next_at, last_error=error[:300]
        )


@dataclass(frozen=True, slots=True)
class Webhook:
    """An endpoint as its key sees it (ListWebhooks): never its secret."""

    webhook_id: str
    url: str
    events: tuple[str, ...]
    created_at: int  # epoch ms
    failed_attempts: int = 0  # at the event it delivers now
    last_error: str = ""
    last_delivered_at: int = 0  # epoch ms; 0: nothing delivered yet
    next_attempt_at: int = 0  # epoch ms of the next retry; 0: none waiting
    delivered: int = 0
    dropped: int = 0


@dataclass(frozen=True, slots=True)
class RegisteredWebhook:
    """RegisterWebhook's answer: the endpoint and its signing secret, shown only here."""

    webhook: Webhook
    secret: str


@dataclass(frozen=True, slots=True)
class WebhookList:
    webhooks: tuple[Webhook, ...]

"""The operator's settings of webhooks (``cardengine serve --webhook-*``, service/cli/serve.py)."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_PER_KEY = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class WebhookSettings:
    """``allow_http``: plain ``http://`` targets too (else HTTPS only); ``allow_private``: targets on private,
    loopback, link-local and other non-public addresses too (else refused: no request forgery); ``timeout_seconds``:
    each delivery's connect and read; ``retry_seconds``: the wait before the first retry, doubled at each failure up
    to ``max_retry_seconds``; ``expire_seconds``: how long an event is retried before it is dropped;
    ``lease_seconds``: how long a deliverer that died holds the deliveries up before another replica takes them;
    ``poll_seconds``: how often an idle deliverer looks for new events; ``repair_seconds``: how often it looks for
    events a killed process did not write (service/webhooks/repair.py); ``max_per_key``: endpoints per API key."""

    allow_http: bool = False
    allow_private: bool = False
    timeout_seconds: float = 5.0
    retry_seconds: float = 5.0
    max_retry_seconds: float = 3600.0
    expire_seconds: float = 24 * 3600.0
    lease_seconds: float = 15.0
    poll_seconds: float = 0.5
    repair_seconds: float = 10.0
    max_per_key: int = DEFAULT_MAX_PER_KEY

    def check(self) -> None:
        """Raises ValueError when a setting cannot serve."""
        timings = [self.timeout_seconds, self.retry_seconds, self.expire_seconds, self.lease_seconds]
        timings += [self.poll_seconds, self.repair_seconds]
        if min(timings) <= 0 or self.max_retry_seconds < self.retry_seconds:
            raise ValueError("the webhook timings must be positive, and the longest retry no shorter than the first.")
        if self.lease_seconds <= self.timeout_seconds:
            raise ValueError("the webhook lease must outlast a delivery's timeout (--webhook-lease-seconds).")
        if self.max_per_key < 1:
            raise ValueError("--webhook-max-per-key must be 1 or more.")

    def retry_after(self, attempts: int) -> float:
        """The wait after ``attempts`` failed attempts at one event."""
        return min(self.max_retry_seconds, self.retry_seconds * float(2 ** min(attempts - 1, 40)))

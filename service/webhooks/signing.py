"""The signature of a delivery, as Stripe and GitHub sign theirs: ``Cardengine-Signature: t=<unix seconds>,v1=<hex
HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>``. A receiver recomputes the HMAC over the body it received
and refuses a mismatch (forged) or a ``t`` too far from its clock (replayed); the SDKs' ``verify_webhook`` /
``verifyWebhook`` do both."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

SIGNATURE_HEADER = "Cardengine-Signature"
DELIVERY_HEADER = "Cardengine-Delivery"  # the delivery id: the same at every attempt, for the receiver to drop repeats
EVENT_HEADER = "Cardengine-Event"  # the event's kind
SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """A signing secret: 32 random bytes, URL-safe base64, after ``whsec_``."""
    return SECRET_PREFIX + base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode()


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The header's value for ``body`` sent at ``timestamp`` (unix seconds)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"

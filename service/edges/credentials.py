"""The seat token of a request, shared by both edges: ``authorization: Bearer <token>`` (gRPC metadata, or the HTTP
header)."""

from __future__ import annotations


def bearer_token(value: str | None) -> str | None:
    """The token of an ``authorization`` value ``Bearer <token>``; None when absent or an API key (``ApiKey <key>``:
    a caller with a key and no seat token); a value in another form is a token that matches no seat
    (UNAUTHENTICATED), never silently a spectator."""
    if value is None or not value.strip():
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() == "apikey" and token.strip():
        return None
    if scheme.lower() != "bearer" or not token.strip():
        return "\x00malformed"
    return token.strip()

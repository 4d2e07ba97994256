"""One delivery's POST: to an address the target check passed (``targets.checked_addresses``), never resolving the
host name again; TLS verified against the URL's host name (SNI too); no redirect followed (a 3xx is a failure); a
timeout on connect and on each read; at most ``MAX_RESPONSE_BYTES`` of the answer read."""

from __future__ import annotations

import http.client
import socket
import ssl
from collections.abc import Mapping, Sequence

from service.webhooks.targets import Target

MAX_RESPONSE_BYTES = 4096
USER_AGENT = "cardengine-webhooks/1"


class DeliveryFailed(Exception):
    """No answer: every address refused or timed out, or the connection broke."""


def connect(target: Target, address: str, timeout: float) -> socket.socket:
    raw = socket.create_connection((address, target.port), timeout=timeout)
    if target.scheme != "https":
        return raw
    context = ssl.create_default_context()
    try:
        return context.wrap_socket(raw, server_hostname=target.host)
    except (OSError, ssl.SSLError):
        raw.close()
        raise


def post_once(target: Target, address: str, body: bytes, headers: Mapping[str, str], timeout: float) -> int:
    """The answer's status of one POST to ``address``."""
    connection = http.client.HTTPConnection(target.host, target.port, timeout=timeout)
    connection.sock = connect(target, address, timeout)  # the checked address: http.client never resolves
    try:
        host = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
        sent = {"Host": host, "Content-Type": "application/json", "User-Agent": USER_AGENT, **headers}
        connection.request("POST", target.target, body=body, headers=sent)
        response = connection.getresponse()
        response.read(MAX_RESPONSE_BYTES)  # bounded: the rest is dropped with the connection
        return response.status
    finally:
        connection.close()


def post(target: Target, addresses: Sequence[str], body: bytes, headers: Mapping[str, str], timeout: float) -> int:
    """The status of the first address that answers; DeliveryFailed when none does."""
    problems: list[str] = []
    for address in addresses:
        try:
            return post_once(target, address, body, headers, timeout)
        except (OSError, http.client.HTTPException) as error:
            problems.append(f"{address}: {type(error).__name__}: {error}"[:200])
    raise DeliveryFailed("; ".join(problems) or "no address")

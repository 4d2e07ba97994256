"""Where a webhook may be sent: no request forgery through a webhook (docs/api.md "Webhooks").

A target is an absolute ``https://`` URL (``http://`` only when the operator allows it), without credentials or a
fragment, at most ``MAX_URL_CHARS``. Its host name is resolved, and every address it resolves to must be public:
private, loopback, link-local, multicast, reserved, unspecified, shared (CGNAT) and other non-global addresses are
refused (an IPv6 address that embeds an IPv4 one is judged by that one), unless the operator allows private targets.
The check runs at registration and again at each delivery, and a delivery connects to an address this check passed
(never resolving the name again), so a DNS answer changed in between (DNS rebinding) cannot turn it elsewhere.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from service.core import errors
from service.webhooks import refusals

MAX_URL_CHARS = 2048
Resolver = Callable[[str, int], list[str]]


@dataclass(frozen=True, slots=True)
class Target:
    """A webhook's URL, split: ``target`` is the path and query sent in the request line."""

    url: str
    scheme: str
    host: str
    port: int
    target: str


def resolve_host(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (TCP), in the resolver's order."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def parse_target(url: str, *, allow_http: bool) -> Target:
    """The URL split, or INVALID_ARGUMENT (``webhook/target_refused``) saying what is wrong with it."""
    if len(url) > MAX_URL_CHARS:
        raise errors.too_long("url", url, MAX_URL_CHARS)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise refusals.webhook_target_refused(url, f"it is not a valid URL ({error})") from error
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes:
        allowed = "https:// or http://" if allow_http else "https:// (this server allows no plain http://)"
        raise refusals.webhook_target_refused(url, f"a webhook URL starts with {allowed}")
    if not parts.hostname:
        raise refusals.webhook_target_refused(url, "it names no host")
    if parts.username is not None or parts.password is not None:
        raise refusals.webhook_target_refused(url, "a webhook URL carries no credentials (user:password@)")
    if parts.fragment or any(char.isspace() or ord(char) < 32 for char in url):
        raise refusals.webhook_target_refused(url, "a webhook URL has no fragment (#...), space or control character")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    default = 443 if parts.scheme == "https" else 80
    return Target(url, parts.scheme, parts.hostname, port or default, target)


def refusal(address: str) -> str | None:
    """Why ``address`` may not be called when private targets are not allowed; None for a public address."""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if isinstance(ip, ipaddress.IPv6Address) and ip.sixtofour is not None:
        ip = ip.sixtofour
    kinds = (
        ("loopback", ip.is_loopback),
        ("private", ip.is_private),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("reserved", ip.is_reserved),
        ("unspecified", ip.is_unspecified),
        ("not public", not ip.is_global),
    )
    for kind, found in kinds:
        if found:
            return f"it resolves to {address}, a {kind} address (this server allows public addresses only)"
    return None


def checked_addresses(target: Target, *, allow_private: bool, resolve: Resolver = resolve_host) -> list[str]:
    """The addresses to connect to: every one the host resolves to, each allowed; else ``webhook/target_refused``
    (no address, or any one refused: a name that also resolves to a private address is refused whole)."""
    addresses = resolve(target.host, target.port)
    if not addresses:
        raise refusals.webhook_target_refused(target.url, f"its host {errors.quote(target.host)} does not resolve")
    if not allow_private:
        for address in addresses:
            reason = refusal(address)
            if reason is not None:
                raise refusals.webhook_target_refused(target.url, reason)
    return addresses

"""Cross-origin resource sharing for the REST edge: which web origins may call the API from a browser.

``CORS_ORIGINS`` / ``--cors-origins`` is a comma-separated list of origins (``https://table.example``,
``http://localhost:5173``) or ``*`` for any origin; empty (the default) allows none, so only pages of the API's own
origin can call it. An allowed origin gets ``Access-Control-Allow-Origin`` with that origin echoed (and
``Vary: Origin``) on every answer, errors included; a preflight (``OPTIONS`` with ``Access-Control-Request-Method``)
also gets the allowed methods and headers and a max-age. A disallowed origin gets no CORS header at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

ALLOWED_METHODS = ("GET", "POST", "DELETE", "OPTIONS")
ALLOWED_HEADERS = ("Authorization", "Content-Type", "Idempotency-Key", "Last-Event-ID", "X-Api-Key", "X-Min-Version")
EXPOSED_HEADERS = ("Location", "Retry-After", "RateLimit", "RateLimit-Policy")
MAX_AGE_SECONDS = 600
ORIGIN_PATTERN = re.compile(r"^(https?)://([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$")


def normalize(origin: str) -> str:
    return origin.strip().rstrip("/").lower()


@dataclass(frozen=True, slots=True)
class CorsPolicy:
    """The allowed origins (normalized); ``any_origin`` for ``*``."""

    origins: frozenset[str] = frozenset()
    any_origin: bool = False

    @classmethod
    def parse(cls, value: str | Iterable[str]) -> CorsPolicy:
        """From ``a,b,c`` (or a list); ValueError naming the first entry that is no origin."""
        items = value.split(",") if isinstance(value, str) else list(value)
        origins: set[str] = set()
        any_origin = False
        for item in items:
            origin = normalize(item)
            if not origin:
                continue
            if origin == "*":
                any_origin = True
            elif ORIGIN_PATTERN.match(origin):
                origins.add(origin)
            else:
                raise ValueError(
                    f"CORS origin {item.strip()!r} is not an origin: write scheme://host[:port] without a path "
                    "(e.g. https://table.example or http://localhost:5173), or * for any origin."
                )
        return cls(frozenset(origins), any_origin)

    @property
    def enabled(self) -> bool:
        return self.any_origin or bool(self.origins)

    def allows(self, origin: str | None) -> bool:
        if not origin:
            return False
        return self.any_origin or normalize(origin) in self.origins

    def response_headers(self, origin: str) -> dict[str, str]:
        """The headers of an answer to an allowed origin."""
        return {"Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": ", ".join(EXPOSED_HEADERS)}

    @staticmethod
    def preflight_headers() -> dict[str, str]:
        """The extra headers of a preflight's answer to an allowed origin."""
        return {
            "Access-Control-Allow-Methods": ", ".join(ALLOWED_METHODS),
            "Access-Control-Allow-Headers": ", ".join(ALLOWED_HEADERS),
            "Access-Control-Max-Age": str(MAX_AGE_SECONDS),
        }

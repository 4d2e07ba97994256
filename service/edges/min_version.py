"""``min_version``: the highest version of a game a client has seen, sent with a read so that the read never
answers an older one (a failover to a replica that had not received every acknowledged write; docs/api.md).

REST: the header ``X-Min-Version: <version>``; gRPC: the metadata ``x-min-version``. A read that finds an older
version answers ``503 store/behind`` (UNAVAILABLE) with ``currentVersion`` and ``minVersion`` in its details."""

from __future__ import annotations

from collections.abc import Iterable

from service.core import errors

HEADER = "X-Min-Version"
METADATA_KEY = "x-min-version"
MAX_DIGITS = 18


def parse_min_version(value: str | bytes | None) -> int | None:
    """The version of a header or metadata value; None when absent or empty; INVALID_ARGUMENT when not a version."""
    if value is None:
        return None
    text = value.decode("ascii", "replace") if isinstance(value, bytes) else value
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii() or len(text) > MAX_DIGITS:
        raise errors.invalid_argument(
            f"{HEADER} must be a version: a whole number from 0, the highest version of the game this client has "
            f"seen; got {errors.quote(text)}.",
            field="minVersion",
        )
    return int(text)


def min_version_of_metadata(metadata: Iterable[tuple[str, str | bytes]]) -> int | None:
    for key, value in metadata:
        if key == METADATA_KEY:
            return parse_min_version(value)
    return None

"""Compressed JSON answers: a REST answer of JSON from ``GZIP_MIN_BYTES`` on is sent gzip-compressed to a client
that accepts gzip (``Accept-Encoding``), with ``Vary: Accept-Encoding``. Smaller answers (a move's, a game's) are sent
as they are: compressing them costs more CPU than it saves on the wire. The catalog (about 190 KB, 10 times smaller
compressed) is compressed once per process and ETag; its ETag is then weak (``W/"..."``), which ``If-None-Match``
matches either way."""

from __future__ import annotations

import functools
import gzip

from service.edges.http import JSON, Response, request

GZIP_MIN_BYTES = 8192
GZIP_LEVEL = 6


@functools.lru_cache(maxsize=8)
def gzip_of_tagged(etag: str, body: bytes) -> bytes:
    """An answer with an ETag is the same bytes every time (the catalog): compressed once."""
    return gzip.compress(body, GZIP_LEVEL, mtime=0)


def compress_json(response: Response) -> None:
    if (
        len(response.body) < GZIP_MIN_BYTES  # first: most answers are smaller (a stream's body is empty)
        or response.stream is not None
        or response.content_type != JSON
        or "Content-Encoding" in response.headers
        or response.status_code in (204, 304)
    ):
        return
    response.add_vary("Accept-Encoding")
    if not request.accepts_gzip():
        return
    etag = response.etag()
    body = response.body
    response.body = gzip_of_tagged(etag, body) if etag else gzip.compress(body, GZIP_LEVEL, mtime=0)
    response.headers["Content-Encoding"] = "gzip"
    if etag:
        response.set_etag(etag, weak=True)

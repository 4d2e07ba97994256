"""The web table's static files (``clients/web/``), served by ``cardengine serve`` at ``/``.

``/`` is ``index.html``; any other file of the folder is served under its own path, with its content type, an ETag
and Last-Modified (conditional requests answer 304), ``Cache-Control: no-cache`` for HTML (always revalidated, so
a new release shows at once) and a short max-age for the other files. No directory listing, no hidden files
(a path segment starting with '.'), nothing outside the folder (the resolved path must lie inside it). Without the
folder (or without ``index.html``) ``/`` answers a 404 JSON error.
"""

from __future__ import annotations

import mimetypes
import zlib
from pathlib import Path

from service.core import errors
from service.edges.http import Response

DEFAULT_WEB_ROOT = Path(__file__).resolve().parents[2] / "clients" / "web"
ASSET_MAX_AGE_SECONDS = 300
CONTENT_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}
RESERVED_PREFIXES = ("v1",)  # API paths: never files


def not_found(path: str) -> errors.ServiceError:
    return errors.ServiceError(
        errors.Status.NOT_FOUND,
        "http/404",
        f"No file '/{path}' here: the web table is served at '/', the API explorer at '/docs'.",
    )


class WebFiles:
    """The files of one folder, for GET requests."""

    def __init__(self, root: Path | None) -> None:
        self.root = root.resolve() if root is not None else None

    def index(self) -> Response:
        if self.root is None or not (self.root / "index.html").is_file():
            raise errors.ServiceError(
                errors.Status.NOT_FOUND,
                "web/not_installed",
                "The web table is not installed in this server (no clients/web/index.html); the API is under /v1/ "
                "and described at /openapi.json.",
            )
        return self._send(self.root / "index.html")

    def file(self, path: str) -> Response:
        segments = path.split("/")
        if (
            self.root is None
            or segments[0] in RESERVED_PREFIXES
            or any(not segment or segment.startswith(".") or "\\" in segment for segment in segments)
        ):
            raise not_found(path)
        candidate = (self.root / path).resolve()
        if not candidate.is_relative_to(self.root) or not candidate.is_file():
            raise not_found(path)
        return self._send(candidate)

    @staticmethod
    def _send(path: Path) -> Response:
        suffix = path.suffix.lower()
        content_type = CONTENT_TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if content_type.startswith("text/") or content_type.endswith("+xml"):
            content_type += "; charset=utf-8"
        stat = path.stat()
        response = Response(path.read_bytes(), content_type=content_type)
        response.set_etag(f"{stat.st_mtime}-{stat.st_size}-{zlib.adler32(str(path).encode())}")
        if suffix == ".html":
            response.headers["Cache-Control"] = "no-cache"
        else:
            response.headers["Cache-Control"] = f"public, max-age={ASSET_MAX_AGE_SECONDS}"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.make_conditional(last_modified=stat.st_mtime)
        return response

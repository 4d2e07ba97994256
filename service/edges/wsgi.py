"""The REST app as a WSGI callable, for serving it from another HTTP server (``loadtests/rest_servers.py`` measures
candidates with it). ``cardengine serve`` does not use it: its server (``service.edges.http_server``) calls the app
directly."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

from service.edges.http import REASONS, Headers
from service.edges.http_server import App, Incoming

StartResponse = Callable[..., Any]


def wsgi_app(app: App) -> Callable[[dict[str, Any], StartResponse], Iterable[bytes]]:
    def serve(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        headers = Headers(
            (key[5:].replace("_", "-").title(), value) for key, value in environ.items() if key.startswith("HTTP_")
        )
        for key, name in (("CONTENT_TYPE", "Content-Type"), ("CONTENT_LENGTH", "Content-Length")):
            if environ.get(key):
                headers[name] = environ[key]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        target = quote(environ.get("PATH_INFO", "/"), safe="/:@!$&'()*+,;=-._~")
        if environ.get("QUERY_STRING"):
            target += "?" + environ["QUERY_STRING"]
        incoming = Incoming(environ["REQUEST_METHOD"], target, headers, body, environ.get("REMOTE_ADDR", ""), _here)
        response = app(incoming)
        fields = list(response.headers.items())
        if response.stream is None:
            fields.append(("Content-Length", str(len(response.body))))
        start_response(f"{response.status_code} {REASONS.get(response.status_code, '')}", fields)
        if response.stream is not None:
            return _Closing(response.stream, response.close)
        response.close()
        return [response.body]

    return serve


def _here() -> bool:
    return True


class _Closing:
    """A streamed body whose ``close`` (called by the WSGI server) runs the answer's close callbacks."""

    def __init__(self, chunks: Iterable[bytes], close: Callable[[], None]) -> None:
        self.chunks, self.close = chunks, close

    def __iter__(self) -> Any:
        return iter(self.chunks)

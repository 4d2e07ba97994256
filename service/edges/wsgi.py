"""WSGI both ways. ``wsgi_app``: the REST app as a WSGI callable, for serving it from another HTTP server
(``loadtests/rest_servers.py`` measures candidates with it). ``served_wsgi``: a WSGI callable as an app of our
server, for serving another framework's app with it (``loadtests/rest_flask.py``). ``cardengine serve`` uses
neither: its server (``service.edges.http_server``) calls the REST app directly."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote, unquote

from service.edges.http import REASONS, Headers, Response
from service.edges.http_server import App, Incoming

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


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


def served_wsgi(wsgi: WsgiApp) -> App:
    """``wsgi`` as an app of ``service.edges.http_server`` (PEP 3333's environ from the parsed request), for apps
    that call ``start_response`` before they return (Flask does); an answer without Content-Length is streamed, as
    the server streams any answer whose length it does not know."""

    def serve(incoming: Incoming) -> Response:
        path, _, query = incoming.target.partition("?")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": incoming.method,
            "SCRIPT_NAME": "",
            "PATH_INFO": unquote(path, "latin-1"),  # PEP 3333: the path's bytes, decoded as latin-1
            "QUERY_STRING": query,
            "SERVER_NAME": "localhost",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": incoming.remote_addr,
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(incoming.body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
        }
        for name, value in incoming.headers.items():
            key = name.upper().replace("-", "_")
            environ[key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else "HTTP_" + key] = value
        if incoming.body:  # the body is whole, chunked or not: its length is known
            environ["CONTENT_LENGTH"] = str(len(incoming.body))
        started: list[Any] = []
        chunks = wsgi(environ, lambda status, headers, exc_info=None: started.extend((status, headers)))
        status, fields = started[0], started[1]
        if any(name.lower() == "content-length" for name, _ in fields):
            try:
                response = Response(b"".join(chunks), status=int(status[:3]))
            finally:
                _close(chunks)
        else:
            response = Response(iter(chunks), status=int(status[:3]))
            response.call_on_close(lambda: _close(chunks))
        for name, value in fields:
            if name.lower() != "content-length":  # the server writes its own
                response.headers.add(name, value)
        return response

    return serve


def _close(chunks: Iterable[bytes]) -> None:
    close = getattr(chunks, "close", None)
    if close is not None:
        close()


def _here() -> bool:
    return True


class _Closing:
    """A streamed body whose ``close`` (called by the WSGI server) runs the answer's close callbacks."""

    def __init__(self, chunks: Iterable[bytes], close: Callable[[], None]) -> None:
        self.chunks, self.close = chunks, close

    def __iter__(self) -> Any:
        return iter(self.chunks)

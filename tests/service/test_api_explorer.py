"""The API explorer at ``/docs`` of a real server: its page, and every file the page loads, come from this server
(Swagger UI's files as the installed package ships them), under a Content-Security-Policy that allows only this
origin; the page reads the server's own ``/openapi.json``. (tests/web/test_api_explorer.py runs it in Chromium.)"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

import pytest

from service.edges.explorer import CONTENT_SECURITY_POLICY, swagger_ui_folder, swagger_ui_version
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server, raw_request

REFERENCE = re.compile(rb'(?:src|href)="([^"]*)"')
CSS_URL = re.compile(rb"url\(\s*['\"]?([^'\")]*)")


@pytest.fixture(scope="module")
def explorer() -> Iterator[LiveServer]:
    with live_server(MemoryStore(), "memory") as running:
        yield running


def test_docs_is_a_page_whose_every_file_comes_from_this_server(explorer: LiveServer) -> None:
    port = explorer.rest.port
    page = raw_request(port, "GET", "/docs")
    assert page.status == 200
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
    assert page.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert b"://" not in page.body  # no absolute URL: nothing from elsewhere
    base = f"http://127.0.0.1:{port}/docs"
    loaded = {urljoin(base, reference.decode()) for reference in REFERENCE.findall(page.body)}
    origin = f"http://127.0.0.1:{port}"
    assert loaded == {
        f"{origin}/docs/swagger-ui.css",
        f"{origin}/docs/favicon-32x32.png",
        f"{origin}/docs/favicon-16x16.png",
        f"{origin}/docs/swagger-ui-bundle.js",
        f"{origin}/docs/explorer.js",
        f"{origin}/openapi.json",  # the <noscript> link
    }
    types = {".css": "text/css; charset=utf-8", ".png": "image/png", ".js": "text/javascript; charset=utf-8"}
    for url in loaded - {f"{origin}/openapi.json"}:
        path = urlsplit(url).path
        answer = raw_request(port, "GET", path)
        assert answer.status == 200, path
        assert answer.headers["Content-Type"] == types[path[path.rindex(".") :]], path
        assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert answer.headers["X-Content-Type-Options"] == "nosniff", path


def test_swagger_ui_files_are_the_installed_package_s(explorer: LiveServer) -> None:
    folder = swagger_ui_folder()
    assert folder is not None and int(swagger_ui_version().split(".")[0]) >= 5
    for name in ("swagger-ui-bundle.js", "swagger-ui.css", "LICENSE"):
        answer = raw_request(explorer.rest.port, "GET", f"/docs/{name}")
        assert answer.status == 200 and answer.body == (folder / name).read_bytes(), name
    css = raw_request(explorer.rest.port, "GET", "/docs/swagger-ui.css").body
    urls = CSS_URL.findall(css)
    assert urls and all(url.startswith(b"data:") for url in urls)  # the stylesheet's icons are inline


def test_the_page_s_script_points_swagger_ui_at_this_server_s_document(explorer: LiveServer) -> None:
    script = raw_request(explorer.rest.port, "GET", "/docs/explorer.js")
    assert script.status == 200
    assert b"://" not in script.body
    assert b'url: new URL("openapi.json", document.baseURI).href' in script.body
    assert b"validatorUrl: null" in script.body and b"queryConfigEnabled: false" in script.body
    status, document = explorer.rest.get("/openapi.json")
    assert status == 200 and document["servers"] == [
        {"url": "/", "description": "The server that serves this document (REST on its --http-port)."}
    ]
    assert set(document["components"]["securitySchemes"]) >= {"seatToken", "apiKey"}
    assert {"/docs", "/docs/{path}"} <= set(document["paths"])


def test_the_bundle_is_compressed_and_revalidated(explorer: LiveServer) -> None:
    port = explorer.rest.port
    plain = raw_request(port, "GET", "/docs/swagger-ui-bundle.js")
    packed = raw_request(port, "GET", "/docs/swagger-ui-bundle.js", {"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert gzip.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body) // 2
    assert packed.headers["Vary"] == plain.headers["Vary"] == "Accept-Encoding"
    assert plain.headers["Cache-Control"] == "public, max-age=300"
    again = raw_request(port, "GET", "/docs/swagger-ui-bundle.js", {"If-None-Match": plain.headers["ETag"]})
    assert again.status == 304 and again.body == b""
    page = raw_request(port, "GET", "/docs")
    assert page.headers["Cache-Control"] == "no-cache"
    assert raw_request(port, "GET", "/docs", {"If-None-Match": page.headers["ETag"]}).status == 304


def test_unknown_files_are_404_and_name_the_explorer(explorer: LiveServer) -> None:
    port = explorer.rest.port
    for name in ("index.html", "swagger-initializer.js", ".hidden", "a/LICENSE"):
        missing = raw_request(port, "GET", f"/docs/{name}")
        assert missing.status == 404 and missing.json()["error"] == {
            "code": "http/404",
            "message": f"No file '/docs/{name}' here: the API explorer is at '/docs'.",
            "status": "NOT_FOUND",
            "details": {},
        }, name
    slash = raw_request(port, "GET", "/docs/")  # a path of the web table's, which names the explorer too
    assert slash.status == 404 and slash.json()["error"]["message"] == (
        "No file '/docs/' here: the web table is served at '/', the API explorer at '/docs'."
    )

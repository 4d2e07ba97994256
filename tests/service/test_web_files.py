"""``cardengine serve`` serves the web table (clients/web/) at ``/``: index.html at ``/``, files under their paths
with their content types and cache headers, no listing, no hidden files, nothing outside the folder; without the
folder, ``/`` is a small 404 JSON."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server, raw_request

INDEX = b"<!doctype html><title>cardengine</title><script src=app.js></script>"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LiveServer]:
    root = tmp_path / "web"
    (root / "cards").mkdir(parents=True)
    (root / "index.html").write_bytes(INDEX)
    (root / "app.js").write_text("console.log('table');")
    (root / "style.css").write_text("body { margin: 0 }")
    (root / "cards" / "QH.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (root / ".env").write_text("SECRET=1")
    (tmp_path / "outside.txt").write_text("OUTSIDE SECRET")
    (root / "link.txt").symlink_to(tmp_path / "outside.txt")
    with live_server(MemoryStore(), "memory", web_root=root) as running:
        yield running


def test_the_index_and_files_with_their_types_and_cache_headers(site: LiveServer) -> None:
    port = site.rest.port
    index = raw_request(port, "GET", "/")
    assert index.status == 200 and index.body == INDEX
    assert index.headers["Content-Type"] == "text/html; charset=utf-8"
    assert index.headers["Cache-Control"] == "no-cache" and index.headers["ETag"]
    assert index.headers["X-Content-Type-Options"] == "nosniff"
    again = raw_request(port, "GET", "/", {"If-None-Match": index.headers["ETag"]})
    assert again.status == 304 and again.body == b""
    for path, content_type in (
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/cards/QH.svg", "image/svg+xml; charset=utf-8"),
        ("/index.html", "text/html; charset=utf-8"),
    ):
        answer = raw_request(port, "GET", path)
        assert answer.status == 200 and answer.headers["Content-Type"] == content_type, path
        cache = "no-cache" if path.endswith(".html") else "public, max-age=300"
        assert answer.headers["Cache-Control"] == cache and answer.headers["Last-Modified"]


def test_no_listing_no_hidden_files_nothing_outside(site: LiveServer) -> None:
    port = site.rest.port
    for path in (
        "/cards",
        "/cards/",
        "/.env",
        "/cards/../.env",
        "/../outside.txt",
        "/%2e%2e/outside.txt",
        "/cards/%2e%2e/%2e%2e/outside.txt",
        "/cards/..%2f..%2foutside.txt",
        "/link.txt",
        "/nothing.js",
        "/v1/app.js",
    ):
        answer = raw_request(port, "GET", path)
        assert answer.status == 404, path
        assert answer.headers["Content-Type"] == "application/json" and b"SECRET" not in answer.body
        assert answer.json()["error"]["status"] == "NOT_FOUND"


def test_the_api_is_unchanged_beside_the_files(site: LiveServer) -> None:
    assert site.rest.get("/v1/game-types")[0] == 200 and site.rest.get("/healthz")[0] == 200
    status, body = site.rest.get("/v1/no-such-route")
    assert status == 404 and body["error"]["code"] == "http/404"


def test_without_a_web_table_the_root_is_a_404_json(tmp_path: Path) -> None:
    for root in (tmp_path / "missing", None):
        with live_server(MemoryStore(), "memory", web_root=root) as running:
            status, body = running.rest.get("/")
            assert status == 404 and body["error"]["code"] == "web/not_installed"
            assert "/openapi.json" in body["error"]["message"]
            assert running.rest.get("/app.js")[0] == 404

"""The web table served from another origin (its own small static server on another port, as `localhost`) plays a
whole match against `cardengine serve --cors-origins <that origin>` through CORS, and follows its seat's events
over SSE with a stream ticket: no seat token ever travels in a URL. The other seat is played by the test through
REST with the token the page shows for it."""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.sync_api import Browser, Request

from loadtests.server_process import ServerProcess
from tests.web.table import (
    WEB_ROOT,
    Rest,
    assert_score_sheet_matches,
    create_in_lobby,
    play_until_finished,
    screenshot,
    seat_names,
)


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def page_origin() -> Iterator[str]:
    """clients/web/ served by a static server of its own: the page's origin is http://localhost:PORT."""
    handler = functools.partial(QuietHandler, directory=str(WEB_ROOT))
    static = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=static.serve_forever, name="static-web", daemon=True)
    thread.start()
    yield f"http://localhost:{static.server_address[1]}"
    static.shutdown()
    static.server_close()


@pytest.fixture(scope="module")
def cors_server(page_origin: str) -> Iterator[ServerProcess]:
    with ServerProcess(extra_args=["--cors-origins", page_origin]) as running:
        yield running


def test_a_page_on_another_origin_plays_a_match_through_cors_and_a_stream_ticket(
    cors_server: ServerProcess, page_origin: str, browser: Browser
) -> None:
    rest = Rest(cors_server.http_url)
    api = cors_server.http_url
    assert page_origin.split(":")[1] != api.split(":")[1], "two origins: localhost and 127.0.0.1"
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.add_init_script(
        "window.__streamUrls = []; const Original = window.EventSource; window.EventSource = class extends Original"
        " { constructor(url, init) { super(url, init); window.__streamUrls.push(String(url)); } };"
    )
    page.set_default_timeout(20_000)
    api_requests: list[Request] = []
    page.on("requestfinished", lambda request: api_requests.append(request) if request.url.startswith(api) else None)

    page.goto(f"{page_origin}/?api={api}#/")
    game_id, others = create_in_lobby(page, rest, "dracula", {"deals": "1"}, seed=17, bot_opponents=False)
    page.wait_for_function("() => (document.getElementById('following')?.dataset.following || '').includes('ticket')")
    token_of_page = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{game_id}')).token")

    play_until_finished(page, others, random.Random(17))

    assert_score_sheet_matches(page, rest, game_id, seat_names(page))
    stream_urls: list[str] = page.evaluate("() => window.__streamUrls")
    assert stream_urls and all("ticket=" in url for url in stream_urls)
    assert all(token_of_page not in url for url in stream_urls)
    assert all(token_of_page not in request.url for request in api_requests)
    moves = [request for request in api_requests if request.method == "POST" and request.url.endswith("/moves")]
    assert moves, "the page sent its moves to the API on the other origin"
    for request in moves:
        response = request.response()
        assert response is not None and response.status == 200
        assert response.headers.get("access-control-allow-origin") == page_origin
    screenshot(page, "cross-origin-finished")
    context.close()

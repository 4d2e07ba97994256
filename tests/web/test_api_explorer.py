"""The API explorer at ``/docs`` in Chromium, against a real `cardengine serve` with API keys on: it shows every
operation of the server's document, and "Try it out" works from the page with the document's security schemes
(Authorize with an API key, then with a seat token): list the game types, create a game, list the legal moves of
the seat to act. Every request the page makes goes to the server that served it; no console error but the refusal
of the call made without a key."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

from loadtests.server_process import ServerProcess
from tests.web.table import ARTIFACTS, Rest

API_KEY = "explorer-key-0123456789"


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    keys = Path(tmp_path_factory.mktemp("keys")) / "keys.txt"
    keys.write_text(f"{API_KEY} explorer\n")
    with ServerProcess(extra_args=["--api-keys-file", str(keys)]) as running:
        yield running


def operation(page: Page, operation_id: str) -> Locator:
    return page.locator(f"#operations-default-{operation_id}")


def try_it(page: Page, operation_id: str, fill: dict[str, str] | None = None, body: Any = None) -> tuple[int, Any]:
    """Opens an operation, presses "Try it out", fills its parameters (by name) and body, presses "Execute"; the
    status the page shows and the answer the page received."""
    block = operation(page, operation_id)
    block.locator(".opblock-summary").click()
    block.locator(".try-out").wait_for()
    if block.get_by_role("button", name="Try it out").count():  # not yet in "try it out" mode
        block.get_by_role("button", name="Try it out").click()
    for name, value in (fill or {}).items():
        block.locator(f"input[placeholder={name}]").fill(value)
    if body is not None:
        block.locator("textarea.body-param__text").fill(json.dumps(body))
    with page.expect_response(lambda response: "/v1/" in response.url) as answer:
        block.get_by_role("button", name="Execute").click()
    shown = block.locator(".live-responses-table tbody .response-col_status")
    shown.wait_for(timeout=60_000)
    status = int(shown.inner_text().strip())
    assert status == answer.value.status
    result = answer.value.json()
    block.locator(".opblock-summary").click()  # closed again
    return status, result


def authorize(page: Page, scheme: str, value: str) -> None:
    page.locator(".auth-wrapper").get_by_role("button", name="Authorize").click()
    name = page.locator("h4 code").get_by_text(scheme, exact=True)
    form = page.locator(".dialog-ux .auth-container").filter(has=name)
    form.locator("input").fill(value)
    form.locator("button.authorize").click()
    page.locator(".dialog-ux").get_by_role("button", name="Close").first.click()


def test_the_explorer_shows_the_operations_and_tries_them_on_this_server(
    browser: Browser, keyed_server: ServerProcess
) -> None:
    origin = keyed_server.http_url
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    problems: list[str] = []
    requested: list[str] = []
    sent_headers: list[dict[str, str]] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: requested.append(request.url))
    page.on("request", lambda request: sent_headers.append(request.headers) if "/v1/" in request.url else None)
    try:
        page.goto(f"{origin}/docs")
        page.locator(".opblock").first.wait_for()
        document = Rest(origin).openapi()
        operation_ids = [item["operationId"] for path in document["paths"].values() for item in path.values()]
        assert page.locator(".opblock").count() == len(operation_ids)
        for operation_id in operation_ids:
            assert operation(page, operation_id).count() == 1, operation_id
        assert page.locator(".info .title").inner_text().startswith(document["info"]["title"])

        status, refused = try_it(page, "ListGameTypes")
        assert status == 401 and refused["error"]["code"] == "auth/missing_api_key"
        authorize(page, "apiKey", API_KEY)
        status, catalog = try_it(page, "ListGameTypes")
        assert status == 200 and "dracula" in [entry["id"] for entry in catalog["gameTypes"]]
        assert sent_headers[-1]["x-api-key"] == API_KEY

        seats = [{"name": "Mina"}, {"name": "Jonathan"}]
        status, created = try_it(page, "CreateGame", body={"gameType": "dracula", "seats": seats})
        assert status == 201 and created["game"]["seatNames"] == ["Mina", "Jonathan"]
        to_act = created["game"]["toAct"][0]
        token = next(seat["token"] for seat in created["seats"] if seat["seat"] == to_act)
        authorize(page, "seatToken", token)
        status, legal = try_it(page, "ListLegalMoves", fill={"gameId": created["gameId"]})
        assert status == 200 and legal["seat"] == to_act and legal["moves"]
        assert sent_headers[-1]["authorization"] == f"Bearer {token}"
        at_server = Rest(origin).ok("GET", f"/v1/games/{created['gameId']}/moves", token=token)
        assert legal == at_server
    finally:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "api_explorer.png"))  # the viewport: the whole page is very long
        context.close()
    assert requested and all(url.startswith(f"{origin}/") for url in requested), requested
    assert f"{origin}/openapi.json" in requested and f"{origin}/docs/swagger-ui-bundle.js" in requested
    # Chromium logs the one refused call (without a key) as a failed load; nothing else went wrong.
    assert problems == ["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]

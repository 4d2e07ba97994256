"""Helpers of the browser tests: the REST API as a test client sees it, seats played from the test, the page.

The page under test is clients/web/ as `cardengine serve` serves it at `/` (or, for the cross-origin test, as
another server serves the same files).
"""

from __future__ import annotations

import http.client
import json
import random
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request

WEB_ROOT = Path(__file__).resolve().parents[2] / "clients" / "web"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MAX_STEPS = 600
MATCH_SECONDS = 240.0


class Rest:
    """A plain REST client of one server (the test's own calls, never the page's)."""

    def __init__(self, base_url: str) -> None:
        parsed = urllib.parse.urlsplit(base_url)
        self.host = parsed.hostname or "127.0.0.1"
        self.port = parsed.port or 80

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            sent = {"Accept": "application/json", **(headers or {})}
            payload = None
            if body is not None:
                payload = json.dumps(body).encode()
                sent["Content-Type"] = "application/json"
            if token:
                sent["Authorization"] = f"Bearer {token}"
            connection.request(method, path, body=payload, headers=sent)
            response = connection.getresponse()
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
        finally:
            connection.close()

    def ok(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, answer = self.call(method, path, body, token)
        assert 200 <= status < 300, f"{method} {path}: {status} {answer}"
        return answer

    def openapi(self) -> dict[str, Any]:
        document: dict[str, Any] = self.ok("GET", "/openapi.json")
        return document

    def game_types(self) -> dict[str, dict[str, Any]]:
        return {entry["id"]: entry for entry in self.ok("GET", "/v1/game-types")["gameTypes"]}


def supports_bot_seats(rest: Rest) -> bool:
    """Whether CreateGame takes `seats: [{name, bot}]` (the server's OpenAPI document says so)."""
    schemas = rest.openapi().get("components", {}).get("schemas", {})
    properties = schemas.get("CreateGameRequest", {}).get("properties", {})
    return "seats" in properties and '"bot"' in json.dumps(schemas)


def bot_kinds(rest: Rest) -> list[str]:
    """The kinds of bot the catalog offers for a seat (`botKinds`), in the server's order; a server that does not
    list them has the random bot only (as the page reads it)."""
    kinds: list[str] = rest.ok("GET", "/v1/game-types").get("botKinds") or ["random"]
    return kinds


def lobby_bot_choices(page: Page) -> list[list[tuple[str, str]]]:
    """Per seat of the lobby's seat list, its bot choices as (value, label)."""
    page.wait_for_selector("#create-form .seat-role")
    choices: list[list[tuple[str, str]]] = page.evaluate(
        """() => [...document.querySelectorAll('#seat-list .seat-role')].map((select) =>
             [...select.querySelectorAll('option[data-bot]')].map((option) => [option.value, option.textContent]))"""
    )
    return [[(value, label) for value, label in seat] for seat in choices]


def supports_stream_tickets(rest: Rest) -> bool:
    return any(path.endswith("/stream-tickets") for path in rest.openapi().get("paths", {}))


def serves_the_table(rest: Rest) -> bool:
    """Whether the server itself answers `/` with clients/web/index.html."""
    connection = http.client.HTTPConnection(rest.host, rest.port, timeout=10)
    try:
        connection.request("GET", "/")
        response = connection.getresponse()
        body = response.read().decode(errors="replace")
        return response.status == 200 and 'src="app.js"' in body
    finally:
        connection.close()


@dataclass
class RestSeat:
    """One seat played from the test through REST: random legal moves from a seeded generator."""

    rest: Rest
    game_id: str
    seat: int
    token: str
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    def game(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.rest.ok("GET", f"/v1/games/{self.game_id}", token=self.token)
        return answer

    def hand(self) -> list[str]:
        return list(self.game()["view"].get("hand") or [])

    def play_if_to_act(self) -> bool:
        """Plays one random legal move if this seat is to act; whether it did."""
        game = self.game()
        if game["finished"] or self.seat not in game.get("toAct", []):
            return False
        moves = self.rest.ok("GET", f"/v1/games/{self.game_id}/moves", token=self.token)
        if moves["version"] != game["version"] or not moves["moves"]:
            return False
        move = self.rng.choice(moves["moves"])["notation"]
        status, answer = self.rest.call(
            "POST",
            f"/v1/games/{self.game_id}/moves",
            {"move": move, "expectedVersion": game["version"]},
            self.token,
        )
        assert status in (200, 409), f"seat {self.seat} {move}: {status} {answer}"
        return status == 200


def launch(playwright_chromium: Any) -> Browser:
    browser: Browser = playwright_chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return browser


@dataclass
class Recorder:
    """Every response body the page received (fetch answers, documents) and every SSE message it was sent."""

    page: Page
    bodies: list[tuple[str, str]] = field(default_factory=list)

    def on_finished(self, request: Request) -> None:
        response = request.response()
        if response is None or request.url.endswith((".js", ".css")):
            return
        try:
            self.bodies.append((request.url, response.text()))
        except Exception as error:  # a stream cut off when the page closed has no body to read
            self.bodies.append((request.url, f"<unreadable: {error}>"))

    def stream_messages(self) -> list[str]:
        messages: list[str] = self.page.evaluate("() => window.__streamMessages || []")
        return messages

    def game_data(self) -> str:
        """Everything the page was sent about games (answers under /v1/games/ and stream messages); the catalog
        and the OpenAPI document are the same for everyone and list every card, so they are left out."""
        answers = [body for url, body in self.bodies if "/v1/games/" in url]
        return "\n".join(answers) + "\n" + "\n".join(self.stream_messages())


# Records what every EventSource of the page is sent, so the tests can check the stream too.
RECORD_STREAMS = """
(() => {
  window.__streamMessages = [];
  const Original = window.EventSource;
  if (!Original) return;
  window.EventSource = class extends Original {
    constructor(url, init) {
      super(url, init);
      window.__streamUrls = (window.__streamUrls || []).concat([String(url)]);
      for (const name of ["message", "version", "end"]) {
        this.addEventListener(name, (event) => window.__streamMessages.push(name + " " + event.data));
      }
    }
  };
})();
"""


def open_page(
    browser: Browser, base_url: str, *, width: int = 1200, height: int = 900, pace: str = "instant"
) -> tuple[Page, Recorder]:
    """A page in a fresh context. The other seats' moves are shown at `pace` (the player's setting; "instant" by
    default here, so that whole matches stay quick: the moment each new table's moves wait is kept)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('cardengine.settings', JSON.stringify({{pace: {json.dumps(pace)}}}))")
    page.add_init_script(RECORD_STREAMS)
    recorder = Recorder(page)
    page.on("requestfinished", recorder.on_finished)
    page.set_default_timeout(20_000)
    return page, recorder


def screenshot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_until(condition: Callable[[], bool], timeout: float = 30.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def catalog_name(code: str, catalog_cards: dict[str, dict[str, Any]]) -> str | None:
    """The card's full name in the server's catalog (`cards` of the game type), if it names the card."""
    entry = catalog_cards.get(code)
    return str(entry["name"]) if entry and entry.get("name") else None


# ----- the page, driven as a player would ---------------------------------------------------------------------
def create_in_lobby(
    page: Page,
    rest: Rest,
    game_type: str,
    options: dict[str, str],
    *,
    seed: int,
    bot_opponents: bool,
    name: str = "Mina",
    bot_kind: str = "random",
) -> tuple[str, list[RestSeat]]:
    """Fills the lobby form and creates the game; the seats the test must play itself (none with bots, which are of
    the kind ``bot_kind``)."""
    page.wait_for_selector("#create-form")
    page.select_option("#game-type", game_type)
    page.select_option("#players", "2")
    page.select_option("#seat-role-1", f"bot:{bot_kind}" if bot_opponents else "human")
    page.fill("#your-name", name)
    for option, value in options.items():
        page.fill(f"#option-{option}", value)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#game-id")
    game_id = page.inner_text("#game-id")
    assert page.url.endswith(f"#/play/{game_id}"), page.url  # the seat token stays out of the URL
    others: list[RestSeat] = []
    if not bot_opponents:
        token = seat_link_token(page.get_attribute('a.seat-link[data-seat="1"]', "href") or "")
        others.append(RestSeat(rest, game_id, 1, token, random.Random(seed)))
    return game_id, others


def seat_link_token(link: str) -> str:
    """The seat token of a seat link: it rides in the URL's fragment (`#/play/ID?seat=TOKEN`), never in its path or
    query, so no request line carries it."""
    parsed = urllib.parse.urlsplit(link)
    assert "seat=" not in parsed.path + parsed.query, link
    fragment_query = parsed.fragment.partition("?")[2]
    return urllib.parse.parse_qs(fragment_query)["seat"][0]


def version_of(page: Page) -> int:
    return int(page.inner_text("#version"))


def click_one_move(page: Page, rng: random.Random) -> str:
    """Selects a playable hand card (when there is one) and clicks one of the moves shown for it; the move."""
    before = version_of(page)
    playable = page.locator("#hand button.card.playable")
    if playable.count():
        card = playable.nth(rng.randrange(playable.count()))
        code = card.get_attribute("data-card")
        card.click()
        assert code is not None
        page.wait_for_selector("#move-filter")
        shown = [button.get_attribute("data-notation") or "" for button in page.locator("button.move").all()]
        assert shown and all(code in re.split(r"[ ,]", notation) for notation in shown), (code, shown)
    moves = page.locator("button.move:not([disabled])")
    move = moves.nth(rng.randrange(moves.count()))
    notation = move.get_attribute("data-notation") or ""
    move.click()
    page.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) > v", arg=before)
    return notation


def play_until_finished(page: Page, others: list[RestSeat], rng: random.Random) -> int:
    """Clicks moves whenever it is the page's turn (the other seats play by REST or as bots); clicks made."""
    clicks = 0
    deadline = time.monotonic() + MATCH_SECONDS
    while time.monotonic() < deadline:
        if page.locator("#winner").count():
            return clicks
        if any(seat.play_if_to_act() for seat in others):
            continue
        if page.locator("button.move:not([disabled])").count():
            click_one_move(page, rng)
            clicks += 1
            continue
        page.wait_for_timeout(100)
    raise AssertionError(f"the match did not finish in {MATCH_SECONDS} s ({clicks} clicks): {page.inner_text('#turn')}")


def assert_score_sheet_matches(page: Page, rest: Rest, game_id: str, names: list[str]) -> dict[str, Any]:
    score: dict[str, Any] = rest.ok("GET", f"/v1/games/{game_id}/score")
    assert score["finished"]
    totals = [int(cell) for cell in page.locator("#score-totals td").all_inner_texts()]
    assert totals == score["totals"]
    rows = page.locator("#score-sheet tbody tr")
    assert rows.count() == len(score["rounds"])
    for index, round_score in enumerate(score["rounds"]):
        cells = rows.nth(index).locator("td").all_inner_texts()
        assert [int(cell) for cell in cells] == round_score["points"]
    winners = [names[seat] for seat in score["winners"]]
    expected = f"Winner: {winners[0]}" if len(winners) == 1 else f"Winners: {' and '.join(winners)}"
    assert page.inner_text("#winner") == expected
    assert page.locator("#score-chart polyline.series").count() == 2
    return score


def seat_names(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#players li strong").all_inner_texts()]

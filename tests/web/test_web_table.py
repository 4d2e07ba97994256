"""The web table (clients/web/) in headless Chromium against a real `cardengine serve`: a spectator following a
game by its id, another seat's hidden cards that never reach the page (its DOM, its answers, its streams), one move
made with the keyboard alone at a phone's width, every registered game (the engine's registry: the plugins' too, on
the generic layout) laid out and played 8 moves by clicking. The other seat is played by the test through REST with
the token the page shows for the other players.
"""

from __future__ import annotations

import http.client
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from engine import all_games
from loadtests.server_process import ServerProcess
from tests.web.experience import assert_no_internal_words
from tests.web.table import (
    MAX_STEPS,
    WEB_ROOT,
    Rest,
    RestSeat,
    assert_score_sheet_matches,
    catalog_name,
    click_one_move,
    create_in_lobby,
    open_page,
    screenshot,
    seat_names,
    serves_the_table,
    version_of,
)


def test_a_spectator_follows_a_game_by_its_id(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    created = rest.ok("POST", "/v1/games", {"gameType": "dracula", "players": 2, "seed": 9, "options": {"deals": 1}})
    game_id = created["gameId"]
    players = [RestSeat(rest, game_id, entry["seat"], entry["token"], random.Random(entry["seat"])) for entry in
               sorted(created["seats"], key=lambda entry: entry.get("seat", 0))]  # fmt: skip
    page, recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    page.fill("#watch-id", game_id)
    page.click("#watch")
    page.wait_for_selector("#game-id")
    assert page.inner_text("#my-seat") == "Watching as a spectator"
    assert page.locator("#hand").count() == 0 and page.locator("button.move").count() == 0
    assert version_of(page) == 0
    assert page.get_attribute("#following", "data-following") == "spectator stream"

    for expected_version in range(1, 6):
        assert any(seat.play_if_to_act() for seat in players)
        page.wait_for_function(
            "(v) => Number(document.getElementById('version')?.textContent) === v", arg=expected_version
        )
        assert page.locator("#event-log li[data-version]").count() >= expected_version - 1
    screenshot(page, "spectator-following")
    assert_no_internal_words(page, game_id, "a spectator's table")

    while not players[0].game()["finished"]:
        for seat in players:
            seat.play_if_to_act()
    page.wait_for_selector("#winner")
    final = rest.ok("GET", f"/v1/games/{game_id}")
    assert version_of(page) == final["version"]
    assert_score_sheet_matches(page, rest, game_id, seat_names(page))
    stream_urls: list[str] = page.evaluate("() => window.__streamUrls")
    assert stream_urls and all("follow=true" in url and "ticket" not in url for url in stream_urls)
    assert any(message.startswith("version ") for message in recorder.stream_messages())
    page.context.close()


def public_strings(rest: Rest, game_id: str) -> set[str]:
    """Every string a spectator has been shown of the game: its public view and all its public events."""
    found: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, list):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    collect(rest.ok("GET", f"/v1/games/{game_id}")["view"])
    collect(all_events(rest, game_id))
    return found


def all_events(rest: Rest, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    """The caller's whole event log, every page of it."""
    answer = rest.ok("GET", f"/v1/games/{game_id}/events", token=token)
    events: list[dict[str, Any]] = list(answer.get("events", []))
    while answer.get("nextPageToken"):
        answer = rest.ok("GET", f"/v1/games/{game_id}/events?pageToken={answer['nextPageToken']}", token=token)
        events += answer.get("events", [])
    return events


def test_another_seats_hidden_cards_never_reach_the_page(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    page, recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    game_id, others = create_in_lobby(page, rest, "dracula", {"deals": "2"}, seed=21, bot_opponents=False)
    (opponent,) = others
    catalog_cards = {card["code"]: card for card in rest.game_types()["dracula"].get("cards", [])}
    rng = random.Random(21)
    checked = 0
    for _step in range(MAX_STEPS):
        if page.locator("#winner").count():
            break
        if opponent.play_if_to_act():
            continue
        if not page.locator("button.move:not([disabled])").count():
            page.wait_for_timeout(100)
            continue
        # The opponent's hand now, less every card anyone could have seen (the cut for the first dealer shows
        # cards that go back into the pack; Dracula's two Vampires share one code): neither the page's DOM nor
        # anything it was sent may name these cards.
        public = public_strings(rest, game_id)
        hidden = [code for code in opponent.hand() if code != "VP" and code not in public]
        checked += 1 if hidden else 0
        dom = page.content()
        received = recorder.game_data()
        for code in hidden:
            assert f'data-card="{code}"' not in dom, code
            name = catalog_name(code, catalog_cards)
            if name is not None:
                assert name not in page.inner_text("body"), f"{name} is on the page"
                assert f'aria-label="{name}"' not in dom, name
            at = received.find(f'"{code}"')
            assert at < 0, f"{code} reached the page: ...{received[max(0, at - 300) : at + 100]}..."
        # The page's own hand is named in full: every card's accessible name is the catalog's name of its code.
        for card in page.locator("#hand .card").all():
            code = card.get_attribute("data-card") or ""
            expect(card).to_have_accessible_name(catalog_name(code, catalog_cards) or code)
        click_one_move(page, rng)
    assert page.locator("#winner").count() == 1
    assert checked >= 5, "the check ran on at least five turns with hidden cards"
    assert sum("/v1/games/" in url for url, _body in recorder.bodies) > 20
    page.context.close()


def test_one_move_with_the_keyboard_alone(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    page, _recorder = open_page(browser, server.http_url, width=390, height=844)
    page.goto(server.http_url + "/")
    game_id, (opponent,) = create_in_lobby(page, rest, "dracula", {"deals": "1"}, seed=2, bot_opponents=False)
    opponent.play_if_to_act()
    first_version = opponent.game()["version"]
    page.wait_for_selector("button.move:not([disabled])")  # after the moment a new table's moves wait (guard.js)
    assert page.locator("#turn").inner_text() == "Your turn."

    def tab_to(selector: str) -> None:
        for _press in range(200):
            page.keyboard.press("Tab")
            if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    moves_before = page.locator("button.move").count()
    if page.locator("#hand button.card.playable").count():
        tab_to("#hand button.card.playable")
        code = page.evaluate("() => document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        page.wait_for_selector("#move-filter")
        assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
        shown = page.locator("button.move").count()
        assert 0 < shown <= moves_before
    else:
        code = None
    tab_to("button.move")
    notation = page.evaluate("() => document.activeElement.dataset.notation")
    if code is not None:
        assert code in re.split(r"[ ,]", notation)
    page.keyboard.press("Space")
    page.wait_for_function(
        "(v) => Number(document.getElementById('version')?.textContent) === v", arg=first_version + 1
    )
    events = rest.ok("GET", f"/v1/games/{game_id}/events?after={first_version}")["events"]
    assert [event["version"] for event in events][:1] == [first_version + 1]
    assert page.locator(f"#event-log li[data-version='{first_version + 1}']").count() >= 1
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the table is wider than a phone: {width}px"
    screenshot(page, "keyboard-phone")
    page.context.close()


BOARD_PARTS = {
    "dracula": ["Coffin", "Deal", "Used cards"],
    "dragon_rummy": ["Play areas", "Discard pile (spread, top last)", "Hand"],
    "draw_blood": ["Monster Rows", "Melds", "Discard pile (top last)", "Hand"],
    "house_rummy": ["Groups", "Discard piles", "Hand"],
    "rummy_battle": ["Groups", "Discard pile (top last)", "Action pile (top last)", "Round"],
}

# The view's keys the generic layout leaves to the rest of the page, and its title of a key without a schema title
# (COMMON_KEYS and humanize of clients/web/layouts.js and words.js).
COMMON_KEYS = {"seat", "toAct", "game", "players", "hand", "handCounts", "totals", "finished", "phase", "step", "turn",
               "options", "rulesVersion", "seatNames", "bots", "hands"}  # fmt: skip


def humanize(key: str) -> str:
    words = re.sub(r"[_-]+", " ", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", key)).strip().lower()
    return words[:1].upper() + words[1:]


def is_card_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def is_number(value: Any) -> bool:
    return type(value) in (int, float)  # as JavaScript's typeof: a boolean is not a number


def is_seat_field(schema: dict[str, Any], seats: int) -> bool:
    """A seat's schema (engine/schema_parts.py `seat`), maybe or null, as the generic layout reads it."""
    return any(
        option.get("type") == "integer" and option.get("minimum") == 0 and option.get("maximum") == seats - 1
        for option in [schema, *schema.get("anyOf", [])]
    )


def generic_sections(view: dict[str, Any], schema: dict[str, Any], names: list[str]) -> dict[str, list[str]]:
    """What the generic layout shows of a view, by section title: the cards of a section of card lists or melds (in
    the view's order), "term=value" of a section of counts (a number per seat, the single numbers at a glance)."""
    seats = view["players"] if isinstance(view.get("players"), int) else len(view.get("handCounts") or [])
    properties = schema.get("properties", {})
    sections: dict[str, list[str]] = {}
    glance: list[str] = []
    for key, value in view.items():
        if key in COMMON_KEYS:
            continue
        title = properties.get(key, {}).get("title") or humanize(key)
        if is_number(value):
            glance.append(f"{title}={names[value] if is_seat_field(properties.get(key, {}), seats) else value}")
        if not isinstance(value, list):
            continue
        if is_card_list(value):
            sections[title] = list(value)
        elif all(isinstance(item, dict) and isinstance(item.get("cards"), list) for item in value):
            sections[title] = [code for group in value for code in group["cards"]]
        elif value and all(is_card_list(item) for item in value):
            sections[title] = [code for cards in value for code in cards]
        elif seats and len(value) == seats and all(is_number(item) for item in value):
            sections[title] = [f"{names[seat]}={number}" for seat, number in enumerate(value)]
    if glance:
        sections["At a glance"] = glance
    return sections


def assert_laid_out(page: Page, rest: Rest, game_type: str, view: dict[str, Any]) -> None:
    """The board's sections: a game's own layout shows its BOARD_PARTS; any other game (a plugin's) the generic
    layout's, derived from the view as clients/web/layouts.js does, each with the view's cards or numbers."""
    parts = page.locator("#board section.board-part > h3").all_inner_texts()
    if game_type in BOARD_PARTS:
        assert parts == BOARD_PARTS[game_type]
        return
    schema = rest.game_types()[game_type].get("schemas", {}).get("view", {})
    expected = generic_sections(view, schema, seat_names(page))
    assert parts == list(expected), (parts, view)
    for title, shown_there in expected.items():
        section = page.locator(f"#board section.board-part[aria-label='{title}']")
        cards = [card.get_attribute("data-card") for card in section.locator(".card-row [data-card]").all()]
        terms = section.locator("dl.counts dt").all_inner_texts()
        values = section.locator("dl.counts dd").all_inner_texts()
        shown = cards or [f"{term}={value}" for term, value in zip(terms, values, strict=True)]
        assert shown == shown_there, (title, shown, shown_there)


@pytest.mark.parametrize("game_type", [game.id for game in all_games()])
def test_every_game_is_laid_out_and_playable_by_clicking(
    server: ServerProcess, rest: Rest, browser: Browser, game_type: str
) -> None:
    page, _recorder = open_page(browser, server.http_url)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http_url + "/")
    game_id, (opponent,) = create_in_lobby(page, rest, game_type, {}, seed=4, bot_opponents=False)
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{game_id}')).token")
    me = RestSeat(rest, game_id, 0, token)
    rng = random.Random(4)
    clicks = 0
    while clicks < 8 and not page.locator("#winner").count():
        if opponent.play_if_to_act():
            continue
        if page.locator("button.move:not([disabled])").count():
            assert_no_internal_words(page, game_id, f"{game_type} before click {clicks + 1}")
            click_one_move(page, rng)
            clicks += 1
        else:
            page.wait_for_timeout(100)
    assert clicks == 8, f"{game_type}: the match ended after {clicks} clicks"
    game = me.game()
    page.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) === v", arg=game["version"])
    assert_laid_out(page, rest, game_type, game["view"])
    hand = [card.get_attribute("data-card") for card in page.locator("#hand .card").all()]
    assert hand == list(game["view"].get("hand") or [])
    assert page.locator("#event-log li[data-version]").count() > clicks
    assert errors == []
    screenshot(page, f"every-game-{game_type}")
    page.context.close()


def test_cardengine_serve_serves_the_table_at_its_root(rest: Rest) -> None:
    assert serves_the_table(rest)
    for name, kind in (("app.js", "javascript"), ("cards.js", "javascript"), ("style.css", "text/css")):
        connection = http.client.HTTPConnection(rest.host, rest.port, timeout=10)
        connection.request("GET", f"/{name}")
        response = connection.getresponse()
        assert response.status == 200 and kind in (response.getheader("Content-Type") or ""), name
        assert response.read() == (WEB_ROOT / name).read_bytes()
        connection.close()

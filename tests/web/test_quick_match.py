"""The lobby's "Quick match" (issue 40), in headless Chromium against a real `cardengine serve`: a player alone asks
for a quick match of Draw Blood for 2 with bots after 3 seconds; the page shows the wait counting, then sits at the
matched game's seat with a server bot in the other seat, the token kept out of the address; axe-core on the panel.
And two browsers asking for the same game (one for people only) meet at one table, a seat each."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from loadtests.server_process import ServerProcess
from tests.web.experience import install_axe, serious_violations
from tests.web.table import Rest, open_page


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


def test_a_quick_match_alone_ends_at_a_table_with_a_bot(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    page, _recorder = open_page(browser, server.http_url, width=390, height=844)
    page.goto(server.http_url + "/")
    page.wait_for_selector("#quick-match")
    assert serious_violations(page, axe_script) == [], "the lobby with its quick match panel, at 390 px"
    page.select_option("#quick-game-type", "draw_blood")
    page.select_option("#quick-players", "2")
    page.select_option("#quick-bot-fill", "3")
    page.click("#quick-match")
    assert "Enter your name" in page.inner_text("#status"), "a quick match asks for the player's name first"
    page.fill("#quick-name", "Quinn")
    page.click("#quick-match")
    page.wait_for_function(
        "() => /Looking for players\\.\\.\\. [1-9] s/.test(document.getElementById('quick-wait')?.textContent)"
    )
    assert page.is_visible("#quick-cancel") and page.is_disabled("#quick-match")
    page.wait_for_selector("#my-seat", timeout=15_000)
    game_id = page.url.split("#/play/")[1]
    assert len(game_id) == 16, "the token stays out of the address"
    game = rest.ok("GET", f"/v1/games/{game_id}")
    seat = 0 if game["bots"][0] == "" else 1
    assert game["bots"][1 - seat] == "easy"  # a new player (1200) is nearest draw_blood's easy level
    assert game["seatPlayers"] == ["", ""], "a spectator sees no player id"
    assert page.inner_text("#my-seat").startswith("You play ")
    page.context.close()


def test_two_players_quick_match_into_one_game(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    """Two browsers ask for the same game, one of them for people only: they meet at one table, a seat each."""
    pages = []
    for name, fill in (("Ada", "0"), ("Bo", "30")):
        page, _recorder = open_page(browser, server.http_url)
        page.goto(server.http_url + "/")
        page.wait_for_selector("#quick-match")
        page.select_option("#quick-game-type", "house_rummy")
        page.select_option("#quick-players", "2")
        page.select_option("#quick-bot-fill", fill)
        page.fill("#quick-name", name)
        page.click("#quick-match")
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#my-seat", timeout=15_000)
    game_ids = {page.url.split("#/play/")[1] for page in pages}
    assert len(game_ids) == 1, "both at the same table"
    game = rest.ok("GET", f"/v1/games/{game_ids.pop()}")
    assert game["bots"] == ["", ""] and game["openSeats"] == []
    assert {page.inner_text("#my-seat") for page in pages} == {"You play Player 1", "You play Player 2"}
    for page in pages:
        page.context.close()

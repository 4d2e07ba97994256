"""A rated game at the web table (issue 40, docs/web_table.md "Ratings"), in headless Chromium against a real
`cardengine serve`: Mina creates a one-deal Dracula against the server's random bot in the lobby with "Rated game"
ticked; the players' list shows each seat's rating (a new player's 1200, the random bot's 1000); Mina plays it to
its end from the page, and the end screen shows the change the server applied (the same numbers as the game's
header and as her rating, read by her player id)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from loadtests.server_process import ServerProcess
from tests.web.experience import install_axe, serious_violations
from tests.web.table import Rest, open_page, play_until_finished

PLAYER_SUFFIX = "web5"  # this browser's part of its player ids (clients/web/open_games.js): Mina is "Mina:web5"


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


def test_a_rated_game_shows_the_ratings_and_at_its_end_the_change(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    page, _recorder = open_page(browser, server.http_url)
    page.add_init_script(
        "const kept = JSON.parse(localStorage.getItem('cardengine.settings') || '{}');"
        f"kept.playerSuffix = '{PLAYER_SUFFIX}';"
        "localStorage.setItem('cardengine.settings', JSON.stringify(kept));"
    )
    page.goto(server.http_url + "/")
    page.wait_for_selector("#create-form")
    page.select_option("#game-type", "dracula")
    page.select_option("#players", "2")
    page.select_option("#seat-role-1", "bot:random")
    page.fill("#your-name", "Mina")
    page.fill("#option-deals", "1")
    page.fill("#seed", "5")
    page.check("#rated")
    page.click("#create")
    page.wait_for_selector("#game-id")
    game_id = page.inner_text("#game-id")
    created = rest.ok("GET", f"/v1/games/{game_id}")
    assert created["rated"] and [seat["rating"] for seat in created["ratings"]] == [1200, 1000]
    page.wait_for_selector('#players .rating[data-seat="1"]')
    assert page.inner_text('#players .rating[data-seat="0"]').strip() == "\u00b7 rating 1200"
    assert page.inner_text('#players .rating[data-seat="1"]').strip() == "\u00b7 rating 1000"
    assert serious_violations(page, axe_script) == [], "the rated table"

    play_until_finished(page, [], random.Random(5))
    page.wait_for_selector("#rating-changes li")
    header = rest.ok("GET", f"/v1/games/{game_id}")
    mina, bot = header["ratings"]
    assert mina["settled"] and mina["change"] == mina["newRating"] - 1200 != 0
    sign = f"+{mina['change']}" if mina["change"] > 0 else f"\u2212{-mina['change']}"
    assert (
        page.inner_text('#rating-changes li[data-seat="0"]') == f"Mina (you): 1200 \u2192 {mina['newRating']}, {sign}"
    )
    assert (bot["newRating"], bot["change"]) == (1000, 0)
    assert page.inner_text('#rating-changes li[data-seat="1"]') == "Random Bot: 1000 \u2192 1000, \u00b10"
    assert rest.ok("GET", f"/v1/ratings/dracula/Mina:{PLAYER_SUFFIX}")["rating"] == mina["newRating"]
    assert serious_violations(page, axe_script) == [], "the end screen with the rating changes"

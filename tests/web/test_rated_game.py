"""A rated game at the web table (issue 40, docs/web_table.md "Ratings"), in headless Chromium against a real
`cardengine serve`: a one-deal Dracula of Mina (a player) against the server's random bot, created rated, shows each
seat's rating in the players' list (a new player's 1200, the random bot's 1000); Mina plays it to its end from the
page, and the end screen shows the change the server applied (the same numbers as the game's header)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from loadtests.server_process import ServerProcess
from tests.web.experience import install_axe, seat_link, serious_violations
from tests.web.table import Rest, open_page, play_until_finished


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


def test_a_rated_game_shows_the_ratings_and_at_its_end_the_change(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    body = {"gameType": "dracula", "players": 2, "seed": 5, "options": {"deals": 1}, "rated": True}
    body["seats"] = [{"name": "Mina", "player": "mina-web"}, {"bot": "random", "name": "Random Bot"}]
    created = rest.ok("POST", "/v1/games", body)
    game_id, token = created["gameId"], created["seats"][0]["token"]
    page, _recorder = open_page(browser, server.http_url)
    page.goto(seat_link(server.http_url, game_id, token))
    page.wait_for_selector("#my-seat")
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
    assert rest.ok("GET", "/v1/ratings/dracula/mina-web")["rating"] == mina["newRating"]
    assert serious_violations(page, axe_script) == [], "the end screen with the rating changes"

"""The lobby's open games (issue 40), in headless Chromium against a real `cardengine serve`: one browser context
creates a Dracula game with seat 1 open and its table waits for a player; a second context, at phone width, finds the
game among the open games, joins it by name and sits at seat 1; the first table fills by itself, a move is played in
the page whose turn it is and shows in the other; the game leaves the lobby; axe-core on the open games and on the
waiting table."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from loadtests.server_process import ServerProcess
from tests.web.experience import assert_no_internal_words, install_axe, serious_violations
from tests.web.table import Rest, click_one_move, open_page, version_of


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


def create_with_open_seat(page: Page, base_url: str) -> str:
    """The lobby's form: Dracula for 2, the creator Mina at seat 0, seat 1 open; the game's id."""
    page.goto(base_url + "/")
    page.wait_for_selector("#create-form")
    page.select_option("#game-type", "dracula")
    page.select_option("#players", "2")
    page.select_option("#seat-role-1", "open")
    page.fill("#your-name", "Mina")
    page.fill("#seed", "8")
    page.click("#create")
    page.wait_for_selector("#game-id")
    game_id = page.inner_text("#game-id")
    assert page.url.endswith(f"#/play/{game_id}"), page.url
    return game_id


def test_a_second_player_finds_the_open_game_in_the_lobby_joins_and_plays(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    creator, _recorder = open_page(browser, server.http_url)
    game_id = create_with_open_seat(creator, server.http_url)
    created = rest.ok("GET", f"/v1/games/{game_id}")
    assert (created["openSeats"], created["seatNames"], created.get("toAct", [])) == ([1], ["Mina", "Player 2"], [])
    creator.wait_for_function("() => document.getElementById('turn')?.textContent.includes('Waiting for 1 more')")
    assert creator.inner_text("#turn") == "Waiting for 1 more player to join from the lobby."
    assert creator.locator("#players .badge.open-seat").count() == 1
    assert creator.locator("button.move").count() == 0, "no move while the seat is open"
    assert serious_violations(creator, axe_script) == [], "the table waiting for a player"

    joiner, _recorder2 = open_page(browser, server.http_url, width=390, height=844)
    joiner.goto(server.http_url + "/")
    entry = joiner.locator(f'.open-game[data-game-id="{game_id}"]')
    entry.wait_for()
    assert entry.locator("strong").inner_text() == "Dracula, 2 players"
    assert entry.locator(".open-seats").inner_text() == "1 of 2 seats open"
    assert entry.locator(".created-by").inner_text() == "Created by Mina"
    assert entry.locator(".badge").inner_text() == "Unrated"
    assert serious_violations(joiner, axe_script) == [], "the lobby with an open game, at 390 px"
    assert_no_internal_words(joiner, game_id, "the lobby's open games")
    assert joiner.evaluate("() => document.documentElement.scrollWidth") <= 390, "no sideways scrolling at 390 px"

    entry.locator("button.join-open").click()
    assert "Enter your name" in joiner.inner_text("#status"), "a join asks for the player's name first"
    assert joiner.evaluate("() => document.activeElement.id") == "join-name"
    joiner.fill("#join-name", "Lucy")
    entry.locator("button.join-open").click()
    joiner.wait_for_selector("#my-seat")
    assert joiner.url.endswith(f"#/play/{game_id}"), "the token stays out of the address"
    assert joiner.inner_text("#my-seat") == "You play Lucy", "the joiner's name is the seat's name"
    joined = rest.ok("GET", f"/v1/games/{game_id}")
    assert (joined.get("openSeats", []), joined["seatNames"]) == ([], ["Mina", "Lucy"])
    assert len(joined["toAct"]) == 1
    assert rest.ok("GET", "/v1/lobby").get("games", []) == [], "a full game leaves the lobby"

    # The creator's table fills by itself (its event stream or polling), and the seat to act plays from its page.
    creator.wait_for_function("() => !document.getElementById('turn')?.textContent.includes('more player')")
    assert creator.locator("#players .badge.open-seat").count() == 0
    creator.wait_for_function("() => document.getElementById('players').textContent.includes('Lucy')")
    pages = {0: creator, 1: joiner}
    acting, other = pages[joined["toAct"][0]], pages[1 - joined["toAct"][0]]
    acting.wait_for_selector("button.move:not([disabled])")
    before = version_of(acting)
    notation = click_one_move(acting, random.Random(40))
    assert rest.ok("GET", f"/v1/games/{game_id}")["version"] == before + 1, notation
    other.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) > v", arg=before)

    # A join that comes too late: the lobby lists nothing, and the server refuses the seat.
    status, answer = rest.call("POST", f"/v1/games/{game_id}/join", {})
    assert (status, answer["error"]["code"]) == (422, "seat/taken")
    joiner.goto(server.http_url + "/#/")
    joiner.click("#refresh-open-games")
    joiner.wait_for_selector("#open-games .empty")
    assert joiner.inner_text("#open-games") == "No game is waiting for players right now."
    creator.context.close()
    joiner.context.close()

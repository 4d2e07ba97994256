"""A game the web table has no layout of its own for (High Card, tests/extra_game, installed as a plugin for this
server only: an entry point of the group cardengine.games, tests/extra_game/plugin.py):
the lobby offers it from the catalog, the table lays it out with the generic layout (each list of cards a row, under
its field's title, a number per seat by seat name), and a match is played to its end by clicking, with no error on
the page."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from loadtests.server_process import ServerProcess
from tests.extra_game.plugin import install_plugin
from tests.web.experience import assert_no_internal_words
from tests.web.table import Rest, RestSeat, create_in_lobby, open_page, play_until_finished, screenshot

SERVE = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--grpc-port", "0"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    environment = install_plugin(tmp_path_factory.mktemp("site"))
    with ServerProcess(command=[*SERVE, "--http-port", "0"], environment=environment) as running:
        yield running


def test_a_game_without_its_own_layout_is_laid_out_and_played(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    assert "high_card" in rest.game_types()
    page, _recorder = open_page(browser, server.http_url)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.http_url + "/")
    game_id, others = create_in_lobby(page, rest, "high_card", {}, seed=4, bot_opponents=False)
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{game_id}')).token")
    me = RestSeat(rest, game_id, 0, token)
    assert page.locator("#board section.board-part > h3").all_inner_texts() == ["Played", "Points"]
    assert [card.get_attribute("data-card") for card in page.locator("#hand .card").all()] == me.hand()
    assert len(me.hand()) == 3
    assert_no_internal_words(page, game_id, "High Card's table")
    clicks = play_until_finished(page, others, random.Random(4))
    assert clicks == 3
    played = page.locator("#board section.board-part .card-row [data-card]")
    assert sorted(card.get_attribute("data-card") or "" for card in played.all()) == sorted(
        ["AS", "KS", "QS", "JS", "TS", "9S"]
    )
    points = me.game()["view"]["points"]  # a number per seat, drawn by seat name
    assert sum(points) == 14 + 13 + 12 + 11 + 10 + 9
    shown = page.locator("#board section.board-part[aria-label='Points'] dd").all_inner_texts()
    assert shown == [str(number) for number in points]
    assert errors == []
    screenshot(page, "generic-layout-high_card")
    page.context.close()

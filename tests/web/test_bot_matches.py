"""Whole games created in the web table's lobby and played by clicking against bot seats, in headless Chromium
against a real `cardengine serve`: a Dracula match, and a hand of Draw Blood (`max_hands` 1).

The lobby offers every kind of bot of the catalog (`botKinds`) in each seat's choice: first the chosen game's levels
(`levels` of its catalog entry: easy, medium, hard, each with its rating, the ladder's + 1000 as rated tables show
bots, or "not rated yet"), then the
algorithms under "Advanced". The Dracula match's other seat is the first level when the catalog lists levels (a kind
beyond random otherwise), the Draw Blood hand's the random bot, where the server has bot seats; on a server without
them the test plays that seat itself through REST with the token the page shows for the other players.
"""

from __future__ import annotations

import math
import random
from typing import Any

from playwright.sync_api import Browser, Route

from loadtests.server_process import ServerProcess
from tests.web.table import (
    Rest,
    assert_score_sheet_matches,
    bot_kinds,
    create_in_lobby,
    lobby_bot_choices,
    open_page,
    play_until_finished,
    screenshot,
    seat_names,
    supports_bot_seats,
    version_of,
)

# The lobby's words for each kind of bot (clients/web/lobby.js), never the kind's raw name.
BOT_LABELS = {"random": "Bot: plays at random", "greedy": "Bot: greedy", "mcts": "Bot: looks ahead"}
BOT_LABELS |= {"easy": "Bot: easy", "medium": "Bot: medium", "hard": "Bot: hard"}


def level_label(level: dict[str, Any]) -> str:
    """A level's choice in the lobby: its words and its rating (the ladder's + 1000: the players' scale of docs/api.md
    "Ratings"), or that it has none yet. The page rounds halves up (``Math.round``: 434.5 shows as 1435), where
    Python's ``round`` would round them to even."""
    rating = level.get("rating")
    shown = "not rated yet" if rating is None else f"rating {math.floor(rating + 1000 + 0.5)}"
    return f"{BOT_LABELS[level['name']]} ({shown})"


def expected_choices(catalog: dict[str, Any], game_type: str) -> list[tuple[str, str]]:
    """A seat's bot choices for ``game_type``: its levels first (with their ratings), then the other kinds."""
    kinds = catalog.get("botKinds") or ["random"]
    entry = next(entry for entry in catalog["gameTypes"] if entry["id"] == game_type)
    levels = [level for level in entry.get("levels", []) if level["name"] in kinds]
    names = {level["name"] for level in levels}
    return [(f"bot:{level['name']}", level_label(level)) for level in levels] + [
        (f"bot:{kind}", BOT_LABELS[kind]) for kind in kinds if kind not in names
    ]


def test_a_whole_dracula_match_against_a_bot_seat_by_clicking(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    bots = supports_bot_seats(rest)
    kinds = bot_kinds(rest)
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    # Every seat's choice offers exactly the catalog's bot kinds: Dracula's levels first, then the algorithms.
    catalog = rest.ok("GET", "/v1/game-types")
    choices = lobby_bot_choices(page)
    assert len(choices) >= 2
    assert all(seat == expected_choices(catalog, "dracula") for seat in choices), choices
    assert sorted(value for value, _ in choices[0]) == sorted(f"bot:{kind}" for kind in kinds)
    levels = next(entry["levels"] for entry in catalog["gameTypes"] if entry["id"] == "dracula")
    kind = levels[0]["name"] if levels else next((kind for kind in kinds if kind != "random"), "random")
    if bots:  # the first level is the default bot seat; the algorithms are in the "Advanced" group
        assert page.input_value("#seat-role-1") == f"bot:{kind}"
        advanced = page.locator("#seat-role-1 optgroup option")
        assert advanced.evaluate_all("options => options.map((o) => o.value)") == [
            f"bot:{k}" for k in kinds if k not in {level["name"] for level in levels}
        ]
    game_id, others = create_in_lobby(page, rest, "dracula", {"deals": "2"}, seed=5, bot_opponents=bots, bot_kind=kind)
    assert page.inner_text("#my-seat").startswith("You play")
    if bots:  # a server with bot seats takes seat names too: the page sent ours, and the bot kind chosen
        assert page.inner_text("#my-seat") == "You play Mina"
        assert rest.ok("GET", f"/v1/games/{game_id}")["bots"] == ["", kind]
        badge = page.locator('#players li[data-seat="1"] .badge').first
        assert badge.inner_text() == "bot" and badge.get_attribute("data-bot") == kind
    assert page.locator(".coffin button.cell, .coffin .cell").count() == 9
    screenshot(page, "dracula-start")

    clicks = play_until_finished(page, others, random.Random(5))
    assert clicks >= 4, "two deals: at least a placement per deal and seat, the declaration of the first deal"
    assert version_of(page) == rest.ok("GET", f"/v1/games/{game_id}")["version"]

    names = seat_names(page)
    assert names[0].endswith("(you)")
    score = assert_score_sheet_matches(page, rest, game_id, names)
    assert [row["label"] for row in score["rounds"]][:2] == ["deal 1", "deal 2"]
    assert page.inner_text("#turn") == "The match is over."
    assert page.locator("button.move").count() == 0
    assert page.locator("#event-log li").count() >= clicks
    screenshot(page, "dracula-finished")
    page.context.close()


def test_a_hand_of_draw_blood_against_a_bot_by_clicking(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    bots = supports_bot_seats(rest)
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    game_id, others = create_in_lobby(page, rest, "draw_blood", {"max_hands": "1"}, seed=3, bot_opponents=bots)
    assert page.locator("section[aria-label='Monster Rows']").count() == 1
    assert page.locator("section[aria-label='Melds']").count() == 1
    screenshot(page, "draw-blood-start")

    play_until_finished(page, others, random.Random(3))

    score = assert_score_sheet_matches(page, rest, game_id, seat_names(page))
    assert len(score["rounds"]) == 1, "max_hands 1: one hand, one row on the score sheet"
    screenshot(page, "draw-blood-finished")
    page.context.close()


def test_the_lobby_shows_each_games_level_ratings(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    """A catalog whose ladder rated Dracula's hard level (and not the others, nor Draw Blood's) names the rating in
    Dracula's seat choices, and "not rated yet" elsewhere; choosing another game shows that game's levels."""
    page, _recorder = open_page(browser, server.http_url)
    rated: dict[str, Any] = {}

    def with_a_rating(route: Route) -> None:
        answer = route.fetch()
        catalog = answer.json()
        for entry in catalog["gameTypes"]:
            for level in entry["levels"]:
                level.pop("rating", None)
                if (entry["id"], level["name"]) == ("dracula", "hard"):
                    level.update(rating=640.4, ratingLow=520.0, ratingHigh=760.8, ratedMatches=20)
        rated.update(catalog)
        route.fulfill(response=answer, json=catalog)

    page.route("**/v1/game-types", with_a_rating)
    page.goto(server.http_url + "/")
    choices = lobby_bot_choices(page)
    assert choices[1][:3] == [
        ("bot:easy", "Bot: easy (not rated yet)"),
        ("bot:medium", "Bot: medium (not rated yet)"),
        ("bot:hard", "Bot: hard (rating 1640)"),
    ]
    assert choices[1] == expected_choices(rated, "dracula")
    page.select_option("#game-type", "draw_blood")
    assert lobby_bot_choices(page)[1][2] == ("bot:hard", "Bot: hard (not rated yet)")
    page.context.close()


def test_the_lobby_offers_the_random_bot_when_the_catalog_lists_no_kinds(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    """A server whose catalog has no `botKinds` (one from before the field) gets the random bot in every seat's
    choice: the page is shown the catalog without the field."""
    page, _recorder = open_page(browser, server.http_url)

    def without_bot_kinds(route: Route) -> None:
        answer = route.fetch()
        catalog = answer.json()
        assert "botKinds" in catalog
        del catalog["botKinds"]
        route.fulfill(response=answer, json=catalog)

    page.route("**/v1/game-types", without_bot_kinds)
    page.goto(server.http_url + "/")
    choices = lobby_bot_choices(page)
    assert len(choices) >= 2 and all(seat == [("bot:random", "Bot: plays at random")] for seat in choices), choices
    if supports_bot_seats(rest):
        assert page.input_value("#seat-role-1") == "bot:random"
    page.context.close()

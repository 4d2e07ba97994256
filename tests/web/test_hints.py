"""The table's Hint button and review (issue 39), in headless Chromium against a real `cardengine serve`: Hint asks
GET /v1/games/{id}/hints for the seat, marks the suggested move in the moves panel, and the player plays the hint by
clicking it; in a game created with hints off it says so and asks nothing more. At a match's end "Review my moves"
lists the seat's decisions from GET /v1/games/{id}/review."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from loadtests.server_process import ServerProcess
from tests.web.experience import open_seat
from tests.web.table import Rest, version_of


def create_people(rest: Rest, seed: int, **more: Any) -> tuple[str, dict[int, str], int]:
    """Two-player Dracula (one deal) between people: the game id, the seats' tokens and the seat to act first."""
    created = rest.ok(
        "POST",
        "/v1/games",
        {"gameType": "dracula", "players": 2, "seed": seed, "options": {"deals": 1},
         "seats": [{"name": "Mina"}, {"name": "Jonathan"}], **more},
    )  # fmt: skip
    tokens = {entry.get("seat", 0): entry["token"] for entry in created["seats"]}
    return created["gameId"], tokens, created["game"]["toAct"][0]


def hinted(page: Page) -> str:
    """Clicks Hint and answers the notation of the move it marks (after checking it is marked once)."""
    page.click("#hint")
    page.wait_for_selector("button.move.hinted")
    marked = page.locator("button.move.hinted")
    assert marked.count() == 1
    return marked.get_attribute("data-notation") or ""


def test_a_hint_marks_the_suggested_move_and_the_player_plays_it(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    game_id, tokens, dealer = create_people(rest, seed=41)
    other = 1 - dealer
    page = open_seat(browser, server.http_url, game_id, tokens[dealer])
    page.wait_for_selector("button.move:not([disabled])")
    served = rest.ok("GET", f"/v1/games/{game_id}/hints", token=tokens[dealer])
    notation = hinted(page)
    assert notation == served["suggestions"][0]["move"]["notation"]
    description = served["suggestions"][0]["move"]["description"]
    assert page.inner_text("#hint-text").startswith(f"Suggested: {description}")
    label = page.locator("button.move.hinted").get_attribute("aria-label") or ""
    assert label.endswith("(suggested)")
    before = version_of(page)
    page.click("button.move.hinted")
    page.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) > v", arg=before)
    game = rest.ok("GET", f"/v1/games/{game_id}", token=tokens[other])
    assert game["lastMove"]["notation"] == notation and game["lastMove"]["seat"] == dealer
    assert page.locator("button.move.hinted").count() == 0, "a hint is for its version only"

    # The other seat moves (from the test) until the page's seat has a choice of placements again: a hint then
    # marks one of Dracula's cell buttons, and clicking it plays that placement.
    for _ in range(4):
        state = rest.ok("GET", f"/v1/games/{game_id}", token=tokens[other])
        if dealer in state["toAct"]:
            break
        moves = rest.ok("GET", f"/v1/games/{game_id}/moves", token=tokens[other])["moves"]
        body = {"move": moves[0]["notation"], "expectedVersion": state["version"]}
        rest.ok("POST", f"/v1/games/{game_id}/moves", body, tokens[other])
    version = rest.ok("GET", f"/v1/games/{game_id}", token=tokens[dealer])["version"]
    page.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) === v", arg=version)
    page.wait_for_selector("button.move:not([disabled])")
    served = rest.ok("GET", f"/v1/games/{game_id}/hints", token=tokens[dealer])
    assert len(served["suggestions"]) == 3 and served["version"] == version
    notation = hinted(page)
    assert notation == served["suggestions"][0]["move"]["notation"]
    assert notation.startswith("place ")
    ranks = {
        button.get_attribute("data-notation"): button.get_attribute("data-hint-rank")
        for button in page.locator("button.move[data-hint-rank]").all()
    }
    assert ranks == {entry["move"]["notation"]: str(rank) for rank, entry in enumerate(served["suggestions"], 1)}
    page.wait_for_selector("button.move.hinted:not([disabled])")
    page.click("button.move.hinted")
    page.wait_for_function("(v) => Number(document.getElementById('version')?.textContent) > v", arg=version)
    game = rest.ok("GET", f"/v1/games/{game_id}", token=tokens[other])
    assert game["lastMove"]["notation"] == notation and game["lastMove"]["seat"] == dealer
    page.context.close()


def test_with_hints_off_the_table_says_so(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    game_id, tokens, dealer = create_people(rest, seed=42, hints=False)
    page = open_seat(browser, server.http_url, game_id, tokens[dealer])
    page.wait_for_selector("button.move:not([disabled])")
    page.click("#hint")
    page.wait_for_selector("#hint:disabled")
    assert page.inner_text("#hint-text") == "Hints are off in this game."
    assert page.locator("button.move.hinted").count() == 0
    assert page.locator("button.move:not([disabled])").count() == 2, "the moves stay playable"
    page.context.close()


def test_at_the_end_the_player_reviews_the_moves_made(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    """A finished match's end screen offers "Review my moves": the review (GET /v1/games/{id}/review) lists each of
    the seat's decisions, the move made and, where it was not the best found, the better move; a whole match of six
    coffins holds more than a page of decisions, and "More of the review" adds the next page."""
    created = rest.ok("POST", "/v1/games", {"gameType": "dracula", "players": 2, "seed": 43})
    game_id, game = created["gameId"], created["game"]
    tokens = {entry.get("seat", 0): entry["token"] for entry in created["seats"]}
    while not game["finished"]:  # both seats play their last legal move, from the test
        seat = game["toAct"][0]
        moves = rest.ok("GET", f"/v1/games/{game_id}/moves", token=tokens[seat])["moves"]
        body = {"move": moves[-1]["notation"], "expectedVersion": game["version"]}
        game = rest.ok("POST", f"/v1/games/{game_id}/moves", body, tokens[seat])["game"]
    page = open_seat(browser, server.http_url, game_id, tokens[0])
    page.wait_for_selector("#review")
    page.click("#review")
    page.wait_for_selector("#review-panel")
    first = rest.ok("GET", f"/v1/games/{game_id}/review", token=tokens[0])
    assert len(first["decisions"]) == 20 and first["nextPageToken"], "a whole match: more than one page"
    assert page.locator("li.review-decision").count() == 20
    assert page.evaluate("document.activeElement.id") == "review-title"
    page.click("#review-more")
    second = rest.ok("GET", f"/v1/games/{game_id}/review?pageToken={first['nextPageToken']}", token=tokens[0])
    decisions = first["decisions"] + second["decisions"]
    page.wait_for_function("(n) => document.querySelectorAll('li.review-decision').length === n", arg=len(decisions))
    assert second["nextPageToken"] == "" and page.locator("#review-more").count() == 0
    items = page.locator("li.review-decision")
    for index, decision in enumerate(decisions):
        item = items.nth(index)
        assert item.get_attribute("data-version") == str(decision["version"])
        text = item.inner_text()
        assert text.startswith(f"Move {decision['version'] + 1}: ")
        if decision["rank"] == 1:
            assert "the best move found" in text
        else:
            assert f"Better: {decision['best']['description']}" in text
    best = sum(1 for decision in decisions if decision["rank"] == 1)
    assert page.inner_text("#review-verdict").startswith(f"{best} of {len(decisions)} decisions were")
    page.context.close()

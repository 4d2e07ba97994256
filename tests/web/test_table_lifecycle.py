"""The table's lifecycle and last mile (issue 37, item 7), in headless Chromium against a real `cardengine serve`:
resign and leave from the table (each after a confirm) and a rematch at the end, all counted at the server;
Dracula's coffin drawn with card faces in every cell (2 and 4 players); at 390 px a tip never takes a tap meant for
a move; a full 4-player Dracula hand keeps the coffin above the fold of an 800 px window; texts for people (piles
and groups from 1, a card ability in words, an option by its title, hand points with their minus); a turn the clock
played said in view; the seat links without their token as text; axe-core during the player's turn."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from loadtests.server_process import ServerProcess
from tests.web.experience import create_with_bot, install_axe, open_seat, play_to_the_end, serious_violations, shoot
from tests.web.table import Rest, RestSeat, create_in_lobby, open_page, wait_until


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


def wait_for_my_moves(page: Page) -> None:
    page.wait_for_selector("button.move:not([disabled])")


def events_of(rest: Rest, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = rest.ok("GET", f"/v1/games/{game_id}/events", token=token)["events"]
    return found


def create_people(rest: Rest, game_type: str, seed: int, names: list[str], options: dict[str, Any]) -> list[RestSeat]:
    """A game of people only, every seat played from the test through REST (or opened in a page)."""
    created = rest.ok(
        "POST",
        "/v1/games",
        {"gameType": game_type, "players": len(names), "seed": seed, "options": options,
         "seats": [{"name": name} for name in names]},
    )  # fmt: skip
    tokens = {entry.get("seat", 0): entry["token"] for entry in created["seats"]}
    return [
        RestSeat(rest, created["gameId"], seat, tokens[seat], random.Random(seed + seat)) for seat in sorted(tokens)
    ]


def create_dracula_with_bots(rest: Rest, players: int, seed: int) -> RestSeat:
    """Dracula with one deal: seat 0 Mina (the test's or the page's), every other seat a random bot."""
    seats: list[dict[str, Any]] = [{"name": "Mina"}]
    seats += [{"bot": "random", "name": f"Random Bot {seat}"} for seat in range(1, players)]
    created = rest.ok(
        "POST",
        "/v1/games",
        {"gameType": "dracula", "players": players, "seed": seed, "options": {"deals": 1}, "seats": seats},
    )
    (mine,) = created["seats"]
    return RestSeat(rest, created["gameId"], 0, mine["token"], random.Random(seed))


# ----- resign, leave, rematch -------------------------------------------------------------------------------------
def test_resign_and_rematch_from_the_table_are_counted_at_the_server(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    seat = create_with_bot(rest, "dracula", seed=5, options={"deals": 2})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    wait_for_my_moves(page)
    page.click("#resign")
    assert page.inner_text("#confirm-question") == "Resign the match? It ends now, and every other player wins."
    assert page.evaluate("() => document.activeElement.id") == "confirm-no", "the safe answer has the focus"
    assert serious_violations(page, axe_script) == [], "the confirm, during the player's turn"
    page.click("#confirm-no")
    assert page.locator("#lifecycle-confirm").count() == 0
    assert not seat.game()["finished"], "'Keep playing' sends nothing"

    page.click("#resign")
    page.click("#confirm-yes")
    page.wait_for_selector("#end-reason")
    assert page.inner_text("#end-reason") == "Mina (you) resigned the match."
    assert page.inner_text("#summary-winner") == "Winner: Random Bot"
    game = seat.game()
    assert game["finished"]
    forfeits = [event for event in events_of(rest, seat.game_id) if event["kind"] == "forfeited"]
    assert [(event.get("seat", 0), event["data"]["reason"]) for event in forfeits] == [(0, "resigned")]
    score = rest.ok("GET", f"/v1/games/{seat.game_id}/score")
    assert score["winners"] == [1] and score["details"]["forfeit"] == {"seat": 0, "reason": "resigned"}
    assert page.locator("#resign, #leave").count() == 0, "no resign or leave once the match is over"
    assert serious_violations(page, axe_script) == [], "the end screen"
    shoot(page, "lifecycle-resigned-1280")

    page.click("#rematch")
    page.wait_for_function(
        "(old) => !location.hash.includes(old) && /#\\/play\\//.test(location.hash)", arg=seat.game_id
    )
    page.wait_for_selector("#my-seat")
    new_id = page.inner_text("#game-id")
    assert new_id != seat.game_id and page.url.endswith(f"#/play/{new_id}")
    assert page.inner_text("#my-seat") == "You play Mina"
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{new_id}')).token")
    rematch = rest.ok("GET", f"/v1/games/{new_id}", token=token)
    assert rematch["seat"] == 0 and rematch["gameType"] == "dracula" and rematch["players"] == 2
    assert rematch["seatNames"] == ["Mina", "Random Bot"] and rematch["bots"] == game["bots"]
    assert not rematch["finished"]
    # One rematch for every caller: asking again with the old seat's token answers the same game.
    again = rest.ok("POST", f"/v1/games/{seat.game_id}/rematch", {}, token=seat.token)
    assert again["gameId"] == new_id
    page.context.close()


def test_leave_asks_first_then_ends_the_match_and_goes_to_the_lobby(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    seat = create_with_bot(rest, "house_rummy", seed=12, options={})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=390)
    wait_for_my_moves(page)
    page.click("#leave")
    assert page.inner_text("#confirm-question").startswith("Leave the match? Your seat leaves the game")
    page.click("#confirm-no")
    assert not seat.game()["finished"] and page.evaluate("() => document.activeElement.id") == "leave"
    page.click("#leave")
    shoot(page, "lifecycle-leave-confirm-390")
    page.click("#confirm-yes")
    page.wait_for_selector("#create-form")
    assert page.url.endswith("#/")
    forfeits = [event for event in events_of(rest, seat.game_id) if event["kind"] == "forfeited"]
    assert [(event.get("seat", 0), event["data"]["reason"], event["text"]) for event in forfeits] == [
        (0, "left", "Mina left the match")
    ]
    assert seat.game()["finished"]
    page.context.close()


def test_both_players_ask_a_rematch_at_the_end_and_sit_at_the_same_new_game(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    mina, ann = create_people(rest, "house_rummy", 33, ["Mina", "Ann"], {"single_hand": True})
    deadline = time.monotonic() + 120
    while not mina.game()["finished"]:
        assert time.monotonic() < deadline, "the hand did not end"
        if not (mina.play_if_to_act() or ann.play_if_to_act()):
            time.sleep(0.02)
    pages = [open_seat(browser, server.http_url, seat.game_id, seat.token) for seat in (mina, ann)]
    new_ids = []
    for page in pages:
        page.wait_for_selector("#rematch")
        page.click("#rematch")
        page.wait_for_function("(old) => !location.hash.includes(old)", arg=mina.game_id)
        page.wait_for_selector("#my-seat")
        new_ids.append(page.inner_text("#game-id"))
    assert new_ids[0] == new_ids[1] != mina.game_id
    assert [page.inner_text("#my-seat") for page in pages] == ["You play Mina", "You play Ann"]
    for seat, page in enumerate(pages):
        token = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{new_ids[0]}')).token")
        game = rest.ok("GET", f"/v1/games/{new_ids[0]}", token=token)
        assert game["seat"] == seat and game["seatNames"] == ["Mina", "Ann"] and not game["finished"]
        page.context.close()


# ----- Dracula's coffin ------------------------------------------------------------------------------------------
def coffin_cells(page: Page) -> list[dict[str, Any]]:
    """Each coffin cell of the board: its card, its text, and whether a card face fills it (the face's picture at
    least 30 px wide and 45 px high, wholly inside the cell, no tip text)."""
    cells: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('#board .coffin [data-cell]')].map((cell) => {
             const box = cell.getBoundingClientRect();
             const face = cell.querySelector('svg.card-face');
             const faceBox = face ? face.getBoundingClientRect() : null;
             const words = cell.cloneNode(true);  // the cell's text, less the face's own letters and its spoken name
             words.querySelectorAll('svg, .visually-hidden').forEach((node) => node.remove());
             return { cell: cell.dataset.cell, card: cell.dataset.card || null, text: words.textContent.trim(),
                      tips: cell.querySelectorAll('.tip').length, hasFace: Boolean(face),
                      inside: Boolean(faceBox) && faceBox.left >= box.left - 0.5 && faceBox.right <= box.right + 0.5
                        && faceBox.top >= box.top - 0.5 && faceBox.bottom <= box.bottom + 0.5,
                      width: faceBox ? faceBox.width : 0, height: faceBox ? faceBox.height : 0 };
           })"""
    )
    return cells


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (4, 17)])
def test_draculas_coffin_shows_a_card_face_in_every_cell(
    server: ServerProcess, rest: Rest, browser: Browser, players: int, seed: int
) -> None:
    seat = create_dracula_with_bots(rest, players, seed)
    final = play_to_the_end(seat)
    coffin = [code for row in final["view"]["coffin"] for code in row]
    assert len(coffin) == 9 and all(coffin), "the deal ended with the coffin full"
    described = {card["code"] for card in rest.game_types()["dracula"]["cards"] if card.get("description")}
    assert any(code in described for code in coffin), "a court card or a Vampire lies in the coffin"
    for width in (1280, 390):
        page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=width)
        page.wait_for_selector("#board .coffin [data-cell][data-card]")
        cells = coffin_cells(page)
        assert [cell["card"] for cell in cells] == coffin
        names = {card["code"]: card["name"] for card in rest.game_types()["dracula"]["cards"]}
        for cell in cells:
            assert cell["hasFace"] and cell["inside"] and cell["tips"] == 0, cell
            assert cell["width"] >= 30 and cell["height"] >= 45, cell
            # No text in a cell but a special card's name (the Vampire's): never an effect's words.
            assert cell["text"] in ("", names[cell["card"]]), cell
        if width == 390:  # the end screen's score sheet of every seat scrolls in its box, never the page sideways
            page.wait_for_selector("#score-sheet")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shoot(page, f"dracula-{players}p-coffin-end-{width}")
        page.context.close()


def test_a_full_four_player_dracula_hand_keeps_the_coffin_above_the_fold(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    seat = create_dracula_with_bots(rest, 4, seed=17)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server.http_url}/#/play/{seat.game_id}?seat={seat.token}")
    counts = []
    for _turn in range(8):  # the nail, then placements beside it: the turn with the most moves comes early
        wait_for_my_moves(page)
        counts.append((page.locator("#hand .card").count(), page.locator("button.move").count()))
        if counts[-1][1] >= 32:
            break
        version = int(page.inner_text("#version"))
        page.locator("button.move:not([disabled])").first.click()
        page.wait_for_function("(v) => Number(document.getElementById('version').textContent) > v", arg=version)
    hand, moves = counts[-1]
    assert hand >= 12 and moves >= 32, counts
    assert page.evaluate("() => window.scrollY") == 0
    shoot(page, "dracula-4p-full-hand-1280x800")
    box = page.locator("#board .coffin").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800, box
    context.close()


# ----- a tip never takes a tap -------------------------------------------------------------------------------------
def test_at_390_px_a_tap_on_a_move_is_never_taken_by_a_tip(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    """Every hand card with an effect is hovered, then focused, and each time "Draw" is tapped with Playwright's
    real click (which fails when another element would receive it) while the tip is open over it."""
    seat = create_with_bot(rest, "house_rummy", seed=12, options={})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=390)
    wait_for_my_moves(page)
    with_tips = page.locator("#hand button.card:has(.tip)")
    assert with_tips.count() >= 1
    covering = 0
    for index in range(with_tips.count()):
        card = with_tips.nth(index)
        card.hover()
        tip = card.locator(".tip").bounding_box()
        draw = page.locator('button.move[data-notation="draw"]').bounding_box()
        assert tip is not None and draw is not None
        overlaps = (
            tip["y"] < draw["y"] + draw["height"]
            and draw["y"] < tip["y"] + tip["height"]
            and (tip["x"] < draw["x"] + draw["width"] and draw["x"] < tip["x"] + tip["width"])
        )
        covering += overlaps
        if overlaps:
            break
    assert covering, "a tip opens over the Draw button (so the taps below are tested)"
    before = seat.game()["version"]
    page.locator('button.move[data-notation="draw"]').click(timeout=3000)
    wait_until(lambda: seat.game()["version"] == before + 1, what="the draw")
    drawn = [
        event for event in events_of(rest, seat.game_id) if event["version"] == before + 1 and event["kind"] != "turn"
    ]
    assert drawn and drawn[0].get("seat", 0) == 0 and "draw pile" in drawn[0]["text"], drawn

    # The discard prompt: focus a card (its tip shows, as after a tap) and tap a discard under it.
    page.wait_for_selector('button.move[data-kind="discard"]:not([disabled])')
    page.locator("#hand button.card:has(.tip)").first.focus()
    assert page.locator("#hand button.card:focus .tip").is_visible()
    target = page.locator('button.move[data-kind="discard"]:not([disabled])').first
    notation = target.get_attribute("data-notation")
    version = seat.game()["version"]
    target.click(timeout=3000)
    wait_until(lambda: seat.game()["version"] > version, what="the discard")
    discarded = [event for event in events_of(rest, seat.game_id) if event["version"] == version + 1]
    assert discarded and discarded[0]["kind"] == "discarded", discarded
    assert notation is not None and notation.split()[1] == discarded[0]["data"]["card"]
    page.context.close()


# ----- texts for people ---------------------------------------------------------------------------------------------
def find_ability(rest: Rest, name: str) -> tuple[list[RestSeat], dict[str, Any]]:
    """A House Rummy game of two people played at random until a card ability waits for a choice (`action`)."""
    for seed in range(1, 60):
        seats = create_people(rest, "house_rummy", seed, ["Mina", "Ann"], {})
        for _step in range(400):
            game = seats[0].game()
            action = game["view"].get("action")
            if game["finished"]:
                break
            if action and action["name"] == name:
                return seats, game
            if not any(seat.play_if_to_act() for seat in seats):
                time.sleep(0.01)
    raise AssertionError(f"no {name} in 60 seeds")


def test_a_card_ability_piles_and_groups_are_said_in_words_counted_from_one(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    seats, game = find_ability(rest, "see_hand")
    by = game["view"]["action"]["by"]
    page = open_seat(browser, server.http_url, seats[0].game_id, seats[0].token)
    page.wait_for_selector("#pending")
    assert page.inner_text("#pending") == f"Now: See Hand, played by {['Mina (you)', 'Ann'][by]}"
    groups = game["view"]["groups"]
    titles = page.locator("#board figure.group[data-group] > figcaption").all_inner_texts()
    kinds = {"set": "Set", "run": "Run"}
    assert [title.split(" (")[0] for title in titles] == [
        f"{kinds[group['kind']]} {group['id'] + 1}" for group in groups
    ]
    piles = page.locator("#board figure[data-pile] > figcaption").all_inner_texts()
    assert piles == [f"Discard pile {index + 1} (bottom first)" for index in range(len(game["view"]["piles"]))]
    log = page.inner_text("#event-log")
    server_texts = [event["text"] for event in events_of(rest, seats[0].game_id, seats[0].token)]
    said = [text for text in server_texts if re.search(r"\b(?:group|pile) \d", text)]
    assert said, "the log names piles or groups"
    assert "discard pile 1" in log and not re.search(r"\b(?:group|pile) 0\b", log)
    assert not re.search(r"\b(?:group|pile) 0\b", page.inner_text("body"))
    page.context.close()


def test_the_second_chance_card_names_its_option_by_its_title(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    seat = create_with_bot(rest, "rummy_battle", seed=3, options={})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    page.locator("#help summary").click()
    texts = dict(zip(page.locator("#help .specials dt").all_inner_texts(),
                     page.locator("#help .specials dd").all_inner_texts(), strict=True))  # fmt: skip
    (second,) = [text for name, text in texts.items() if name.startswith("2nd Chance")]
    assert second.endswith("Once per game; it never scores (only with the option \u201cSecond chance\u201d).")
    assert "(option" not in page.inner_text("body")
    page.context.close()


@pytest.mark.parametrize(("game_type", "seed"), [("house_rummy", 31), ("rummy_battle", 31), ("draw_blood", 31)])
def test_points_for_cards_left_in_hand_are_shown_with_their_minus(
    server: ServerProcess, rest: Rest, browser: Browser, game_type: str, seed: int
) -> None:
    seat = create_with_bot(rest, game_type, seed=seed)
    play_to_the_end(seat)
    score = rest.ok("GET", f"/v1/games/{seat.game_id}/score")
    explained = [entry for entry in score["rounds"] if entry["label"] != "bonus"][-1]["details"]["explanations"]
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    page.wait_for_selector("#summary")
    subtracted = 0
    for index, entry in enumerate(explained):
        lines = page.locator(f'.summary-seat[data-seat="{index}"] .summary-why li').all_inner_texts()
        assert not [line for line in lines if line.startswith("Hand points")], lines
        expected = f"Cards left in hand: -{entry['handPoints']}" if entry["handPoints"] else "Cards left in hand: 0"
        assert expected in lines, (expected, lines)
        subtracted += entry["handPoints"] > 0
    assert subtracted, "some seat lost points for cards left in hand"
    page.context.close()


# ----- a turn the clock played ------------------------------------------------------------------------------------
def test_a_turn_the_clock_played_is_said_in_view(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    created = rest.ok(
        "POST",
        "/v1/games",
        {"gameType": "house_rummy", "players": 2, "seed": 12, "clock": {"turnSeconds": 2},
         "seats": [{"name": "Mina"}, {"bot": "random", "name": "Random Bot"}]},
    )  # fmt: skip
    (mine,) = created["seats"]
    page = open_seat(browser, server.http_url, created["gameId"], mine["token"])
    page.wait_for_selector("#timed-out", timeout=30_000)
    notice = page.locator("#timed-out p").first
    assert notice.inner_text().startswith("Time ran out for Mina (you): the table played for you: ")
    version = int(notice.get_attribute("data-version") or -1)
    timed = [event for event in events_of(rest, created["gameId"], mine["token"]) if event["version"] == version]
    assert timed and all(event["timedOut"] for event in timed) and timed[0].get("seat", 0) == 0
    # The table re-renders the notice on every clock turn, so the measure retries rather than reading one node.
    assert page.evaluate("() => window.scrollY") == 0
    expect(page.locator("#timed-out")).to_be_in_viewport(ratio=1.0)
    shoot(page, "timed-out-turn-1280")
    page.context.close()


# ----- seat links ----------------------------------------------------------------------------------------------
def test_the_seat_links_never_show_a_token_and_copy_the_link(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    page, _recorder = open_page(browser, server.http_url)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.http_url)
    page.goto(server.http_url + "/")
    game_id, others = create_in_lobby(page, rest, "dracula", {"deals": "1"}, seed=8, bot_opponents=False)
    own = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{game_id}')).token")
    tokens = [own, others[0].token]
    shown = page.evaluate(
        """() => document.body.innerText + '\\n' +
             [...document.querySelectorAll('input, textarea')].map((field) => field.value).join('\\n')"""
    )
    assert not [token for token in tokens if token in shown], "no seat token as visible text or in a field"
    page.locator('a.seat-link[data-seat="1"] + button.copy').click()
    page.wait_for_function(
        "() => /^Copied: Seat link for Player 2\\.$/.test(document.getElementById('status').textContent)"
    )
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == page.get_attribute('a.seat-link[data-seat="1"]', "href")
    assert copied.endswith(f"#/play/{game_id}?seat={others[0].token}")
    page.context.close()


# ----- axe-core during the player's turn ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_type", ["dracula", "house_rummy", "rummy_battle", "draw_blood", "dragon_rummy"])
def test_axe_finds_no_serious_violation_during_the_players_turn(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path, game_type: str
) -> None:
    """With the label-in-name rule on (serious_violations enables it): the hand's card buttons are named by the
    words a player sees on them."""
    seat = create_with_bot(rest, game_type, seed=40, options={})
    for width in (1280, 390):
        page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=width)
        wait_for_my_moves(page)
        assert page.inner_text("#turn") == "Your turn."
        assert page.locator("#hand button.card").count() >= 1, "the hand's cards are buttons"
        assert serious_violations(page, axe_script) == []
        assert labels_missing_their_text(page) == []
        assert page.inner_text("#turn") == "Your turn.", "the scan ran during the player's turn"
        page.context.close()


def labels_missing_their_text(page: Page) -> list[list[str]]:
    """WCAG 2.5.3 (label in name) read strictly: every control with an aria-label has its visible text, the letters
    of a card's face included ("3♠♠3"), in that label. axe-core 4.10 leaves text in an aria-hidden picture out, so
    this check is the stricter one."""
    found: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('button[aria-label], a[aria-label]')]
             .map((node) => [node.getAttribute('aria-label'), node.innerText.replace(/\\s+/g, ' ').trim()])
             .filter(([label, text]) => text && !label.toLowerCase().includes(text.toLowerCase()))"""
    )
    return found

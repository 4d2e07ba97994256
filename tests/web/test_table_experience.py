"""What a player sees and does at the web table (issue 27), in headless Chromium against a real `cardengine serve`:
one move per click or Enter however fast they come, a seat taken again by its link in a fresh browser, the last
move marked after a bot's turn, each game's end-of-hand summary, no internal word on any table, special cards named
in text of 11 px or more, axe-core's scan, and screenshots of every game at 1280 and 390 px wide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request

from loadtests.server_process import ServerProcess
from tests.web.experience import (
    GAME_TYPES,
    assert_no_internal_words,
    counted_for_people,
    create_with_bot,
    install_axe,
    label_sizes,
    open_seat,
    play_to_the_end,
    serious_violations,
    shoot,
)
from tests.web.table import Rest, RestSeat, create_in_lobby, open_page


@pytest.fixture(scope="module")
def axe_script() -> Path:
    return install_axe()


@pytest.fixture(scope="module")
def finished(rest: Rest) -> dict[str, RestSeat]:
    """Each game played to its end (one hand) by the test's seat 0 against a random bot."""
    seats = {}
    for index, game_type in enumerate(GAME_TYPES):
        seat = create_with_bot(rest, game_type, seed=31 + index)
        play_to_the_end(seat)
        seats[game_type] = seat
    return seats


def moves_at_server(rest: Rest, game_id: str, after: int) -> list[int]:
    """The versions made after `after`, as the server's log has them."""
    events = rest.ok("GET", f"/v1/games/{game_id}/events?after={after}")["events"]
    return sorted({event["version"] for event in events})


def record_requests(page: Page) -> list[Request]:
    """Every request the page makes from now on."""
    requests: list[Request] = []

    def record(request: Request) -> None:
        requests.append(request)

    page.on("request", record)
    return requests


def wait_for_my_moves(page: Page) -> None:
    page.wait_for_selector("button.move:not([disabled])")


def test_a_double_click_and_a_double_enter_send_one_move(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    """House Rummy's draw leaves the same seat to act (a discard): the second click of a double-click, 150 ms later,
    lands on the next turn's buttons and must send nothing; so must a second Enter."""
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    game_id, _others = create_in_lobby(page, rest, "house_rummy", {}, seed=12, bot_opponents=False)
    posted: list[Request] = []
    page.on("request", lambda request: posted.append(request) if request.method == "POST" else None)

    wait_for_my_moves(page)
    before = rest.ok("GET", f"/v1/games/{game_id}")["version"]
    button = page.locator('button.move[data-notation="draw"]')
    box = button.bounding_box()
    assert box is not None
    x, y = box["x"] + 10, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)  # the first click's answer has redrawn the moves under the pointer by now
    page.wait_for_timeout(1500)
    assert moves_at_server(rest, game_id, before) == [before + 1], "one move for a double-click"
    assert rest.ok("GET", f"/v1/games/{game_id}")["version"] == before + 1
    assert len([request for request in posted if request.url.endswith("/moves")]) == 1

    # Now the discard prompt: Enter on a focused move, and Enter again 150 ms later.
    wait_for_my_moves(page)
    page.locator("button.move:not([disabled])").first.focus()
    middle = before + 1
    page.keyboard.press("Enter")
    page.wait_for_timeout(150)
    page.keyboard.press("Enter")
    page.wait_for_timeout(1500)
    versions = moves_at_server(rest, game_id, middle)
    assert versions[:1] == [middle + 1] and len([v for v in versions if v <= middle + 1]) == 1
    mine = [
        event
        for event in rest.ok("GET", f"/v1/games/{game_id}/events?after={middle}")["events"]
        if event.get("seat") == 0 and event["kind"] not in ("turn",)
    ]
    assert {event["version"] for event in mine} == {middle + 1}, "one move for a double Enter"
    assert len([request for request in posted if request.url.endswith("/moves")]) == 2
    page.context.close()


def test_a_seat_link_resumes_the_seat_in_a_fresh_browser_context(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    game_id, _others = create_in_lobby(page, rest, "dracula", {"deals": "1"}, seed=8, bot_opponents=False)
    own_link = page.get_attribute("a.own-seat-link", "href") or ""
    other_link = page.get_attribute('a.seat-link[data-seat="1"]', "href") or ""
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('cardengine.seat.{game_id}')).token")
    assert own_link.endswith(f"#/play/{game_id}?seat={token}")
    page.context.close()  # the tab, and the browser's storage with it, are gone

    base = own_link.partition("#")[0]
    by_hand = (f"{base}#/play/{game_id}/{token}", f"{base}#/play/{game_id}?token={token}")  # as people write them
    for link, seat, name in (
        (own_link, 0, "Mina"),
        (other_link, 1, "Player 2"),
        *((url, 0, "Mina") for url in by_hand),
    ):
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        fresh = context.new_page()
        requests = record_requests(fresh)
        fresh.goto(link)
        fresh.wait_for_selector("#my-seat")
        assert fresh.inner_text("#my-seat") == f"You play {name}"
        assert fresh.url.endswith(f"#/play/{game_id}"), "the token leaves the address bar"
        seat_token = token if link in by_hand else link.partition("?seat=")[2]
        hand = rest.ok("GET", f"/v1/games/{game_id}", token=seat_token)["view"]["hand"]
        assert [card.get_attribute("data-card") for card in fresh.locator("#hand .card").all()] == hand
        assert requests and all(seat_token not in request.url for request in requests), "no token in a URL"
        assert fresh.locator(f'#players li[data-seat="{seat}"] strong').inner_text().endswith("(you)")
        context.close()


def test_the_last_move_is_marked_after_a_bots_turn(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    seat = create_with_bot(rest, "dracula", seed=3, options={"deals": 1})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    for _turn in range(3):
        wait_for_my_moves(page)
        version = int(page.inner_text("#version"))
        page.locator("button.move:not([disabled])").first.click()
        page.wait_for_function(
            "(v) => Number(document.getElementById('last-move')?.dataset.version) > v + 0 && "
            "document.getElementById('last-move').dataset.seat === '1'",
            arg=version,
        )
        game = rest.ok("GET", f"/v1/games/{seat.game_id}", token=seat.token)
        last = game.get("lastMove") or {}
        marked = page.locator("#last-move")
        if game["version"] == int(marked.get_attribute("data-version") or -1) and last:
            assert last["seat"] == 1
            assert marked.inner_text() == f"Last move: {last['description']}"
        assert marked.inner_text().startswith("Last move: Random Bot ")
        if game["finished"]:
            break
    # The bot's card on the coffin is marked too.
    assert page.locator("#board .last-moved").count() >= 1 or rest.ok("GET", f"/v1/games/{seat.game_id}")["finished"]
    page.context.close()


def assert_the_log_keeps_its_place(page: Page) -> None:
    """A redraw of the table (here: the hand put in another order) leaves the log scrolled where the reader was."""
    scrolled = page.evaluate(
        """() => { const log = document.getElementById('event-log');
                   log.scrollTop = Math.min(60, log.scrollHeight - log.clientHeight); return log.scrollTop; }"""
    )
    page.select_option("#hand-order", "suit")
    page.wait_for_function("() => document.getElementById('hand-order').value === 'suit'")
    assert page.evaluate("() => document.getElementById('event-log').scrollTop") == scrolled
    page.select_option("#hand-order", "dealt")


def last_hand_details(score: dict[str, Any]) -> dict[str, Any]:
    rounds = [entry for entry in score["rounds"] if entry["label"] != "bonus"]
    details: dict[str, Any] = rounds[-1]["details"]
    return details


def points_of_the_last_hand(score: dict[str, Any]) -> list[int]:
    rounds = [entry for entry in score["rounds"] if entry["label"] != "bonus"]
    return list(rounds[-1]["points"])


def revealed_by_the_server(game_type: str, game: dict[str, Any], score: dict[str, Any]) -> Any:
    """What the server shows of the last hand's cards once it is over: Dracula's coffin (its nine cards, a1 to c3
    row by row), else the hands each seat still held."""
    rounds = [entry for entry in score["rounds"] if entry["label"] != "bonus"]
    details = rounds[-1]["details"]
    if game_type == "dracula":
        return [details["coffin"][column + row] for row in "123" for column in "abc"]
    for key in ("hands", "revealed"):
        if isinstance(details.get(key), list):
            return details[key]
    explained = details.get("explanations") or []
    if explained and all(isinstance(entry, dict) and isinstance(entry.get("hand"), list) for entry in explained):
        return [entry["hand"] for entry in explained]
    return game["view"].get("hands")


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_each_games_end_of_hand_summary_shows_every_seats_points_and_revealed_cards(
    server: ServerProcess, rest: Rest, browser: Browser, finished: dict[str, RestSeat], axe_script: Path, game_type: str
) -> None:
    seat = finished[game_type]
    game = seat.game()
    score = rest.ok("GET", f"/v1/games/{seat.game_id}/score", token=seat.token)
    for width in (1280, 390):
        page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=width)
        page.wait_for_selector("#summary")
        winners = [["Mina", "Random Bot"][index] for index in score["winners"]]
        top = page.locator("#summary-winner").inner_text()
        assert top == (f"Winner: {winners[0]}" if len(winners) == 1 else f"Winners: {' and '.join(winners)}").replace(
            "Mina", "Mina (you)"
        )
        points = points_of_the_last_hand(score)
        for index, expected in enumerate(points):
            shown = page.locator(f'.summary-seat[data-seat="{index}"] .summary-points').inner_text()
            assert shown == (f"{expected} point" if expected == 1 else f"{expected} points"), (index, shown)
            assert page.locator(f'.summary-seat[data-seat="{index}"] .summary-why li').count() >= 1
        revealed = revealed_by_the_server(game_type, game, score)
        if game_type == "dracula":
            assert [card.get_attribute("data-card") for card in page.locator(".summary-board [data-card]").all()] == (
                revealed
            )
        elif game_type == "dragon_rummy":  # no hand is revealed: the play areas' cards score, and are shown
            explained = last_hand_details(score)["explanations"]
            for index, entry in enumerate(explained):
                row = page.locator(f'.summary-seat[data-seat="{index}"] .summary-scored [data-card]')
                assert [card.get_attribute("data-card") for card in row.all()] == entry["cards"]
        else:
            assert revealed is not None, "the server reveals the hands left at the end"
            for index, cards in enumerate(revealed):
                row = page.locator(f'.summary-seat[data-seat="{index}"] .summary-cards [data-card]')
                assert [card.get_attribute("data-card") for card in row.all()] == cards
        assert_no_internal_words(page, seat.game_id, f"{game_type} at its end, {width} px")
        for text, size, height in label_sizes(page):
            assert size >= 11 and height >= 11, (text, size, height)
        if width == 1280:
            assert serious_violations(page, axe_script) == []
            assert_the_log_keeps_its_place(page)
        shoot(page, f"{game_type}-end-{width}")
        page.context.close()


@pytest.mark.parametrize("game_type", GAME_TYPES)
def test_every_games_table_reads_well_at_1280_and_390_px(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path, game_type: str
) -> None:
    seat = create_with_bot(rest, game_type, seed=40, options={})
    specials_seen = 0
    for width in (1280, 390):
        page = open_seat(browser, server.http_url, seat.game_id, seat.token, width=width)
        wait_for_my_moves(page)
        assert page.inner_text("#turn") == "Your turn."
        assert_no_internal_words(page, seat.game_id, f"{game_type}, {width} px")
        sizes = label_sizes(page)
        specials_seen += len(sizes)
        for text, size, height in sizes:
            assert size >= 11 and height >= 11, (text, size, height)
        if width == 390:
            # The turn banner, the hand and the first move on screen together, no sideways scrolling.
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
            for selector in ("#turn", "#hand", "button.move"):
                box = page.locator(selector).first.bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= 844, selector
        else:
            assert serious_violations(page, axe_script) == []
        shoot(page, f"{game_type}-table-{width}")
        page.context.close()
    if game_type == "dragon_rummy":
        assert specials_seen > 0, "every dragon is named in text"


def test_the_lobby_is_accessible_and_sets_a_turn_clock(
    server: ServerProcess, rest: Rest, browser: Browser, axe_script: Path
) -> None:
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    page.wait_for_selector("#create-form")
    assert serious_violations(page, axe_script) == []
    assert_no_internal_words(page, "", "the lobby")
    page.select_option("#game-type", "dracula")
    page.select_option("#seat-role-1", "bot:random")
    page.select_option("#turn-clock", "60")
    page.fill("#your-name", "Mina")
    page.click("#create")
    page.wait_for_selector("#game-id")
    game_id = page.inner_text("#game-id")
    assert rest.ok("GET", f"/v1/games/{game_id}")["clock"]["turnSeconds"] == 60
    page.wait_for_function(
        "() => /^ \u23f1 [01]:[0-9][0-9]$/.test(document.querySelector('.clock[data-seat]:not(:empty)')?.textContent)"
    )
    shoot(page, "lobby-clock-table-1280")
    page.goto(server.http_url + "/#/")
    page.wait_for_selector("#create-form")
    shoot(page, "lobby-1280")
    page.context.close()


def test_a_pile_selects_the_moves_that_use_it(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    seat = create_with_bot(rest, "house_rummy", seed=12, options={})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    wait_for_my_moves(page)
    page.locator('[data-key="pile-0"]').click()
    page.wait_for_selector("#move-filter")
    notations = [button.get_attribute("data-notation") or "" for button in page.locator("button.move").all()]
    moves = rest.ok("GET", f"/v1/games/{seat.game_id}/moves", token=seat.token)["moves"]
    assert notations == [move["notation"] for move in moves if move["args"].get("pile") == "0"]
    page.select_option("#hand-order", "rank")
    shown = [card.get_attribute("data-card") or "" for card in page.locator("#hand .card").all()]
    assert sorted(shown) == sorted(seat.hand()) and page.input_value("#hand-order") == "rank"
    page.context.close()


def test_the_other_players_moves_are_shown_one_by_one_at_the_chosen_pace(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    """House Rummy's bot draws and then discards: at the "slow" pace each of its moves is the table's last move for
    a moment, in order, before the page's moves take a click; with reduced motion nothing is animated."""
    seat = create_with_bot(rest, "house_rummy", seed=21, options={})
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.add_init_script("localStorage.setItem('cardengine.settings', JSON.stringify({pace: 'slow'}))")
    page.goto(f"{server.http_url}/#/play/{seat.game_id}?seat={seat.token}")
    wait_for_my_moves(page)
    page.evaluate(
        """() => { window.__shown = []; new MutationObserver(() => {
             const text = document.getElementById('last-move')?.textContent || '';
             if (text && text !== window.__shown.at(-1)) window.__shown.push(text);
           }).observe(document.getElementById('app'), { subtree: true, childList: true, characterData: true }); }"""
    )
    page.locator('button.move[data-notation="draw"]').click()
    page.wait_for_selector('button.move[data-kind="discard"]:not([disabled])')
    mine = int(page.inner_text("#version"))
    page.locator('button.move[data-kind="discard"]:not([disabled])').first.click()
    wait_for_my_moves(page)
    events = rest.ok("GET", f"/v1/games/{seat.game_id}/events?after={mine}", token=seat.token)["events"]
    bot_moves: dict[int, str] = {}
    for event in events:
        if event.get("seat") == 1 and event["kind"] != "turn":
            bot_moves.setdefault(event["version"], event["text"])
    expected = [f"Last move: {counted_for_people(text)}" for _version, text in sorted(bot_moves.items())][-4:]
    assert len(expected) >= 2, "the bot drew (or took) and discarded"
    shown: list[str] = page.evaluate("() => window.__shown")
    assert [text for text in shown if text in expected] == expected, shown
    assert page.evaluate("() => getComputedStyle(document.getElementById('last-move')).animationName") == "none"
    context.close()


def test_every_special_card_has_a_name_and_a_shape_of_its_own(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    """Within each game, no two special cards (the ten dragons included) share a shape and colour, so none is told
    apart by colour alone; a Joker in a run names the card it stands for, large on its face and in its label."""
    page, _recorder = open_page(browser, server.http_url)
    page.goto(server.http_url + "/")
    page.wait_for_selector("#create-form")
    looks: dict[str, list[list[str]]] = page.evaluate(
        """async () => {
             const { describeCard } = await import('./cards.js');
             const catalog = await (await fetch('/v1/game-types')).json();
             const looks = {};
             for (const type of catalog.gameTypes) {
               const cards = new Map(type.cards.map((card) => [card.code, card]));
               looks[type.id] = type.cards.filter((card) => !card.suit).map((card) => {
                 const info = describeCard(card.code, cards, type.id);
                 return [card.code, info.label, info.shape, info.color];
               });
             }
             return looks;
           }"""
    )
    for game_type, cards in looks.items():
        catalog = {card["code"]: card for card in rest.game_types()[game_type]["cards"]}
        for code, label, shape, _color in cards:
            assert label == catalog[code]["name"] and shape, (game_type, code, label, shape)
        pairs = [(shape, color) for _code, _label, shape, color in cards]
        assert len(set(pairs)) == len(pairs), (game_type, cards)
    dragons = looks["dragon_rummy"]
    assert len(dragons) == 10 and len({shape for _c, _l, shape, _k in dragons}) == 10
    assert len({color for _c, _l, _s, color in dragons}) == 10
    joker: list[str] = page.evaluate(
        """async () => {
             const { describeCard, cardFace } = await import('./cards.js');
             const catalog = await (await fetch('/v1/game-types')).json();
             const type = catalog.gameTypes.find((entry) => entry.id === 'rummy_battle');
             const info = describeCard('JK=7H', new Map(type.cards.map((card) => [card.code, card])), type.id);
             return [info.label, info.name, ...[...cardFace(info).querySelectorAll('text')].map((t) => t.textContent)];
           }"""
    )
    assert joker == ["Joker as 7\u2665", "Joker as 7 of Hearts", "7", "\u2665"]
    page.context.close()


def test_dracula_places_a_card_by_picking_it_and_then_its_cell(
    server: ServerProcess, rest: Rest, browser: Browser
) -> None:
    seat = create_with_bot(rest, "dracula", seed=3, options={"deals": 1})
    page = open_seat(browser, server.http_url, seat.game_id, seat.token)
    while True:
        wait_for_my_moves(page)
        if page.locator('button.move[data-kind="place"]').count():
            break
        assert page.inner_text(".move-note").startswith("Across (the Queen's way): you score the coffin's rows")
        page.locator("button.move:not([disabled])").first.click()  # the first dealer's declaration
        page.wait_for_timeout(200)
    before = seat.game()["version"]
    card = page.locator("#hand button.card.playable").first
    code = card.get_attribute("data-card") or ""
    card.click()
    cell = page.locator(".coffin button.cell.playable").first
    cell_name = cell.get_attribute("data-cell") or ""
    cell.click()  # no move button: the card and its cell make one move
    page.wait_for_function("(v) => Number(document.getElementById('version').textContent) > v", arg=before)
    placed = [
        event
        for event in rest.ok("GET", f"/v1/games/{seat.game_id}/events?after={before}")["events"]
        if event["kind"] == "placed" and event.get("seat") == 0
    ]
    assert [(event["data"]["card"], event["data"]["cell"]) for event in placed] == [(code, cell_name)]
    # Help: the rules in short and every special card's effect, also on the card itself on focus.
    page.locator("#help summary").click()
    assert page.locator("#help .rules li").count() >= 5
    assert page.locator("#help .specials dt").all_inner_texts() == ["Vampire"]
    page.context.close()


def test_an_invitation_link_takes_its_seat_once(server: ServerProcess, rest: Rest, browser: Browser) -> None:
    created = rest.ok(
        "POST",
        "/v1/games",
        {
            "gameType": "dracula",
            "players": 2,
            "seed": 4,
            "seats": [{"name": "Mina"}, {"name": "Ann"}],
            "inviteSeats": [1],
        },
    )
    (invitation,) = created["invitations"]
    link = f"{server.http_url}/#/play/{created['gameId']}?invite={invitation['code']}"
    page = browser.new_context().new_page()
    requests = record_requests(page)
    page.goto(link)
    page.wait_for_selector("#my-seat")
    assert page.inner_text("#my-seat") == "You play Ann"
    assert page.url.endswith(f"#/play/{created['gameId']}")
    assert all(invitation["code"] not in request.url for request in requests)
    own = page.get_attribute("a.own-seat-link", "href") or ""
    token = own.partition("?seat=")[2]
    assert rest.ok("GET", f"/v1/games/{created['gameId']}", token=token)["seat"] == 1
    page.context.close()

    again = browser.new_context().new_page()
    again.goto(link)
    again.wait_for_selector("[role=alert]")
    assert again.inner_text("[role=alert]") == "This invitation was already used, or belongs to no game here."
    again.context.close()

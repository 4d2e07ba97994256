"""Helpers of the table-experience tests (test_table_experience.py): games played to their end through REST, a seat
opened by its seat link, what a player sees (no raw key, no version), axe-core's scan, screenshots at two widths.

axe-core comes from npm (tests/web/package.json and its lock): the first scan installs it with `npm ci` into
.venv/web-tests/ (once per lock), and each scan injects its axe.min.js from there, so nothing is fetched while the
page runs.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import random
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from tests.web.table import ARTIFACTS, Rest, RestSeat

HERE = Path(__file__).resolve().parent
AXE_HOME = HERE.parents[1] / ".venv" / "web-tests"
AXE_SCRIPT = AXE_HOME / "node_modules" / "axe-core" / "axe.min.js"

# Options that end each game after one hand (or deal, or round), so a test reaches the end in seconds.
ONE_HAND = {
    "dracula": {"deals": 1},
    "dragon_rummy": {"target_score": 1},
    "draw_blood": {"max_hands": 1},
    "house_rummy": {"single_hand": True},
    "rummy_battle": {"rounds": 1},
}
GAME_TYPES = sorted(ONE_HAND)

# What no player may read on the table: a raw key (snake_case or camelCase word), a version number, transport
# words, a seat by its number, a raw boolean, a count in the wrong number.
RAW_KEY = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b")
FORBIDDEN = re.compile(
    r"\bversion\s*\d|\bv\d+\b|Live updates|stream with a ticket|\bticket\b|\bSeat \d|\b1 cards\b|\b1 points\b|"
    r"\b(?:true|false|null|undefined|NaN)\b|\bseed\b|\bsalt\b|SHA-256|\[object",
    re.IGNORECASE,
)


def create_with_bot(rest: Rest, game_type: str, seed: int, *, options: dict[str, Any] | None = None) -> RestSeat:
    """A two-seat game: seat 0 a person named Mina (the seat the test or its page plays), seat 1 a random bot."""
    created = rest.ok(
        "POST",
        "/v1/games",
        {
            "gameType": game_type,
            "players": 2,
            "seed": seed,
            "options": ONE_HAND[game_type] if options is None else options,
            "seats": [{"name": "Mina"}, {"bot": "random", "name": "Random Bot"}],
        },
    )
    (mine,) = [entry for entry in created["seats"] if entry.get("seat", 0) == 0]
    return RestSeat(rest, created["gameId"], 0, mine["token"], random.Random(seed))


def play_to_the_end(seat: RestSeat, seconds: float = 120.0) -> dict[str, Any]:
    """Plays the seat's random legal moves (the bot plays the other) until the match is over; the final game."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game = seat.game()
        if game["finished"]:
            return game
        if not seat.play_if_to_act():
            time.sleep(0.02)
    raise AssertionError(f"{seat.game_id} did not finish in {seconds} s")


def counted_for_people(text: str) -> str:
    """A House Rummy text as the table shows it: the server numbers its discard piles and groups from 0, the table
    (docs/web_table.md) from 1, as people count ("onto discard pile 0" -> "onto discard pile 1")."""
    return re.sub(r"\b([Gg]roup|[Pp]ile) (\d+)\b", lambda found: f"{found[1]} {int(found[2]) + 1}", text)


def seat_link(base_url: str, game_id: str, token: str) -> str:
    return f"{base_url}/#/play/{game_id}?seat={token}"


def open_seat(browser: Browser, base_url: str, game_id: str, token: str, *, width: int = 1280) -> Page:
    """A fresh browser context (nothing stored) that opens the seat by its link."""
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 600 else 844})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(seat_link(base_url, game_id, token))
    page.wait_for_selector("#my-seat")
    return page


def visible_text(page: Page, game_id: str, *, opened: bool = False) -> str:
    """The table's text as a player reads it (with the help and "Verify this deal" opened when `opened`); the game
    id (kept for tools in a visually hidden element) left out."""
    if opened:
        page.evaluate("() => document.querySelectorAll('details').forEach((details) => { details.open = true; })")
    text: str = page.evaluate("() => document.body.innerText")
    if opened:
        page.evaluate("() => document.querySelectorAll('details').forEach((details) => { details.open = false; })")
    return text.replace(game_id, "") if game_id else text


def assert_no_internal_words(page: Page, game_id: str, where: str) -> None:
    """No raw key anywhere (the help and the fairness panel included); no version, transport word, seat number or
    seed outside "Verify this deal", whose job is to show the seed."""
    opened = visible_text(page, game_id, opened=True)
    raw = sorted(set(RAW_KEY.findall(opened)))
    assert not raw, f"{where}: raw keys on the table: {raw}"
    broken = sorted(set(re.findall(r"\[object \w+\]|\bundefined\b|\bNaN\b", opened)))
    assert not broken, f"{where}: values not put in words: {broken}"
    closed = visible_text(page, game_id)
    forbidden = sorted({match.group(0) for match in FORBIDDEN.finditer(closed)})
    assert not forbidden, f"{where}: internal words on the table: {forbidden}"


def install_axe() -> Path:
    """axe-core's axe.min.js, installed by `npm ci` from tests/web's lock when missing or when the lock changed."""
    AXE_HOME.mkdir(parents=True, exist_ok=True)
    lock = (HERE / "package-lock.json").read_bytes()
    want = hashlib.sha256(lock).hexdigest()
    stamp = AXE_HOME / ".lock-sha256"
    with open(AXE_HOME / ".install.lock", "w") as guard:
        fcntl.flock(guard, fcntl.LOCK_EX)  # pytest workers share the folder
        if AXE_SCRIPT.exists() and stamp.exists() and stamp.read_text() == want:
            return AXE_SCRIPT
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(HERE / name, AXE_HOME / name)
        npm = shutil.which("npm")
        assert npm, "npm is needed to install axe-core for the accessibility scan (apt-get install npm)"
        subprocess.run(
            [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
            cwd=AXE_HOME,
            check=True,
            capture_output=True,
            timeout=300,
        )
        stamp.write_text(want)
    return AXE_SCRIPT


def serious_violations(page: Page, axe_script: Path) -> list[str]:
    """axe-core's serious and critical violations on the page as it is (WCAG 2.x A and AA rules, with the
    label-in-name rule, `label-content-name-mismatch`, that axe-core ships as experimental and so leaves off)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_script))
    results: dict[str, Any] = page.evaluate(
        """async () => await window.axe.run(document, {
             runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
             rules: { "label-content-name-mismatch": { enabled: true } },
             resultTypes: ["violations"] })"""
    )
    found = []
    for violation in results["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [node["target"] for node in violation["nodes"][:3]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {json.dumps(targets)}")
    return found


def label_sizes(page: Page) -> list[tuple[str, float, float]]:
    """Every special card's name on the page, and any text in a special card's picture: (text, font size in px,
    rendered height in px)."""
    sizes: list[list[Any]] = page.evaluate(
        """() => [...document.querySelectorAll('.card-label')].filter((label) => label.offsetParent !== null)
             .map((label) => [label.textContent, parseFloat(getComputedStyle(label).fontSize),
                              label.getBoundingClientRect().height])
           .concat([...document.querySelectorAll('.special svg text')].map((text) => {
             // Text drawn in a card's picture: its size on screen is the picture's scale times its font size.
             const svg = text.ownerSVGElement;
             const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
             const size = parseFloat(text.getAttribute('font-size')) * scale;
             return [text.textContent, size, text.getBoundingClientRect().height];
           }))"""
    )
    return [(str(text), float(size), float(height)) for text, size, height in sizes]


def shoot(page: Page, name: str) -> Path:
    """A full-page screenshot in tests/web/artifacts/ (committed: what each table looks like)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

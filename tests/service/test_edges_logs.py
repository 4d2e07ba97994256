"""Private moves never reach operator logs at INFO (issue 15 item 8): moves are logged by kind and version, their
text (``give 9D``, ``search 5C`` name hidden cards) only at DEBUG, for people's moves and bots' alike; the JSON
log formatter leaves secret fields out of every record above DEBUG, whichever logger wrote it."""

from __future__ import annotations

import logging
import time

import orjson
import pytest

from service.observability.logs import SECRET_FIELDS, JsonFormatter
from tests.service.conftest import LiveServer, live_server, make_store


def record(level: int, **fields: object) -> logging.LogRecord:
    entry = logging.LogRecord("cardengine.service", level, __file__, 1, "move applied", None, None)
    entry.__dict__.update(fields)
    return entry


def test_the_formatter_leaves_secrets_out_above_debug() -> None:
    formatter = JsonFormatter()
    fields = {"game_id": "g1", "version": 7, "kind": "give", "move": "give 9D", "token": "t0k3n", "cards": ["5C"]}
    shown = orjson.loads(formatter.format(record(logging.INFO, **fields)))
    assert {key: shown[key] for key in ("game_id", "version", "kind")} == {
        "game_id": "g1",
        "version": 7,
        "kind": "give",
    }
    assert not set(shown) & SECRET_FIELDS
    assert "9D" not in formatter.format(record(logging.WARNING, **fields))
    debug = orjson.loads(formatter.format(record(logging.DEBUG, **fields)))
    assert (debug["move"], debug["token"], debug["cards"]) == ("give 9D", "t0k3n", ["5C"])


def play_by_rest(live: LiveServer, moves: int) -> list[str]:
    """A dracula match played by two people over REST: the texts of the moves applied."""
    status, created = live.rest.post("/v1/games", {"gameType": "dracula", "players": 2, "seed": 11})
    assert status == 201, created
    game_id, tokens = created["gameId"], [seat["token"] for seat in created["seats"]]
    played = []
    version = 0
    for _ in range(moves):
        seat = live.rest.get(f"/v1/games/{game_id}")[1]["toAct"][0]
        status, legal = live.rest.get(f"/v1/games/{game_id}/moves", token=tokens[seat])
        move = legal["moves"][-1]["notation"]
        status, answer = live.rest.post(
            f"/v1/games/{game_id}/moves", {"move": move, "expectedVersion": version}, token=tokens[seat]
        )
        assert status == 200, answer
        version = answer["version"]
        played.append(move)
    return played


def bot_moves(caplog: pytest.LogCaptureFixture, live: LiveServer, minimum: int) -> None:
    """A bots-only match (random bots) played by the server's bot worker until ``minimum`` bot moves are logged."""
    body = {"gameType": "house_rummy", "seed": 5, "seats": [{"bot": "random"}, {"bot": "random"}]}
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if sum(entry.getMessage() == "bot move played" for entry in caplog.records) >= minimum:
            return
        time.sleep(0.05)
    raise AssertionError("the bot worker played too few moves")


def test_moves_are_logged_by_kind_at_info(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cardengine")
    with live_server(make_store("memory", request), "memory", bot_workers=1) as live:
        played = play_by_rest(live, 6)
        bot_moves(caplog, live, 10)
    formatter = JsonFormatter()
    lines = [formatter.format(entry) for entry in caplog.records]
    bots = [orjson.loads(line) for line in lines if '"bot move played"' in line]
    assert len(bots) >= 10
    assert all(isinstance(entry["kind"], str) and "move" not in entry for entry in bots)
    for entry in caplog.records:
        assert entry.levelno >= logging.INFO
        assert not hasattr(entry, "move"), entry.__dict__  # no INFO record carries a move's text at all
    texts = [move for move in played if " " in move]  # moves with arguments (cards, cells)
    assert texts
    assert not [line for line in lines for move in texts if move in line]


def test_move_texts_are_logged_at_debug(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cardengine")
    with live_server(make_store("memory", request), "memory", bot_workers=1) as live:
        played = play_by_rest(live, 2)
        bot_moves(caplog, live, 2)
    debug = [entry for entry in caplog.records if entry.levelno == logging.DEBUG and hasattr(entry, "move")]
    assert {entry.__dict__["move"] for entry in debug} >= set(played)
    assert any(entry.getMessage() == "bot move text" for entry in debug)

"""Every event a client receives validates against the JSON Schema its game type serves (GET
/v1/game-types/{id}/schemas), the service's own events included: matches of every game played over REST to the end,
some moves made by the service for a seat out of time, the seed revealed at the end, and a forfeit on time. An event
of the API (``{kind, seat, data, text, ...}``) is validated in the schemas' form: its ``kind``, ``seat`` (when it has
one) and ``text`` beside its data. Over the memory store only: the events are the same bytes on Redis (the store
contract and the end-to-end matches on Redis cover the way there and back)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import engine
from tests.service.conftest import LiveServer

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
TIMEOUT_EVERY = 3  # every third move is made by the service, as for a seat whose turn clock ran out


def schema_form(event: dict[str, Any]) -> dict[str, Any]:
    """An API event in the form the schemas describe: kind, seat and text beside the data."""
    shown = {"kind": event["kind"], "text": event["text"], **event["data"]}
    if "seat" in event:
        shown["seat"] = event["seat"]
    return shown


def validator(schemas: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**schema, "$defs": schemas["defs"]})


def all_events(live: LiveServer, game_id: str, token: str | None) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    path = f"/v1/games/{game_id}/events?pageSize=1000"
    while True:
        status, page = live.rest.get(path, token)
        assert status == 200, page
        events.extend(page["events"])
        if not page["nextPageToken"]:
            return events
        path = f"/v1/games/{game_id}/events?pageSize=1000&pageToken={page['nextPageToken']}"


def check_events(live: LiveServer, schemas: dict[str, Any], game_id: str, tokens: list[str | None]) -> set[str]:
    """Validates every event of the game as each token's holder sees it; returns the kinds seen."""
    kinds: set[str] = set()
    for token in tokens:
        for event in all_events(live, game_id, token):
            schema = schemas["events"].get(event["kind"])
            assert schema is not None, f"event kind {event['kind']} has no schema"
            errors = [error.message for error in validator(schemas, schema).iter_errors(schema_form(event))]
            assert not errors, f"{event} does not match its schema: {errors}"
            kinds.add(event["kind"])
    return kinds


def play_to_the_end(live: LiveServer, game_id: str, tokens: list[str], seed: int) -> int:
    """Random legal moves over REST, every ``TIMEOUT_EVERY``-th one made by the service for the seat to act (the
    clock sweeper's write path, ``Moves.commit_move`` with ``timed_out``). Returns the timed-out moves."""
    service = live.server.service
    rng = random.Random(seed)
    timed_out = 0
    for step in range(5000):
        status, game = live.rest.get(f"/v1/games/{game_id}")
        assert status == 200, game
        if game["finished"]:
            return timed_out
        seat = rng.choice(game["toAct"])
        if step % TIMEOUT_EVERY == TIMEOUT_EVERY - 1:
            stored, meta = service.games.load(game_id)
            move = engine.get_game(meta.game_type).timeout_move(service.games.state_of(stored), seat)
            service.moves.commit_move(stored, meta, seat, move.notation, omit_view=True, timed_out=True)
            timed_out += 1
            continue
        status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
        assert status == 200, legal
        body = {"move": rng.choice(legal["moves"])["notation"], "expectedVersion": legal["version"]}
        status, moved = live.rest.post(f"/v1/games/{game_id}/moves", body, tokens[seat])
        assert status == 200, moved
    raise AssertionError(f"{game_id} did not end")


pytestmark = pytest.mark.parametrize("store_kind", ["memory"])


@pytest.mark.parametrize("game_type", sorted(game.id for game in engine.all_games()))
def test_every_event_of_a_match_validates_against_the_served_schemas(live: LiveServer, game_type: str) -> None:
    game = engine.get_game(game_type)
    status, schemas = live.rest.get(f"/v1/game-types/{game_type}/schemas")
    assert status == 200
    players = game.default_players
    body = {
        "gameType": game_type,
        "players": players,
        "seed": 5,
        "options": dict(game.playout_options),
        "seats": [{"name": name} for name in NAMES[:players]],
    }
    status, created = live.rest.post("/v1/games", body)
    assert status == 201, created
    game_id, tokens = created["gameId"], [seat["token"] for seat in created["seats"]]
    assert play_to_the_end(live, game_id, tokens, seed=5) > 0
    kinds = check_events(live, schemas, game_id, [None, *tokens])
    assert {"seed_revealed", "match_finished"} <= kinds
    for token in [None, *tokens]:
        view = live.rest.get(f"/v1/games/{game_id}", token)[1]["view"]
        assert not list(validator(schemas, schemas["view"]).iter_errors(view))
    score = live.rest.get(f"/v1/games/{game_id}/score")[1]
    sheet = {key: score[key] for key in ("totals", "rounds", "finished", "winners", "details")}
    assert not list(validator(schemas, schemas["score"]).iter_errors(sheet))


def test_a_forfeit_and_the_seed_revealed_validate_against_the_served_schemas(live: LiveServer) -> None:
    status, schemas = live.rest.get("/v1/game-types/dracula/schemas")
    assert status == 200
    body = {"gameType": "dracula", "players": 2, "clock": {"turnSeconds": 1, "onTimeout": "forfeit"}}
    status, created = live.rest.post("/v1/games", body)  # a server seed: the reveal carries a salt
    assert status == 201, created
    game_id = created["gameId"]
    end = time.monotonic() + 30
    while not live.rest.get(f"/v1/games/{game_id}")[1]["finished"]:  # the clock sweeper forfeits seat 0
        assert time.monotonic() < end, "no forfeit"
        time.sleep(0.1)
    assert check_events(live, schemas, game_id, [None, created["seats"][1]["token"]]) >= {"forfeited", "seed_revealed"}
    revealed = [event for event in all_events(live, game_id, None) if event["kind"] == "seed_revealed"]
    assert [event["data"]["seedSource"] for event in revealed] == ["server"]

"""Provably fair deals (issue 16): the seed commitment in every game header, the seed and salt kept secret until the
end and revealed then (score, a public event, the record), and ``cardengine verify`` accepting an honest match and
rejecting one whose move log, seed or salt was altered. Real servers on port 0, embedded store and Redis."""

from __future__ import annotations

import hashlib
import logging
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb

import engine
from service.cli import commands as cli
from service.core.fairness import verify_record
from service.core.game_service import GameService
from service.storage.store import MemoryStore
from tests.service.conftest import LiveServer, live_server
from tests.service.test_end_to_end import small_options

HEX64 = re.compile(r"^[0-9a-f]{64}$")


def create(live: LiveServer, **body: Any) -> tuple[str, dict[int, str], dict[str, Any]]:
    status, created = live.rest.post(
        "/v1/games", {"gameType": "dracula", "players": 2, "options": {"deals": 1}, **body}
    )
    assert status == 201, created
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    return created["gameId"], tokens, created["game"]


def play_to_end(
    live: LiveServer, game_id: str, tokens: dict[int, str], seen: list[bytes], *, observe: bool = True
) -> list[list[str]]:
    """Plays the first legal move until the match ends; with ``observe``, every answer read while it is not over
    goes into ``seen`` (views, events and scores of every seat and of a spectator, the refused record). Returns the
    legal notations at each version."""
    legal_by_version: list[list[str]] = []
    while True:
        status, game = live.rest.get(f"/v1/games/{game_id}")
        if game["finished"]:
            return legal_by_version
        for token in (None, *tokens.values()) if observe else ():
            for path in (f"/v1/games/{game_id}", f"/v1/games/{game_id}/events", f"/v1/games/{game_id}/score"):
                status, body = live.rest.get(path, token)
                assert status == 200, body
                seen.append(orjson.dumps(body))
        status, record = live.rest.get(f"/v1/games/{game_id}/record")
        assert status == 422 and record["error"]["code"] == "game/not_finished", record
        seen.append(orjson.dumps(record))
        seat = game["toAct"][0]
        status, legal = live.rest.get(f"/v1/games/{game_id}/moves", tokens[seat])
        notations = [move["notation"] for move in legal["moves"]]
        legal_by_version.append(notations)
        status, applied = live.rest.post(
            f"/v1/games/{game_id}/moves", {"move": notations[0], "expectedVersion": legal["version"]}, tokens[seat]
        )
        assert status == 200, applied
        if not applied["game"]["finished"]:
            seen.append(orjson.dumps(applied))


def commitment_of(seed: str, salt: str) -> str:
    return hashlib.sha256(int(seed).to_bytes(8, "big") + bytes.fromhex(salt)).hexdigest()


def test_commitment_is_stable_secrets_stay_hidden_until_the_end_then_are_revealed(
    live: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)  # every log line of the service, each move's included
    game_id, tokens, header = create(live)
    commitment = header["seedCommitment"]
    assert HEX64.match(commitment) and header["seedSource"] == "server"
    for token in (None, *tokens.values()):  # the same for every caller and every call, over REST and gRPC
        status, game = live.rest.get(f"/v1/games/{game_id}", token)
        assert (game["seedCommitment"], game["seedSource"]) == (commitment, "server")
    grpc_game = live.grpc._call(live.grpc._stub.GetGame, pb.GetGameRequest(game_id=game_id))
    assert (grpc_game.seed_commitment, grpc_game.seed_source) == (commitment, "server")
    early = live.grpc._call(live.grpc._stub.GetScore, pb.GetScoreRequest(game_id=game_id))
    assert early.fairness == pb.Fairness(seed_source="server", seed_commitment=commitment)

    seen: list[bytes] = []
    play_to_end(live, game_id, tokens, seen)
    logged = [repr(record.__dict__).encode() for record in caplog.records]

    status, score = live.rest.get(f"/v1/games/{game_id}/score")
    fairness = score["fairness"]
    assert fairness["revealed"] is True and fairness["seedSource"] == "server"
    assert fairness["seedCommitment"] == commitment == commitment_of(fairness["seed"], fairness["salt"])
    seed, salt = fairness["seed"], fairness["salt"]
    assert HEX64.match(salt) and seed.isdigit()
    final = live.grpc._call(live.grpc._stub.GetScore, pb.GetScoreRequest(game_id=game_id))
    assert (final.fairness.seed, final.fairness.salt, final.fairness.revealed) == (seed, salt, True)
    # Before the end neither the seed nor the salt was in any answer of any seat (nor in the refused record).
    assert len(seen) > 50 and len(logged) > 10
    for body in seen:
        assert salt.encode() not in body and f'"{seed}"'.encode() not in body and f":{seed}".encode() not in body
    for line in logged:  # nor in any log line (its message and fields)
        assert salt.encode() not in line and (len(seed) < 8 or seed.encode() not in line)
    # The reveal is the last event of the match, the same for every seat and a spectator (REST and gRPC).
    for token in (None, *tokens.values()):
        status, events = live.rest.get(f"/v1/games/{game_id}/events", token)
        assert status == 200, events
        last = events["events"][-1]
        assert last["kind"] == "seed_revealed" and "seat" not in last
        assert last["data"] == {"seedSource": "server", "seedCommitment": commitment, "seed": seed, "salt": salt}
        assert [event["kind"] for event in events["events"]].count("seed_revealed") == 1
    grpc_events = live.grpc._call(live.grpc._stub.GetEvents, pb.GetEventsRequest(game_id=game_id))
    assert grpc_events.events[-1].kind == "seed_revealed" and grpc_events.events[-1].data["salt"] == salt


def verify(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = cli.main(["verify", *argv])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture
def finished_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, Any], list[list[str]]]:
    """An honest finished match (embedded store), verified by the command against the live server, and its
    record as saved by ``--save``; with the legal notations at each version."""
    with live_server(MemoryStore(), "memory") as live:
        game_id, tokens, _ = create(live)
        legal = play_to_end(live, game_id, tokens, [])
        saved = tmp_path / "export.json"
        code, output = verify(
            [game_id, "--url", f"http://127.0.0.1:{live.server.http_port}", "--save", str(saved)], capsys
        )
        assert code == 0, output
        assert f"game {game_id} ({len(legal)} moves, seed source server): verified" in output
        assert "commitment" in output and "public events" in output and "final score" in output
        # A player also checks its own log, its hidden cards included, against the replay.
        url = f"http://127.0.0.1:{live.server.http_port}"
        code, output = verify([game_id, "--url", url, f"--token={tokens[1]}"], capsys)  # a token may start with -
        assert code == 0, output
        assert re.search(r"all \d+ events of seat 1's own log \(its hidden cards too\) equal the replay's", output)
    record: dict[str, Any] = orjson.loads(saved.read_bytes())
    return record, legal


def verify_file(record: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "altered.json"
    path.write_bytes(orjson.dumps(record))
    return verify(["--file", str(path)], capsys)


def test_verify_accepts_the_saved_record_offline(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, legal = finished_record
    assert record["format"] == "cardengine.record/1" and record["seedSource"] == "server"
    assert [move["version"] for move in record["moves"]] == list(range(1, len(legal) + 1))
    assert [move["move"] for move in record["moves"]] == [notations[0] for notations in legal]
    assert record["events"][-1]["kind"] == "seed_revealed"
    code, output = verify_file(record, tmp_path, capsys)
    assert code == 0 and "verified" in output and "NOT" not in output


def test_verify_rejects_an_altered_move(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, legal = finished_record
    other = legal[0][1]  # another legal first move than the one played
    record["moves"][0]["move"] = other
    code, output = verify_file(record, tmp_path, capsys)
    assert code == 1 and "NOT verified" in output
    assert f"version 1, move 1 (seat {record['moves'][0]['seat']}: '{other}')" in output


def test_verify_rejects_an_altered_seed(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = finished_record
    record["seed"] = str((int(record["seed"]) + 1) % 2**64)
    code, output = verify_file(record, tmp_path, capsys)
    assert code == 1 and "the commitment does not match" in output and f"revealed seed {record['seed']} " in output


def test_verify_rejects_an_altered_salt(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = finished_record
    salt = record["salt"]
    record["salt"] = ("0" if salt[0] != "0" else "1") + salt[1:]
    code, output = verify_file(record, tmp_path, capsys)
    assert code == 1 and "the commitment does not match" in output
    # Only the salt changed: the replay from the (true) seed still agrees with every event and the score.
    assert "public event" not in output and "final score" not in output


def test_verify_rejects_an_altered_public_event(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = finished_record
    record["events"][0]["text"] += " (edited)"
    code, output = verify_file(record, tmp_path, capsys)
    assert code == 1 and "public event 0 (version 0, the deal) differs" in output


def test_a_forged_salt_passes_the_record_alone_but_not_the_commitment_seen_at_creation(
    finished_record: tuple[dict[str, Any], list[list[str]]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = finished_record
    seen = record["seedCommitment"]  # what CreateGame showed the players (the record is honest so far)
    path = tmp_path / "honest.json"
    path.write_bytes(orjson.dumps(record))
    code, output = verify(["--file", str(path), "--commitment", seen.upper()], capsys)
    assert code == 0, output
    assert f"the record's commitment is the one seen at creation ({seen})" in output
    # The forger: a new salt, the commitment recomputed, the reveal event rewritten to match.
    salt = "ab" * 32
    forged = commitment_of(record["seed"], salt)
    record["salt"], record["seedCommitment"] = salt, forged
    record["events"][-1]["data"].update({"salt": salt, "seedCommitment": forged})
    assert verify_file(record, tmp_path, capsys)[0] == 0  # the record alone cannot tell
    code, output = verify(["--file", str(tmp_path / "altered.json"), "--commitment", seen], capsys)
    assert code == 1 and "NOT verified" in output
    assert f"the record's commitment '{forged}' is not the one seen at creation ({seen})" in output
    code, output = verify(["--file", str(path), "--commitment", "xyz"], capsys)
    assert code == 2 and "--commitment is a SHA-256 in hex (64 characters)" in output


def test_a_client_seed_says_so_and_claims_no_commitment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with live_server(MemoryStore(), "memory") as live:
        game_id, tokens, header = create(live, seed="42")
        assert (header["seedSource"], header["seedCommitment"]) == ("client", "")
        status, score = live.rest.get(f"/v1/games/{game_id}/score")
        assert score["fairness"] == {
            "seedSource": "client",
            "seedCommitment": "",
            "revealed": False,
            "seed": "",
            "salt": "",
        }
        play_to_end(live, game_id, tokens, [])
        status, score = live.rest.get(f"/v1/games/{game_id}/score")
        assert status == 200, score
        assert score["fairness"] == {
            "seedSource": "client",
            "seedCommitment": "",
            "revealed": True,
            "seed": "42",
            "salt": "",
        }
        code, output = verify([game_id, "--url", f"http://127.0.0.1:{live.server.http_port}"], capsys)
        assert code == 0 and "the client chose the seed: no commitment to check" in output


def test_a_keyed_create_commits_to_its_derived_seed_and_a_retry_shows_the_same_commitment() -> None:
    with live_server(MemoryStore(), "memory") as live:
        first = create(live, requestId="fair-1")
        again = create(live, requestId="fair-1")
        other = create(live, requestId="fair-2")
    assert first[0] == again[0] and first[2]["seedSource"] == "server"
    assert first[2]["seedCommitment"] == again[2]["seedCommitment"] != other[2]["seedCommitment"]
    assert HEX64.match(first[2]["seedCommitment"])


def test_verify_cannot_read_an_unfinished_game(capsys: pytest.CaptureFixture[str]) -> None:
    with live_server(MemoryStore(), "memory") as live:
        game_id, _, _ = create(live)
        code, output = verify([game_id, "--url", f"http://127.0.0.1:{live.server.http_port}"], capsys)
    assert code == 2 and "422" in output and "game/not_finished" in output


def test_verify_accepts_a_match_kept_in_redis(live_redis: LiveServer, capsys: pytest.CaptureFixture[str]) -> None:
    """The record is read from the store's log: on Redis as in memory (a 4-player Dracula, another deal)."""
    status, created = live_redis.rest.post("/v1/games", {"gameType": "dracula", "players": 4, "options": {"deals": 1}})
    assert status == 201, created
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    legal = play_to_end(live_redis, created["gameId"], tokens, [], observe=False)
    code, output = verify([created["gameId"], "--url", f"http://127.0.0.1:{live_redis.server.http_port}"], capsys)
    assert code == 0, output
    assert f"({len(legal)} moves, seed source server): verified" in output


@pytest.mark.parametrize("game_id", [game.id for game in engine.all_games()])
def test_an_honest_match_of_every_game_verifies(game_id: str) -> None:
    """Through the core on the embedded store (the events the service shows, e.g. a seat in an event's data, are
    exactly what the replay rebuilds), for every game with its short options; then a changed last move fails."""
    service = GameService(MemoryStore())
    game = engine.get_game(game_id)
    players = game.supported_player_counts()[0]
    created = service.creation.create_game(game_id, players, None, small_options(game, players))
    tokens = {seat.seat: seat.token for seat in created.seats}
    view = created.game
    while not view.finished:
        seat = view.to_act[0]
        legal = service.reads.legal_moves(created.game_id, tokens[seat])
        view = service.moves.apply_move(created.game_id, tokens[seat], legal.moves[0].notation, legal.version).game
    record = service.reads.record(created.game_id)
    verdict = verify_record(record)
    assert verdict.ok, verdict.summary()
    assert verdict.moves == view.version >= 3, "a match of a few moves at least"
    assert record["events"][-1]["kind"] == "seed_revealed" and record["seedSource"] == "server"
    record["moves"][-1]["move"] = "pass" if record["moves"][-1]["move"] != "pass" else "draw"
    assert not verify_record(record).ok

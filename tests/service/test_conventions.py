"""The API's conventions (issue 28): one code per condition, every documented code in the error table of
service/core/errors.py and the other way round; 405 with Allow; google.rpc.RetryInfo on RESOURCE_EXHAUSTED; a
catalog ETag that is the same in every process."""

from __future__ import annotations

import gzip
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from google.rpc import error_details_pb2, status_pb2

import engine.errors
from service.access.limits import LimitSettings
from service.core import errors
from tests.service.access import ALICE, keys_file, rest
from tests.service.conftest import LiveServer, live_server, make_store, raw_request

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"`([a-z_]+/[a-z_0-9]+)`")
MEDIA_TYPES = ("application/", "text/", "image/", "font/", "audio/", "video/")


def documented_codes() -> set[str]:
    """The codes of the last column of docs/api.md's error table."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text[text.index("## Errors") :]
    section = section[: section.index("\n## ", 3)]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| case")]
    return {code for row in rows for code in CODE.findall(row.rstrip(" |").rsplit("|", 1)[-1])}


def test_every_documented_code_is_in_the_error_table_and_the_other_way_round() -> None:
    documented = documented_codes()
    assert len(documented) > 40
    assert documented - set(errors.CODES) == set(), "documented, not in errors.CODES"
    assert set(errors.CODES) - documented == set(), "in errors.CODES, not documented"


def test_every_code_the_service_and_the_engine_raise_is_in_the_error_table() -> None:
    """Every code literal in service/ (and the engine's general codes) is a code of the table: no condition answers
    a code the table and the documentation do not know."""
    found: set[str] = set()
    for path in (ROOT / "service").rglob("*.py"):
        if "generated" in path.parts or "cli" in path.parts:  # the commands' own strings are no API answers
            continue
        for literal in re.findall(r'"([a-z_]+/[a-z_]+)"', path.read_text(encoding="utf-8")):
            if not literal.startswith(MEDIA_TYPES):
                found.add(literal)
    found |= {"limit/key_rate", "limit/address_rate"}  # f"limit/{scope}_rate"
    engine_codes = {
        value.code
        for value in vars(engine.errors).values()
        if isinstance(value, type) and issubclass(value, engine.errors.EngineError) and "code" in vars(value)
    }
    assert "game/unknown" in engine_codes
    assert found - set(errors.CODES) == set()
    assert engine_codes - set(errors.CODES) == {"replay/failed"}  # the replay command's own, never an API answer


@pytest.fixture
def keyed(store_kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    limits = LimitSettings(key_rate=0.1, key_burst=1)
    store = make_store(store_kind, request)
    with live_server(store, store_kind, api_keys_file=keys_file(tmp_path), limits=limits) as running:
        yield running


def test_an_unknown_game_type_is_one_code_on_create_and_on_its_schemas(live: LiveServer) -> None:
    created = rest(live, "POST", "/v1/games", body={"gameType": "chess"})
    schemas = rest(live, "GET", "/v1/game-types/chess/schemas")
    assert (created.status, created.json()["error"]["code"]) == (400, "game/unknown")
    assert (schemas.status, schemas.json()["error"]["code"]) == (404, "game/unknown")


def test_a_method_a_path_does_not_have_is_405_with_allow(live: LiveServer) -> None:
    answer = raw_request(live.rest.port, "PUT", "/v1/games/abc")
    assert answer.status == 405
    assert answer.headers["Allow"] == "DELETE, GET, HEAD, OPTIONS"
    error = answer.json()["error"]
    assert (error["code"], error["status"]) == ("method/not_allowed", "UNIMPLEMENTED")
    assert error["message"] == "PUT is not a method of this path; it takes DELETE, GET, HEAD, OPTIONS."
    catalog = raw_request(live.rest.port, "POST", "/v1/game-types")
    assert (catalog.status, catalog.headers["Allow"]) == (405, "GET, HEAD, OPTIONS")


def test_resource_exhausted_carries_retry_info(keyed: LiveServer) -> None:
    channel = grpc.insecure_channel(f"127.0.0.1:{keyed.server.grpc_port}")
    stub = pb_grpc.GameEngineStub(channel)
    try:
        stub.ListGameTypes(pb.ListGameTypesRequest(), metadata=(("x-api-key", ALICE),), timeout=30)
        with pytest.raises(grpc.RpcError) as raised:
            stub.ListGameTypes(pb.ListGameTypesRequest(), metadata=(("x-api-key", ALICE),), timeout=30)
    finally:
        channel.close()
    error = raised.value
    assert isinstance(error, grpc.Call) and error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    trailers = dict(error.trailing_metadata() or ())
    rich = status_pb2.Status.FromString(trailers["grpc-status-details-bin"])
    infos = [detail for detail in rich.details if detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR)]
    assert len(infos) == 1
    retry = error_details_pb2.RetryInfo()
    infos[0].Unpack(retry)
    assert 1 <= retry.retry_delay.seconds <= 10 and str(retry.retry_delay.seconds) == trailers["retry-after"]


def test_the_catalog_etag_is_the_same_in_every_process(live: LiveServer) -> None:
    """Processes with other hash seeds (other set orders) build the same body and ETag as the live server."""
    script = (
        "from service.core.game_service import GameService\n"
        "from service.storage.store import MemoryStore\n"
        "from service.edges.rest_routes import catalog_body\n"
        "print(catalog_body(GameService(MemoryStore()))[1])\n"
    )
    tags = set()
    for seed in ("1", "2", "3"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        tags.add(done.stdout.strip())
    served = raw_request(live.rest.port, "GET", "/v1/game-types")
    assert tags == {served.headers["ETag"].strip('"')}
    again = raw_request(live.rest.port, "GET", "/v1/game-types", {"If-None-Match": served.headers["ETag"]})
    assert (again.status, again.body) == (304, b"")


def test_limited_routes_answer_ratelimit_headers(
    store_kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A key's bucket of 3 refilled at 1 a second: RateLimit-Policy names it; RateLimit counts the tokens left down
    to 0, then the 429 says 0 left too; a request no limit applies to (no key, no address rate) has neither."""
    limits = LimitSettings(key_rate=1.0, key_burst=3)
    store = make_store(store_kind, request)
    with live_server(store, store_kind, api_keys_file=keys_file(tmp_path), limits=limits) as live:
        answers = [raw_request(live.rest.port, "GET", "/v1/game-types", {"x-api-key": ALICE}) for _ in range(4)]
        created = rest(live, "POST", "/v1/games", key=ALICE, body={"gameType": "dracula"})
        spectator = raw_request(live.rest.port, "GET", "/healthz")
    assert [answer.status for answer in answers] == [200, 200, 200, 429]
    assert {answer.headers["RateLimit-Policy"] for answer in answers} == {'"key";q=3;w=3'}
    remaining = [answer.headers["RateLimit"].split(";")[1] for answer in answers]
    assert remaining[0] == "r=2" and remaining[3] == "r=0"
    assert remaining[1] in ("r=1", "r=2") and remaining[2] in ("r=0", "r=1")  # a token may come back meanwhile
    assert answers[3].headers["RateLimit"] == f'"key";r=0;t={answers[3].headers["Retry-After"]}'
    assert created.headers["RateLimit-Policy"] == '"key";q=3;w=3'
    assert "RateLimit" not in spectator.headers and "RateLimit-Policy" not in spectator.headers


def test_large_json_answers_are_gzip_compressed_when_accepted(live: LiveServer) -> None:
    plain = raw_request(live.rest.port, "GET", "/v1/game-types")
    packed = raw_request(live.rest.port, "GET", "/v1/game-types", {"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers and plain.headers["Vary"] == "Accept-Encoding"
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.body) == plain.body and len(packed.body) * 5 < len(plain.body)
    assert packed.headers["ETag"] == f"W/{plain.headers['ETag']}"
    again = raw_request(
        live.rest.port, "GET", "/v1/game-types", {"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]}
    )
    assert (again.status, again.body) == (304, b"")
    refused = raw_request(live.rest.port, "GET", "/v1/game-types", {"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers and refused.body == plain.body
    small = raw_request(live.rest.port, "GET", "/readyz", {"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers and small.body == b'{"status":"ready"}'

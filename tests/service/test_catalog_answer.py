"""The catalog's answers are made once per process and served as they are: GET /v1/game-types with an ETag
(If-None-Match: 304 with no body) and ``Cache-Control: no-cache``; gRPC ListGameTypes with the same bytes on every
call, parsing to the message built from the catalog."""

from __future__ import annotations

import http.client

import grpc
import orjson
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc
from google.protobuf import json_format

from service.edges import convert
from tests.service.conftest import LiveServer
from tests.service.protobuf_json import to_dict


def get(port: int, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/v1/game-types", headers=headers)
        response = connection.getresponse()
        return response.status, {key.lower(): value for key, value in response.getheaders()}, response.read()
    finally:
        connection.close()


def test_rest_catalog_has_an_etag_and_revalidates_to_304(live: LiveServer) -> None:
    port = live.server.http_port
    status, headers, body = get(port, {})
    assert status == 200 and headers["content-type"] == "application/json" and headers["cache-control"] == "no-cache"
    service = live.server.service
    built = convert.catalog_message(service.catalog.list_game_types(), service.catalog.bot_kinds())
    assert orjson.loads(body) == to_dict(built)
    etag = headers["etag"]
    again = get(port, {})
    assert (again[0], again[1]["etag"], again[2]) == (200, etag, body)  # the same bytes again
    status, revalidated, empty = get(port, {"If-None-Match": etag})
    assert (status, empty) == (304, b"") and revalidated["etag"] == etag
    assert get(port, {"If-None-Match": '"another-tag"'})[::2] == (200, body)


def test_grpc_catalog_is_the_same_bytes_each_call_and_the_catalog_message(live: LiveServer) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        call = channel.unary_unary(
            "/cardengine.v1.GameEngine/ListGameTypes",
            request_serializer=pb.ListGameTypesRequest.SerializeToString,
            response_deserializer=None,  # the raw bytes
        )
        first = call(pb.ListGameTypesRequest(), timeout=30)
        second = call(pb.ListGameTypesRequest(), timeout=30)
        typed = pb_grpc.GameEngineStub(channel).ListGameTypes(pb.ListGameTypesRequest(), timeout=30)
    assert first == second
    catalog = live.server.service.catalog
    built = convert.catalog_message(catalog.list_game_types(), catalog.bot_kinds())
    assert pb.ListGameTypesResponse.FromString(first) == built == typed
    assert json_format.MessageToDict(typed)["gameTypes"][0]["id"] == built.game_types[0].id

"""REST bodies read with their plain fields set directly (``rest_requests.set_plain_fields``) give the same message,
or the same error answer byte for byte, as protobuf's ``ParseDict`` reading every body, for every request message of
the API and values of every JSON type (nulls, floats, numbers out of range, proto names beside JSON names)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import orjson
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf.message import Message

from service.core import errors
from service.edges import rest_requests

VALUES: list[object] = [None, True, False, 0, 1, -1, 1.0, 1.5, "", "x", "5", " 5", "é😀", [], [1], {}, {"a": 1}]
VALUES += [2**31 - 1, 2**31, -(2**31) - 1, 2**32 - 1, 2**32, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30]
REQUESTS = sorted(name for name in dir(pb) if name.endswith("Request"))
RAW = [b"", b" ", b"null", b"[]", b"1", b"{", b"\xff", b'{"move": "\\ud800"}', b'{"move": "a", "move": "b"}']


def outcome(raw: bytes, message: Message, path_fields: tuple[str, ...]) -> tuple[object, ...]:
    try:
        parsed = rest_requests.parse_json(raw, message, path_fields=path_fields)
    except errors.ServiceError as error:
        return ("refused", orjson.dumps({"error": error.to_json()}))
    presence = [parsed.HasField(field.name) for field in parsed.DESCRIPTOR.fields if field.has_presence]
    return ("parsed", parsed.SerializeToString(deterministic=True), presence)


def both(raw: bytes, new: Callable[[], Message], path_fields: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    direct = outcome(raw, new(), path_fields)
    with monkeypatch.context() as patched:
        patched.setattr(rest_requests, "set_plain_fields", lambda *_: False)
        assert outcome(raw, new(), path_fields) == direct, raw


@pytest.mark.parametrize("name", REQUESTS)
def test_plain_fields_read_as_parse_dict_reads_them(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    new = getattr(pb, name)
    fields = new.DESCRIPTOR.fields
    keys = [field.json_name for field in fields] + [field.name for field in fields] + ["unknown"]
    rng = random.Random(name)
    for path_fields in ((), tuple(field.name for field in fields[:1])):
        for raw in RAW:
            both(raw, new, path_fields, monkeypatch)
        for _ in range(300):
            body = {key: rng.choice(VALUES) for key in rng.sample(keys, rng.randint(0, min(4, len(keys))))}
            both(json.dumps(body, ensure_ascii=rng.random() < 0.5).encode(), new, path_fields, monkeypatch)


def test_a_move_body_is_read_directly() -> None:
    body = b'{"move": "play 3", "expectedVersion": 7, "idempotencyKey": "k", "omitView": true}'
    fields = rest_requests.body_fields(pb.ApplyMoveRequest.DESCRIPTOR, ("game_id",), ("view_json",))
    message = pb.ApplyMoveRequest()
    assert rest_requests.set_plain_fields(orjson.loads(body), message, fields)
    assert message == pb.ApplyMoveRequest(move="play 3", expected_version=7, idempotency_key="k", omit_view=True)

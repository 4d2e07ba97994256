"""The Struct wire encoder (``service.edges.convert_struct.struct_bytes``) and ``service.edges.convert.struct_of``
build exactly what ``Struct.update`` builds, and ``dict_of`` reads it back; the encoder's bytes are those of the
encoding spelled out field by field (``spelled_out``: the entries in the dict's order), for every game's views."""

from __future__ import annotations

import random
import struct
from typing import Any

import pytest
from google.protobuf import struct_pb2
from hypothesis import given
from hypothesis import strategies as st

import engine
from service.edges.convert import dict_of, struct_of
from service.edges.convert_struct import struct_bytes


def reference(data: dict[str, Any]) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    return bytes(out) + bytes((n,))


def _field(tag: int, data: bytes) -> bytes:
    return bytes((tag,)) + _varint(len(data)) + data


def _value(value: Any) -> bytes:
    """A google.protobuf.Value: 1 null (varint), 2 number (double), 3 string, 4 bool, 5 Struct, 6 ListValue."""
    if value is None:
        return b"\x08\x00"
    if isinstance(value, bool):
        return b"\x20" + bytes((int(value),))
    if isinstance(value, int | float):
        return b"\x11" + struct.pack("<d", float(value))
    if isinstance(value, str):
        return _field(0x1A, value.encode())
    if isinstance(value, dict):
        return _field(0x2A, spelled_out(value))
    return _field(0x32, b"".join(_field(0x0A, _value(item)) for item in value))


def spelled_out(data: dict[str, Any]) -> bytes:
    """A Struct's wire form, one map entry (1: key, 2: Value) after another in the dict's order."""
    return b"".join(_field(0x0A, _field(0x0A, key.encode()) + _field(0x12, _value(item))) for key, item in data.items())


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5),
    max_leaves=30,
)


@given(st.dictionaries(st.text(), JSON, max_size=8))
def test_any_json_object(data: dict[str, Any]) -> None:
    assert struct_of(data) == reference(data)
    assert struct_pb2.Struct.FromString(struct_bytes(data)) == reference(data)
    assert struct_bytes(data) == struct_bytes(data) == spelled_out(data)  # the second from the kept values


def test_edge_values() -> None:
    data = {"": [], "é ☃": {}, "n": [None, True, False, 0, -1, 2**40, 0.5, "x" * 300], "deep": {"a": [[{"b": []}]]}}
    assert struct_of(data) == reference(data)
    assert struct_pb2.Struct.FromString(struct_bytes(data)) == reference(data)
    assert dict_of(struct_of(data)) == data
    assert struct_bytes(data) == spelled_out(data)
    with pytest.raises(TypeError):
        struct_of({"set": {1, 2}})
    with pytest.raises(TypeError):
        struct_bytes({"set": {1, 2}})


@pytest.mark.parametrize("game_id", [game.id for game in engine.all_games()])
def test_engine_views(game_id: str) -> None:
    game = engine.get_game(game_id)
    state, _ = engine.new_game(game_id, game.default_players, 5)
    rng = random.Random(5)
    for _ in range(30):
        if engine.is_finished(state):
            break
        for seat in [None, *range(state.players)]:
            view = engine.view(state, seat)
            assert struct_of(view) == reference(view)
            assert struct_pb2.Struct.FromString(struct_bytes(view)) == reference(view)
            assert struct_bytes(view) == spelled_out(view)
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))

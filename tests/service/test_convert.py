"""The Struct wire encoder (``service.edges.convert_struct.struct_bytes``) and ``service.edges.convert.struct_of``
build exactly what ``Struct.update`` builds, and ``dict_of`` reads it back."""

from __future__ import annotations

import random
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


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5),
    max_leaves=30,
)


@given(st.dictionaries(st.text(), JSON, max_size=8))
def test_any_json_object(data: dict[str, Any]) -> None:
    assert struct_of(data) == reference(data)
    assert struct_pb2.Struct.FromString(struct_bytes(data)) == reference(data)


def test_edge_values() -> None:
    data = {"": [], "é ☃": {}, "n": [None, True, False, 0, -1, 2**40, 0.5, "x" * 300], "deep": {"a": [[{"b": []}]]}}
    assert struct_of(data) == reference(data)
    assert struct_pb2.Struct.FromString(struct_bytes(data)) == reference(data)
    assert dict_of(struct_of(data)) == data
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
            assert struct_of(engine.view(state, seat)) == reference(engine.view(state, seat))
            assert struct_pb2.Struct.FromString(struct_bytes(engine.view(state, seat))) == reference(
                engine.view(state, seat)
            )
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))

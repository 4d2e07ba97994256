"""gRPC's ApplyMove and GetGame answers written straight to their protobuf wire form, by the writers generated from
their tables (``service/edges/convert.py``, ``convert_table.py``): the view and the events' data are encoded once
(``struct_bytes``) and the answer's fields concatenated, instead of parsed into Struct messages, copied into the
answer and serialized again. The servicer returns these bytes and the method's serializer passes bytes through
(``grpc_server.passing_bytes``). ``tests/service/test_wire.py`` checks them against protobuf's own serialization."""

from __future__ import annotations

from service.edges import convert
from service.edges.convert_struct import struct_bytes

__all__ = ["game_bytes", "last_move_bytes", "move_result_bytes", "struct_bytes"]

game_bytes, move_result_bytes, last_move_bytes = convert.GAME.wire, convert.MOVE_RESULT.wire, convert.LAST_MOVE.wire

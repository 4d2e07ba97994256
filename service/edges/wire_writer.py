"""gRPC's ApplyMove and GetGame answers in their protobuf wire form, written by the writers compiled from their tables
(``convert.py``, ``convert_table.py``); the servicer returns these bytes and the method's serializer passes them on
(``grpc_server.passing_bytes``). ``tests/service/test_wire.py`` checks them against protobuf's own messages."""

from __future__ import annotations

from service.edges import convert
from service.edges.convert_struct import struct_bytes

__all__ = ["game_bytes", "last_move_bytes", "move_result_bytes", "struct_bytes"]

game_bytes, move_result_bytes, last_move_bytes = convert.GAME.wire, convert.MOVE_RESULT.wire, convert.LAST_MOVE.wire

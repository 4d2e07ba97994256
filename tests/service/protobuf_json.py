"""The reference the REST answers are checked against: protobuf's JSON mapping of the gRPC answer's message."""

from __future__ import annotations

from typing import Any

from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import json_format
from google.protobuf.message import Message

from service.edges.convert import plain

# Fields of the gRPC API only: REST is JSON already, so its Game has no ``viewJson`` (its ``view`` is the JSON).
GRPC_ONLY_GAME_FIELDS = ("viewJson",)


def to_dict(message: Message) -> dict[str, Any]:
    """A message in protobuf's JSON mapping, every field present but the gRPC-only ones (``GRPC_ONLY_GAME_FIELDS``
    of a Game, or of the ``game`` a response holds). Our messages have no double fields, so every float is a
    Struct number, and integral ones print as integers."""
    result: dict[str, Any] = plain(json_format.MessageToDict(message, always_print_fields_with_no_presence=True))
    games = (
        [result] if isinstance(message, pb.Game) else [result["game"]] if isinstance(result.get("game"), dict) else []
    )
    for game in games:
        for name in GRPC_ONLY_GAME_FIELDS:
            game.pop(name, None)
    return result

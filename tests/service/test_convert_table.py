"""An answer's table (``service/edges/convert_table.py``) is the one place a field is added: a row added to a copy of
the Game table, over a copy of the proto with one more field, shows the field in the JSON, the wire bytes and the
message; and the JSON keys keep their order (REST's bytes), fields with presence left out when unset."""

from __future__ import annotations

from typing import Any, NamedTuple

import orjson
from cardengine.v1 import game_engine_pb2 as pb
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

from service.core.records import EventView, GameView, LastMove, MoveResult, SeatRating, VersionUpdate
from service.edges import convert
from service.edges.convert_table import Row, Table

HEADER = GameView("g1", "dracula", 2, 7, 1, (0,), False, None, ("Ann", ""), ("", "random"), "c0ffee", "server")


def game_with_a_motto() -> Any:
    """A copy of game_engine.proto in a pool of its own, its Game with ``string motto = 99``."""
    source = descriptor_pb2.FileDescriptorProto()
    pb.DESCRIPTOR.CopyToProto(source)
    game = next(message for message in source.message_type if message.name == "Game")
    game.field.add(name="motto", number=99, type=descriptor_pb2.FieldDescriptorProto.TYPE_STRING, json_name="motto")
    pool = descriptor_pool.DescriptorPool()
    for dependency in pb.DESCRIPTOR.dependencies:
        dependency_proto = descriptor_pb2.FileDescriptorProto()
        dependency.CopyToProto(dependency_proto)
        pool.Add(dependency_proto)
    pool.Add(source)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("cardengine.v1.Game"))


class MottoView(NamedTuple):  # the record: GameView and one field more
    game_id: str
    game_type: str
    players: int
    version: int
    seat: int | None
    to_act: tuple[int, ...]
    finished: bool
    view: dict[str, Any] | None
    seat_names: tuple[str, ...]
    bots: tuple[str, ...]
    seed_commitment: str
    seed_source: str
    clock: dict[str, Any] | None
    last_move: LastMove | None
    open_seats: tuple[int, ...]
    rated: bool
    seat_players: tuple[str, ...]
    ratings: tuple[SeatRating, ...]
    motto: str


def test_a_row_added_to_a_copy_of_the_game_table_is_in_all_three_encodings() -> None:
    game_class = game_with_a_motto()
    table = Table(game_class, *convert.GAME.rows, Row("motto"))  # the one row
    last = LastMove(6, 0, "play 5S", "Ann plays the 5 of spades.")
    view = HEADER._replace(view={"phase": "play", "hand": ["5S", "KH"]}, last_move=last)
    record = MottoView(*view, motto="Fortune favours the bold.")
    printed = table.json(record)
    assert list(printed)[-3:] == ["seatPlayers", "ratings", "motto"] and printed["motto"] == "Fortune favours the bold."
    assert {key: value for key, value in printed.items() if key != "motto"} == convert.game_json(view)
    motto_bytes = b"\x9a\x06\x19Fortune favours the bold."  # field 99, length-delimited: tag 0x31a as a varint
    assert table.wire(record) == convert.GAME.wire(view) + motto_bytes
    assert table.wire(record, view_json=True) == convert.GAME.wire(view, view_json=True) + motto_bytes
    message = table.message(record)
    assert isinstance(message, game_class) and message.motto == "Fortune favours the bold."
    shown = convert.plain(json_format.MessageToDict(message, always_print_fields_with_no_presence=True))
    assert shown.pop("viewJson") == "" and shown == printed  # protobuf's own JSON mapping; viewJson is gRPC's only
    assert table.json(record._replace(motto=""))["motto"] == "" and table.wire(record._replace(motto="")) == (
        convert.GAME.wire(view)
    )


def test_the_json_keys_are_in_the_order_of_the_rows_with_unset_fields_left_out() -> None:
    assert orjson.dumps(convert.game_json(HEADER._replace(seat=None))) == (
        b'{"gameId":"g1","gameType":"dracula","players":2,"version":7,"toAct":[0],"finished":false,'
        b'"seatNames":["Ann",""],"bots":["","random"],"seedCommitment":"c0ffee","seedSource":"server",'
        b'"openSeats":[],"rated":false,"seatPlayers":[],"ratings":[]}'
    )
    event = EventView(7, 2, "played", 0, {"card": "5S"}, "Ann plays the 5 of spades.")
    last = LastMove(7, 0, "play 5S", "Ann plays the 5 of spades.", timed_out=True)
    answer = MoveResult(7, HEADER._replace(view={"n": 1}, last_move=last), (event,), replayed=True)
    assert orjson.dumps(convert.move_result_json(answer)) == (
        b'{"version":7,"game":{"gameId":"g1","gameType":"dracula","players":2,"version":7,"toAct":[0],'
        b'"finished":false,"seatNames":["Ann",""],"bots":["","random"],"seedCommitment":"c0ffee",'
        b'"seedSource":"server","seat":1,"view":{"n":1},"lastMove":{"version":7,"seat":0,"notation":"play 5S",'
        b'"description":"Ann plays the 5 of spades.","timedOut":true},"openSeats":[],"rated":false,"seatPlayers":[],'
        b'"ratings":[]},'
        b'"events":[{"version":7,"sequence":2,'
        b'"kind":"played","data":{"card":"5S"},"text":"Ann plays the 5 of spades.","timedOut":false,"seat":0}],'
        b'"replayed":true}'
    )
    update = VersionUpdate(7, 1, (), (0,), True)
    assert (
        orjson.dumps(convert.update_json(update)) == b'{"version":7,"seat":1,"events":[],"toAct":[0],"finished":true}'
    )

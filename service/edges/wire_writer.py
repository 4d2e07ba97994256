"""ApplyMove and GetGame answers of the gRPC edge written straight to their protobuf wire form.

The view and the events' data are encoded once (``struct_bytes``) and the answer's fields concatenated, instead of
parsed into Struct messages, copied into the answer and serialized again. The servicer returns these bytes and the
method's serializer passes bytes through (``grpc_server.passing_bytes``). ``tests/service/test_wire.py`` checks
that the bytes parse to exactly ``convert.move_result_message(result)`` for every game, with and without the view,
a clock and a revealed seed; ``tests/service/test_convert.py`` checks ``struct_bytes`` against ``Struct.update``.
"""

# Why this module exists: it saves 10-22% of ApplyMove's server CPU per move (see docs/performance.md).

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

import orjson

from service.core import records as core
from service.edges import convert

# ----- google.protobuf.Struct in wire form ------------------------------------------------------------------------
# Struct: repeated map entry (1: key string, 2: Value). Value: 1 null (varint 0), 2 number (double), 3 string,
# 4 bool, 5 Struct, 6 ListValue. ListValue: repeated Value (1). Lengths are varints.

_PACK_DOUBLE = struct.Struct("<d").pack
_SMALL_VARINTS = [bytes((n,)) for n in range(128)]


def _varint(n: int) -> bytes:
    if n < 128:
        return _SMALL_VARINTS[n]
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


# Encoded forms of the strings, numbers and keys that recur in views (card codes, phases, small counts), kept
# once per process: a view is mostly such values, so most of its encoding becomes dictionary lookups. The first
# values seen fill them (the cards and phases of every game within a few matches; then game ids, never seen again),
# so a small bound keeps what pays and a long-running server's memory flat.
_CACHE_LIMIT = 1 << 12
_CACHEABLE_LENGTH = 32
_string_values: dict[str, bytes] = {}
_number_values: dict[int, bytes] = {}  # ints only: -0.0 and NaN would break a float cache
_entry_keys: dict[str, bytes] = {}


def _string_value(value: str) -> bytes:
    cached = _string_values.get(value)
    if cached is None:
        data = value.encode("utf-8")
        cached = b"\x1a" + _varint(len(data)) + data
        if len(value) <= _CACHEABLE_LENGTH and len(_string_values) < _CACHE_LIMIT:
            _string_values[value] = cached
    return cached


def _number_value(value: int) -> bytes:
    cached = _number_values.get(value)
    if cached is None:
        cached = b"\x11" + _PACK_DOUBLE(value)
        if len(_number_values) < _CACHE_LIMIT:
            _number_values[value] = cached
    return cached


def _entry_key(key: str) -> bytes:
    cached = _entry_keys.get(key)
    if cached is None:
        if not isinstance(key, str):
            raise TypeError(f"Struct keys are strings; got {key!r}")
        data = key.encode("utf-8")
        cached = b"\x0a" + _varint(len(data)) + data + b"\x12"
        if len(key) <= _CACHEABLE_LENGTH and len(_entry_keys) < _CACHE_LIMIT:
            _entry_keys[key] = cached
    return cached


def _value_bytes(value: Any) -> bytes:
    kind = type(value)
    if kind is str:
        return _string_value(value)
    if kind is int:
        return _number_value(value)
    if kind is float:
        return b"\x11" + _PACK_DOUBLE(value)
    if value is None:
        return b"\x08\x00"
    if kind is bool:
        return b"\x20\x01" if value else b"\x20\x00"
    if kind is list or kind is tuple:
        return _list_value(value)
    if isinstance(value, Mapping):
        data = struct_bytes(value)
        return b"\x2a" + _varint(len(data)) + data
    if isinstance(value, list | tuple):
        return _list_value(value)
    if isinstance(value, int | float):  # subclasses of int and float (not bool: handled above)
        return b"\x11" + _PACK_DOUBLE(float(value))
    if isinstance(value, str):
        return _string_value(str(value))
    raise TypeError(f"{kind.__name__} is not a JSON value: {value!r}")


# Whole list elements and whole map entries of the recurring scalars (a card code in a hand, "phase": "draw", "n":
# 3), cached like the values: most of a view is such elements, each then one dictionary lookup. Entries are keyed
# by (key, value) per kind of value, since (k, 1) == (k, True). The loops below are written out (lengths under 128
# from a table, no helper call per element): a view has a few hundred elements, and a Python call per element was
# most of the time.
_string_items: dict[str, bytes] = {}
_number_items: dict[int, bytes] = {}
_NONE_TYPE = type(None)
_scalar_entries: dict[type, dict[tuple[str, Any], bytes]] = {str: {}, int: {}, bool: {}, _NONE_TYPE: {}}
_TRUE_ITEM, _FALSE_ITEM, _NULL_ITEM = b"\x0a\x02\x20\x01", b"\x0a\x02\x20\x00", b"\x0a\x02\x08\x00"


def _string_item(item: str) -> bytes:
    data = _string_value(item)
    element = b"\x0a" + _varint(len(data)) + data
    if len(item) <= _CACHEABLE_LENGTH and len(_string_items) < _CACHE_LIMIT:
        _string_items[item] = element
    return element


def _number_item(item: int) -> bytes:
    element = b"\x0a\x09" + _number_value(item)
    if len(_number_items) < _CACHE_LIMIT:
        _number_items[item] = element
    return element


def _list_value(items: list[Any] | tuple[Any, ...]) -> bytes:
    parts: list[bytes] = []
    append = parts.append
    small = _SMALL_VARINTS
    string_items, number_items = _string_items, _number_items
    for item in items:
        kind = type(item)
        if kind is str:
            element = string_items.get(item)
            append(element if element is not None else _string_item(item))
        elif kind is int:
            element = number_items.get(item)
            append(element if element is not None else _number_item(item))
        elif kind is dict:
            data = struct_bytes(item)
            size = len(data)
            if size < 126:  # the Value (tag, length, data) and its length both fit in one byte
                append(b"\x0a" + small[size + 2] + b"\x2a" + small[size] + data)
            else:
                value = b"\x2a" + _varint(size) + data
                append(b"\x0a" + _varint(len(value)) + value)
        elif kind is bool:
            append(_TRUE_ITEM if item else _FALSE_ITEM)
        elif item is None:
            append(_NULL_ITEM)
        else:
            data = _value_bytes(item)
            append(b"\x0a" + _varint(len(data)) + data)
    joined = b"".join(parts)
    size = len(joined)
    return b"\x32" + (small[size] if size < 128 else _varint(size)) + joined


def _scalar_entry(key: str, value: Any, cache: dict[tuple[str, Any], bytes]) -> bytes:
    value_data = _value_bytes(value)
    entry = _entry_key(key) + _varint(len(value_data)) + value_data
    element = b"\x0a" + _varint(len(entry)) + entry
    short = type(value) is not str or len(value) <= _CACHEABLE_LENGTH
    if short and len(key) <= _CACHEABLE_LENGTH and len(cache) < _CACHE_LIMIT:
        cache[(key, value)] = element
    return element


def struct_bytes(data: Mapping[str, Any]) -> bytes:
    """The wire form of the google.protobuf.Struct holding ``data`` (string keys, JSON-like values)."""
    entries: list[bytes] = []
    append = entries.append
    small = _SMALL_VARINTS
    scalar_entries, entry_keys = _scalar_entries, _entry_keys
    for key, value in data.items():
        kind = type(value)
        cache = scalar_entries.get(kind)
        if cache is not None:
            element = cache.get((key, value))
            append(element if element is not None else _scalar_entry(key, value, cache))
            continue
        if kind is list or kind is tuple:
            value_data = _list_value(value)
        elif kind is dict:
            inner = struct_bytes(value)
            size = len(inner)
            value_data = b"\x2a" + (small[size] if size < 128 else _varint(size)) + inner
        else:
            value_data = _value_bytes(value)
        key_data = entry_keys.get(key)
        if key_data is None:
            key_data = _entry_key(key)
        size = len(value_data)
        entry = key_data + (small[size] if size < 128 else _varint(size)) + value_data
        size = len(entry)
        append(b"\x0a" + (small[size] if size < 128 else _varint(size)) + entry)
    return b"".join(entries)


# ----- ApplyMoveResponse and Game in wire form ---------------------------------------------------------------------


def _length_delimited(tag: bytes, data: bytes) -> bytes:
    return tag + _varint(len(data)) + data


def _int32(value: int) -> bytes:
    """An int32 or uint32 as a varint (negative int32 values take ten bytes, as protobuf writes them)."""
    return _varint(value if value >= 0 else value + (1 << 64))


def _string_field(tag: bytes, value: str) -> bytes:
    return _length_delimited(tag, value.encode("utf-8")) if value else b""


# The parts of a Game's wire form that stay the same for the whole match (id, type, players; seat names, bots and
# the seed's commitment), encoded once per process and game: every ApplyMove answer carries them.
_HEADER_CACHE_LIMIT = 4096
_game_heads: dict[tuple[str, str, int], bytes] = {}
_game_tails: dict[tuple[tuple[str, ...], tuple[str, ...], str, str], bytes] = {}


def _game_head(view: core.GameView) -> bytes:
    key = (view.game_id, view.game_type, view.players)
    head = _game_heads.get(key)
    if head is None:
        head = b"".join(
            (
                _string_field(b"\x0a", view.game_id),
                _string_field(b"\x12", view.game_type),
                b"\x18" + _int32(view.players) if view.players else b"",
            )
        )
        if len(_game_heads) >= _HEADER_CACHE_LIMIT:
            _game_heads.clear()
        _game_heads[key] = head
    return head


def _game_tail(view: core.GameView) -> bytes:
    key = (view.seat_names, view.bots, view.seed_commitment, view.seed_source)
    tail = _game_tails.get(key)
    if tail is None:
        parts = [_length_delimited(b"\x4a", name.encode("utf-8")) for name in view.seat_names]
        parts.extend(_length_delimited(b"\x52", bot.encode("utf-8")) for bot in view.bots)
        parts.append(_string_field(b"\x5a", view.seed_commitment))
        parts.append(_string_field(b"\x62", view.seed_source))
        tail = b"".join(parts)
        if len(_game_tails) >= _HEADER_CACHE_LIMIT:
            _game_tails.clear()
        _game_tails[key] = tail
    return tail


def game_bytes(view: core.GameView, *, view_json: bool = False) -> bytes:
    """The wire form of ``convert.game_message(view, view_json=view_json)``."""
    parts = [_game_head(view), b"\x20" + _varint(view.version) if view.version else b""]
    if view.seat is not None:
        parts.append(b"\x28" + _int32(view.seat))
    if view.to_act:
        parts.append(_length_delimited(b"\x32", b"".join(_int32(seat) for seat in view.to_act)))
    if view.finished:
        parts.append(b"\x38\x01")
    if view.view is not None and not view_json:
        parts.append(_length_delimited(b"\x42", struct_bytes(view.view)))
    parts.append(_game_tail(view))
    if view.clock is not None:  # rare (clocked games): through the message
        header = convert.game_message(view._replace(view=None))
        parts.append(_length_delimited(b"\x6a", header.clock.SerializeToString()))
    if view.view is not None and view_json:
        parts.append(_length_delimited(b"\x72", orjson.dumps(view.view)))
    if view.last_move is not None:  # field 15, Game.last_move
        parts.append(_length_delimited(b"\x7a", last_move_bytes(view.last_move)))
    return b"".join(parts)


def last_move_bytes(last: core.LastMove) -> bytes:
    """The wire form of ``convert.last_move_message(last)``."""
    parts = [
        b"\x08" + _varint(last.version) if last.version else b"",
        b"\x10" + _int32(last.seat) if last.seat else b"",
        _string_field(b"\x1a", last.notation),
        _string_field(b"\x22", last.description),
        b"\x28\x01" if last.timed_out else b"",
    ]
    return b"".join(parts)


def event_bytes(event: core.EventView) -> bytes:
    """The wire form of ``convert.event_message(event)``."""
    parts = [
        b"\x08" + _varint(event.version) if event.version else b"",
        b"\x10" + _varint(event.sequence) if event.sequence else b"",
        _string_field(b"\x1a", event.kind),
        b"\x20" + _int32(event.seat) if event.seat is not None else b"",
        _length_delimited(b"\x2a", struct_bytes(event.data)),
        _string_field(b"\x32", event.text),
        b"\x38\x01" if event.timed_out else b"",
    ]
    return b"".join(parts)


def move_result_bytes(result: core.MoveResult, *, view_json: bool = False) -> bytes:
    """The wire form of ``convert.move_result_message(result, view_json=view_json)`` (an ApplyMoveResponse)."""
    parts = [
        b"\x08" + _varint(result.version) if result.version else b"",
        _length_delimited(b"\x12", game_bytes(result.game, view_json=view_json)),
    ]
    parts.extend(_length_delimited(b"\x1a", event_bytes(event)) for event in result.events)
    if result.replayed:
        parts.append(b"\x20\x01")
    return b"".join(parts)

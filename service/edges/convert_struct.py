"""Protobuf's wire form of the values the answer tables hold (``service/edges/convert_table.py``): varints, and a
google.protobuf.Struct or Value written straight from a JSON-like value, exactly as ``Struct.update`` and
``SerializeToString`` would write it (``tests/service/test_convert.py``), with the encoded forms of the values that
recur in views kept per process (a speed device: docs/performance.md, "Speed devices kept").

Struct: repeated map entry (1: key string, 2: Value). Value: 1 null (varint 0), 2 number (double), 3 string, 4 bool,
5 Struct, 6 ListValue. ListValue: repeated Value (1). Lengths are varints.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

pack_double = struct.Struct("<d").pack
_SMALL_VARINTS = [bytes((n,)) for n in range(128)]


def varint(n: int) -> bytes:
    if n < 128:
        return _SMALL_VARINTS[n]
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def int32(value: int) -> bytes:
    """An int32 as a varint (a negative one takes ten bytes, as protobuf writes it)."""
    return varint(value if value >= 0 else value + (1 << 64))


def length_delimited(tag: bytes, data: bytes) -> bytes:
    return tag + varint(len(data)) + data


def string(tag: bytes, value: str) -> bytes:
    data = value.encode("utf-8")
    return tag + varint(len(data)) + data


# Encoded forms of the strings, numbers and keys that recur in views (card codes, phases, small counts): a view is
# mostly such values, so most of its encoding becomes dictionary lookups. The first values seen fill them (the cards
# and phases of every game within a few matches; then game ids, never seen again), so a small bound keeps what pays
# and a long-running server's memory flat.
CACHE_LIMIT = 1 << 12
_CACHEABLE_LENGTH = 32
_string_values: dict[str, bytes] = {}
_number_values: dict[int, bytes] = {}  # ints only: -0.0 and NaN would break a float cache
_entry_keys: dict[str, bytes] = {}


def _string_value(value: str) -> bytes:
    cached = _string_values.get(value)
    if cached is None:
        cached = string(b"\x1a", value)
        if len(value) <= _CACHEABLE_LENGTH and len(_string_values) < CACHE_LIMIT:
            _string_values[value] = cached
    return cached


def _number_value(value: int) -> bytes:
    cached = _number_values.get(value)
    if cached is None:
        cached = b"\x11" + pack_double(value)
        if len(_number_values) < CACHE_LIMIT:
            _number_values[value] = cached
    return cached


def _entry_key(key: str) -> bytes:
    cached = _entry_keys.get(key)
    if cached is None:
        if not isinstance(key, str):
            raise TypeError(f"Struct keys are strings; got {key!r}")
        cached = string(b"\x0a", key) + b"\x12"
        if len(key) <= _CACHEABLE_LENGTH and len(_entry_keys) < CACHE_LIMIT:
            _entry_keys[key] = cached
    return cached


def value_bytes(value: Any) -> bytes:
    """The wire form of the google.protobuf.Value holding ``value``."""
    kind = type(value)
    if kind is str:
        return _string_value(value)
    if kind is int:
        return _number_value(value)
    if kind is float:
        return b"\x11" + pack_double(value)
    if value is None:
        return b"\x08\x00"
    if kind is bool:
        return b"\x20\x01" if value else b"\x20\x00"
    if kind is list or kind is tuple:
        return _list_value(value)
    if isinstance(value, Mapping):
        return length_delimited(b"\x2a", struct_bytes(value))
    if isinstance(value, list | tuple):
        return _list_value(value)
    if isinstance(value, int | float):  # subclasses of int and float (not bool: handled above)
        return b"\x11" + pack_double(float(value))
    if isinstance(value, str):
        return _string_value(str(value))
    raise TypeError(f"{kind.__name__} is not a JSON value: {value!r}")


# Whole list elements and whole map entries of the recurring scalars (a card code in a hand, "phase": "draw", "n":
# 3), cached like the values: most of a view is such elements, each then one dictionary lookup. Entries are keyed by
# (key, value) per kind of value, since (k, 1) == (k, True). The loops below are written out (lengths under 128 from
# a table, no helper call per element): a view has a few hundred elements, and a call per element was most of it.
_string_items: dict[str, bytes] = {}
_number_items: dict[int, bytes] = {}
_scalar_entries: dict[type, dict[tuple[str, Any], bytes]] = {str: {}, int: {}, bool: {}, type(None): {}}
_TRUE_ITEM, _FALSE_ITEM, _NULL_ITEM = b"\x0a\x02\x20\x01", b"\x0a\x02\x20\x00", b"\x0a\x02\x08\x00"


def _string_item(item: str) -> bytes:
    element = length_delimited(b"\x0a", _string_value(item))
    if len(item) <= _CACHEABLE_LENGTH and len(_string_items) < CACHE_LIMIT:
        _string_items[item] = element
    return element


def _number_item(item: int) -> bytes:
    element = b"\x0a\x09" + _number_value(item)
    if len(_number_items) < CACHE_LIMIT:
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
                append(length_delimited(b"\x0a", length_delimited(b"\x2a", data)))
        elif kind is bool:
            append(_TRUE_ITEM if item else _FALSE_ITEM)
        elif item is None:
            append(_NULL_ITEM)
        else:
            append(length_delimited(b"\x0a", value_bytes(item)))
    joined = b"".join(parts)
    size = len(joined)
    return b"\x32" + (small[size] if size < 128 else varint(size)) + joined


def _scalar_entry(key: str, value: Any, cache: dict[tuple[str, Any], bytes]) -> bytes:
    element = length_delimited(b"\x0a", _entry_key(key) + length_delimited(b"", value_bytes(value)))
    short = type(value) is not str or len(value) <= _CACHEABLE_LENGTH
    if short and len(key) <= _CACHEABLE_LENGTH and len(cache) < CACHE_LIMIT:
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
            value_data = b"\x2a" + (small[size] if size < 128 else varint(size)) + inner
        else:
            value_data = value_bytes(value)
        key_data = entry_keys.get(key)
        if key_data is None:
            key_data = _entry_key(key)
        size = len(value_data)
        entry = key_data + (small[size] if size < 128 else varint(size)) + value_data
        size = len(entry)
        append(b"\x0a" + (small[size] if size < 128 else varint(size)) + entry)
    return b"".join(entries)

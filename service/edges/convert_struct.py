"""Protobuf's wire form of the answer tables' values (``convert_table.py``): varints, and a Struct or Value written
straight from a JSON-like value as ``Struct.update`` and ``SerializeToString`` would (tests/service/test_convert.py),
the values that recur in views kept encoded (a speed device: docs/performance.md). Struct: repeated map entry
(1: key, 2: Value). Value: 1 null, 2 number (double), 3 string, 4 bool, 5 Struct, 6 ListValue (repeated Value, 1)."""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

pack_double = struct.Struct("<d").pack
_SMALL = [bytes((n,)) for n in range(128)]


def varint(n: int) -> bytes:
    if n < 128:
        return _SMALL[n]
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
    size = len(data)
    return tag + (_SMALL[size] if size < 128 else varint(size)) + data  # most are short: no call for their length


def string(tag: bytes, value: str) -> bytes:
    data = value.encode("utf-8")
    size = len(data)
    return tag + (_SMALL[size] if size < 128 else varint(size)) + data


# The bytes of recurring values (card codes, phases, small counts, their map entries), kept once made: a view is
# mostly such values, so most of its encoding becomes lookups (``cache.get(key) or _kept(cache, key, made)``; bytes
# are never empty). The first values seen fill them (the cards and phases of every game within a few matches; then
# game ids, never seen again), so a bound (``CACHE_LIMIT``, and strings of at most 32 characters only) keeps what
# pays and a long-running server's memory flat.
CACHE_LIMIT = 1 << 12
_ENTRY_KEYS: dict[str, bytes] = {}
_STRING_ITEMS: dict[str, bytes] = {}  # a ListValue's elements
_NUMBER_ITEMS: dict[int, bytes] = {}  # ints only: -0.0 and NaN would break a float cache
_SCALAR_ENTRIES: dict[type, dict[Any, bytes]] = {str: {}, int: {}, bool: {}, type(None): {}}  # (k, 1) == (k, True)


def _kept(cache: dict[Any, bytes], key: Any, data: bytes) -> bytes:
    parts = key if type(key) is tuple else (key,)
    if len(cache) < CACHE_LIMIT and all(type(part) is not str or len(part) <= 32 for part in parts):
        cache[key] = data
    return data


def _entry_key(key: str) -> bytes:
    if not isinstance(key, str):
        raise TypeError(f"Struct keys are strings; got {key!r}")
    return _ENTRY_KEYS.get(key) or _kept(_ENTRY_KEYS, key, string(b"\x0a", key) + b"\x12")


def _entry(key: str, value: Any) -> bytes:
    return length_delimited(b"\x0a", _entry_key(key) + length_delimited(b"", value_bytes(value)))


def value_bytes(value: Any) -> bytes:
    """The wire form of the google.protobuf.Value holding ``value``."""
    if isinstance(value, str):
        return string(b"\x1a", value)
    if value is None:
        return b"\x08\x00"
    if isinstance(value, bool):
        return b"\x20\x01" if value else b"\x20\x00"
    if isinstance(value, (int, float)):  # a tuple, not ``int | float``: isinstance checks a union more slowly
        return b"\x11" + pack_double(float(value))
    if isinstance(value, (list, tuple)):
        return _list_value(value)
    if isinstance(value, Mapping):
        return length_delimited(b"\x2a", struct_bytes(value))
    raise TypeError(f"{type(value).__name__} is not a JSON value: {value!r}")


def _list_value(items: list[Any] | tuple[Any, ...]) -> bytes:
    parts: list[bytes] = []
    append, small, strings, numbers = parts.append, _SMALL, _STRING_ITEMS, _NUMBER_ITEMS
    for item in items:  # written out (no call per element): a view has a few hundred of them
        kind = type(item)
        if kind is str:
            append(strings.get(item) or _kept(strings, item, length_delimited(b"\x0a", value_bytes(item))))
        elif kind is int:
            append(numbers.get(item) or _kept(numbers, item, b"\x0a\x09" + value_bytes(item)))
        elif kind is dict:
            data = struct_bytes(item)
            size = len(data)
            if size < 126:  # the Value (tag, length, data) and its length both fit in one byte
                append(b"\x0a" + small[size + 2] + b"\x2a" + small[size] + data)
            else:
                append(length_delimited(b"\x0a", length_delimited(b"\x2a", data)))
        elif kind is list or kind is tuple:  # a row of a grid: no trip through value_bytes' isinstance chain
            data = _list_value(item)
            size = len(data)
            append(b"\x0a" + (small[size] if size < 128 else varint(size)) + data)
        elif item is None:
            append(b"\x0a\x02\x08\x00")
        elif kind is bool:
            append(b"\x0a\x02\x20\x01" if item else b"\x0a\x02\x20\x00")
        else:
            append(length_delimited(b"\x0a", value_bytes(item)))
    joined = b"".join(parts)
    size = len(joined)
    return b"\x32" + (small[size] if size < 128 else varint(size)) + joined


def struct_bytes(data: Mapping[str, Any]) -> bytes:
    """The wire form of the google.protobuf.Struct holding ``data`` (string keys, JSON-like values)."""
    entries: list[bytes] = []
    append, small, scalar_entries, entry_keys = entries.append, _SMALL, _SCALAR_ENTRIES, _ENTRY_KEYS
    for key, value in data.items():
        kind = type(value)
        cache = scalar_entries.get(kind)
        if cache is not None:
            pair = key, value
            append(cache.get(pair) or _kept(cache, pair, _entry(key, value)))
            continue
        if kind is list or kind is tuple:
            value_data = _list_value(value)
        elif kind is dict:
            inner = struct_bytes(value)
            size = len(inner)
            value_data = b"\x2a" + (small[size] if size < 128 else varint(size)) + inner
        else:
            value_data = value_bytes(value)
        size = len(value_data)
        entry = (entry_keys.get(key) or _entry_key(key)) + (small[size] if size < 128 else varint(size)) + value_data
        size = len(entry)
        append(b"\x0a" + (small[size] if size < 128 else varint(size)) + entry)
    return b"".join(entries)

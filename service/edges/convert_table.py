"""One table per answer: a ``Table`` maps a core record's fields to a protobuf message's fields once; the answer's
JSON (REST), wire bytes (gRPC) and message are derived from it. From the message's descriptor and the rows, a table
compiles at import ``json(record)``, the object protobuf's JSON mapping prints (camelCase; a field with presence only
when set; keys in the order of the rows, no ``grpc_only`` row), and ``wire(record, view_json=False)``, the wire form
(fields in number order, as protobuf writes them); ``message`` parses that. A row's value is an expression over the
record ``r``: default ``r.<field>``, or ``r.get("<jsonName>")`` in a ``keyed`` table over a mapping (None: the default).
None is no field for a field with presence. A message field takes the first table of its type, or none if its value
is the message's JSON object (``GameClock``). A run of ``steady`` fields (fixed all match) is written once per value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import orjson
from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor as F
from google.protobuf.message import Message

from service.edges import convert_struct as wire

_KINDS = {F.TYPE_STRING: "string", F.TYPE_BOOL: "bool", F.TYPE_INT32: "int32", F.TYPE_UINT32: "uint32"}
_KINDS |= {F.TYPE_DOUBLE: "double", F.TYPE_MESSAGE: "message"}
_WIRE_TYPES = {"string": 2, "bool": 0, "int32": 0, "uint32": 0, "double": 1, "message": 2}
M = TypeVar("M", bound=Message)
TABLES: dict[str, Table[Any]] = {}  # message type -> the first table declared for it


def plain(value: Any) -> Any:
    """A JSON-like value with integral floats as ints (protobuf's Struct keeps numbers as doubles)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


_HELPERS = {"orjson": orjson, "plain": plain, "ParseDict": json_format.ParseDict, "S": wire.string, "I": wire.int32}
_HELPERS |= {"V": wire.varint, "D": wire.pack_double, "L": wire.length_delimited, "struct_bytes": wire.struct_bytes}
_HELPERS |= {"value_bytes": wire.value_bytes}  # the names the compiled functions call


@dataclass(frozen=True)
class Row:
    field: str  # the message's field
    get: str = ""  # the value: an expression over ``r`` (and ``view_json``); default as the module says
    steady: bool = False  # the same all match long (a game's id, its seat names): its bytes kept
    grpc_only: bool = False  # not in the JSON


def steady(fields: str) -> list[Row]:
    return [Row(field, steady=True) for field in fields.split()]


class Table(Generic[M]):
    json: Callable[..., dict[str, Any]]  # (record) -> the JSON object
    wire: Callable[..., bytes]  # (record, view_json=False) -> the wire form

    def __init__(self, message: type[M], *rows: str | Row | list[Row], keyed: bool = False) -> None:
        self.message_type, self.keyed = message, keyed
        listed = [[Row(name) for name in item.split()] if isinstance(item, str) else item for item in rows]
        self.rows = [row for item in listed for row in ([item] if isinstance(item, Row) else item)]
        TABLES.setdefault(message.DESCRIPTOR.full_name, self)
        self.scope: dict[str, Any] = dict(_HELPERS)
        exec(self.json_source() + self.wire_source(), self.scope)
        self.json, self.wire = self.scope["json"], self.scope["wire"]

    def message(self, record: Any, view_json: bool = False) -> M:
        return self.message_type.FromString(self.wire(record, view_json))

    def field(self, row: Row) -> tuple[Any, str, str, str]:
        """The row's descriptor, kind ("string", ..., "struct", "value", "table" or "object"), value and name in
        ``scope`` of its table (or message class)."""
        field = self.message_type.DESCRIPTOR.fields_by_name[row.field]
        kind, name = _KINDS[field.type], f"t{field.number}"
        if kind == "message":
            full_name = getattr(field.message_type, "full_name", "")
            kind = {"google.protobuf.Struct": "struct", "google.protobuf.Value": "value"}.get(full_name, "table")
            if kind == "table" and full_name in TABLES:
                self.scope[name + "_json"], self.scope[name + "_wire"] = TABLES[full_name].json, TABLES[full_name].wire
            elif kind == "table":
                kind, self.scope[name] = "object", type(getattr(self.message_type(), field.name))
        get = row.get or (f"r.get({field.json_name!r})" if self.keyed else f"r.{field.name}")
        if self.keyed and not field.has_presence:
            get = f"({get} or {'()' if field.is_repeated else repr(field.default_value)})"
        return field, kind, get, name

    def json_source(self) -> str:
        literal: list[str] = []  # the leading fields always there: one dict display
        body: list[str] = []
        for row in self.rows:
            if row.grpc_only:
                continue
            field, kind, get, name = self.field(row)
            value = "v" if field.has_presence and kind != "value" else get
            keyed_json = self.keyed and kind in ("struct", "value")  # the engine's declarations: 1.0 shown as 1
            shown = f"{name}_json({value})" if kind == "table" else f"plain({value})" if keyed_json else value
            if field.is_repeated:
                shown = f"[{name}_json(x) for x in {get}]" if kind == "table" else f"list({get})"
            key = repr(field.json_name)
            if value == "v":
                body += [f"    v = {get}", f"    if v is not None: d[{key}] = {shown}"]
            elif body:
                body.append(f"    d[{key}] = {shown}")
            else:
                literal.append(f"{key}: {shown}")
        head = ["def json(r, view_json=False):", f"    d = {{{', '.join(literal)}}}"]
        return "\n".join([*head, *body, "    return d\n"])

    def wire_source(self) -> str:
        lines = ["def wire(r, view_json=False):", "    p = []", "    a = p.append"]
        rows = sorted(self.rows, key=lambda row: self.message_type.DESCRIPTOR.fields_by_name[row.field].number)
        run: list[Row] = []
        for index, row in enumerate(rows):
            if not row.steady:
                lines += self.field_lines(row, "", "a", "    ")
                continue
            run.append(row)
            if index + 1 < len(rows) and rows[index + 1].steady:
                continue
            cache, self.scope[f"c{index}"] = f"c{index}", {}
            lines.append(f"    k = ({''.join(self.field(each)[2] + ', ' for each in run)})")
            lines += [f"    s = {cache}.get(k)", "    if s is None:", "        b = []"]
            for position, each in enumerate(run):
                lines += self.field_lines(each, f"k[{position}]", "b.append", "        ")
            lines += ["        s = b''.join(b)", f"        if len({cache}) >= {wire.CACHE_LIMIT}: {cache}.clear()"]
            lines += [f"        {cache}[k] = s", "    a(s)"]
            run = []
        return "\n".join([*lines, "    return b''.join(p)\n"])

    def field_lines(self, row: Row, value: str, append: str, indent: str) -> list[str]:
        """The statements that write one field, its value ``value`` (default: the row's), with ``append``."""
        field, kind, get, name = self.field(row)
        tag = wire.varint(field.number << 3 | (2 if field.is_repeated else _WIRE_TYPES.get(kind, 2)))
        t = f"T{field.number}"
        self.scope[t], self.scope[t + "_1"] = tag, tag + b"\x01"
        if field.is_repeated and kind in ("int32", "uint32"):
            code = f"if v: {append}(L({t}, b''.join([{'I' if kind == 'int32' else 'V'}(x) for x in v])))"
        elif field.is_repeated:
            code = f"for x in v: {append}({_written(kind, t, name, 'x')})"
        elif kind == "bool" and not field.has_presence:
            code = f"if v: {append}({t}_1)"
        else:
            test = "" if kind == "value" else "if v is not None: " if field.has_presence else "if v: "
            code = f"{test}{append}({_written(kind, t, name, 'v')})"
        return [f"{indent}v = {value or get}", indent + code]


def _written(kind: str, tag: str, name: str, x: str) -> str:
    """The expression of one value's bytes, its tag included."""
    return {
        "string": f"S({tag}, {x})",
        "bool": f"{tag} + (b'\\x01' if {x} else b'\\x00')",
        "int32": f"{tag} + I({x})",
        "uint32": f"{tag} + V({x})",
        "double": f"{tag} + D({x})",
        "table": f"L({tag}, {name}_wire({x}, view_json))",
        "struct": f"L({tag}, struct_bytes({x}))",
        "value": f"L({tag}, value_bytes({x}))",
        "object": f"L({tag}, ParseDict({x}, {name}()).SerializeToString())",
    }[kind]

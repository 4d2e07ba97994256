"""Generates the SDKs' typed content from the schemas the server serves: TypeScript types for clients/node
(src/games.ts) and TypedDicts for clients/python (cardengine_client/games.py).

Per game, from the catalog's ``schemas`` (service.core.catalog: the engine's schemas with the service's own events,
``seed_revealed``, ``forfeited``, ``ended``): a named ``Card`` (the card codes), the view, each event (a union
discriminated by ``kind``), the move arguments per kind and the score sheet. For the key stream, ``KeyEventKind``:
the kinds service.core.key_events declares (``KINDS``). Run by clients/python/generate and clients/node's build; the
SDK tests fail when the committed output differs from a fresh run (tests/sdk/test_sdk_types.py compares the types
with what a running server serves). The built-in games only: a plugin game (docs/engine.md) serves its schemas at
run time, and the SDKs' committed files name no game that a server may or may not have installed.

    python -m clients.schema_types --python PATH --typescript PATH
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.registry import built_in_games
from service.core.catalog import Catalog
from service.core.key_events import KINDS as KEY_EVENT_KINDS
from service.core.level_ratings import game_levels

SERVED = Catalog()  # its game types (and their schemas) are built when first listed
BOT_KINDS = SERVED.bot_kinds()  # the catalog's botKinds
LEVEL_NAMES = [level["name"] for level in game_levels("", {})]  # the names every game's levels have

HEADER = "Generated from the games' JSON Schemas by clients/schema_types.py; never edited by hand."


def pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_") if part)


@dataclass
class Namer:
    """A game's type names: the card set (named ``Card``) and the object types met (Python needs each named)."""

    prefix: str
    cards: frozenset[Any]
    objects: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def card(self) -> str:
        return f"{self.prefix}Card"


def literal_values(schema: dict[str, Any]) -> list[Any] | None:
    if "const" in schema:
        return [schema["const"]]
    if "enum" in schema:
        return list(schema["enum"])
    return None


def branches(schema: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The alternatives of a schema: anyOf / oneOf, or one per JSON type of a type list."""
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return [{**{k: v for k, v in schema.items() if k != key}, **branch} for branch in schema[key]]
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return [{**schema, "type": kind} for kind in kinds]
    return None


def join(parts: list[str], separator: str = " | ") -> str:
    unique = list(dict.fromkeys(parts))
    return separator.join(unique)


# ----- TypeScript -------------------------------------------------------------------------------------------------


def ts_type(schema: Any, namer: Namer, depth: int = 0) -> str:
    if not isinstance(schema, dict):
        return "unknown"
    alternatives = branches(schema)
    if alternatives is not None:
        return join([ts_type(branch, namer, depth) for branch in alternatives])
    values = literal_values(schema)
    if values is not None:
        named = {value for value in values if value is not None}
        parts = (
            [namer.card()]
            if named and named == namer.cards
            else [json.dumps(value) for value in sorted(named, key=str)]
        )
        return join(parts + (["null"] if None in values else []))
    kind = schema.get("type")
    if kind == "array":
        return f"Array<{ts_type(schema.get('items'), namer, depth)}>"
    if kind == "object" or "properties" in schema:
        return ts_object(schema, namer, depth)
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}.get(
        str(kind), "unknown"
    )


def ts_object(schema: dict[str, Any], namer: Namer, depth: int) -> str:
    properties: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if not properties:
        values = ts_type(extra, namer, depth) if isinstance(extra, dict) else "never" if extra is False else "unknown"
        return f"Record<string, {values}>"
    required = set(schema.get("required", []))
    pad = "  " * (depth + 1)
    lines = [
        f"{pad}{json.dumps(name) if not name.isidentifier() else name}{'' if name in required else '?'}: "
        f"{ts_type(value, namer, depth + 1)};"
        for name, value in properties.items()
    ]
    return "{\n" + "\n".join(lines) + "\n" + "  " * depth + "}"


def typescript(games: dict[str, dict[str, Any]]) -> str:
    out = [f"// {HEADER}", ""]
    for game_id, schemas in games.items():
        prefix = pascal(game_id)
        namer = Namer(prefix, frozenset(schemas.get("defs", {}).get("card", {}).get("enum", [])))
        out += [f"// ----- {game_id} " + "-" * (110 - len(game_id)), ""]
        out.append(f"/** {schemas.get('defs', {}).get('card', {}).get('description', 'A card code.')} */")
        out.append(f"export type {namer.card()} = {join([json.dumps(card) for card in sorted(namer.cards)])};")
        out.append(f"export type {prefix}View = {ts_type(schemas['view'], namer)};")
        events = schemas.get("events", {})
        for kind, schema in events.items():
            out.append(f"export type {prefix}{pascal(kind)}Event = {ts_type(schema, namer)};")
        out.append(
            f"export type {prefix}Event = {join([f'{prefix}{pascal(kind)}Event' for kind in events]) or 'never'};"
        )
        moves = schemas.get("moveArgs", {})
        out.append(f"export interface {prefix}MoveArgs {{")
        out += [f"  {json.dumps(kind)}: {ts_type(schema, namer, 1)};" for kind, schema in moves.items()]
        out.append("}")
        out.append(
            f"export type {prefix}Move = {{ [K in keyof {prefix}MoveArgs]: {{ kind: K; args: {prefix}MoveArgs[K] }} }}"
            f"[keyof {prefix}MoveArgs];"
        )
        out.append(f"export type {prefix}Score = {ts_type(schemas.get('score', {}), namer)};")
        out.append(f"/** The {game_id} types under short names: {prefix}.Card, {prefix}.View, {prefix}.Event, ... */")
        out.append(f"export declare namespace {prefix} {{")
        for short in ("Card", "View", "Event", "MoveArgs", "Move", "Score"):
            out.append(f"  type {short} = {prefix}{short};")
        out += ["}", ""]
    out += ts_maps(list(games))
    out.append("/** Every kind of event of an API key's stream (WatchKeyEvents, GET /v1/key-events). */")
    out.append(f"export type KeyEventKind = {join([json.dumps(kind) for kind in KEY_EVENT_KINDS])};")
    out.append(
        "/** Every kind of bot a seat can be given (the catalog's botKinds; mcts also takes a budget: mcts:500ms). */"
    )
    out.append(f"export type BotKind = {join([json.dumps(kind) for kind in BOT_KINDS])};")
    out.append("/** The levels of play, weakest first (each game's GameType.levels, with their ratings). */")
    out.append(f"export type BotLevelName = {join([json.dumps(name) for name in LEVEL_NAMES])};")
    return "\n".join(out) + "\n"


def ts_maps(ids: list[str]) -> list[str]:
    out = ["/** The id of every game type. */", f"export type GameTypeId = {join([json.dumps(i) for i in ids])};"]
    for kind in ("Card", "View", "Event", "MoveArgs", "Move", "Score"):
        out.append(f"/** Each game type's {kind} type, by game type id. */")
        plural = kind if kind.endswith("s") else f"{kind}s"  # GameMoveArgs, not GameMoveArgss
        out.append(f"export interface Game{plural} {{")
        out += [f"  {game_id}: {pascal(game_id)}{kind};" for game_id in ids]
        out.append("}")
    return out


# ----- Python -----------------------------------------------------------------------------------------------------


def py_type(schema: Any, namer: Namer, name: str) -> str:
    """The annotation of ``schema``; an object with properties becomes a TypedDict named ``name``."""
    if not isinstance(schema, dict):
        return "Any"
    alternatives = branches(schema)
    if alternatives is not None:
        return join([py_type(branch, namer, f"{name}{index or ''}") for index, branch in enumerate(alternatives)])
    values = literal_values(schema)
    if values is not None:
        named = {value for value in values if value is not None}
        parts = [namer.card()] if named and named == namer.cards else []
        if not parts and named:
            parts = [f"Literal[{', '.join(json.dumps(value) for value in sorted(named, key=str))}]"]
        return join(parts + (["None"] if None in values else []))
    kind = schema.get("type")
    if kind == "array":
        return f"list[{py_type(schema.get('items'), namer, name + 'Item')}]"
    if kind == "object" or "properties" in schema:
        if not schema.get("properties"):
            extra = schema.get("additionalProperties", True)
            return f"dict[str, {py_type(extra, namer, name + 'Value') if isinstance(extra, dict) else 'Any'}]"
        namer.objects.append((name, schema))
        return name
    return {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}.get(
        str(kind), "Any"
    )


def py_typed_dicts(namer: Namer) -> list[str]:
    """Every TypedDict met so far (nested ones first met, then written before their users)."""
    out: list[str] = []
    written: set[str] = set()
    while namer.objects:
        name, schema = namer.objects.pop(0)
        if name in written:
            continue
        written.add(name)
        fields = {key: py_type(value, namer, name + pascal(key)) for key, value in schema["properties"].items()}
        out.append(py_typed_dict(name, fields, set(schema.get("required", []))))
    return list(reversed(out))


def py_typed_dict(name: str, fields: dict[str, str], required: set[str]) -> str:
    """A TypedDict of ``fields`` (name: annotation), those not ``required`` NotRequired."""
    lines = [
        f"        {json.dumps(key)}: {value if key in required else f'NotRequired[{value}]'},"
        for key, value in fields.items()
    ]
    if not lines:
        return f'{name} = TypedDict("{name}", {{}})'
    return f'{name} = TypedDict(\n    "{name}",\n    {{\n' + "\n".join(lines) + "\n    },\n)"


def python(games: dict[str, dict[str, Any]]) -> str:
    body: list[str] = []
    for game_id, schemas in games.items():
        prefix = pascal(game_id)
        namer = Namer(prefix, frozenset(schemas.get("defs", {}).get("card", {}).get("enum", [])))
        cards = ", ".join(json.dumps(card) for card in sorted(namer.cards))
        top = [f"{namer.card()} = Literal[{cards}]"]
        py_type(schemas["view"], namer, f"{prefix}View")
        events = schemas.get("events", {})
        for kind, schema in events.items():
            py_type(schema, namer, f"{prefix}{pascal(kind)}Event")
        moves = schemas.get("moveArgs", {})
        for kind, schema in moves.items():  # named even without arguments: {Game}MoveArgs maps each kind to it
            namer.objects.append(
                (f"{prefix}{pascal(kind)}Args", {**schema, "properties": schema.get("properties", {})})
            )
        py_type(schemas.get("score", {}), namer, f"{prefix}Score")
        union = " | ".join(f"{prefix}{pascal(kind)}Event" for kind in events) or "NoReturn"
        arg_names = {kind: f"{prefix}{pascal(kind)}Args" for kind in moves}
        body += [f"# ----- {game_id}", *top, *py_typed_dicts(namer), f"{prefix}Event = {union}"]
        body += [py_typed_dict(f"{prefix}MoveArgs", arg_names, set(moves)), ""]
    return "\n\n".join([f'"""{HEADER}"""', PY_IMPORTS, *body, py_accessors(list(games))]) + "\n"


PY_IMPORTS = """from __future__ import annotations

from typing import Any, Literal, NoReturn, NotRequired, TypedDict, cast, overload

from cardengine_client.values import GameEvent, GameView"""


def py_accessors(ids: list[str]) -> str:
    """``typed_view`` and ``typed_event``: an overload per game type, checked against the object's game type."""
    out = [
        f"GameTypeId = Literal[{', '.join(json.dumps(i) for i in ids)}]",
        f"KeyEventKind = Literal[{', '.join(json.dumps(kind) for kind in KEY_EVENT_KINDS)}]\n"
        '"""Every kind of event of an API key\'s stream (WatchKeyEvents, GET /v1/key-events)."""',
        f"BotKind = Literal[{', '.join(json.dumps(kind) for kind in BOT_KINDS)}]\n"
        '"""Every kind of bot a seat can be given (the catalog\'s bot_kinds; mcts also takes a budget: mcts:500ms)."""',
        f"BotLevelName = Literal[{', '.join(json.dumps(name) for name in LEVEL_NAMES)}]\n"
        '"""The levels of play, weakest first (each game\'s GameType.levels, with their ratings)."""',
    ]
    for what, source, attr in (("view", "GameView", "view"), ("event", "GameEvent", "content")):
        for game_id in ids:
            out.append(
                f'@overload\ndef typed_{what}({what}: {source}, game_type: Literal["{game_id}"]) -> '
                f"{pascal(game_id)}{pascal(what)}: ..."
            )
        check = (
            "    if view.game_type != game_type:\n"
            '        raise ValueError(f"a {view.game_type} view is no {game_type} view")\n'
            if what == "view"
            else ""
        )
        out.append(
            f"def typed_{what}({what}: {source}, game_type: GameTypeId) -> Any:\n"
            f'    """The {what} typed for its game type (``{source}.{attr}``, checked: no cast)."""\n'
            f"{check}    return cast(Any, {what}.{attr})"
        )
    return "\n\n\n".join(out)


def write(path: Path, text: str, formatter: Callable[[str], str] | None = None) -> None:
    path.write_text(formatter(text) if formatter else text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--python", type=Path)
    parser.add_argument("--typescript", type=Path)
    args = parser.parse_args()
    served = {entry["id"]: entry["schemas"] for entry in SERVED.list_game_types()}
    built_in = {game.id for game in built_in_games()}
    games = {game_id: served[game_id] for game_id in sorted(served) if game_id in built_in}
    if args.python:
        write(args.python, python(games))
    if args.typescript:
        write(args.typescript, typescript(games))


if __name__ == "__main__":
    main()

"""What the certification reads off a game's content: its JSON Schemas compiled into validators, the strings and
card codes in a value (a view, an event, a reason), and the words of texts for people."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import fastjsonschema
import orjson
from jsonschema import Draft202012Validator

from engine.game import Game
from engine.registry import get_game
from engine.schemas import game_schemas

WORD = re.compile(r"[A-Za-z0-9=]+")


Validate = Callable[[Any], Any]


def first_error(validate: Validate, value: Any) -> str | None:
    try:
        validate(value)
    except fastjsonschema.JsonSchemaException as error:
        return str(error)
    return None


@dataclass(frozen=True)
class ContentValidators:
    """The game's JSON Schemas compiled once (fastjsonschema generates Python code for each: some twenty times
    faster than an interpreting validator, which matters at every step of the conformance playouts)."""

    view: Validate
    events: dict[str, Validate]
    score: Validate

    def check_view(self, view: Any, where: str) -> None:
        error = first_error(self.view, view)
        assert error is None, f"{where}: view does not match its schema: {error}"

    def check_event(self, event: dict[str, Any], where: str) -> None:
        validate = self.events.get(event["kind"])
        assert validate is not None, f"{where}: event kind '{event['kind']}' has no schema"
        error = first_error(validate, event)
        assert error is None, f"{where}: event {event} does not match its schema: {error}"


def with_set_enums(schema: Any, formats: dict[str, Callable[[Any], bool]]) -> Any:
    """The same schema with each long enum of strings (a card list) checked by set membership: fastjsonschema
    tests an enum by scanning a list literal built at every check. ``{"enum": [...]}`` becomes ``{"type": "string",
    "format": "enumN"}`` with that format bound to the set of the same strings, which accepts exactly the same."""
    if isinstance(schema, list):
        return [with_set_enums(item, formats) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {key: with_set_enums(value, formats) for key, value in schema.items()}
    values = schema.get("enum")
    long_strings = isinstance(values, list) and len(values) >= 8 and all(isinstance(v, str) for v in values)
    if long_strings and schema.get("type", "string") == "string" and "format" not in schema:
        name = f"enum{len(formats)}"
        formats[name] = frozenset(cast(list[str], values)).__contains__
        del converted["enum"]
        converted["type"] = "string"
        converted["format"] = name
    return converted


@functools.cache
def content_validators(game_id: str) -> ContentValidators | None:
    """``None`` while a game has not described its content yet (tests/engine checks that every game does)."""
    if not get_game(game_id).schemas():
        return None
    schemas = game_schemas(game_id)
    defs = {"$defs": schemas["defs"]}

    def compile_schema(schema: dict[str, Any]) -> Validate:
        full = {**schema, **defs}
        Draft202012Validator.check_schema(full)  # valid draft 2020-12, as served
        formats: dict[str, Callable[[Any], bool]] = {}
        fast = with_set_enums({key: value for key, value in full.items() if key != "$schema"}, formats)
        return fastjsonschema.compile(fast, formats=formats)

    return ContentValidators(
        compile_schema(schemas["view"]),
        {kind: compile_schema(schema) for kind, schema in schemas["events"].items()},
        compile_schema(schemas["score"]),
    )


def assert_words_name_no_codes(game: Game, text: str, deck: set[str], where: str) -> None:
    """Texts for people use card names, never bare codes (a code that is its own name, such as "Pickpocket", is a
    name)."""
    codes = {word for word in WORD.findall(text) if word in deck and len(word) > 1 and game.card_name(word) != word}
    assert not codes, f"{where}: {text!r} shows card codes {codes} instead of names"


# A JSON string's contents, as "unrolled loop" (runs of plain characters between escapes): twice as fast in `re` as
# an alternation tried at every character, for the same matches.
JSON_STRING = re.compile(rb'"([^"\\]*(?:\\.[^"\\]*)*)"')


def strings_in(value: Any) -> list[str]:
    """Every string anywhere in a JSON-like value (keys included), read off its JSON text (fast: one C pass)."""
    return _strings_with_commas(value)[0]


def _strings_with_commas(value: Any) -> tuple[list[str], bool]:
    """The strings of ``value`` and whether any holds a comma. Decoded by C loops (``map``) unless one has an
    escape, and the comma looked for once in all of them: per-string Python work was half of ``cards_shown``."""
    raws = JSON_STRING.findall(orjson.dumps(value))
    joined = b"\x00".join(raws)
    if b"\\" in joined:
        texts = [orjson.loads(b'"' + raw + b'"') if b"\\" in raw else raw.decode() for raw in raws]
    else:
        texts = list(map(bytes.decode, raws))
    return texts, b"," in joined


def cards_shown(value: Any, deck: set[str]) -> Counter[str]:
    """Every card code appearing as a whole string (or an item of a comma-joined list) in ``value``."""
    texts, commas = _strings_with_commas(value)
    found: Counter[str] = Counter(filter(deck.__contains__, texts))
    if commas:
        for text in texts:
            if "," in text and text not in deck:
                found.update(part for part in text.split(",") if part in deck)
    return found

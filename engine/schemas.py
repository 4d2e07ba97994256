"""The JSON Schemas of a game's typed content, completed with the fields the engine itself adds.

A game describes its own part (``Game.schemas``); this module adds the common view header, the ``kind`` /
``seat`` / ``text`` of every event and the score sheet around the game's details, so the catalog serves one
complete schema per content type and the conformance suite validates exactly what the API sends.
"""

from __future__ import annotations

import functools
from typing import Any

from engine import schema_words
from engine.registry import get_game

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SEAT = {"type": "integer", "minimum": 0}
SEAT_LIST = {"type": "array", "items": SEAT}
VIEW_HEADER: dict[str, Any] = {
    "game": {"type": "string", "description": "The game type's id, e.g. \"dracula\" (not the match's id)."},
    "rulesVersion": {"type": "integer", "minimum": 1},
    "players": {"type": "integer", "minimum": 1},
    "seat": {"type": ["integer", "null"], "minimum": 0, "description": "The viewer's seat; null for a spectator."},
    "step": {"type": "integer", "minimum": 0, "description": "Moves applied so far."},
    "toAct": {**SEAT_LIST, "description": "The seats with a decision to make now."},
    "finished": {"type": "boolean"},
    "options": {"type": "object", "description": "The match's resolved options."},
}
EVENT_KIND: dict[str, Any] = {"title": "Kind", "description": "The event's kind."}
EVENT_HEADER: dict[str, Any] = {
    "kind": {"type": "string", **EVENT_KIND},
    "seat": {**SEAT, "title": "Seat", "description": "The seat the event is about (the one that acted)."},
    "text": {"type": "string", "description": "The event in words, as this viewer may read it."},
}


def object_schema(part: dict[str, Any], header: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """``part`` (an object schema) with ``header`` properties added and required."""
    properties = {**header, **part.get("properties", {})}
    return {
        **{key: value for key, value in part.items() if key not in ("properties", "required")},
        "type": "object",
        "properties": properties,
        "required": sorted({*required, *part.get("required", [])}),
        "additionalProperties": part.get("additionalProperties", False),
    }


def game_schemas(game_id: str) -> dict[str, Any]:
    """Every schema of a game: ``view``, ``moveArgs`` (per kind), ``events`` (per kind), ``score``."""
    game = get_game(game_id)
    own = game.schemas()
    view = object_schema(own.get("view", {}), VIEW_HEADER, list(VIEW_HEADER))
    events = {
        kind: {
            "title": schema_words.value_label(kind, game.card_name, group_tokens=False),
            **object_schema(schema, {**EVENT_HEADER, "kind": {"const": kind, **EVENT_KIND}}, ["kind", "text"]),
        }
        for kind, schema in own.get("eventData", {}).items()
    }
    move_args = {
        kind: {"type": "object", "additionalProperties": False, **schema}
        for kind, schema in own.get("moveArgs", {}).items()
    }
    score = {
        "type": "object",
        "properties": {
            "totals": {"type": "array", "items": {"type": "integer"}},
            "rounds": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "label": {"type": "string"},
                        "points": {"type": "array", "items": {"type": "integer"}},
                        "details": own.get("roundDetails", {"type": "object"}),
                    },
                    "required": ["label", "points", "details"],
                    "additionalProperties": False,
                },
            },
            "finished": {"type": "boolean"},
            "winners": SEAT_LIST,
            "details": own.get("scoreDetails", {"type": "object"}),
        },
        "required": ["totals", "rounds", "finished", "winners", "details"],
        "additionalProperties": False,
    }
    # Words for people on every field and enum value (engine/schema_words.py), so a page needs no words of its own.
    words = functools.partial(schema_words.annotate, card_name=game.card_name)
    return {
        "$schema": DIALECT,
        "$id": f"urn:cardengine:{game.id}:v{game.rules_version}",
        "view": words(view),
        "moveArgs": {kind: words(schema) for kind, schema in move_args.items()},
        "events": {kind: words(schema) for kind, schema in events.items()},
        "score": words(score),
        "defs": schema_words.annotate_defs(own.get("defs", {}), game.card_name),
    }

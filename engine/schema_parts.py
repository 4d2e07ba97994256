"""Builders of the JSON Schema parts every game's ``schemas.py`` uses: closed objects, arrays, one item per seat,
seat numbers.

Each builder returns a new plain dict, so a game may extend it (``{**per_seat(COUNT), "description": ...}``).
Schemas stay inlined (no ``$ref``): the conformance suite validates every view and event of its playouts with
them, and resolving references would cost it time. ``engine.schemas`` adds the fields the engine itself sends.
"""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]

POINTS: Schema = {"type": "integer"}


def closed(properties: Schema, required: list[str] | None = None) -> Schema:
    """An object schema with exactly ``properties`` (all required unless ``required`` says otherwise)."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def array(items: Schema, least: int | None = None, most: int | None = None) -> Schema:
    """An array of ``items``, with at least ``least`` and at most ``most`` of them when given."""
    schema: Schema = {"type": "array", "items": items}
    if least is not None:
        schema["minItems"] = least
    if most is not None:
        schema["maxItems"] = most
    return schema


def per_seat(items: Schema, min_players: int, max_players: int) -> Schema:
    """An array with one item per seat, for a game of ``min_players`` to ``max_players``. A game binds its player
    counts once: ``per_seat = functools.partial(schema_parts.per_seat, min_players=2, max_players=4)``."""
    return array(items, min_players, max_players)


def seat(max_players: int) -> Schema:
    """A seat number, 0 to ``max_players - 1``."""
    return {"type": "integer", "minimum": 0, "maximum": max_players - 1}


def seat_argument(max_players: int) -> Schema:
    """A seat as a move argument (a string of notation): "0" to ``max_players - 1``."""
    return {"enum": [str(number) for number in range(max_players)], "description": "A seat number."}


def content_schemas(
    view: Schema, move_args: Schema, event_data: Schema, score_details: Schema, round_details: Schema, defs: Schema
) -> Schema:
    """What ``Game.schemas`` returns, under the keys ``engine.schemas`` reads: the view, the move arguments and the
    event data per kind, the score sheet's and each round's details, and ``defs`` (the shared types, for readers)."""
    return {
        "view": view,
        "moveArgs": move_args,
        "eventData": event_data,
        "scoreDetails": score_details,
        "roundDetails": round_details,
        "defs": defs,
    }

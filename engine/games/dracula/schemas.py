"""JSON Schemas (draft 2020-12) of Dracula's content: the view, the move arguments, every event kind and the
score sheet's details. Built from the same constants as the code (the pack, the cells, the phases), so they
cannot drift; the conformance suite validates every view, event and score sheet of its playouts against them.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.games.dracula.cards import full_pack
from engine.games.dracula.coffin import CELL_NAMES, DIRECTIONS
from engine.games.dracula.flow import Phase
from engine.games.dracula.scoring import BONUS_REASONS
from engine.schema_parts import array, closed, content_schemas, per_seat, seat

# Card codes are inlined as enums rather than referenced from ``$defs``: the conformance suite validates every view
# of its playouts, and jsonschema resolves a ``$ref`` per card (twice as slow). ``$defs`` still names the types.
CARD: dict[str, Any] = {
    "enum": sorted(set(full_pack())),
    "description": "A card code: rank + suit (TH: 10 of Hearts); VP.",
}
CELL_CONTENT = {"enum": [*CARD["enum"], None], "description": "The card on a cell; null when it is empty."}
CELL = {"enum": list(CELL_NAMES), "description": "A coffin cell: columns a-c left to right, rows 1-3 top down."}
DIRECTION = {"enum": list(DIRECTIONS), "description": "across: the Queen's way (rows); down: the King's way."}
COUNT = {"type": "integer", "minimum": 0}
POSITIVE = {"type": "integer", "minimum": 1}
SEAT = seat(4)
PER_SEAT_COUNTS = per_seat(COUNT, 2, 4)
CARDS = array(CARD)
LINE_RANK = {"type": "integer", "minimum": 1, "maximum": 3}
DEFS: dict[str, Any] = {"card": CARD, "cell": CELL, "direction": DIRECTION}


VIEW = closed(
    {
        "phase": {"enum": [phase.value for phase in Phase]},
        "firstDealer": SEAT,
        "dealer": SEAT,
        "deal": {**COUNT, "maximum": 6, "description": "The deal in progress (0 before the declaration)."},
        "coffinInDeal": {**POSITIVE, "maximum": 6},
        "directions": {
            "type": "array",
            "items": {"enum": ["", *DIRECTIONS]},
            "minItems": 2,
            "maxItems": 4,
            "description": "Per seat: the way it scores ('' until the first dealer declares).",
        },
        "turn": SEAT,
        "coffin": {
            "type": "array",
            "items": {"type": "array", "items": CELL_CONTENT, "minItems": 3, "maxItems": 3},
            "minItems": 3,
            "maxItems": 3,
            "description": "Rows 1-3, each with columns a-c; null for an empty cell.",
        },
        "hand": {"type": ["array", "null"], "items": CARD, "description": "The viewer's cards; null for spectators."},
        "handCounts": PER_SEAT_COUNTS,
        "stockCount": COUNT,
        "used": {**CARDS, "description": "Cards of the coffins already scored, face up."},
        "totals": PER_SEAT_COUNTS,
    }
)

MOVE_ARGS: dict[str, Any] = {
    "declare": closed({"direction": DIRECTION}),
    "place": closed({"card": CARD, "cell": CELL}),
}

EVENT_DATA: dict[str, Any] = {
    "cut": closed(
        {
            "cards": {**CARDS, "minItems": 2, "maxItems": 4, "description": "The card each seat cut, by seat."},
            "firstDealer": {"anyOf": [SEAT, {"type": "null"}], "description": "null: nobody won, cut again."},
        }
    ),
    "declared": closed({"seat": SEAT, "direction": DIRECTION}),
    "deal_started": closed(
        {"deal": {**POSITIVE, "maximum": 6}, "dealer": SEAT, "handSizes": PER_SEAT_COUNTS, "stockCount": COUNT}
    ),
    "hand_dealt": closed({"seat": SEAT, "cards": {**CARDS, "minItems": 4, "maxItems": 14}}),
    "nail_turned": closed({"card": CARD, "cell": CELL}),
    "placed": closed({"seat": SEAT, "card": CARD, "cell": CELL}),
    # With the coffin's breakdown (COFFIN_DETAILS's fields, added below: the same as the score sheet's round).
    "coffin_scored": closed(
        {
            "label": {"type": "string", "pattern": "^deal [1-6]( coffin [1-6])?$"},
            "points": PER_SEAT_COUNTS,
            "lineRank": LINE_RANK,
        }
    ),
    "match_finished": closed(
        {
            "totals": PER_SEAT_COUNTS,
            "bonus": PER_SEAT_COUNTS,
            "bonusReason": {"enum": list(BONUS_REASONS)},
            "winners": array(SEAT, 1, 4),
        }
    ),
}

SCORE_DETAILS = closed(
    {
        "bestLine": {
            "type": "array",
            "items": COUNT,
            "minItems": 2,
            "maxItems": 2,
            "description": "Per side (seats 0+2, 1+3): the highest line it has scored.",
        },
        "directions": {"type": "array", "items": {"enum": ["", *DIRECTIONS]}, "minItems": 2, "maxItems": 4},
    }
)

LINE = closed(
    {
        "cells": {"type": "string", "pattern": "^[a-c][1-3]-[a-c][1-3]-[a-c][1-3]$"},
        "cards": {**CARDS, "minItems": 3, "maxItems": 3},
        "faceValue": {**COUNT, "maximum": 30},
        "multiplier": {"enum": [0, 1, 2, 3, 5], "description": "0 when a Vampire drains the line."},
        "vampire": {"type": "boolean", "description": "Whether a Vampire drains the line (it then scores 0)."},
        "value": COUNT,
    }
)
COFFIN_DETAILS = closed(
    {
        "coffin": closed({cell: CARD for cell in CELL_NAMES}),
        "lineRank": LINE_RANK,
        "sides": {
            "type": "array",
            "minItems": 2,
            "maxItems": 2,
            "items": closed(
                {
                    "side": {"enum": [0, 1]},
                    "seats": {**array(SEAT, 1, 2), "description": "The side's seats (0+2 and 1+3 with four)."},
                    "points": {**COUNT, "description": "The points the side scored for this coffin."},
                    "direction": DIRECTION,
                    "lines": {
                        "type": "array",
                        "items": LINE,
                        "minItems": 3,
                        "maxItems": 3,
                        "description": "Best first: the line at lineRank - 1 is the one the side scored.",
                    },
                }
            ),
        },
    }
)
# In the event a line names its cells only (their cards are in "coffin": an event shows each card once).
EVENT_SIDES = copy.deepcopy(COFFIN_DETAILS["properties"]["sides"])
EVENT_LINE = EVENT_SIDES["items"]["properties"]["lines"]["items"]
del EVENT_LINE["properties"]["cards"]
EVENT_LINE["required"].remove("cards")
EVENT_DATA["coffin_scored"]["properties"] |= {"coffin": COFFIN_DETAILS["properties"]["coffin"], "sides": EVENT_SIDES}
EVENT_DATA["coffin_scored"]["required"] += ["coffin", "sides"]
ROUND_DETAILS = {
    "description": "A coffin's breakdown (its cards, each side's lines best first); the bonus round says why.",
    "anyOf": [
        COFFIN_DETAILS,
        closed(
            {
                "bonusReason": {
                    "enum": list(BONUS_REASONS),
                    "description": "The higher total's difference, or (equal totals) the best line's value.",
                }
            }
        ),
    ],
}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

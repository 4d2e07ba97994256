"""JSON Schemas (draft 2020-12) of Dragon Mystery Rummy's content: the view, the move arguments, every event kind
and the score sheet's details. Built from the same constants as the code (the dragons, the phases, the single
plays, how a hand ends), so they cannot drift; the conformance suite validates every view, event and score sheet
of its playouts against them.

Cheap to validate on purpose: every sub-schema is inlined (no ``$ref`` is ever resolved; ``$defs`` only names
the shared types for readers), card codes are a flat ``enum`` of ten strings, and there are no ``anyOf`` /
``oneOf`` branches to try.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import schema_parts
from engine.games.dragon_rummy.cards import (
    COPIES_PER_KIND,
    FULL_DECK,
    HAND_SIZES,
    KINDS,
    SET_SIZES,
    SLOT_DRAW_TWO,
    SLOT_RARE,
    SLOT_SPLIT,
)
from engine.games.dragon_rummy.flow import Phase
from engine.games.dragon_rummy.table import ENDED_DECK, ENDED_OUT, MAX_TARGET_SCORE
from engine.schema_parts import POINTS, array, closed, content_schemas, seat

MIN_PLAYERS = min(HAND_SIZES)
MAX_PLAYERS = max(HAND_SIZES)
DECK_SIZE = len(FULL_DECK)

CARD: dict[str, Any] = {
    "enum": list(KINDS),
    "description": "A dragon: the first two letters of its name in capitals (JA: Jade Dragon).",
}
NULLABLE_CARD: dict[str, Any] = {
    "enum": [*KINDS, None],
    "description": "The dragon taken from the discard pile that must still be played this turn; null if none.",
}
CARDS: dict[str, Any] = {"type": "array", "items": CARD, "maxItems": DECK_SIZE}
NAME: dict[str, Any] = {"type": "string", "minLength": 1}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": DECK_SIZE}
SEAT = seat(MAX_PLAYERS)
HAND_NUMBER: dict[str, Any] = {"type": "integer", "minimum": 1}
SLOT: dict[str, Any] = {"enum": [SLOT_DRAW_TWO, SLOT_RARE, SLOT_SPLIT]}
ENDED: dict[str, Any] = {
    "enum": [ENDED_OUT, ENDED_DECK],
    "description": "out: a player discarded the last card of his hand; deck: the turn of the player who drew "
    "the last card of the deck is over.",
}
per_seat = partial(schema_parts.per_seat, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)


VIEW = closed(
    {
        "phase": {"enum": [phase.value for phase in Phase]},
        "handNumber": HAND_NUMBER,
        "starter": {**SEAT, "description": "Who took the first turn of this hand."},
        "turn": {**SEAT, "description": "Whose turn it is."},
        "drawTwo": {**CARD, "description": "This hand's draw-2 dragon (the left face-up card)."},
        "rare": {**CARD, "description": "This hand's rare dragon (the right face-up card)."},
        "drawTwoName": NAME,
        "rareName": NAME,
        "hand": {
            "type": ["array", "null"],
            "items": CARD,
            "maxItems": DECK_SIZE,
            "description": "The viewer's cards (less a taken card still to be played); null for spectators.",
        },
        "handCounts": per_seat(COUNT),
        "deckCount": COUNT,
        "discard": {**CARDS, "description": "The spread discard pile, bottom (oldest) card first."},
        "playAreas": per_seat(CARDS),
        "playAreaPoints": {**per_seat(POINTS), "description": "What each play area scores this hand so far."},
        "mustPlay": NULLABLE_CARD,
        "usedThisTurn": {"type": "array", "items": SLOT, "maxItems": 3, "uniqueItems": True},
        "lastCardDrawn": {"type": "boolean"},
        "totals": per_seat(POINTS),
        "targetScore": {"type": "integer", "minimum": 1, "maximum": MAX_TARGET_SCORE},
    }
)

MOVE_ARGS: dict[str, Any] = {
    "draw": closed({}),
    "take": closed(
        {
            "card": CARD,
            "count": {
                "type": ["string", "integer"],
                "pattern": "^[1-9][0-9]?$",
                "minimum": 1,
                "maximum": DECK_SIZE,
                "description": "How many cards to take from the top of the discard pile: the move lists give it "
                'as a string of digits ("3"); a whole number is accepted too.',
            },
        }
    ),
    "play": closed({"card": CARD}),
    "set": closed({"cards": {"type": "array", "items": CARD, "minItems": SET_SIZES[0], "maxItems": SET_SIZES[-1]}}),
    "discard": closed({"card": CARD}),
}

EVENT_DATA: dict[str, Any] = {
    "rare_turned_again": closed({"card": CARD}),
    "hand_started": closed(
        {
            "hand": HAND_NUMBER,
            "starter": SEAT,
            "drawTwo": CARD,
            "rare": CARD,
            "discard": {**CARDS, "minItems": 1, "maxItems": 1},
            "deckCount": COUNT,
            "handCounts": per_seat(COUNT),
        }
    ),
    "hand_dealt": closed({"seat": SEAT, "cards": {**CARDS, "minItems": 1, "maxItems": max(HAND_SIZES.values())}}),
    "drew": closed(
        {
            "seat": SEAT,
            "deckCount": COUNT,
            "lastCard": {"type": "boolean"},
            "card": {**CARD, "description": "Only the drawer sees the card."},
        },
        ["seat", "deckCount", "lastCard"],
    ),
    "took": closed(
        {
            "seat": SEAT,
            "cards": {**CARDS, "minItems": 1, "description": "The cards taken, the deepest (to be played) first."},
            "count": {"type": "integer", "minimum": 1, "maximum": DECK_SIZE},
        }
    ),
    "draw_two_played": closed(
        {
            "seat": SEAT,
            "card": CARD,
            "drawnCount": {"type": "integer", "minimum": 0, "maximum": 2},
            "deckCount": COUNT,
            "lastCard": {"type": "boolean"},
            "drawn": {**CARDS, "maxItems": 2, "description": "Only the player sees the cards drawn."},
        },
        ["seat", "card", "drawnCount", "deckCount", "lastCard"],
    ),
    "rare_played": closed(
        {
            "seat": SEAT,
            "card": CARD,
            "takenFrom": {
                **per_seat({"type": "integer", "minimum": 0, "maximum": COPIES_PER_KIND - 1}),
                "description": "How many copies were taken from each seat's play area.",
            },
        }
    ),
    "set_split": closed({"seat": SEAT, "card": CARD, "fromSeat": SEAT}),
    "set_played": closed({"seat": SEAT, "cards": MOVE_ARGS["set"]["properties"]["cards"]}),
    "discarded": closed({"seat": SEAT, "card": CARD, "handCount": COUNT}),
    "hand_ended": closed(
        {"seat": SEAT, "hand": HAND_NUMBER, "ended": ENDED, "points": per_seat(POINTS), "totals": per_seat(POINTS)}
    ),
    "match_finished": closed({"totals": per_seat(POINTS), "winners": array(SEAT, 1, 4)}),
}

ROLE_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": DECK_SIZE}
EXPLANATION = closed(
    {
        "cards": {**CARDS, "description": "The dragons in the seat's play area."},
        "drawTwo": {**ROLE_COUNT, "description": "How many are this hand's draw-2 dragon (-1 each)."},
        "rare": {**ROLE_COUNT, "description": "How many are this hand's rare dragon (+3 each)."},
        "other": {**ROLE_COUNT, "description": "How many are other dragons (+1 each)."},
        "points": {**POINTS, "description": "The seat's points for the hand (cards in hand score nothing)."},
    }
)
EXPLANATIONS: dict[str, Any] = {
    **per_seat(EXPLANATION),
    "description": "Per seat, where its points came from: its play area's dragons by role.",
}
EVENT_DATA["hand_ended"]["properties"]["explanations"] = EXPLANATIONS
EVENT_DATA["hand_ended"]["required"].append("explanations")
ROUND_DETAILS = closed(
    {
        "drawTwo": CARD,
        "rare": CARD,
        "ended": ENDED,
        "by": {**SEAT, "description": "The seat whose turn ended the hand."},
        "playAreas": per_seat(
            closed(
                {"drawTwo": ROLE_COUNT, "rare": ROLE_COUNT, "other": ROLE_COUNT},
            )
        ),
        "explanations": EXPLANATIONS,
    },
    ["drawTwo", "rare", "ended", "by", "playAreas"],  # hands scored before issue 27 have no explanations
)
SCORE_DETAILS = closed({"targetScore": VIEW["properties"]["targetScore"]})
DEFS: dict[str, Any] = {"card": CARD, "slot": SLOT, "ended": ENDED}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

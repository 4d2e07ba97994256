"""JSON Schemas (draft 2020-12) of Gin Rummy's content: the view, the move arguments, every event kind and the
score sheet's details, built from the same constants as the code (the pack, the phases, the endings)."""

from __future__ import annotations

from typing import Any

from cardengine_gin_rummy.cards import CODES
from cardengine_gin_rummy.flow import Phase
from cardengine_gin_rummy.scoring import ENDINGS, VARIANTS
from engine.schema_parts import POINTS, array, closed, content_schemas, per_seat, seat

CARD: dict[str, Any] = {"enum": sorted(CODES), "description": "A card code: rank + suit (TH: 10 of Hearts)."}
CARDS = array(CARD)
MELD = {**array(CARD, 3, 5), "description": "A meld's cards in card-id order (a run low to high, a set by suit)."}
COUNT = {"type": "integer", "minimum": 0}
SEAT = seat(2)
PER_SEAT_COUNTS = per_seat(COUNT, 2, 2)
PER_SEAT_POINTS = per_seat(POINTS, 2, 2)
NULLABLE_SEAT = {"anyOf": [SEAT, {"type": "null"}]}
PHASE = {"enum": [phase.value for phase in Phase]}
DEFS: dict[str, Any] = {"card": CARD, "meld": MELD}
HANDS_WON = {**PER_SEAT_COUNTS, "description": "Per seat: hands won (the classic match's box bonus counts them)."}
ENDING = {
    "enum": list(ENDINGS),
    "description": "How the hand ended: knock, gin, undercut; void: the wall, or one of OpenSpiel's two caps.",
}
DEADWOOD = {**PER_SEAT_COUNTS, "description": "Per seat: the deadwood counted (unmelded cards' points)."}
LAYOFFS = {**CARDS, "description": "The cards the defender laid off on the knocker's melds."}

VIEW = closed(
    {
        "phase": PHASE,
        "turn": SEAT,
        "dealer": SEAT,
        "handNumber": {**COUNT, "description": "The hand in progress, 1-based (void hands count)."},
        "hand": {"type": ["array", "null"], "items": CARD, "description": "The viewer's cards; null for spectators."},
        "deadwood": {
            "anyOf": [COUNT, {"type": "null"}],
            "description": "The viewer's deadwood (OpenSpiel's count); null for spectators.",
        },
        "handCounts": PER_SEAT_COUNTS,
        "upcard": {**array(CARD, 0, 1), "description": "The top of the discard pile, to take: one card, or none."},
        "discardPile": {**CARDS, "description": "The cards under the upcard, oldest first."},
        "stockCount": COUNT,
        "firstUpcardPassed": {
            **per_seat({"type": "boolean"}, 2, 2),
            "description": "Per seat: whether it passed on the hand's first upcard.",
        },
        "knocker": {**NULLABLE_SEAT, "description": "The seat that knocked this hand; null before a knock."},
        "melds": {
            **array(closed({"owner": {**SEAT, "description": "The seat that laid the meld."}, "cards": MELD})),
            "description": "The melds laid this hand, the knocker's first, each in the order laid.",
        },
        "layoffs": {**CARDS, "description": "The cards the defender laid off on the knocker's melds."},
        "spread": {
            "anyOf": [CARDS, {"type": "null"}],
            "description": "The knocker's unmelded cards once it has spread its hand (null in its own view: they "
            "are its hand); else null.",
        },
        "handsWon": HANDS_WON,
        "totals": PER_SEAT_POINTS,
    }
)

MOVE_ARGS: dict[str, Any] = {
    "draw_upcard": closed({}),
    "draw_stock": closed({}),
    "pass": closed({}),
    "knock": closed({}),
    "discard": closed({"card": CARD}),
    "lay_off": closed({"card": CARD}),
    "meld": closed({"cards": MELD}),
}

HAND_DETAILS = {
    "knocker": {**NULLABLE_SEAT, "description": "The seat that knocked; null when nobody did."},
    "deadwood": DEADWOOD,
    "melds": per_seat(array({"type": "string", "pattern": "^[A2-9TJQK][SCDH](,[A2-9TJQK][SCDH]){2,4}$"}), 2, 2),
    "layoffs": LAYOFFS,
    "cards": per_seat(CARDS, 2, 2),
}

EVENT_DATA: dict[str, Any] = {
    "hand_started": closed({"hand": COUNT, "dealer": SEAT, "upcard": CARD, "stockCount": COUNT}),
    "hand_dealt": closed({"seat": SEAT, "cards": array(CARD, 10, 10)}),
    "drew_upcard": closed({"seat": SEAT, "card": CARD}),
    "drew_stock": closed({"seat": SEAT, "stockCount": COUNT, "card": CARD}, ["seat", "stockCount"]),
    "discarded": closed({"seat": SEAT, "card": CARD}),
    "knocked": closed(
        {
            "seat": SEAT,
            "upcard": {
                "anyOf": [CARD, {"type": "null"}],
                "description": "At the wall, the upcard the knock took; else null.",
            },
        }
    ),
    "melded": closed({"seat": SEAT, "cards": MELD}),
    "laid_off": closed({"seat": SEAT, "card": CARD}),
    "passed": closed({"seat": SEAT, "phase": PHASE}),
    "spread": closed(
        {"seat": SEAT, "cards": CARDS, "deadwood": {**COUNT, "description": "The knocker's unmelded points."}}
    ),
    "upcard_draws_exhausted": closed(
        {"seat": SEAT, "draws": {**COUNT, "description": "The upcard draws that ended the hand (OpenSpiel's cap)."}}
    ),
    "hand_ended": closed(
        {
            "hand": COUNT,
            "ending": ENDING,
            "points": PER_SEAT_POINTS,
            "totals": PER_SEAT_POINTS,
            **HAND_DETAILS,
        }
    ),
    "match_finished": closed({"bonus": PER_SEAT_COUNTS, "totals": PER_SEAT_POINTS, "winners": array(SEAT, 1, 2)}),
}

SCORE_DETAILS = closed(
    {
        "variant": {"enum": list(VARIANTS), "description": "classic: the match to a target; openspiel: one hand."},
        "handsWon": HANDS_WON,
    }
)
ROUND_DETAILS = {
    "description": "A hand's explanation (how it ended, who knocked, deadwood, melds, lay-offs, cards left), or the "
    "classic match's bonus round (hands won).",
    "anyOf": [closed({"ending": ENDING, **HAND_DETAILS}), closed({"handsWon": HANDS_WON})],
}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

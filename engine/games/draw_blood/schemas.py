"""JSON Schemas (draft 2020-12) of Draw Blood's content: the view, the move arguments, every event kind and the
score sheet's details. Built from the same constants as the code (card codes, slots, phases, Meld kinds, how a hand
ends, the option bounds), so they cannot drift; the conformance suite validates every view, event and score sheet
of its playouts against them.

Cheap to validate: every sub-schema is inlined (``$defs`` only names the shared types for readers, nothing refers
to them), card codes are one flat ``enum``, and the only branch is a Kill by a Kill Card or by a triple.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import schema_parts
from engine.games.draw_blood.cards import (
    CARD_ORDER,
    HAND_SIZE,
    IMMUNITIES,
    KILL,
    MONSTERS,
    SLOTS,
)
from engine.games.draw_blood.flow import Phase
from engine.games.draw_blood.melds import MELD_KINDS
from engine.games.draw_blood.table import ENDING_DEPLETED, ENDING_OUT
from engine.schema_parts import POINTS, array, closed, content_schemas, seat, seat_argument

MIN_PLAYERS = 2
MAX_PLAYERS = 4
# The largest deck the options of game.py allow: numbers 1-9 twelve times, six of each Monster, six Kill Cards, the
# three Immunity Cards.
MAX_DECK = 9 * 12 + 3 * 6 + 6 + 3
MAX_MOVES = len(SLOTS)  # one move per live Monster, at most three
MAX_TARGET_SCORE = 100_000

CARD: dict[str, Any] = {
    "enum": list(CARD_ORDER),
    "description": "A card code: a Numbered Blood Card (1S 3S 5S 7S 9S Skulls, 2H 4H 6H 8H Hearts), a Monster, "
    "KILL, or an Immunity Card.",
}
CARDS: dict[str, Any] = {"type": "array", "items": CARD, "maxItems": MAX_DECK}
MONSTER: dict[str, Any] = {"enum": list(MONSTERS)}
IMMUNITY: dict[str, Any] = {"enum": list(IMMUNITIES)}
SLOT: dict[str, Any] = {"enum": list(SLOTS), "description": "A Monster Row slot: the Monster type in lower case."}
SEAT = seat(MAX_PLAYERS)
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_DECK}
HAND_NUMBER: dict[str, Any] = {"type": "integer", "minimum": 1}
MELD_ID: dict[str, Any] = {"type": "integer", "minimum": 1, "description": "A Meld's id, numbered from 1 each hand."}
MELD_KIND: dict[str, Any] = {"enum": list(MELD_KINDS)}
ENDING: dict[str, Any] = {
    "enum": [ENDING_OUT, ENDING_DEPLETED],
    "description": "out: a player went out; depleted: the last card of the Draw Pile was drawn.",
}
TRIPLE: dict[str, Any] = {
    "type": "array",
    "items": CARD,
    "minItems": 3,
    "maxItems": 3,
    "description": "Triple Skulls (kill) or Triple Hearts (revive).",
}
per_seat = partial(schema_parts.per_seat, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)


SLOT_VIEW = closed(
    {
        "cards": {**CARDS, "description": "The slot's cards, bottom to top: Monsters, Kill Cards, triples."},
        "alive": {"type": "boolean"},
        "immunity": {
            "type": "array",
            "items": {"enum": [*IMMUNITIES, KILL]},
            "maxItems": 2,
            "description": "The Immunity Card above the Monster, and the Kill Card that cancelled it.",
        },
        "immune": {"type": "boolean"},
    }
)
MELD_VIEW = closed(
    {
        "id": MELD_ID,
        "owner": {**SEAT, "description": "Who laid the Meld down."},
        "kind": MELD_KIND,
        "cards": {**CARDS, "minItems": 2},
        "placedBy": {"type": "array", "items": SEAT, "minItems": 2, "description": "Who placed each card."},
    }
)
VIEW_PROPERTIES: dict[str, Any] = {
    "phase": {"enum": [phase.value for phase in Phase]},
    "handNumber": HAND_NUMBER,
    "leader": {**SEAT, "description": "The seat that drew first this hand."},
    "turn": {**SEAT, "description": "The seat to act."},
    "movesLeft": {"type": "integer", "minimum": 0, "maximum": MAX_MOVES},
    "discardedThisTurn": {"type": "boolean"},
    "mustUse": {
        "enum": [*CARD_ORDER, None],
        "description": "For the seat to act only: the top card of the picked-up Discard Pile, to be used next.",
    },
    "mustUsePending": {"type": "boolean"},
    "hand": {
        "type": ["array", "null"],
        "items": CARD,
        "maxItems": MAX_DECK,
        "description": "The viewer's cards (less mustUse); null for spectators and between hands.",
    },
    "handCounts": per_seat(COUNT),
    "drawPileCount": COUNT,
    "discardPile": {**CARDS, "description": "Bottom to top."},
    "monsterRows": per_seat(closed(dict.fromkeys(SLOTS, SLOT_VIEW))),
    "liveMonsters": per_seat({"type": "integer", "minimum": 0, "maximum": MAX_MOVES}),
    "melds": {"type": "array", "items": MELD_VIEW},
    "totals": per_seat(POINTS),
    "targetScore": {"type": "integer", "minimum": 1, "maximum": MAX_TARGET_SCORE},
    "hands": {**per_seat(CARDS), "description": "Every hand, shown between hands and at the end."},
}
VIEW = closed(VIEW_PROPERTIES, [name for name in VIEW_PROPERTIES if name != "hands"])

SEAT_ARG = seat_argument(MAX_PLAYERS)
MELD_ARG: dict[str, Any] = {"type": "string", "pattern": "^[1-9][0-9]*$", "description": "A Meld's id."}
MOVE_CARDS: dict[str, Any] = {"type": "array", "items": CARD, "minItems": 1}
MOVE_ARGS: dict[str, Any] = {
    "draw": closed({}),
    "pick_up_discard_pile": closed({}),
    "play_monster": closed({"card": MONSTER}),
    "kill": closed({"seat": SEAT_ARG, "slot": SLOT}),
    "play_immunity": closed({"card": IMMUNITY}),
    "meld": closed({"cards": {**MOVE_CARDS, "minItems": 2}}),
    "lay_off": closed({"meld": MELD_ARG, "cards": MOVE_CARDS}),
    "triple_kill": closed({"cards": TRIPLE, "seat": SEAT_ARG, "slot": SLOT}),
    "triple_revive": closed({"cards": TRIPLE, "slot": SLOT}),
    "pair_kill": closed({"meld": MELD_ARG, "card": CARD, "seat": SEAT_ARG, "slot": SLOT}),
    "pair_revive": closed({"meld": MELD_ARG, "card": CARD, "slot": SLOT}),
    "discard": closed({"card": CARD}),
    "end_turn": closed({}),
    "next_hand": closed({}),
}

PAIR: dict[str, Any] = {**MELD_ID, "description": "The Pair on the table completed to the triple, if any."}
EVENT_DATA: dict[str, Any] = {
    "hand_dealt": closed({"hand": HAND_NUMBER, "leader": SEAT, "drawPileCount": COUNT}),
    "cards_dealt": closed({"seat": SEAT, "cards": {**CARDS, "minItems": HAND_SIZE, "maxItems": HAND_SIZE}}),
    "drew": closed(
        {"seat": SEAT, "drawPileCount": COUNT, "card": {**CARD, "description": "Only the drawer sees the card."}},
        ["seat", "drawPileCount"],
    ),
    "picked_up_discard_pile": closed({"seat": SEAT, "cards": {**CARDS, "minItems": 1}}),
    "monster_played": closed({"seat": SEAT, "card": MONSTER, "slot": SLOT, "replaced": {"type": "boolean"}}),
    "monster_killed": closed(
        {
            "seat": SEAT,
            "target": SEAT,
            "slot": SLOT,
            "by": {"anyOf": [{"const": KILL}, TRIPLE]},
            "pair": PAIR,
        },
        ["seat", "target", "slot", "by"],
    ),
    "monster_revived": closed(
        {"seat": SEAT, "target": SEAT, "slot": SLOT, "by": TRIPLE, "pair": PAIR}, ["seat", "target", "slot", "by"]
    ),
    "immunity_played": closed({"seat": SEAT, "card": IMMUNITY, "slot": SLOT}),
    "immunity_cancelled": closed({"seat": SEAT, "target": SEAT, "slot": SLOT}),
    # The Meld's kind is "meldKind": a data key "kind" would overwrite the event's kind in Event.for_seat.
    "melded": closed({"seat": SEAT, "meld": MELD_ID, "meldKind": MELD_KIND, "cards": {**CARDS, "minItems": 2}}),
    "laid_off": closed({"seat": SEAT, "meld": MELD_ID, "owner": SEAT, "cards": {**CARDS, "minItems": 1}}),
    "discarded": closed({"seat": SEAT, "card": CARD}),
    "turn_ended": closed({"seat": SEAT, "movesUnused": {"type": "integer", "minimum": 0, "maximum": MAX_MOVES}}),
    "went_out": closed({"seat": SEAT}),
    "hand_scored": closed(
        {
            "hand": HAND_NUMBER,
            "ending": ENDING,
            "out": {**SEAT, "type": ["integer", "null"], "description": "The seat that went out, if one did."},
            "meldPoints": per_seat({"type": "integer", "minimum": 0}),
            "handPoints": per_seat({"type": "integer", "minimum": 0}),
            "points": per_seat(POINTS),
            "totals": per_seat(POINTS),
            "hands": per_seat(CARDS),
        }
    ),
    "match_finished": closed({"totals": per_seat(POINTS), "winners": array(SEAT, 1, 4)}),
}

EXPLANATION = closed(
    {
        "melds": {
            "type": "array",
            "description": "The Melds the seat placed cards in (its Meld Area), with those cards and their points.",
            "items": closed(
                {
                    "meld": MELD_ID,
                    "kind": MELD_KIND,
                    "cards": {**CARDS, "minItems": 1, "description": "The cards the seat placed in the Meld."},
                    "points": {"type": "integer", "minimum": 0, "description": "Their points (5, 10 or 20 each)."},
                }
            ),
        },
        "handPoints": {"type": "integer", "minimum": 0, "description": "The points of the cards left in hand."},
        "points": {**POINTS, "description": "The seat's points for the hand: its Melds' cards minus its hand."},
    }
)
EXPLANATIONS: dict[str, Any] = {
    **per_seat(EXPLANATION),
    "description": "Per seat, where its points came from: the cards it placed in the Melds and the hand it held.",
}
EVENT_DATA["hand_scored"]["properties"]["explanations"] = EXPLANATIONS
EVENT_DATA["hand_scored"]["required"].append("explanations")
ROUND_DETAILS = closed(
    {
        "meldPoints": EVENT_DATA["hand_scored"]["properties"]["meldPoints"],
        "handPoints": EVENT_DATA["hand_scored"]["properties"]["handPoints"],
        "ending": ENDING,
        "out": EVENT_DATA["hand_scored"]["properties"]["out"],
        "hands": {**per_seat(CARDS), "description": "The cards each seat held when the hand ended."},
        "explanations": EXPLANATIONS,
    },
    ["meldPoints", "handPoints", "ending", "out"],  # hands scored before issue 27 have no hands nor explanations
)
SCORE_DETAILS = closed(
    {"targetScore": VIEW_PROPERTIES["targetScore"], "handsPlayed": {"type": "integer", "minimum": 0}}
)
DEFS: dict[str, Any] = {"card": CARD, "slot": SLOT, "monsterRowSlot": SLOT_VIEW, "meld": MELD_VIEW, "ending": ENDING}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

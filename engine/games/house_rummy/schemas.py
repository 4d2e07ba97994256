"""JSON Schemas (draft 2020-12) of House Rummy's content: the view, the move arguments, every event kind and the
score sheet's details. Built from the same constants as the code (card codes, phases, actions, group kinds, move
notation tokens, the player counts), so they cannot drift; the conformance suite validates every view, event and
score sheet of its playouts against them.

Cheap to validate: every sub-schema is inlined (``$defs`` only names the shared types for readers, nothing refers
to them), card codes are one flat ``enum``, no ``anyOf`` in the view but for the claim and action records (null or
an object). Only keywords that draft 2020-12 and draft-07 read alike (the suite compiles them with fastjsonschema).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import schema_parts
from engine.cards import SUITS
from engine.games.house_rummy.cards import (
    ASK_TOKENS,
    CROSS_CARDS,
    DISCARD_ACTIONS,
    EXCHANGE,
    FISH,
    HOT_POTATO,
    NEW_CARDS_DECK,
    SEARCH,
    SEE_HAND,
)
from engine.games.house_rummy.groups import HIGH, LOW
from engine.games.house_rummy.moves import MOVE_KINDS, NEW_PILE
from engine.games.house_rummy.phases import Phase
from engine.games.house_rummy.table import RUN, SET
from engine.schema_parts import POINTS, array, closed, content_schemas, seat, seat_argument

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_DECK = len(NEW_CARDS_DECK)  # 57: the largest deck (the New Card Rules)
# A new group takes at least two cards of a hand (the third may be a Cross or Move card already on the board).
MAX_GROUPS = MAX_DECK // 2
REASONS = ("went_out", "played_out", "stock_exhausted")
CHOICE_ACTIONS = (FISH, SEE_HAND, EXCHANGE, SEARCH)  # the discard actions that wait for a choice (view "action")
DRAW_REASONS = ("draw", "draw_discard", "go_fish")

CARD: dict[str, Any] = {
    "enum": sorted(set(NEW_CARDS_DECK)),
    "description": "A card code: rank (A 2-9 T J Q K) + suit (S H D C), or TR (Transition), PR (Protected), HP (Hot "
    "Potato).",
}
CARDS: dict[str, Any] = {"type": "array", "items": CARD, "maxItems": MAX_DECK}
GROUP_CARD: dict[str, Any] = {
    "enum": [*CARD["enum"], *sorted(f"+{card}" for card in CROSS_CARDS)],
    "description": "A card of the group; '+<card>' is a Cross card shown in its second group.",
}
SEAT = seat(MAX_PLAYERS)
SEAT_OR_NULL: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1}
SEATS = array(SEAT, most=MAX_PLAYERS - 1)
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_DECK}
INDEX: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_DECK}
HAND_NUMBER: dict[str, Any] = {"type": "integer", "minimum": 1}
SUIT: dict[str, Any] = {"enum": list(SUITS)}
TARGET: dict[str, Any] = {
    "enum": [token for index in range(MAX_GROUPS) for token in (str(index), f"{index}{LOW}", f"{index}{HIGH}")],
    "description": "A set by its number ('3'), a run end by number and end ('3lo', '3hi').",
}
per_seat = partial(schema_parts.per_seat, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)


GROUP_COMMON: dict[str, Any] = {
    "id": {"type": "integer", "minimum": 0, "maximum": MAX_GROUPS},
    "startedBy": SEAT,
    # A run can grow past thirteen cards (a KA2 Ace, Transitions); Move cards can leave a group.
    "cards": {"type": "array", "items": GROUP_CARD, "maxItems": MAX_DECK},
    "owners": {"type": "array", "items": SEAT, "maxItems": MAX_DECK},
}
# One object schema for both kinds (an anyOf of a set and a run schema cost the conformance suite a third more time
# per view): a set has "protected", a run "openLow", "openHigh", "suitLow" and "suitHigh".
GROUP_VIEW = closed(
    {
        **GROUP_COMMON,
        "kind": {"enum": [SET, RUN]},
        "protected": {"type": "boolean", "description": "A set: closed by a Protected card."},
        "openLow": {"type": "boolean", "description": "A run: whether its low end is open."},
        "openHigh": {"type": "boolean"},
        "suitLow": {**SUIT, "description": "A run: the suit a card played below it must have."},
        "suitHigh": SUIT,
    },
    [*GROUP_COMMON, "kind"],
)
CLAIM_VIEW = closed({"pile": INDEX, "discarder": SEAT, "waiting": SEATS})
ACTION_VIEW = closed(
    {
        "name": {"enum": list(CHOICE_ACTIONS)},
        "by": SEAT,
        "with": {**SEAT_OR_NULL, "description": "The player named; null until named."},
        "ask": {"enum": ["", *ASK_TOKENS], "description": "Fish: the rank or suit asked for."},
    }
)
VIEW_PROPERTIES: dict[str, Any] = {
    "phase": {"enum": [phase.value for phase in Phase]},
    "hand": {**CARDS, "type": ["array", "null"], "description": "The viewer's cards, sorted; null for spectators."},
    "handCounts": per_seat(COUNT),
    "hands": {
        **per_seat(CARDS),
        "type": ["array", "null"],
        "description": "Every hand, shown when the match is finished; else null.",
    },
    "stockCount": COUNT,
    "piles": {
        "type": "array",
        "items": {**CARDS, "description": "A discard pile, bottom to top (all its cards are face up)."},
        "minItems": 1,
        "maxItems": MAX_DECK,
    },
    "groups": {"type": "array", "items": GROUP_VIEW, "maxItems": MAX_GROUPS},
    "potatoOnBoard": per_seat({"type": "array", "items": {"const": HOT_POTATO}, "maxItems": 1}),
    "turn": SEAT,
    "direction": {"enum": ["left", "right"]},
    "dealer": SEAT,
    "handNumber": HAND_NUMBER,
    "playedOut": {**SEAT_OR_NULL, "description": "The seat that played out (the others take one more turn)."},
    "mustPlayBottomCard": {"type": "boolean"},
    "bottomCardIndex": {
        "type": ["integer", "null"],
        "minimum": 0,
        "maximum": MAX_DECK,
        "description": "For the seat to act only: the index in 'hand' of the card it must play this turn.",
    },
    "newGroupsThisTurn": {"type": "integer", "minimum": 0, "maximum": MAX_GROUPS},
    "claim": {"anyOf": [{"type": "null"}, CLAIM_VIEW]},
    "action": {"anyOf": [{"type": "null"}, ACTION_VIEW]},
    "totals": per_seat(POINTS),
}
VIEW = closed(VIEW_PROPERTIES)

SEAT_ARG = seat_argument(MAX_PLAYERS)
PILE_ARG: dict[str, Any] = {"enum": [str(index) for index in range(MAX_DECK)], "description": "A discard pile."}
MOVE_ARGS: dict[str, Any] = {
    "draw": closed({}),
    "take": closed({"pile": PILE_ARG, "count": {"enum": [str(count) for count in range(1, MAX_DECK + 1)]}}),
    "meld": closed({"cards": {"type": "array", "items": CARD, "minItems": 3, "maxItems": 13}}),
    "lay_off": closed(
        {
            "cards": {"type": "array", "items": CARD, "minItems": 1, "maxItems": 2, "description": "TR,<card> or one"},
            "target": TARGET,
        }
    ),
    "move_card": closed({"card": CARD, "target": TARGET}),
    "play_potato": closed({}),
    "discard": closed({"card": CARD, "pile": {"enum": [*PILE_ARG["enum"], NEW_PILE]}}),
    "pass_potato": closed({"seat": SEAT_ARG}),
    "keep_potato": closed({}),
    "claim": closed({"target": TARGET}),
    "pass": closed({}),
    "fish": closed({"seat": SEAT_ARG, "ask": {"enum": list(ASK_TOKENS)}}),
    "give": closed({"card": CARD}),
    "see_hand": closed({"seat": SEAT_ARG}),
    "exchange": closed({"seat": SEAT_ARG}),
    "search": closed({"card": CARD}),
}
assert set(MOVE_ARGS) == set(MOVE_KINDS)

MELDED = closed(
    {
        "seat": SEAT,
        "group": {"type": "integer", "minimum": 0, "maximum": MAX_GROUPS},
        "meldKind": {"enum": [SET, RUN]},
        "cards": {**CARDS, "minItems": 3},
        "boardCardUsed": {"type": "boolean"},
    }
)
PARTS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "integer"},
    "minItems": 3,
    "maxItems": 3,
    "description": "Points played, the +5 per group bonus, points left in hand.",
}
EXPLANATION = closed(
    {
        "groups": {
            "type": "array",
            "maxItems": MAX_GROUPS,
            "description": "The groups the seat has cards in, with those cards and their points.",
            "items": closed(
                {
                    "group": {"type": "integer", "minimum": 0, "maximum": MAX_GROUPS},
                    "kind": {"enum": [SET, RUN]},
                    "cards": {**CARDS, "minItems": 1, "description": "The seat's cards in the group."},
                    "multiplier": {"enum": [1, 2, 4], "description": "A run's Double Run multiplier; 1 for a set."},
                    "points": {"type": "integer", "description": "The points of these cards, multiplied."},
                }
            ),
        },
        "hotPotato": {"type": "integer", "maximum": 0, "description": "-25 for the Hot Potato in the seat's area."},
        "groupBonus": {"type": "integer", "minimum": 0, "description": "+5 per group started (the +5 card)."},
        "hand": {**CARDS, "description": "The cards left in the seat's hand that count, shown at the hand's end."},
        "sponged": {**CARDS, "description": "The cards of the hand a Sponge absorbed (they count nothing)."},
        "handPoints": {"type": "integer", "minimum": 0, "description": "The points left in hand (subtracted)."},
        "points": {**POINTS, "description": "The seat's points for the hand."},
    }
)
EXPLANATIONS: dict[str, Any] = {
    **per_seat(EXPLANATION),
    "description": "Per seat, where its points came from: its groups' cards, bonuses, penalties and its hand left.",
}

EVENT_DATA: dict[str, Any] = {
    "hand_started": closed(
        {
            "hand": HAND_NUMBER,
            "dealer": SEAT,
            "handCounts": per_seat(COUNT),
            "stockCount": COUNT,
            "turned": CARD,
            "turn": SEAT,
        }
    ),
    "hand_dealt": closed({"seat": SEAT, "cards": CARDS}),
    "drew": closed({"seat": SEAT, "reason": {"enum": list(DRAW_REASONS)}, "stockCount": COUNT}),
    "drew_card": closed({"seat": SEAT, "card": CARD}),
    "took": closed(
        {"seat": SEAT, "pile": INDEX, "cards": {**CARDS, "minItems": 1}, "mustPlayBottom": {"type": "boolean"}}
    ),
    "melded": MELDED,
    "laid_off": closed({"seat": SEAT, "cards": {**CARDS, "minItems": 1, "maxItems": 2}, "target": TARGET}),
    "moved": closed({"seat": SEAT, "card": CARD, "from": {"type": "integer", "minimum": 0}, "target": TARGET}),
    "potato_played": closed({"seat": SEAT, "card": {"const": HOT_POTATO}}),
    "potato_passed": closed({"seat": SEAT, "to": SEAT}),
    "potato_kept": closed({"seat": SEAT}),
    "played_out": closed({"seat": SEAT}),
    "discarded": closed({"seat": SEAT, "card": CARD, "pile": INDEX, "newPile": {"type": "boolean"}}),
    "went_out": closed({"seat": SEAT}),
    "claim_window": closed({"seat": SEAT, "card": CARD, "pile": INDEX, "waiting": {**SEATS, "minItems": 1}}),
    "claimed": closed({"seat": SEAT, "target": TARGET}),
    "passed_claim": closed({"seat": SEAT, "target": {"const": "-"}}),
    "rummy_on_the_board": closed({"seat": SEAT, "card": CARD, "target": TARGET, "from": SEAT}),
    "discard_action": closed({"seat": SEAT, "action": {"enum": sorted(DISCARD_ACTIONS)}}),
    "fished": closed({"seat": SEAT, "asked": SEAT, "ask": {"enum": list(ASK_TOKENS)}}),
    "go_fish": closed({"seat": SEAT}),
    "fish_given": closed({"seat": SEAT, "to": SEAT}),
    "fish_card": closed({"seat": SEAT, "to": SEAT, "card": CARD}),
    "exchange_started": closed({"seat": SEAT, "with": SEAT}),
    "exchange_chosen": closed({"seat": SEAT}),
    "exchange_done": closed({"seats": {**SEATS, "minItems": 2, "maxItems": 2}}),
    "exchanged": closed({"seat": SEAT, "gave": CARD, "got": CARD}),
    "saw_hand": closed({"seat": SEAT, "shown": SEAT}),
    "hand_shown": closed({"seat": SEAT, "to": SEAT, "cards": CARDS}),
    "searched": closed({"seat": SEAT, "card": CARD, "pile": INDEX}),
    "skipped": closed({"seat": SEAT}),
    "turn": closed({"seat": SEAT, "again": {"type": "boolean"}}),
    # The event's seat is who went or played out; it has none when the draw pile ran out.
    "hand_scored": closed(
        {
            "hand": HAND_NUMBER,
            "reason": {"enum": list(REASONS)},
            "seat": {**SEAT, "description": "Who went or played out; absent when the draw pile ran out."},
            "points": per_seat(POINTS),
            "parts": per_seat(PARTS),
            "explanations": EXPLANATIONS,
        },
        ["hand", "reason", "points", "parts", "explanations"],
    ),
    "match_finished": closed(
        {"totals": per_seat(POINTS), "winners": {**SEATS, "minItems": 1, "maxItems": MAX_PLAYERS}}
    ),
}

ROUND_DETAILS = closed(
    {
        "reason": {"enum": list(REASONS)},
        "seat": {**SEAT_OR_NULL, "description": "Who went or played out; null when the draw pile ran out."},
        "board": {**per_seat(POINTS), "description": "Points played (the Hot Potato on the board -25)."},
        "groupBonus": per_seat({"type": "integer", "minimum": 0}),
        "hand": {**per_seat({"type": "integer", "minimum": 0}), "description": "Points left in hand (subtracted)."},
        "explanations": EXPLANATIONS,
    },
    ["reason", "seat", "board", "groupBonus", "hand"],  # no explanations in hands scored before issue 27
)
SCORE_DETAILS = closed({"hands": {"type": "integer", "minimum": 0}})
DEFS: dict[str, Any] = {"card": CARD, "target": TARGET, "group": GROUP_VIEW, "claim": CLAIM_VIEW, "action": ACTION_VIEW}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

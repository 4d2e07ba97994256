"""JSON Schemas (draft 2020-12) of Rummy Battle's content: the view, the move arguments, every event kind and the
score sheet's details. Built from the same constants as the code (card codes, phases, group ids, option bounds,
how a round ends), so they cannot drift; the conformance suite validates every view, event and score sheet of its
playouts against them.

Cheap to validate: every sub-schema is inlined (``$defs`` only names the shared types for readers, nothing refers
to them), card codes are flat ``enum``s, and nothing branches (``null`` is allowed through type lists).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine import schema_parts
from engine.cards import standard_deck
from engine.games.rummy_battle import moves
from engine.games.rummy_battle.cards import (
    ACTION_CARDS,
    JOKER,
    JOKER_AS,
    MAX_DECKS,
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_PACK,
    MIN_HAND_SIZE,
)
from engine.games.rummy_battle.flow import STOCK_DRAW
from engine.games.rummy_battle.melds import MIN_GROUP
from engine.games.rummy_battle.scoring import GOING_OUT_BONUS, GOING_OUT_PENALTY, SHARED_GOING_OUT_PENALTY
from engine.games.rummy_battle.table import (
    ENDED_BY_GOING_OUT,
    ENDED_BY_STOCK,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    Phase,
    group_id,
)
from engine.schema_parts import POINTS, array, closed, content_schemas, seat, seat_argument

NATURAL_CARDS = standard_deck()
PLAY_CARDS = [*NATURAL_CARDS, JOKER]
# Groups: at most one per three Play Cards of the largest pack; a Set holds every copy of its rank and every Joker.
MAX_GROUPS = (len(NATURAL_CARDS) * MAX_DECKS + MAX_JOKERS) // MIN_GROUP
MAX_GROUP_SIZE = max(len(NATURAL_CARDS) // 4 + 1, 4 * MAX_DECKS + MAX_JOKERS)
GROUP_IDS = [group_id(index) for index in range(MAX_GROUPS)]

PLAY_CARD: dict[str, Any] = {
    "enum": PLAY_CARDS,
    "description": "A Play Card: a standard card (rank then suit: 7H, TS for the 10 of Spades, AD) or a Joker (JK).",
}
ACTION_CARD: dict[str, Any] = {"enum": list(ACTION_CARDS), "description": "An Action Card."}
CARD: dict[str, Any] = {"enum": [*PLAY_CARDS, *ACTION_CARDS], "description": "A Play Card or an Action Card."}
GROUP_TOKEN: dict[str, Any] = {
    "enum": [*PLAY_CARDS, *(JOKER_AS + card for card in NATURAL_CARDS)],
    "description": "A card of a group: a standard card, a Joker in a Set (JK), or a Joker in a Run written with "
    "the card it stands for (JK=7H).",
}
SEAT = seat(MAX_PLAYERS)
SEATS = array(SEAT, most=MAX_PLAYERS)
COUNT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_PACK}
ROUND: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS}
GROUP_ID: dict[str, Any] = {"enum": GROUP_IDS, "description": "A group's id: g1, g2, ... in the order laid."}
GROUP_CARDS: dict[str, Any] = {
    "type": "array",
    "items": GROUP_TOKEN,
    "minItems": MIN_GROUP,
    "maxItems": MAX_GROUP_SIZE,
}
ACTION_KIND: dict[str, Any] = {
    "enum": [moves.PICKPOCKET, moves.THIEF, moves.SWITCHEROO],
    "description": "The Action Card played against a seat, by its move kind.",
}
ENDED: dict[str, Any] = {
    "enum": [ENDED_BY_GOING_OUT, ENDED_BY_STOCK],
    "description": "out: a player went out; stock: the turn in which the stock ran out ended.",
}
GOING_OUT: dict[str, Any] = {
    "enum": [GOING_OUT_PENALTY, SHARED_GOING_OUT_PENALTY, 0, GOING_OUT_BONUS],
    "description": "-100 for going out before the Marker (-50 each when Lucky Day puts several out), +10 for the "
    "first out after it.",
}
per_seat = partial(schema_parts.per_seat, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)


def cards(items: dict[str, Any], most: int = MAX_PACK, least: int = 0) -> dict[str, Any]:
    """An array of cards: none to the whole pack unless told otherwise."""
    return array(items, least, most)


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (an object schema) or null."""
    return {**schema, "type": ["object", "null"]}


GROUP_VIEW = closed(
    {
        "id": GROUP_ID,
        "owner": {**SEAT, "description": "Who laid the group down (or took it with a Thief)."},
        "kind": {"enum": ["run", "set"]},
        "cards": GROUP_CARDS,
        "by": {
            "type": "string",
            "pattern": f"^[0-{MAX_PLAYERS - 1}]{{{MIN_GROUP},}}$",
            "description": "One digit per card: the seat that played it (its points are his).",
        },
    }
)
PENDING_VIEW = closed({"action": ACTION_KIND, "by": SEAT, "victim": SEAT, "target": {"enum": ["", *GROUP_IDS]}})
LUCKY_DAY_VIEW = closed(
    {
        "seat": {**SEAT, "description": "The seat deciding in Lucky Day's round."},
        "seatsLeft": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
    }
)
VIEW_PROPERTIES: dict[str, Any] = {
    "phase": {"enum": [phase.value for phase in Phase]},
    "round": ROUND,
    "rounds": ROUND,
    "dealer": SEAT,
    "turn": SEAT,
    "firstTurn": {"type": "boolean", "description": "The round's first turn: the up-card may be kept."},
    "hand": {
        **cards(CARD),
        "type": ["array", "null"],
        "description": "The viewer's cards by suit, then rank, Jokers and Action Cards last; null for spectators.",
    },
    "handCounts": per_seat(COUNT),
    "stockCount": COUNT,
    "markerRevealed": {"type": "boolean"},
    "cardsAboveMarker": COUNT,
    "discardPile": {**cards(PLAY_CARD), "description": "Face up, oldest first."},
    "actionPile": {**cards(ACTION_CARD), "description": "Action Cards played or discarded."},
    "groups": {"type": "array", "items": GROUP_VIEW, "maxItems": MAX_GROUPS},
    "opened": per_seat({"type": "boolean"}),
    "secondChance": per_seat({"type": "boolean", "description": "Whether the seat still holds its 2nd Chance."}),
    "actionsPlayed": per_seat(COUNT),
    "mustPlay": {
        "enum": [*PLAY_CARDS, None],
        "description": "The deepest card taken from the discard pile, face up until played; null if none.",
    },
    "bonusDraws": COUNT,
    "pending": {
        **nullable(PENDING_VIEW),
        "description": "An Action Card played against a seat that may still answer with its 2nd Chance.",
    },
    "luckyDay": {**nullable(LUCKY_DAY_VIEW), "description": "Lucky Day's round, while it lasts."},
    "outs": {**SEATS, "description": "Seats that went out this round, in order."},
    "totals": per_seat(POINTS),
}
VIEW = closed(VIEW_PROPERTIES)

COUNT_ARG: dict[str, Any] = {"type": "string", "pattern": "^[1-9][0-9]*$", "description": "A number of cards."}
SEAT_ARG = seat_argument(MAX_PLAYERS)
MOVE_ARGS: dict[str, Any] = {
    moves.DRAW: closed({}),
    moves.TAKE: closed({"count": COUNT_ARG}),
    moves.HOARD: closed({"count": COUNT_ARG}),
    moves.MELD: closed({"cards": GROUP_CARDS}),
    moves.LAY_OFF: closed({"group": GROUP_ID, "card": GROUP_TOKEN}),
    moves.DRAW_BONUS: closed({}),
    moves.PICKPOCKET: closed({"seat": SEAT_ARG}),
    moves.THIEF: closed({"group": GROUP_ID}),
    moves.SWITCHEROO: closed({"seat": SEAT_ARG}),
    moves.LUCKY_DAY: closed({}),
    moves.DISCARD: closed({"card": CARD}),
    moves.SECOND_CHANCE: closed({}),
    moves.ACCEPT: closed({}),
    moves.PASS: closed({}),
}

MELDED = closed(
    {
        "seat": SEAT,
        "group": GROUP_ID,
        "meldKind": {"enum": ["run", "set"], "description": "Whether the group laid down is a Run or a Set."},
        "cards": GROUP_CARDS,
    }
)
EVENT_DATA: dict[str, Any] = {
    "round_started": closed(
        {
            "round": ROUND,
            "dealer": SEAT,
            "firstPlayer": SEAT,
            "upCard": {"enum": [*PLAY_CARDS, None], "description": "The card turned up; null if none could be."},
            "actionCardsReturned": COUNT,
            "stockCount": COUNT,
            "cardsAboveMarker": COUNT,
            "handCounts": per_seat({"type": "integer", "minimum": MIN_HAND_SIZE, "maximum": MAX_HAND_SIZE}),
        }
    ),
    "hand_dealt": closed({"seat": SEAT, "cards": cards(CARD, MAX_HAND_SIZE, MIN_HAND_SIZE)}),
    "drew": closed(
        {
            "seat": SEAT,
            "count": {"type": "integer", "minimum": 0, "maximum": STOCK_DRAW},
            "cards": {**cards(CARD, STOCK_DRAW), "description": "Only the drawer sees the cards."},
        },
        ["seat", "count"],
    ),
    "took": closed(
        {
            "seat": SEAT,
            "cards": {**cards(PLAY_CARD, least=1), "description": "From the top down: the last is the deepest."},
            "mustPlayLast": {"type": "boolean"},
        }
    ),
    "hoarded": closed({"seat": SEAT, "cards": cards(PLAY_CARD, least=1)}),
    "drew_bonus": closed(
        {
            "seat": SEAT,
            "count": {"type": "integer", "minimum": 0, "maximum": 1},
            "cards": {**cards(CARD, 1), "description": "Only the drawer sees the card."},
        },
        ["seat", "count"],
    ),
    "marker_revealed": closed({"stockCount": COUNT}),
    "melded": MELDED,
    "laid_off": closed(
        {
            "seat": SEAT,
            "group": GROUP_ID,
            "card": GROUP_TOKEN,
            "luckyDay": {"type": "boolean", "description": "Played off in Lucky Day's round."},
        }
    ),
    "discarded": closed({"seat": SEAT, "card": CARD}),
    "went_out": closed({"seat": SEAT, "by": {"enum": ["playing", "discard", "lucky_day"]}}),
    "stock_exhausted": closed({}),
    "action_played": closed({"seat": SEAT, "card": ACTION_CARD, "victim": SEAT, "group": GROUP_ID}, ["seat", "card"]),
    "awaiting_second_chance": closed({"seat": SEAT, "action": ACTION_KIND}),
    "second_chance": closed({"seat": SEAT, "cancelled": ACTION_KIND, "by": SEAT}),
    "accepted": closed({"seat": SEAT, "action": ACTION_KIND, "by": SEAT}),
    "pickpocketed": closed(
        {"seat": SEAT, "victim": SEAT, "card": {**CARD, "description": "Only the thief and the victim see it."}},
        ["seat", "victim"],
    ),
    "set_stolen": closed({"seat": SEAT, "victim": SEAT, "group": GROUP_ID}),
    "hands_switched": closed({"seat": SEAT, "victim": SEAT, "handCounts": per_seat(COUNT)}),
    "hand_received": closed({"seat": SEAT, "cards": cards(CARD)}),
    "passed": closed({"seat": SEAT}),
    "round_ended": closed(
        {
            "round": ROUND,
            "ended": ENDED,
            "outs": SEATS,
            "markerRevealed": {"type": "boolean"},
            "points": per_seat(POINTS),
            "played": per_seat({"type": "integer", "minimum": 0}),
            "actions": per_seat(COUNT),
            "inHand": per_seat({"type": "integer", "minimum": 0}),
            "bonus": per_seat(GOING_OUT),
        }
    ),
    "match_finished": closed(
        {"totals": per_seat(POINTS), "winners": {**SEATS, "minItems": 1, "description": "Ties share the win."}}
    ),
}

EXPLANATION = closed(
    {
        "groups": {
            "type": "array",
            "description": "The groups the seat has cards in front of it in, with those cards and their points.",
            "items": closed(
                {
                    "group": {"type": "integer", "minimum": 0},
                    "kind": {"enum": ["run", "set"]},
                    "cards": {"type": "array", "items": CARD, "minItems": 1, "description": "The seat's cards."},
                    "points": {"type": "integer", "minimum": 0, "description": "Their points."},
                }
            ),
        },
        "actionCards": {**COUNT, "description": "The Action Cards the seat played."},
        "actionPoints": {"type": "integer", "minimum": 0, "description": "+5 per Action Card played."},
        "hand": {
            "type": "array",
            "items": CARD,
            "description": "The cards left in the seat's hand, shown at the round's end.",
        },
        "handPoints": {"type": "integer", "minimum": 0, "description": "Their points (subtracted)."},
        "goingOut": {**GOING_OUT, "description": "The going-out bonus (+10) or penalty (-100, or -50 each)."},
        "points": {**POINTS, "description": "The seat's points for the round."},
    }
)
EXPLANATIONS: dict[str, Any] = {
    **per_seat(EXPLANATION),
    "description": "Per seat, where its points came from: its groups' cards, Action Cards, hand left, going out.",
}
EVENT_DATA["round_ended"]["properties"]["explanations"] = EXPLANATIONS
EVENT_DATA["round_ended"]["required"].append("explanations")
ROUND_DETAILS = closed(
    {
        "played": per_seat({"type": "integer", "minimum": 0}),
        "actionCards": per_seat(COUNT),
        "inHand": per_seat({"type": "integer", "minimum": 0}),
        "goingOut": per_seat(GOING_OUT),
        "outs": SEATS,
        "ended": ENDED,
        "markerRevealed": {"type": "boolean"},
        "explanations": EXPLANATIONS,
    },
    ["played", "actionCards", "inHand", "goingOut", "outs", "ended", "markerRevealed"],  # none before issue 27
)
SCORE_DETAILS = closed({})
DEFS: dict[str, Any] = {
    "card": CARD,
    "playCard": PLAY_CARD,
    "actionCard": ACTION_CARD,
    "groupToken": GROUP_TOKEN,
    "group": GROUP_VIEW,
    "pending": PENDING_VIEW,
}


def schemas() -> dict[str, Any]:
    return content_schemas(VIEW, MOVE_ARGS, EVENT_DATA, SCORE_DETAILS, ROUND_DETAILS, DEFS)

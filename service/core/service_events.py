"""The JSON Schemas of the events the service adds to a game's own (``seed_revealed``, ``forfeited``, ``ended``), in
the form of the engine's event schemas (``engine.schemas``: the event's ``kind``, ``seat`` and ``text`` beside its
data), and of what it adds to a score sheet's details (``forfeit``, ``ended``: service.core.forfeit), so the catalog
serves one schema for every event and score sheet a client may receive."""

from __future__ import annotations

from typing import Any

from service.core import fairness, forfeit

HEX = "^[0-9a-f]*$"
SEED_REVEALED: dict[str, Any] = {
    "title": "Seed revealed",
    "description": "The match's last event once it is over: the seed and salt the deal was made from.",
    "type": "object",
    "properties": {
        "kind": {"const": fairness.REVEAL_EVENT, "title": "Kind", "description": "The event's kind."},
        "text": {"type": "string", "title": "Text", "description": "The event in words."},
        "seedSource": {
            "enum": [fairness.SOURCE_SERVER, fairness.SOURCE_CLIENT],
            "title": "Seed chosen by",
            "description": "Who chose the seed: the server (committed to at creation) or the client.",
            "x-enumLabels": {fairness.SOURCE_SERVER: "The server", fairness.SOURCE_CLIENT: "The client"},
        },
        "seedCommitment": {
            "type": "string",
            "pattern": HEX,
            "title": "Commitment",
            "description": "SHA-256 of the seed and salt, fixed at creation, in hex; empty for a client's seed.",
        },
        "seed": {"type": "string", "pattern": "^[0-9]+$", "title": "Seed", "description": "The seed, in digits."},
        "salt": {
            "type": "string",
            "pattern": HEX,
            "title": "Salt",
            "description": "The secret salt, in hex; empty for a client's seed.",
        },
    },
    "required": ["kind", "text", "seedSource", "seedCommitment", "seed", "salt"],
    "additionalProperties": False,
}
FORFEITED: dict[str, Any] = {
    "title": "Forfeited",
    "description": "A seat lost the match: it ran out of time (turn clocks with onTimeout 'forfeit'), resigned or "
    "left (ResignSeat).",
    "type": "object",
    "properties": {
        "kind": {"const": forfeit.FORFEIT_EVENT, "title": "Kind", "description": "The event's kind."},
        "seat": {"type": "integer", "minimum": 0, "title": "Seat", "description": "The seat that forfeited."},
        "text": {"type": "string", "title": "Text", "description": "The event in words."},
        "reason": {
            "enum": list(forfeit.REASONS),
            "title": "Reason",
            "description": "Why the seat forfeited.",
            "x-enumLabels": {
                forfeit.REASON_TIME: "Out of time",
                forfeit.REASON_RESIGNED: "Resigned",
                forfeit.REASON_LEFT: "Left",
            },
        },
    },
    "required": ["kind", "seat", "text", "reason"],
    "additionalProperties": False,
}
ENDED: dict[str, Any] = {
    "title": "Ended",
    "description": "The API key that created the match ended it (EndGame): it is over, with no winner.",
    "type": "object",
    "properties": {
        "kind": {"const": forfeit.ENDED_EVENT, "title": "Kind", "description": "The event's kind."},
        "text": {"type": "string", "title": "Text", "description": "The event in words."},
        "reason": {
            "enum": [forfeit.REASON_CREATOR],
            "title": "Reason",
            "description": "Who ended the match.",
            "x-enumLabels": {forfeit.REASON_CREATOR: "Its creator"},
        },
    },
    "required": ["kind", "text", "reason"],
    "additionalProperties": False,
}
SERVICE_EVENTS: dict[str, dict[str, Any]] = {
    fairness.REVEAL_EVENT: SEED_REVEALED,
    forfeit.FORFEIT_EVENT: FORFEITED,
    forfeit.ENDED_EVENT: ENDED,
}


# What service.core.forfeit.forfeited_sheet adds to the score sheet's details of a match that ended that way.
SCORE_DETAILS: dict[str, dict[str, Any]] = {
    "forfeit": {
        "title": "Forfeit",
        "description": "The seat that forfeited the match (out of time, resigned or left) and why.",
        "type": "object",
        "properties": {"seat": FORFEITED["properties"]["seat"], "reason": FORFEITED["properties"]["reason"]},
        "required": ["seat", "reason"],
        "additionalProperties": False,
    },
    "ended": {
        "title": "Ended",
        "description": "The match was ended by the API key that created it (EndGame), with no winner.",
        "type": "object",
        "properties": {"reason": ENDED["properties"]["reason"]},
        "required": ["reason"],
        "additionalProperties": False,
    },
}


def with_service_events(schemas: dict[str, Any]) -> dict[str, Any]:
    """A game's schemas (``engine.game_schemas``) with the service's events added to its ``events`` and the service's
    entries to its score sheet's ``details`` (present only when the match ended that way)."""
    score = schemas["score"]
    details = score["properties"]["details"]
    details = {**details, "properties": {**details.get("properties", {}), **SCORE_DETAILS}}
    score = {**score, "properties": {**score["properties"], "details": details}}
    return {**schemas, "events": {**schemas["events"], **SERVICE_EVENTS}, "score": score}

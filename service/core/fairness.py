"""Provably fair deals: a commitment to the seed at creation, the seed and salt revealed at the end, and the check.

At creation the service draws a salt of ``SALT_BYTES`` random bytes and publishes, in every game header,
``seed_commitment = sha256(seed_bytes(seed) || salt)`` in lowercase hex, where ``seed_bytes`` is the seed as 8
bytes big-endian. The seed and the salt stay in the store only (never in a view, an event, an error or a log line)
until the match is over; then ``Score.fairness`` and a ``seed_revealed`` event (the last event of the match, seen by
everyone) give both. Chance in the engine comes only from the seeded generator (engine/rng.py), so the seed and the
move log determine every deal and draw: ``verify_record`` replays the match from them (``engine.replay``) and checks
the commitment, every public event the service recorded and the final score. docs/fairness.md is the recipe.

A seed chosen by the client (``CreateGameRequest.seed``) is allowed; such a game says ``seed_source: "client"`` and
claims no commitment. A keyed create (``request_id``) derives its seed and salt from the server secret: a server
seed, committed to like a drawn one.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

import engine
from service.core import forfeit

SALT_BYTES = 32
SOURCE_SERVER = "server"
SOURCE_CLIENT = "client"
REVEAL_EVENT = "seed_revealed"
RECORD_FORMAT = "cardengine.record/1"


def seed_bytes(seed: int) -> bytes:
    """The seed as the commitment hashes it: 8 bytes, big-endian, unsigned (a seed is 0 .. 2^64-1)."""
    return seed.to_bytes(8, "big", signed=False)


def commitment(seed: int, salt: bytes) -> str:
    """Lowercase hex SHA-256 of ``seed_bytes(seed) || salt``."""
    return hashlib.sha256(seed_bytes(seed) + salt).hexdigest()


@dataclass(frozen=True, slots=True)
class Fairness:
    """What a game says about its seed: who chose it, the commitment, and once revealed the seed and salt."""

    seed_source: str = ""
    seed_commitment: str = ""
    revealed: bool = False
    seed: str = ""  # decimal
    salt: str = ""  # hex

    def to_json(self) -> dict[str, Any]:
        return {
            "seedSource": self.seed_source,
            "seedCommitment": self.seed_commitment,
            "revealed": self.revealed,
            "seed": self.seed,
            "salt": self.salt,
        }


NO_CLAIM = Fairness()


def fairness_of(seed_source: str, seed_commitment: str, seed: int | None, salt: str, *, finished: bool) -> Fairness:
    """The fairness of a game: the seed and salt only when the match is over (and the game has a known source)."""
    if finished and seed_source and seed is not None:
        return Fairness(seed_source, seed_commitment, revealed=True, seed=str(seed), salt=salt)
    return Fairness(seed_source, seed_commitment)


def reveal_data(fairness: Fairness) -> dict[str, Any]:
    """The data of the ``seed_revealed`` event (seat-less, public)."""
    return {
        "seedSource": fairness.seed_source,
        "seedCommitment": fairness.seed_commitment,
        "seed": fairness.seed,
        "salt": fairness.salt,
    }


def reveal_text(fairness: Fairness) -> str:
    if fairness.seed_source == SOURCE_CLIENT:
        return f"The match is over. Its seed, {fairness.seed}, was chosen by the client: no commitment was made."
    return (
        f"The match is over. Seed {fairness.seed} and salt {fairness.salt} are revealed: SHA-256 of both must equal "
        f"the commitment {fairness.seed_commitment}."
    )


def score_json(sheet: engine.ScoreSheet) -> dict[str, Any]:
    """A score sheet as plain JSON values (the record's ``score``; ``verify_record`` compares it to the replay's)."""
    result: dict[str, Any] = orjson.loads(orjson.dumps(sheet.to_dict()))
    return result


# ----- verification -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of ``verify_record``: ``ok`` when every check passed; ``problems`` names each difference."""

    game_id: str
    moves: int
    seed_source: str
    checks: tuple[str, ...] = ()
    problems: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        head = f"game {self.game_id} ({self.moves} moves, seed source {self.seed_source or 'unknown'})"
        if self.problems:
            return f"{head}: NOT verified:\n" + "\n".join(f"  - {problem}" for problem in self.problems)
        return f"{head}: verified:\n" + "\n".join(f"  - {check}" for check in self.checks)


def _canonical(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def _event_key(event: Mapping[str, Any]) -> bytes:
    return _canonical(
        {
            "version": event.get("version"),
            "sequence": event.get("sequence"),
            "kind": event.get("kind"),
            "seat": event.get("seat"),
            "data": event.get("data", {}),
            "text": event.get("text", ""),
        }
    )


def _replayed_events(
    game_type: str,
    seat_names: Sequence[str],
    setup: Sequence[engine.Event],
    moves: Sequence[Sequence[engine.Event]],
    viewer: int | None = None,
) -> list[dict[str, Any]]:
    """The events of a replayed match as ``viewer`` sees them (None: the public ones), in the record's form."""
    shown: list[dict[str, Any]] = []
    sequence = 0
    for version, events in enumerate([setup, *moves]):
        for event in events:
            data = engine.event_for(game_type, event, viewer, seat_names)
            if data is not None:
                kind = data.pop("kind")
                data.pop("seat", None)  # as the service shows it (LogEntry.events_for): the seat is the event's
                seat = event.seat
                text = str(data.pop("text", ""))
                item: dict[str, Any] = {"version": version, "sequence": sequence, "kind": kind, "data": data}
                if seat is not None:
                    item["seat"] = seat
                item["text"] = text
                shown.append(item)
            sequence += 1
    result: list[dict[str, Any]] = orjson.loads(orjson.dumps(shown))
    return result


def _first_difference(
    expected: Sequence[Mapping[str, Any]], played: Sequence[Any], moves: Sequence[tuple[int, str]]
) -> str | None:
    """The first recorded public event that differs from the replay's, named with its version and move."""
    for index, (want, got) in enumerate(zip(expected, played, strict=False)):
        if _event_key(want) != _event_key(got):
            version = int(want["version"])
            where = f"version {version}" + (
                f", move {version} (seat {moves[version - 1][0]}: '{moves[version - 1][1]}')"
                if version
                else ", the deal"
            )
            return (
                f"public event {index} ({where}) differs: the record has {_canonical(got).decode()[:300]}, the "
                f"replay gives {_canonical(want).decode()[:300]}."
            )
    return None


@dataclass(frozen=True, slots=True)
class RecordFields:
    """The fields of a record that the verification reads, with their types checked."""

    game_type: str
    players: int
    options: dict[str, Any]
    seed_text: str
    salt_text: str
    promised: str
    seat_names: list[str]
    moves: list[tuple[int, str]]
    versions: list[int]
    events: list[Any]
    score: Any


def record_fields(record: Mapping[str, Any]) -> RecordFields:
    """Raises KeyError, TypeError or ValueError for a missing field or one of a wrong type."""
    moves_raw = record.get("moves", [])
    return RecordFields(
        game_type=str(record["gameType"]),
        players=int(record["players"]),
        options=dict(record["options"]),
        seed_text=str(record["seed"]),
        salt_text=str(record["salt"]),
        promised=str(record["seedCommitment"]),
        seat_names=[str(name) for name in record.get("seatNames", [])],
        moves=[(int(move["seat"]), str(move["move"])) for move in moves_raw],
        versions=[int(move["version"]) for move in moves_raw],
        events=list(record["events"]),
        score=record["score"],
    )


class Findings:
    """The checks passed and the problems found so far."""

    def __init__(self) -> None:
        self.checks: list[str] = []
        self.problems: list[str] = []

    def note(self, problem: str | None, check: str) -> None:
        """``problem`` if there is one, else the ``check`` passed."""
        if problem is not None:
            self.problems.append(problem)
        else:
            self.checks.append(check)


def verify_record(
    record: Mapping[str, Any], seat: int | None = None, seat_events: Sequence[Mapping[str, Any]] = ()
) -> Verdict:
    """Checks a game record (``GET /v1/games/{id}/record``, docs/fairness.md): the commitment against the revealed
    seed and salt, then a replay from the seed and the move log against every recorded public event and the score.
    With ``seat``, also ``seat_events``, that seat's own event log (GetEvents with its token): its private draws
    against the replay seen by that seat. Never raises for a bad record: every problem is reported in the verdict."""
    game_id = str(record.get("gameId", "?"))
    source = str(record.get("seedSource", ""))
    moves_raw = record.get("moves", [])
    count = len(moves_raw) if isinstance(moves_raw, list) else 0
    findings = Findings()

    def verdict() -> Verdict:
        return Verdict(game_id, count, source, tuple(findings.checks), tuple(findings.problems))

    fields = parse_record(record)
    if isinstance(fields, str):
        findings.problems.append(fields)
        return verdict()
    seed = int(fields.seed_text)
    check_commitment(source, seed, fields, findings)
    try:
        rebuilt = engine.replay(fields.game_type, fields.players, seed, fields.options, fields.moves)
    except engine.EngineError as error:
        findings.problems += refusal_problems(fields, seed, error)
        return verdict()
    findings.checks.append(f"all {len(fields.moves)} moves replayed through the rules from the revealed seed")
    check_events(fields, rebuilt, findings, seat, seat_events)
    problem = reveal_problem(fields)
    if problem is not None:
        findings.problems.append(problem)
    check_score(fields, rebuilt, findings)
    return verdict()


def parse_record(record: Mapping[str, Any]) -> RecordFields | str:
    """The record's fields, or what makes it unfit to check at all (its format, a field, the move order, the
    seed)."""
    if record.get("format") != RECORD_FORMAT:
        return f"the record's format is {record.get('format')!r}, not {RECORD_FORMAT!r}."
    try:
        fields = record_fields(record)
    except (KeyError, TypeError, ValueError) as error:
        return f"the record lacks a field or holds a wrong type: {error!r}."
    if fields.versions != list(range(1, len(fields.moves) + 1)):
        return "the move log's versions are not 1, 2, 3, ... in order: a move was removed, added or reordered."
    seed_text = fields.seed_text
    if not seed_text.isascii() or not seed_text.isdigit() or int(seed_text) >= 2**64:
        return f"the revealed seed {seed_text[:40]!r} is not a decimal number in 0..2^64-1."
    return fields


def check_commitment(source: str, seed: int, fields: RecordFields, findings: Findings) -> None:
    """The commitment published at creation against the revealed seed and salt (a server seed only)."""
    if source == SOURCE_CLIENT:
        findings.checks.append(
            "the client chose the seed: no commitment to check (the deal was known to whoever chose it)"
        )
        return
    if source != SOURCE_SERVER:
        findings.problems.append(f"the record's seedSource is {source!r}: neither 'server' nor 'client'.")
        return
    salt_text, promised = fields.salt_text, fields.promised
    try:
        salt = bytes.fromhex(salt_text)
    except ValueError:
        salt = b""
    if len(salt) != SALT_BYTES or salt_text != salt.hex():
        findings.problems.append(
            f"the revealed salt is not {SALT_BYTES} bytes in lowercase hex ({len(salt_text)} chars)."
        )
        return
    actual = commitment(seed, salt)
    mismatch = (
        f"the commitment does not match: sha256(seed || salt) of the revealed seed {seed} and salt is {actual}, "
        f"but the game committed to {promised!r} at creation."
    )
    findings.note(
        None if hmac.compare_digest(actual, promised) else mismatch,
        f"commitment {promised} = sha256(seed {seed} as 8 bytes big-endian || salt)",
    )


# The service's own events, not the rules': left out when the events are compared with a replay.
SERVICE_EVENT_KINDS = (REVEAL_EVENT, forfeit.FORFEIT_EVENT, forfeit.ENDED_EVENT)


def public_rule_events(events: Sequence[Any]) -> list[Any]:
    return [event for event in events if isinstance(event, Mapping) and event.get("kind") not in SERVICE_EVENT_KINDS]


def refusal_problems(fields: RecordFields, seed: int, error: engine.EngineError) -> list[str]:
    """Why the move log cannot be replayed; an earlier move may already have diverged (an altered move that was
    legal), which is named first."""
    problems: list[str] = []
    named = re.match(r"Move (\d+) ", error.reason)  # engine.replay names the refused move
    refused = int(named.group(1)) if named else 0
    if refused:
        accepted = engine.replay(fields.game_type, fields.players, seed, fields.options, fields.moves[: refused - 1])
        expected = _replayed_events(fields.game_type, fields.seat_names, accepted.setup_events, accepted.move_events)
        played = public_rule_events(fields.events)
        difference = _first_difference(expected, played[: len(expected)], fields.moves)
        if difference is not None:
            problems.append(difference)
    problems.append(f"the move log cannot be replayed from the revealed seed: {error.reason}")
    return problems


def check_events(
    fields: RecordFields,
    rebuilt: engine.Replay,
    findings: Findings,
    seat: int | None,
    seat_events: Sequence[Mapping[str, Any]],
) -> None:
    """Every recorded public event against the replay's; with ``seat``, that seat's own log against its view."""
    expected = _replayed_events(fields.game_type, fields.seat_names, rebuilt.setup_events, rebuilt.move_events)
    played = public_rule_events(fields.events)
    difference = _first_difference(expected, played, fields.moves)
    if difference is None and len(expected) != len(played):
        difference = f"the record holds {len(played)} public events, the replay gives {len(expected)}."
    findings.note(difference, f"all {len(expected)} public events (deals, draws, plays) equal the replay's")
    if seat is None:
        return
    own = _replayed_events(fields.game_type, fields.seat_names, rebuilt.setup_events, rebuilt.move_events, seat)
    mine = [event for event in seat_events if event.get("kind") not in SERVICE_EVENT_KINDS]
    difference = _first_difference(own, mine, fields.moves)
    if difference is not None:
        difference = f"seat {seat}'s own log: {difference}"
    elif len(own) != len(mine):
        difference = f"seat {seat}'s own log holds {len(mine)} events, the replay gives it {len(own)}."
    findings.note(
        difference, f"all {len(own)} events of seat {seat}'s own log (its hidden cards too) equal the replay's"
    )


def reveal_problem(fields: RecordFields) -> str | None:
    """The record's one ``seed_revealed`` event must reveal the record's seed, salt and commitment."""
    reveals = [event for event in fields.events if isinstance(event, Mapping) and event.get("kind") == REVEAL_EVENT]
    if len(reveals) != 1:
        return f"the record holds {len(reveals)} '{REVEAL_EVENT}' events; a finished match has one."
    data = reveals[0].get("data", {})
    if (data.get("seed"), data.get("salt"), data.get("seedCommitment")) != (
        fields.seed_text,
        fields.salt_text,
        fields.promised,
    ):
        return f"the '{REVEAL_EVENT}' event reveals another seed, salt or commitment than the record."
    return None


def check_score(fields: RecordFields, rebuilt: engine.Replay, findings: Findings) -> None:
    """The recorded final score against the replay's (a forfeit after the last move decides it too)."""
    sheet = engine.score(rebuilt.state)
    lost = forfeit.forfeit_record(fields.events)  # a seat that ran out of time forfeited (service/core/forfeit.py)
    if lost is not None and not engine.is_finished(rebuilt.state):
        sheet = forfeit.forfeited_sheet(sheet, fields.players, lost[0], lost[1])
        ended = "its creator ended the match" if lost[0] is None else f"seat {lost[0]} forfeited the match"
        findings.checks.append(f"{ended} ({lost[1]}) after the last move")
    elif not engine.is_finished(rebuilt.state):
        findings.problems.append("the replayed match is not over, but the record is of a finished match.")
    expected_score = score_json(sheet)
    shown = _canonical(fields.score).decode()[:300]
    findings.note(
        None
        if _canonical(expected_score) == _canonical(fields.score)
        else f"the final score differs: the record has {shown}, the replay gives {expected_score}.",
        f"the final score equals the replay's (totals {expected_score['totals']})",
    )

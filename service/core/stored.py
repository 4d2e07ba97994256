"""The stored forms of a game the core writes and reads (the store keeps them as bytes it never interprets): the
game's ``GameMeta``, one ``LogEntry`` per version, and the result kept with an idempotency key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import orjson

import engine
from service.core import fairness, forfeit, seating
from service.core.last_move import last_move_of
from service.core.records import EventView, LastMove, VersionUpdate


@dataclass(frozen=True, slots=True)
class GameMeta:
    """What never changes after creation: the game type, the number of players, the seats' token hashes, and the
    creation parameters a replay starts from (the seed and the resolved options).

    ``seed`` and ``options`` are None in the records of games created before they were kept; a replay then reads
    them from the snapshot (which carries both unchanged). ``seat_names`` and ``bots`` hold one string per seat
    (empty: no name, a person); a bot seat has no token, so its token hash is empty and matches no token."""

    game_type: str
    players: int
    token_hashes: tuple[str, ...]
    seed: int | None = None
    options: dict[str, Any] | None = None
    seat_names: tuple[str, ...] = ()
    bots: tuple[str, ...] = ()
    creator: str | None = None  # the id of the API key that created the game (never the key); None: no key
    seed_source: str = ""  # provably fair deals: "server" or "client" (empty: created before commitments)
    salt: str = ""  # hex; secret until the match is over (empty for a client seed)
    commitment: str = ""  # hex sha256(seed as 8 bytes big-endian || salt); empty for a client seed
    clock: dict[str, Any] | None = None  # the turn clock (``clocks.ClockSpec.to_record``); None: no clock
    invited: tuple[int, ...] = ()  # seats given as invitation codes (service/core/lifecycle.py)
    hints: bool = True  # whether the seats may ask for hints (service/core/hints.py); False: off (rated play)
    # The lobby (service/core/lobby.py): the seats still open (a join commits a new meta without its seat), each
    # seat's holder as (API key id, player id) (empty strings: none named), rated, and the declared rating range.
    open_seats: tuple[int, ...] = ()
    seat_keys: tuple[str, ...] = ()
    seat_players: tuple[str, ...] = ()
    rated: bool = False
    rating_range: tuple[int, int] = (0, 0)

    def encode(self) -> bytes:
        record: dict[str, Any] = {"t": self.game_type, "p": self.players, "h": list(self.token_hashes)}
        if self.seed is not None:
            record["s"] = self.seed
        if self.options is not None:
            record["o"] = self.options
        if any(self.seat_names):
            record["n"] = list(self.seat_names)
        if any(self.bots):
            record["b"] = list(self.bots)
        if self.creator is not None:
            record["k"] = self.creator
        if self.seed_source:
            record["u"] = self.seed_source
        if self.salt:
            record["z"] = self.salt
            record["c"] = self.commitment
        if self.clock is not None:
            record["ck"] = self.clock
        if self.invited:
            record["iv"] = list(self.invited)
        if not self.hints:
            record["nh"] = True
        if self.open_seats:
            record["os"] = list(self.open_seats)
        if any(self.seat_keys) or any(self.seat_players):
            record["sk"] = list(self.seat_keys)
            record["sp"] = list(self.seat_players)
        if self.rated:
            record["rt"] = True
        if any(self.rating_range):
            record["rr"] = list(self.rating_range)
        return orjson.dumps(record)

    @classmethod
    def decode(cls, data: bytes) -> GameMeta:
        raw = orjson.loads(data)
        players = raw["p"]
        names = tuple(raw.get("n", ())) or ("",) * players
        bots = tuple(raw.get("b", ())) or ("",) * players
        return cls(
            raw["t"],
            players,
            tuple(raw["h"]),
            raw.get("s"),
            raw.get("o"),
            names,
            bots,
            raw.get("k"),
            raw.get("u", ""),
            raw.get("z", ""),
            raw.get("c", ""),
            raw.get("ck"),
            tuple(raw.get("iv", ())),
            not raw.get("nh", False),
            tuple(raw.get("os", ())),
            tuple(raw.get("sk", ())) or ("",) * players,
            tuple(raw.get("sp", ())) or ("",) * players,
            bool(raw.get("rt", False)),
            (int(raw["rr"][0]), int(raw["rr"][1])) if "rr" in raw else (0, 0),
        )

    def fairness(self, *, finished: bool) -> fairness.Fairness:
        """The seed commitment, with the seed and salt revealed once the match is over."""
        return fairness.fairness_of(self.seed_source, self.commitment, self.seed, self.salt, finished=finished)


class LogEntry(NamedTuple):
    """One version in the log: who moved (None for the deal), the move (its canonical notation), the full events,
    who acts next. The seats and moves of entries 1.. in order, with the creation parameters of ``GameMeta``, are
    what ``engine.replay`` rebuilds the match from (``cardengine replay``)."""

    version: int
    seat: int | None
    move: str | None
    to_act: tuple[int, ...]
    finished: bool
    first_sequence: int
    events: tuple[engine.Event, ...]
    timed_out: bool = False  # the service played this move for a seat whose turn clock ran out

    def encode(self) -> bytes:
        record = {
            "v": self.version,
            "s": self.seat,
            "m": self.move,
            "t": list(self.to_act),
            "f": self.finished,
            "q": self.first_sequence,
            "e": [event.to_record() for event in self.events],
        }
        if self.timed_out:
            record["o"] = True
        return orjson.dumps(record)

    @classmethod
    def decode(cls, data: bytes) -> LogEntry:
        raw = orjson.loads(data)
        return cls(
            version=raw["v"],
            seat=raw["s"],
            move=raw["m"],
            to_act=tuple(raw["t"]),
            finished=raw["f"],
            first_sequence=raw["q"],
            events=tuple(engine.Event.from_record(record) for record in raw["e"]),
            timed_out=raw.get("o", False),
        )

    def events_for(self, meta: GameMeta, seat: int | None) -> tuple[EventView, ...]:
        """The events of this version that ``seat`` may see, redacted for it, each with its text for that seat
        (``engine.event_for``, with the seats' display names)."""
        shown: list[EventView] = []
        timed_out_seat = self.seat if self.timed_out else None  # texts say the service moved for that seat
        for index, event in enumerate(self.events):
            if seating.is_join(event):  # a seat of the lobby taken (service/core/seating.py): public
                sequence = self.first_sequence + index
                text = seating.join_text(event, meta.seat_names)
                shown.append(EventView(self.version, sequence, event.kind, event.seat, dict(event.data), text))
                continue
            if forfeit.is_service_end(event):  # a service-level event (service/core/forfeit.py)
                text = forfeit.service_end_text(event, meta.seat_names)
                sequence = self.first_sequence + index
                shown.append(
                    EventView(self.version, sequence, event.kind, event.seat, dict(event.data), text, self.timed_out)
                )
                continue
            data = engine.event_for(meta.game_type, event, seat, meta.seat_names, timed_out_seat=timed_out_seat)
            if data is None:
                continue
            data.pop("kind", None)
            data.pop("seat", None)
            text = str(data.pop("text", ""))
            shown.append(
                EventView(self.version, self.first_sequence + index, event.kind, event.seat, data, text, self.timed_out)
            )
        if self.finished and meta.seed_source:  # the match's last event: the seed and salt, seen by everyone
            revealed = meta.fairness(finished=True)
            sequence = self.first_sequence + len(self.events)
            data, text = fairness.reveal_data(revealed), fairness.reveal_text(revealed)
            shown.append(EventView(self.version, sequence, fairness.REVEAL_EVENT, None, data, text))
        return tuple(shown)

    def update_for(self, meta: GameMeta, seat: int | None) -> VersionUpdate:
        events = self.events_for(meta, seat)
        last = self.last_move_for(meta, seat, events)
        return VersionUpdate(self.version, self.seat, events, self.to_act, self.finished, last)

    def last_move_for(self, meta: GameMeta, seat: int | None, events: tuple[EventView, ...]) -> LastMove | None:
        """This version's move as ``seat`` may know it, from its ``events_for`` that seat; None for the deal."""
        entry = (self.version, self.seat, self.move, self.timed_out)
        return last_move_of(meta.game_type, meta.seat_names, entry, events, seat)


def encode_idempotent_result(move: str, version: int) -> bytes:
    """The result kept with an idempotency key: the canonical move and the version it made, no more (a retry reads
    that version's events from the log and sees the game as it is when the retry comes)."""
    return orjson.dumps({"m": move, "v": version})


def decode_idempotent_result(data: bytes) -> tuple[str, int, tuple[EventView, ...] | None]:
    """The move, the version and, in results of the older form (which held the seat's events and a view), those
    events; None for the current form, whose events are read from the log."""
    raw = orjson.loads(data)
    if "m" in raw:
        return raw["m"], raw["v"], None
    return raw["move"], raw["version"], tuple(EventView(*event) for event in raw["events"])

"""Tickets (CreateTicket, GetTicket, CancelTicket): what a ticket asks for, its stored record, and its answer.

A ticket asks for a game of one type, number of players and options, rated or not, for the calling API key and one
of its players (``player``; empty: the key itself). Its rating range (``min_rating``..``max_rating``, 0: no bound on
that side) widens by ``rating_range_growth`` points a second on each bounded side while it waits. After
``bot_fill_after_seconds`` (0: never) the matcher fills the seats nobody took with the server bot level nearest the
players' rating. A ticket is the calling key's alone: another key (or a caller without one, when keys are on) is told
NOT_FOUND ``ticket/not_found``, as for an unknown ticket. The seat's token of a matched ticket is not stored: it is
derived again from the server's secret when the ticket is read (as a keyed CreateGame's tokens).

States: ``waiting``; ``matching`` (claimed by a match being made: moments); ``matched`` (``game_id``, ``seat``,
``token``); ``cancelled`` (CancelTicket); ``expired`` (waited ``MAX_WAIT_SECONDS`` without a match).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

import engine
from engine.preset import PRESET_OPTION
from service.core import errors, seating
from service.core.creation import MAX_GAME_TYPE_CHARS, url_safe_secret
from service.matchmaking.ratings import player_rating
from service.storage.protocols import TICKET_WAITING, GameStore, StoredTicket

MAX_WAIT_SECONDS = 600.0  # a ticket not matched by then expires
KEPT_SECONDS = 3600.0  # a ticket is readable this long after it was made (or claimed)
MAX_FILL_SECONDS = MAX_WAIT_SECONDS
MAX_GROWTH = seating.MAX_RATING  # rating points a second
CANCELLED, EXPIRED, MATCHING, MATCHED = "cancelled", "expired", "matching", "matched"
TICKET_ID_PREFIX = "tk_"


@dataclass(frozen=True, slots=True)
class TicketSpec:
    """What a ticket asks for (its stored record): the game (``options`` resolved by the engine), the player and its
    rating when the ticket was made, the rating range, its growth a second and the bot fill time."""

    game_type: str
    players: int
    options: dict[str, Any]
    rated: bool
    player: str
    rating: int
    min_rating: int = 0
    max_rating: int = 0
    rating_range_growth: int = 0
    bot_fill_after_seconds: float = 0.0

    def encode(self) -> bytes:
        return orjson.dumps(dataclasses.asdict(self))

    @classmethod
    def decode(cls, record: bytes) -> TicketSpec:
        return cls(**orjson.loads(record))

    def pool(self) -> bytes:
        """What tickets must agree on to share a game: the game type, players, resolved options and rated."""
        return orjson.dumps([self.game_type, self.players, self.options, self.rated], option=orjson.OPT_SORT_KEYS)

    def rating_range(self, waited_seconds: float) -> tuple[int, int]:
        """The range after ``waited_seconds``: each bound moved out by the growth (a low bound reaching 0 is gone,
        a high one stops at the highest rating)."""
        grown = int(self.rating_range_growth * max(0.0, waited_seconds))
        low = max(0, self.min_rating - grown) if self.min_rating else 0
        high = min(seating.MAX_RATING, self.max_rating + grown) if self.max_rating else 0
        return low, high


@dataclass(frozen=True, slots=True)
class Place:
    """A ticket's place in its match: the game, the seat and when the match was made (epoch ms; the stored record
    of a claimed ticket)."""

    game_id: str
    seat: int
    at_ms: int

    def encode(self) -> bytes:
        return orjson.dumps({"g": self.game_id, "s": self.seat, "t": self.at_ms})

    @classmethod
    def decode(cls, record: bytes) -> Place:
        raw = orjson.loads(record)
        return cls(str(raw["g"]), int(raw["s"]), int(raw["t"]))


@dataclass(frozen=True, slots=True)
class MatchTicket:
    """A ticket as its key reads it (the answer of CreateTicket, GetTicket and CancelTicket)."""

    ticket_id: str
    state: str
    game_type: str
    players: int
    options: dict[str, Any]
    rated: bool
    player: str
    rating: int
    min_rating: int  # the range now (widened while waiting)
    max_rating: int
    rating_range_growth: int
    bot_fill_after_seconds: float
    created_at: float  # epoch ms
    waited_seconds: float
    game_id: str = ""
    seat: int | None = None
    token: str = ""
    matched_at: float = 0.0  # epoch ms


def check_no_preset_deck(options: Mapping[str, Any] | None) -> None:
    """A preset deck (``options.deck``) shows whoever sets it every hand: quick match pairs people who do not know
    each other, so its games are dealt from their seeds only."""
    if options and PRESET_OPTION in options:
        raise errors.invalid_argument(
            "Quick match pairs players who do not know each other, so its games are dealt from their seeds: a ticket "
            "takes no preset deck (options.deck).",
            field="options.deck",
            code="options/invalid_deck",
        )


def check_numbers(players: int, bounds: tuple[int, int], growth: int, fill_seconds: float) -> tuple[int, int]:
    """INVALID_ARGUMENT for numbers out of range; the rating range."""
    if players < 0:
        raise errors.invalid_argument(f"players must be positive (0: the default); got {players}.", field="players")
    rating_range = seating.check_rating_range(*bounds)
    if not 0 <= growth <= MAX_GROWTH:
        raise errors.invalid_argument(
            f"ratingRangeGrowth must be 0 (a fixed range) to {MAX_GROWTH} rating points a second; got {growth}.",
            field="ratingRangeGrowth",
        )
    if not 0 <= fill_seconds <= MAX_FILL_SECONDS:  # also refuses NaN
        raise errors.invalid_argument(
            f"botFillAfterSeconds must be 0 (no bots: wait for people) to {MAX_FILL_SECONDS:g}; got {fill_seconds}.",
            field="botFillAfterSeconds",
        )
    return rating_range


class Tickets:
    """The ticket use cases over the store; ``seat_token`` (game id, seat) derives a matched seat's token."""

    def __init__(self, store: GameStore, seat_token: Callable[[str, int], str]) -> None:
        self.store = store
        self.seat_token = seat_token

    def create(
        self,
        key_id: str | None,
        game_type: str,
        players: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        rated: bool = False,
        player: str = "",
        rating_range: tuple[int, int] = (0, 0),
        rating_range_growth: int = 0,
        bot_fill_after_seconds: float = 0.0,
    ) -> MatchTicket:
        """A new waiting ticket of the calling key (``key_id``; None: keys are off)."""
        if not game_type:
            raise errors.invalid_argument("gameType is required: one of the ids of ListGameTypes.", field="gameType")
        if len(game_type) > MAX_GAME_TYPE_CHARS:
            raise errors.too_long("gameType", game_type, MAX_GAME_TYPE_CHARS)
        player = seating.check_player("player", player)
        bounds = check_numbers(players, rating_range, rating_range_growth, bot_fill_after_seconds)
        check_no_preset_deck(options)
        state, _ = engine.new_game(game_type, players or None, 0, dict(options or {}))  # the request's checks
        spec = TicketSpec(
            game_type, state.players, dict(state.options), rated, player,
            player_rating(self.store, key_id, player, game_type), *bounds, rating_range_growth,
            float(bot_fill_after_seconds),
        )  # fmt: skip
        ticket = StoredTicket(
            TICKET_ID_PREFIX + url_safe_secret(12), key_id or "", int(time.time() * 1000), spec.encode()
        )
        self.store.matchmaking.put_ticket(ticket, KEPT_SECONDS)
        return self.answer(ticket)

    def get(self, key_id: str | None, ticket_id: str) -> MatchTicket:
        return self.answer(self._own(key_id, ticket_id))

    def cancel(self, key_id: str | None, ticket_id: str) -> MatchTicket:
        """Cancels a waiting ticket (again: answers it cancelled); FAILED_PRECONDITION ``ticket/not_waiting`` once it
        is matched (or being matched) or expired."""
        self._own(key_id, ticket_id)
        settled = self.store.matchmaking.settle_ticket(ticket_id, CANCELLED)
        if settled is None:
            raise errors.ticket_not_found(ticket_id)
        if settled.state != CANCELLED:
            raise errors.ticket_not_waiting(ticket_id, settled.state)
        return self.answer(settled)

    def _own(self, key_id: str | None, ticket_id: str) -> StoredTicket:
        ticket = self.store.matchmaking.ticket(ticket_id) if ticket_id.startswith(TICKET_ID_PREFIX) else None
        if ticket is None or ticket.owner != (key_id or ""):
            raise errors.ticket_not_found(ticket_id)
        return ticket

    def answer(self, ticket: StoredTicket) -> MatchTicket:
        """The ticket as its key reads it: the range now (as the matcher widens it), and once matched the game, seat
        and seat token."""
        spec = TicketSpec.decode(ticket.record)
        place = Place.decode(ticket.place) if ticket.place else None
        if ticket.state == TICKET_WAITING:
            waited = max(0.0, time.time() - ticket.created_ms / 1000)
        else:
            waited = (place.at_ms - ticket.created_ms) / 1000 if place else 0.0
        low, high = spec.rating_range(waited)
        shown = place if place is not None and ticket.state == MATCHED else None
        return MatchTicket(
            ticket.ticket_id, ticket.state, spec.game_type, spec.players, spec.options, spec.rated, spec.player,
            spec.rating, low, high, spec.rating_range_growth, spec.bot_fill_after_seconds, float(ticket.created_ms),
            round(waited, 3), shown.game_id if shown else "", shown.seat if shown else None,
            self.seat_token(shown.game_id, shown.seat) if shown else "", float(shown.at_ms) if shown else 0.0,
        )  # fmt: skip

"""The one error table of the service: every failure becomes a ``ServiceError`` with a status, a stable
machine-readable code, a message and details, and each status maps to one gRPC status and one HTTP status.

Both edges call ``to_service_error`` once (the gRPC interceptor, the REST error handler); nothing else in the
service knows about status codes. Engine errors keep their own codes (``move/card_not_in_hand``, ...).

| status              | gRPC                 | HTTP | when                                                        |
|---------------------|----------------------|------|-------------------------------------------------------------|
| INVALID_ARGUMENT    | INVALID_ARGUMENT     | 400  | malformed request; unknown game type, bad option or players |
|                     |                      |      | a webhook target not allowed (webhook/target_refused)       |
| UNAUTHENTICATED     | UNAUTHENTICATED      | 401  | no token where one is needed, or a token of no seat; an     |
|                     |                      |      | unknown or expired stream ticket; a credential in a URL     |
| PERMISSION_DENIED   | PERMISSION_DENIED    | 403  | the caller's seat is not among the seats to act             |
| NOT_FOUND           | NOT_FOUND            | 404  | unknown (or expired) game; unknown game type (schemas route) |
|                     |                      |      | a webhook the key does not have (webhook/not_found)         |
|                     |                      |      | an unknown ticket, or another key's (ticket/not_found)      |
| ABORTED             | ABORTED              | 409  | stale expected_version (details: currentVersion)            |
| FAILED_PRECONDITION | FAILED_PRECONDITION  | 422  | illegal move, finished match (details: engineCode); a match |
|                     |                      |      | stored under another rules version (snapshot/rules_version) |
|                     |                      |      | or created with hints off (hints/disabled); a game waiting  |
|                     |                      |      | for players (game/waiting_for_players); a seat of the lobby |
|                     |                      |      | taken by another (seat/taken), a player seated already      |
|                     |                      |      | (seat/player_seated); a key's webhooks at their cap         |
|                     |                      |      | (webhook/too_many)                                          |
|                     |                      |      | a matchmaking ticket no longer waiting (ticket/not_waiting) |
| RESOURCE_EXHAUSTED  | RESOURCE_EXHAUSTED   | 429  | a rate limit, the live-game cap of an API key, too many     |
|                     |                      |      | wrong seat tokens (details: retryAfterSeconds); too many    |
|                     |                      |      | stream tickets of a seat (limit/stream_tickets)             |
|                     |                      |      | too many live streams (stream/too_many, details: scope)     |
|                     |                      |      | too many hints of a key or address (limit/hint_rate)        |
| PAYLOAD_TOO_LARGE   | RESOURCE_EXHAUSTED   | 413  | REST body over the limit (request/too_large)                |
| HEADERS_TOO_LARGE   | RESOURCE_EXHAUSTED   | 431  | REST request headers over the limit                         |
| UNAVAILABLE         | UNAVAILABLE          | 503  | the store cannot be reached or answers too slowly           |
|                     |                      |      | (store/unavailable); the store is out of memory and refuses |
|                     |                      |      | writes (store/full, details: retryAfterSeconds); a move     |
|                     |                      |      | committed but not known replicated (store/durability_unknown)|
|                     |                      |      | a read older than the client's minVersion (store/behind)    |
| INTERNAL            | INTERNAL             | 500  | a bug: logged, never shown in detail                        |
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import Enum

import engine

# The store's errors are defined by the stores (service/storage/errors.py) and mapped here, once; they stay
# importable from this module.
from service.storage.errors import DurabilityUnknownError as DurabilityUnknownError
from service.storage.errors import StoreFullError as StoreFullError
from service.storage.errors import StoreUnavailableError as StoreUnavailableError


class Status(Enum):
    """A status: its gRPC status code name and its HTTP status."""

    INVALID_ARGUMENT = ("INVALID_ARGUMENT", 400)
    UNAUTHENTICATED = ("UNAUTHENTICATED", 401)
    PERMISSION_DENIED = ("PERMISSION_DENIED", 403)
    NOT_FOUND = ("NOT_FOUND", 404)
    ABORTED = ("ABORTED", 409)
    FAILED_PRECONDITION = ("FAILED_PRECONDITION", 422)
    RESOURCE_EXHAUSTED = ("RESOURCE_EXHAUSTED", 429)
    UNAVAILABLE = ("UNAVAILABLE", 503)
    INTERNAL = ("INTERNAL", 500)
    PAYLOAD_TOO_LARGE = ("RESOURCE_EXHAUSTED", 413)  # REST only: a body over the limit (gRPC: its own size limit)
    METHOD_NOT_ALLOWED = ("UNIMPLEMENTED", 405)  # REST only: a method the path does not have (with Allow)
    HEADERS_TOO_LARGE = ("RESOURCE_EXHAUSTED", 431)  # REST only: request headers over the limit

    @property
    def grpc_name(self) -> str:
        return self.value[0]

    @property
    def http_status(self) -> int:
        return self.value[1]


class ServiceError(Exception):
    """A failure to report to the caller."""

    def __init__(self, status: Status, code: str, message: str, details: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details: dict[str, object] = dict(details or {})

    def __str__(self) -> str:
        return f"{self.status.grpc_name} {self.code}: {self.message}"

    def to_json(self) -> dict[str, object]:
        """The REST error body's ``error`` object (message and string details cut to a bounded length)."""
        return {
            "code": self.code,
            "message": clip(self.message),
            "status": self.status.grpc_name,
            "details": self.shown_details(),
        }

    def shown_details(self) -> dict[str, object]:
        """The details as sent: long strings cut (``MAX_DETAIL_CHARS``), so no caller's input returns whole."""
        return {
            key: clip(value, MAX_DETAIL_CHARS) if isinstance(value, str) else value
            for key, value in self.details.items()
        }


STORE_FULL_RETRY_SECONDS = 5


# ----- the service's own errors -----------------------------------------------------------------------------------


def invalid_argument(message: str, *, field: str, code: str = "request/invalid") -> ServiceError:
    return ServiceError(Status.INVALID_ARGUMENT, code, message, {"field": field})


def missing_token(operation: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED,
        "auth/missing_token",
        f"{operation} acts for a seat: send that seat's token as 'authorization: Bearer <token>'.",
    )


def invalid_token(game_id: str) -> ServiceError:
    return ServiceError(Status.UNAUTHENTICATED, "auth/invalid_token", f"The token is not one of game '{game_id}'.")


def invalid_ticket(game_id: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED,
        "auth/invalid_ticket",
        f"The stream ticket is unknown, expired or of another game than '{game_id}': get a new one with "
        f"POST /v1/games/{game_id}/stream-tickets (seat token in the Authorization header).",
        {"field": "ticket"},
    )


def token_in_url(game_id: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED,
        "auth/token_in_url",
        "That is a seat token, not a stream ticket: seat tokens never travel in URLs. Send the token as "
        f"'Authorization: Bearer <token>' to POST /v1/games/{game_id}/stream-tickets and put the ticket it returns "
        "in the URL.",
        {"field": "ticket"},
    )


def credential_in_url(parameter: str, where: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED,
        "auth/credential_in_url",
        f"Query parameter '{parameter}' looks like a credential, which this API never reads from a URL. Send the seat "
        "token as 'Authorization: Bearer <token>'; a browser's EventSource uses a stream ticket (POST "
        f"/v1/games/{{id}}/stream-tickets, then ?ticket=...){where}.",
        {"field": parameter},
    )


def game_type_not_found(game_type: str) -> ServiceError:
    return ServiceError(
        Status.NOT_FOUND,
        "game/unknown",  # the engine's code of an unknown game type on create, so one condition has one code
        f"No game type '{game_type}': the ids are those of GET /v1/game-types.",
        {"field": "gameType"},
    )


def game_not_found(game_id: str) -> ServiceError:
    return ServiceError(Status.NOT_FOUND, "game/not_found", f"No game '{game_id}' (never created, or expired).")


def game_not_finished(
    game_id: str, version: int, then: str = "its record, with the revealed seed, is published once it is"
) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "game/not_finished",
        f"Game '{game_id}' is not over: {then}.",
        {"gameId": game_id, "version": version},
    )


def stale_version(expected: int, current: int) -> ServiceError:
    return ServiceError(
        Status.ABORTED,
        "version/stale",
        f"The move was chosen at version {expected} but the game is at version {current}; reload and choose again.",
        {"expectedVersion": expected, "currentVersion": current},
    )


def idempotency_key_reused(key: str, first_move: str) -> ServiceError:
    return ServiceError(
        Status.INVALID_ARGUMENT,
        "idempotency/key_reused",
        f"Idempotency key {key!r} was already used for the move '{first_move}'; use a new key for a new move.",
        {"field": "idempotencyKey"},
    )


def missing_api_key(operation: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED,
        "auth/missing_api_key",
        f"{operation} needs an API key on this server: send it as 'x-api-key: <key>' or 'Authorization: ApiKey <key>'.",
    )


def invalid_api_key() -> ServiceError:
    return ServiceError(Status.UNAUTHENTICATED, "auth/invalid_api_key", "The API key is not one of this server.")


def revoked_api_key(key_id: str) -> ServiceError:
    return ServiceError(
        Status.UNAUTHENTICATED, "auth/revoked_api_key", f"The API key {key_id!r} was revoked.", {"keyId": key_id}
    )


RETRY_AFTER = "retryAfterSeconds"  # the detail both edges turn into Retry-After (gRPC: trailing 'retry-after')


def rate_limited(scope: str, retry_after: int) -> ServiceError:
    """Too many requests of one API key (``scope`` "key") or one client address ("address")."""
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        f"limit/{scope}_rate",
        f"Too many requests from this {'API key' if scope == 'key' else 'client address'}; retry in {retry_after} s.",
        {"scope": scope, RETRY_AFTER: retry_after},
    )


def hint_rate_limited(scope: str, retry_after: int) -> ServiceError:
    """Too many hints computed for one API key (``scope`` "key") or, without a key, one client address."""
    who = "API key" if scope == "key" else "client address"
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        "limit/hint_rate",
        f"Too many hints asked by this {who}: a hint costs a search; retry in {retry_after} s.",
        {"scope": scope, RETRY_AFTER: retry_after},
    )


def live_games_exhausted(key_id: str, cap: int, retry_after: int) -> ServiceError:
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        "limit/live_games",
        f"API key {key_id!r} already has {cap} unfinished games, its cap; finish one or let one expire, then create "
        "again.",
        {"keyId": key_id, "liveGames": cap, RETRY_AFTER: retry_after},
    )


def too_many_wrong_tokens(game_id: str, retry_after: int) -> ServiceError:
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        "limit/wrong_tokens",
        f"Too many wrong seat tokens or tickets for game '{game_id}' from this caller; retry in {retry_after} s.",
        {RETRY_AFTER: retry_after},
    )


def too_many_stream_tickets(game_id: str, seat: int, cap: int, retry_after: int) -> ServiceError:
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        "limit/stream_tickets",
        f"Seat {seat} of game '{game_id}' has asked for {cap} stream tickets in a short time, its cap; reuse a ticket "
        f"(it stays valid until it expires) or retry in {retry_after} s.",
        {"seat": seat, RETRY_AFTER: retry_after},
    )


def hints_disabled(game_id: str) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "hints/disabled",
        f"Game '{game_id}' was created with hints off (rated play): no seat may ask for a hint in it.",
        {"gameId": game_id},
    )


def hint_of_finished_game(game_id: str) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "game/finished",
        f"Game '{game_id}' is over: there is no move left to suggest.",
        {"gameId": game_id},
    )


def hint_not_your_turn(game_id: str, seat: int) -> ServiceError:
    return ServiceError(
        Status.PERMISSION_DENIED,
        "move/not_your_turn",
        f"Seat {seat} has no decision to make in game '{game_id}' now: a hint is for a seat to act.",
        {"gameId": game_id, "seat": seat},
    )


def waiting_for_players(game_id: str, open_seats: Sequence[int]) -> ServiceError:
    """A move (or hint) in a game whose open seats are not all taken yet (service/core/lobby.py)."""
    seats = ", ".join(str(seat) for seat in open_seats)
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "game/waiting_for_players",
        f"Game '{game_id}' waits for players: seat(s) {seats} are still open (JoinGame); no move is taken until every "
        "seat is.",
        {"gameId": game_id, "openSeats": list(open_seats)},
    )


def seat_taken(game_id: str, seat: int | None) -> ServiceError:
    """JoinGame found no open seat to take: the one asked for (or every one) is taken, or was never open."""
    what = "no seat is open any more" if seat is None else f"seat {seat} is not open (taken, or never open)"
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "seat/taken",
        f"Game '{game_id}' cannot be joined there: {what}. Find another game in the lobby (ListOpenGames).",
        {"gameId": game_id} if seat is None else {"gameId": game_id, "seat": seat},
    )


def player_seated(game_id: str, seat: int) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "seat/player_seated",
        f"This player of this API key holds seat {seat} of game '{game_id}' already: a player takes one seat of a "
        "game.",
        {"gameId": game_id, "seat": seat},
    )


def ticket_not_found(ticket_id: str) -> ServiceError:
    """An unknown or expired matchmaking ticket, or one of another API key (service/matchmaking/tickets.py)."""
    return ServiceError(
        Status.NOT_FOUND,
        "ticket/not_found",
        f"This API key has no matchmaking ticket {quote(ticket_id)} (a ticket is kept an hour after it was made).",
        {"ticketId": ticket_id},
    )


def ticket_not_waiting(ticket_id: str, state: str) -> ServiceError:
    return ServiceError(
        Status.FAILED_PRECONDITION,
        "ticket/not_waiting",
        f"Matchmaking ticket {quote(ticket_id)} is {state}, no longer waiting: only a waiting ticket can be cancelled.",
        {"ticketId": ticket_id, "state": state},
    )


def store_unavailable(error: BaseException) -> ServiceError:
    return ServiceError(Status.UNAVAILABLE, "store/unavailable", f"The game store is unavailable: {error}.")


def durability_unknown(error: BaseException) -> ServiceError:
    return ServiceError(
        Status.UNAVAILABLE,
        "store/durability_unknown",
        f"The write was made but no Redis replica confirmed it in time, so a failover could still lose it: {error}. "
        "Send the identical request again: it is answered as replayed once a replica holds it.",
    )


def store_behind(game_id: str, version: int, min_version: int) -> ServiceError:
    """A read found an older version than one the client saw (a failover to a replica that lagged)."""
    return ServiceError(
        Status.UNAVAILABLE,
        "store/behind",
        f"The store holds version {version} of game '{game_id}', older than version {min_version} this client has "
        "seen: a replica that lags or a failover that lost writes. Retry shortly; if it persists, the game goes on "
        f"from version {version}.",
        {"currentVersion": version, "minVersion": min_version},
    )


def store_full() -> ServiceError:
    """Writes refused (the store is out of memory); nothing was written, reads still work: retry later."""
    return ServiceError(
        Status.UNAVAILABLE,
        "store/full",
        "The game store is full and accepts no new games or moves for now; nothing was written. Retry in "
        f"{STORE_FULL_RETRY_SECONDS} s.",
        {"retryAfterSeconds": STORE_FULL_RETRY_SECONDS},
    )


def idempotency_request_reused(request_id: str) -> ServiceError:
    return ServiceError(
        Status.INVALID_ARGUMENT,
        "idempotency/key_reused",
        f"requestId {request_id[:32]!r} was already used for a CreateGame with other parameters; use a new id for a "
        "new game.",
        {"field": "requestId"},
    )


# ----- limits of requests and streams (docs/operations.md) ------------------------------------------------------------

QUOTE_CHARS = 40  # an error quotes at most this much of a caller's input
MAX_MESSAGE_CHARS = 1000  # an error message sent to a caller is cut there (gRPC trailers have a size limit)
MAX_DETAIL_CHARS = 200  # each detail value likewise


def quote(value: str, limit: int = QUOTE_CHARS) -> str:
    """A caller's input as an error message shows it: its repr, of at most ``limit`` characters then "…"."""
    if len(value) <= limit:
        return repr(value)
    return repr(value[:limit]) + "…"


LONG_QUOTE = re.compile(f"'([^']{{{QUOTE_CHARS + 1},}})'")


def shorten_quotes(reason: str) -> str:
    """An engine's reason with each quoted piece of input (a move's text) cut to ``QUOTE_CHARS`` and "…"."""
    return LONG_QUOTE.sub(lambda found: quote(found.group(1)), reason)


def clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def too_long(field: str, value: str, maximum: int) -> ServiceError:
    return ServiceError(
        Status.INVALID_ARGUMENT,
        "request/too_long",
        f"{field} is {len(value)} characters long; at most {maximum} are accepted (starts {quote(value)}).",
        {"field": field, "maxLength": maximum},
    )


def body_too_large(limit: int) -> ServiceError:
    return ServiceError(
        Status.PAYLOAD_TOO_LARGE,
        "request/too_large",
        f"The request body is larger than {limit} bytes, the limit of this server.",
        {"field": "body", "maxBytes": limit},
    )


def method_not_allowed(method: str, allowed: Sequence[str]) -> ServiceError:
    return ServiceError(
        Status.METHOD_NOT_ALLOWED,
        "method/not_allowed",
        f"{method} is not a method of this path; it takes {', '.join(allowed)}.",
        {"method": method, "allow": ", ".join(allowed)},
    )


def headers_too_large(message: str) -> ServiceError:
    return ServiceError(Status.HEADERS_TOO_LARGE, "request/headers_too_large", message, {"field": "headers"})


def too_many_streams(scope: str, limit: int) -> ServiceError:
    """A live stream refused: ``scope`` "server" (this edge's streams), "game" or "client" (one client address)."""
    where = {"server": "on this server", "game": "of this game", "client": "from this client address"}[scope]
    return ServiceError(
        Status.RESOURCE_EXHAUSTED,
        "stream/too_many",
        f"Too many live streams {where} (at most {limit}); close one or retry later.",
        {"scope": scope, "limit": limit, "retryAfterSeconds": 5},
    )


INTERNAL_ERROR = ServiceError(Status.INTERNAL, "internal/error", "An internal error occurred; it has been logged.")


# ----- the mapping ------------------------------------------------------------------------------------------------


def from_engine(error: engine.EngineError) -> ServiceError:
    """The status of an engine error; its stable code and full-sentence reason travel unchanged."""
    details: dict[str, object] = {"engineCode": error.code}
    if isinstance(error, engine.InvalidOptionError):
        details.update(field=f"options.{error.option}", option=error.option)
        return ServiceError(Status.INVALID_ARGUMENT, error.code, error.reason, details)
    if isinstance(error, engine.InvalidPlayersError):
        details.update(field="players", option="players")
        return ServiceError(Status.INVALID_ARGUMENT, error.code, error.reason, details)
    if isinstance(error, engine.UnknownGameError):
        details.update(field="gameType", option="gameType")
        return ServiceError(Status.INVALID_ARGUMENT, error.code, error.reason, details)
    if isinstance(error, engine.InvalidMoveError):
        details.update(field="move")
        return ServiceError(Status.INVALID_ARGUMENT, error.code, shorten_quotes(error.reason), details)
    if isinstance(error, engine.NotYourTurnError):
        return ServiceError(Status.PERMISSION_DENIED, error.code, error.reason, details)
    if isinstance(error, engine.IllegalMoveError):
        return ServiceError(Status.FAILED_PRECONDITION, error.code, shorten_quotes(error.reason), details)
    if isinstance(error, engine.RulesVersionError):
        # The match exists but was saved under other rules: it can be read (GetEvents) but not played on.
        return ServiceError(Status.FAILED_PRECONDITION, error.code, error.reason, details)
    return ServiceError(Status.INTERNAL, error.code, "The stored game could not be read; it has been logged.")


def to_service_error(error: BaseException) -> ServiceError:
    """Any exception as the ServiceError to report (INTERNAL, without detail, for the unexpected)."""
    if isinstance(error, ServiceError):
        return error
    if isinstance(error, engine.EngineError):
        return from_engine(error)
    if isinstance(error, StoreFullError):
        return store_full()
    if isinstance(error, DurabilityUnknownError):
        return durability_unknown(error)
    if isinstance(error, StoreUnavailableError):
        return store_unavailable(error)
    return INTERNAL_ERROR


# ----- every code -------------------------------------------------------------------------------------------------

# Every error code a caller can receive, with its status: the service's own and the engine's general ones (a game's
# own rule codes, such as move/card_not_in_hand, are FAILED_PRECONDITION like move/illegal). docs/api.md's error
# table lists exactly these (tests/service/test_conventions.py).
CODES: dict[str, Status] = {
    "request/invalid": Status.INVALID_ARGUMENT,
    "request/malformed": Status.INVALID_ARGUMENT,
    "request/too_long": Status.INVALID_ARGUMENT,
    "options/not_finite": Status.INVALID_ARGUMENT,
    "idempotency/key_reused": Status.INVALID_ARGUMENT,
    "seats/invalid_name": Status.INVALID_ARGUMENT,
    "seats/unknown_bot": Status.INVALID_ARGUMENT,
    "seats/wrong_count": Status.INVALID_ARGUMENT,
    "tournament/invalid_format": Status.INVALID_ARGUMENT,
    "tournament/invalid_rounds": Status.INVALID_ARGUMENT,
    "tournament/invalid_entrants": Status.INVALID_ARGUMENT,
    "tournament/too_large": Status.INVALID_ARGUMENT,
    "seats/invalid_invitation": Status.INVALID_ARGUMENT,
    "seats/invalid_open": Status.INVALID_ARGUMENT,
    "seats/invalid_player": Status.INVALID_ARGUMENT,
    "clock/invalid_turn_seconds": Status.INVALID_ARGUMENT,
    "clock/invalid_match_seconds": Status.INVALID_ARGUMENT,
    "clock/invalid_on_timeout": Status.INVALID_ARGUMENT,
    "move/malformed": Status.INVALID_ARGUMENT,
    "move/invalid_structure": Status.INVALID_ARGUMENT,
    "game/invalid_option": Status.INVALID_ARGUMENT,
    "options/invalid_deck": Status.INVALID_ARGUMENT,
    "game/invalid_players": Status.INVALID_ARGUMENT,
    "game/unknown": Status.INVALID_ARGUMENT,  # NOT_FOUND on GET /v1/game-types/{id}/schemas, where it is the path
    "http/400": Status.INVALID_ARGUMENT,
    "auth/missing_token": Status.UNAUTHENTICATED,
    "auth/invalid_token": Status.UNAUTHENTICATED,
    "auth/invalid_ticket": Status.UNAUTHENTICATED,
    "auth/token_in_url": Status.UNAUTHENTICATED,
    "auth/credential_in_url": Status.UNAUTHENTICATED,
    "auth/missing_api_key": Status.UNAUTHENTICATED,
    "auth/invalid_api_key": Status.UNAUTHENTICATED,
    "auth/revoked_api_key": Status.UNAUTHENTICATED,
    "move/not_your_turn": Status.PERMISSION_DENIED,
    "game/not_creator": Status.PERMISSION_DENIED,
    "tournament/not_entrant": Status.PERMISSION_DENIED,
    "game/not_found": Status.NOT_FOUND,
    "tournament/not_found": Status.NOT_FOUND,
    "invitation/not_found": Status.NOT_FOUND,
    "web/not_installed": Status.NOT_FOUND,
    "docs/not_installed": Status.NOT_FOUND,
    "http/404": Status.NOT_FOUND,
    "method/not_allowed": Status.METHOD_NOT_ALLOWED,
    "version/stale": Status.ABORTED,
    "move/illegal": Status.FAILED_PRECONDITION,
    "game/finished": Status.FAILED_PRECONDITION,
    "game/not_finished": Status.FAILED_PRECONDITION,
    "hints/disabled": Status.FAILED_PRECONDITION,
    "game/waiting_for_players": Status.FAILED_PRECONDITION,
    "seat/taken": Status.FAILED_PRECONDITION,
    "seat/player_seated": Status.FAILED_PRECONDITION,
    "ticket/not_found": Status.NOT_FOUND,
    "ticket/not_waiting": Status.FAILED_PRECONDITION,
    "seat/rating_out_of_range": Status.FAILED_PRECONDITION,
    "webhook/target_refused": Status.INVALID_ARGUMENT,
    "webhook/not_found": Status.NOT_FOUND,
    "webhook/too_many": Status.FAILED_PRECONDITION,
    "snapshot/rules_version": Status.FAILED_PRECONDITION,
    "limit/key_rate": Status.RESOURCE_EXHAUSTED,
    "limit/address_rate": Status.RESOURCE_EXHAUSTED,
    "limit/live_games": Status.RESOURCE_EXHAUSTED,
    "limit/wrong_tokens": Status.RESOURCE_EXHAUSTED,
    "limit/stream_tickets": Status.RESOURCE_EXHAUSTED,
    "limit/hint_rate": Status.RESOURCE_EXHAUSTED,
    "limit/connections": Status.RESOURCE_EXHAUSTED,
    "stream/too_many": Status.RESOURCE_EXHAUSTED,
    "request/too_large": Status.PAYLOAD_TOO_LARGE,
    "request/headers_too_large": Status.HEADERS_TOO_LARGE,
    "store/unavailable": Status.UNAVAILABLE,
    "store/full": Status.UNAVAILABLE,
    "store/durability_unknown": Status.UNAVAILABLE,
    "store/behind": Status.UNAVAILABLE,
    "server/stopping": Status.UNAVAILABLE,
    "internal/error": Status.INTERNAL,
    "snapshot/corrupt": Status.INTERNAL,
    "engine/error": Status.INTERNAL,
}

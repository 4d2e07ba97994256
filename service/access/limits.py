"""Quotas and rate limits, and the one check both edges make per request (``Gate``).

- **Rate limits**: a token bucket per API key and one per client address (``rate`` tokens a second, at most
  ``burst``); a request takes one token, an empty bucket answers RESOURCE_EXHAUSTED (HTTP 429) with the seconds
  until a token is back (``Retry-After``; gRPC: trailing metadata ``retry-after``). The buckets, counters and sets
  are the store's (``store.limits``, a ``LimitStore``): on Redis one Lua script on Redis's clock, so every replica
  shares them; in memory for the embedded store.
- **Live games per key**: a key holds at most ``live_games_per_key`` unfinished games (a set of game ids per key;
  when it is full, the finished and expired ones are dropped before a new one is refused).
- **Wrong seat tokens**: every wrong seat token or stream ticket for a game is counted per game and caller (client
  address, and API key when one is sent), shared by every replica; after ``wrong_tokens`` of them within
  ``wrong_token_seconds`` each further wrong one of that caller is answered 429 (``limit/wrong_tokens``, with
  Retry-After) instead of 401 until the window ends. A right token is never refused for it: the count slows the
  guesser, never a player (a stranger behind the player's address or NAT cannot lock the player out). Only failures
  are counted, so the calls that succeed cost nothing.
- **Hints** (SuggestMoves: a search of the seat's position, ``service/core/hints.py``): a token bucket of its own per
  API key, or per client address for a caller without a key (``hint_rate`` hints a second, at most ``hint_burst``
  at once), taken only when a hint is computed (an answer from the cache takes nothing); an empty bucket answers
  RESOURCE_EXHAUSTED ``limit/hint_rate`` with Retry-After. The edges ask ``Gate.admit_hint`` for it.

The defaults suit the embedded single-user run (no keys: no per-key limit or cap; no per-address limit): the web
table and the bots work as before. Hosting sets them (docs/operations.md, "Limits and keys").
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass

from service.access.keys import KeyRing
from service.core import errors
from service.storage.protocols import GameStore, LimitStore

log = logging.getLogger("cardengine.limits")

KEYED_OPERATIONS = frozenset(
    {"ListGameTypes", "CreateGame", "ListOpenGames", "JoinGame", "GetRating", "ListLeaderboard"}
)
# The calls of a key's own games: without a key there is nothing to answer (servers without keys refuse them too).
KEY_OWN_OPERATIONS = frozenset({"ListGames", "WatchKeyEvents", "EndGame", "DeleteGame"})
LIVE_GAMES_RETRY_SECONDS = 60  # a hint: a slot frees when one of the key's games finishes or expires
WRONG_CREDENTIAL_CODES = frozenset({"auth/invalid_token", "auth/invalid_ticket"})


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitSettings:
    key_rate: float = 10.0  # requests a second per API key; 0: no limit
    key_burst: int = 50
    address_rate: float = 0.0  # requests a second per client address; 0: no limit
    address_burst: int = 100
    live_games_per_key: int = 100  # unfinished games per API key; 0: no cap
    wrong_tokens: int = 10  # wrong seat tokens or tickets per game and caller; 0: no limit
    wrong_token_seconds: float = 60.0
    hint_rate: float = 1.0  # hints computed a second per API key (per client address without a key); 0: no limit
    hint_burst: int = 10

    def check(self) -> None:
        numbers = (self.key_rate, self.address_rate, self.live_games_per_key, self.wrong_tokens, self.hint_rate)
        if min(numbers) < 0 or self.wrong_token_seconds <= 0:
            raise ValueError("rates, the live-game cap and the wrong-token limit are 0 (off) or more.")
        bursts = ((self.key_rate, self.key_burst), (self.address_rate, self.address_burst))
        if any(rate and burst < 1 for rate, burst in (*bursts, (self.hint_rate, self.hint_burst))):
            raise ValueError("a burst is at least 1 request.")


def retry_seconds(wait: float) -> int:
    """A wait as the whole seconds of ``Retry-After`` (at least 1)."""
    return max(1, math.ceil(wait))


@dataclass(frozen=True, slots=True)
class RateState:
    """A request's rate limit as the RateLimit and RateLimit-Policy headers tell it (IETF draft
    httpapi-ratelimit-headers): the bucket's name (``key`` or ``address``), its quota (the burst), the window in
    which the quota fills again, the tokens left and the seconds until the bucket is full again."""

    name: str
    quota: int
    window: float
    remaining: int
    reset: float

    def policy_header(self) -> str:
        return f'"{self.name}";q={self.quota};w={max(1, math.ceil(self.window))}'

    def header(self) -> str:
        return f'"{self.name}";r={self.remaining};t={max(0, math.ceil(self.reset))}'


def rate_state(name: str, rate: float, burst: int, left: float) -> RateState:
    return RateState(name, burst, burst / rate, max(0, math.floor(left)), (burst - left) / rate)


@dataclass(frozen=True, slots=True)
class Caller:
    """Who makes a request: the client address, the id of its API key (None: none sent) and the rate limit that
    applies to it (None: none; the tightest of the key's and the address's)."""

    address: str
    key_id: str | None = None
    rate: RateState | None = None


CURRENT_CALLER: ContextVar[Caller | None] = ContextVar("cardengine_caller", default=None)


def caller_key_id() -> str | None:
    """The API key id of the gRPC call being served (set by the edge around the call)."""
    caller = CURRENT_CALLER.get()
    return None if caller is None else caller.key_id


def grpc_address(peer: str) -> str:
    """The client address of a gRPC peer string (``ipv4:1.2.3.4:5678``, ``ipv6:[::1]:5678``), without its port."""
    scheme, _, rest = peer.partition(":")
    if scheme in ("ipv4", "ipv6"):
        host = rest.rsplit(":", 1)[0]
        return host.strip("[]")
    return peer


class Gate:
    """The check of every API request, the same for gRPC and REST: the API key where one is needed (or sent), the
    rate limits, and a block after too many wrong seat tokens; then the live-game cap at CreateGame."""

    def __init__(
        self,
        keys: KeyRing,
        settings: LimitSettings,
        limits: LimitStore,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settings.check()
        self.keys = keys
        self.settings = settings
        self.limits = limits
        self._clock = clock
        self._reads_callers = keys.enabled or bool(settings.address_rate)

    def admits_unread(self) -> bool:
        """True when ``admit`` would admit any call without reading it: no API keys and no rate per address. An edge
        may then skip reading the call's metadata and peer, and hand ``after_failure`` how to read its caller
        (``Caller(address)``: without keys no caller has a key id)."""
        return not self._reads_callers

    def admit(
        self, operation: str, *, address: str, api_key: str | None, game_id: str | None, has_credential: bool
    ) -> Caller:
        """The caller of a request of ``operation`` (a gRPC method name); UNAUTHENTICATED or RESOURCE_EXHAUSTED
        when it may not go on. ``game_id`` and ``has_credential`` are no longer read here: wrong tokens are answered
        after the fact (``after_failure``), so a right token always goes on."""
        settings = self.settings
        rate: RateState | None = None
        if settings.address_rate:
            wait, left = self.limits.take_left(f"address:{address}", settings.address_rate, settings.address_burst)
            if wait:
                raise errors.rate_limited("address", retry_seconds(wait))
            rate = rate_state("address", settings.address_rate, settings.address_burst, left)
        key_id: str | None = None
        if self.keys.enabled:
            if api_key is not None:
                key_id = self.keys.authenticate(api_key)
            elif operation in KEYED_OPERATIONS or operation in KEY_OWN_OPERATIONS:
                raise errors.missing_api_key(operation)
        if key_id is not None and settings.key_rate:
            wait, left = self.limits.take_left(f"key:{key_id}", settings.key_rate, settings.key_burst)
            if wait:
                raise errors.rate_limited("key", retry_seconds(wait))
            key_rate = rate_state("key", settings.key_rate, settings.key_burst, left)
            if rate is None or key_rate.remaining < rate.remaining:
                rate = key_rate
        return Caller(address, key_id, rate)

    def exhausted_state(self, failure: errors.ServiceError) -> RateState | None:
        """The rate limit of a 429 of a bucket (``limit/key_rate``, ``limit/address_rate``): nothing left."""
        scope = failure.details.get("scope")
        settings = self.settings
        by_key = scope == "key"
        rate = settings.key_rate if by_key else settings.address_rate
        burst = settings.key_burst if by_key else settings.address_burst
        if failure.code not in ("limit/key_rate", "limit/address_rate") or not rate:
            return None
        retry_after = failure.details.get(errors.RETRY_AFTER)
        reset = float(retry_after) if isinstance(retry_after, int | float) else 1.0
        return RateState(str(scope), burst, burst / rate, 0, reset)

    def _who(self, caller: Caller) -> list[str]:
        return [f"address:{caller.address}"] + ([f"key:{caller.key_id}"] if caller.key_id else [])

    def wrong_credential(self, game_id: str, caller: Caller) -> errors.ServiceError | None:
        """Counts a wrong seat token or ticket of ``caller`` for the game; the 429 to answer in place of the 401
        when the caller was already over the limit (on any replica)."""
        limit = self.settings.wrong_tokens
        if not limit:
            return None
        worst: tuple[int, float] = (0, 0.0)
        for who in self._who(caller):
            count, resets_in = self.limits.count(f"wrong:{game_id}:{who}", limit, self.settings.wrong_token_seconds)
            worst = max(worst, (count, resets_in))
        if worst[0] > limit:
            return errors.too_many_wrong_tokens(game_id, retry_seconds(worst[1]))
        return None

    def after_failure(
        self, failure: errors.ServiceError, game_id: str, caller: Caller | Callable[[], Caller] | None
    ) -> errors.ServiceError:
        """The error to answer for a failed call on ``game_id``: a wrong seat token or ticket is counted, and
        answered 429 once the caller is over the limit; anything else unchanged. A store that cannot count leaves
        the 401 as it is. ``caller`` may be how to read it, for a call admitted unread (``admits_unread``): it is
        read only for a wrong credential."""
        if caller is None or failure.code not in WRONG_CREDENTIAL_CODES:
            return failure
        if not isinstance(caller, Caller):
            caller = caller()
        try:
            return self.wrong_credential(game_id, caller) or failure
        except errors.StoreUnavailableError as error:
            log.warning("wrong token not counted", extra={"game_id": game_id, "error": str(error)})
            return failure

    def admit_hint(self, caller: Caller) -> None:
        """Before a hint is computed for ``caller``: RESOURCE_EXHAUSTED (``limit/hint_rate``) when its API key (its
        client address, without a key) has no hint left in its bucket."""
        settings = self.settings
        if not settings.hint_rate:
            return
        scope, who = ("key", caller.key_id) if caller.key_id else ("address", caller.address)
        wait, _ = self.limits.take_left(f"hints:{scope}:{who}", settings.hint_rate, settings.hint_burst)
        if wait:
            raise errors.hint_rate_limited(scope, retry_seconds(wait))

    def admit_game(self, key_id: str, game_id: str) -> None:
        """Before a game of ``key_id`` is stored: RESOURCE_EXHAUSTED when the key holds its cap of live games."""
        cap = self.settings.live_games_per_key
        if cap and not self.limits.admit_live_game(key_id, game_id, cap):
            raise errors.live_games_exhausted(key_id, cap, LIVE_GAMES_RETRY_SECONDS)


def make_gate(store: GameStore, keys: KeyRing, settings: LimitSettings) -> Gate:
    """The gate of a server over ``store``: its limits count in the store (shared by replicas on Redis)."""
    return Gate(keys, settings, store.limits)

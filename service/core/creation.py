"""Creating a game: the request checked, the deal made by the engine, a secret token per person's seat (the store
keeps only their SHA-256), the seed committed to when the server draws it (service/core/fairness.py), and version 0
stored with its log entry. A create with a ``request_id`` is safe to retry: its game id, seed and seat tokens are
derived from the server secret, so a retry finds the same game and answers it again."""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import engine
from engine.preset import PRESET_OPTION
from service.core import clocks, errors, fairness, invitations, seating, telemetry
from service.core.bot_kinds import BOT_KINDS, SPEC_EXAMPLES, is_bot_spec
from service.core.games import IDEMPOTENCY_KEY_PATTERN, StoredGames, game_view, token_hash
from service.core.hooks import Commit, CommitHooks
from service.core.records import CreatedGame, Invitation, SeatSpec, SeatToken
from service.core.stored import GameMeta, LogEntry
from service.core.withdrawals import Withdrawals
from service.storage.protocols import GameExistsError, StoredGame

log = logging.getLogger("cardengine.service")

MAX_SEED = 2**64 - 1
MAX_SEAT_NAME = 32
MAX_GAME_TYPE_CHARS = 64  # field limits (docs: "Limits and keys"); longer is INVALID_ARGUMENT request/too_long


def new_game_id() -> str:
    """A random game id: 16 URL-safe characters that never begin with "-" or "_", so that a command line (the
    `replay` and `verify` commands, curl, a shell script) never reads one for an option."""
    return url_safe_secret(12)


def url_safe_secret(size: int) -> str:
    """``secrets.token_urlsafe(size)`` drawn again while it begins with "-" or "_" (game ids and seat tokens)."""
    while True:
        secret = secrets.token_urlsafe(size)
        if secret[0] not in "-_":
            return secret


def seat_name(index: int, name: str, field: str | None = None) -> str:
    """A display name trimmed and checked: at most MAX_SEAT_NAME printable characters (empty: none). ``field``: the
    request field named in a refusal (default ``seats[index].name``; JoinGame's is ``name``)."""
    trimmed = name.strip()
    field = field or f"seats[{index}].name"
    if len(trimmed) > MAX_SEAT_NAME:
        raise errors.invalid_argument(
            f"{field} is {len(trimmed)} characters long; a seat name has at most {MAX_SEAT_NAME}.",
            field=field,
            code="seats/invalid_name",
        )
    if not trimmed.isprintable():
        raise errors.invalid_argument(
            f"{field} {trimmed!r} holds a character that cannot be printed (a control or format "
            "character); use letters, digits, punctuation and spaces.",
            field=field,
            code="seats/invalid_name",
        )
    return trimmed


def seat_bot(index: int, bot: str) -> str:
    if bot and not is_bot_spec(bot):
        kinds = ", ".join(repr(kind) for kind in BOT_KINDS)
        raise errors.invalid_argument(
            f"seats[{index}].bot {errors.quote(bot)} is no kind of bot of this server; use one of {kinds} (a search "
            f"bot with a budget of its own: {SPEC_EXAMPLES}), or empty for a person.",
            field=f"seats[{index}].bot",
            code="seats/unknown_bot",
        )
    return bot


def check_preset_deck(options: Mapping[str, object] | None, rated: bool, seats: Sequence[SeatSpec]) -> None:
    """A preset deck (``options.deck``, engine/preset.py) shows whoever sets it every hand of the match: a rated game,
    or one with open seats that strangers join from the lobby, is dealt from its seed only."""
    if options is None or PRESET_OPTION not in options or not (rated or any(seat.open for seat in seats)):
        return
    raise errors.invalid_argument(
        "A preset deck (options.deck) shows its creator every hand, so a rated game or one with open seats is dealt "
        "from its seed only: leave the deck out, or make the game unrated with no open seats.",
        field="options.deck",
        code="options/invalid_deck",
    )


def check_request(
    game_type: str,
    players: int | None,
    seed: int | None,
    seats: Sequence[SeatSpec],
    request_id: str | None,
    *,
    options: Mapping[str, object] | None = None,
    rated: bool = False,
) -> None:
    """INVALID_ARGUMENT for a create whose fields are out of range (the seats' names and bots are checked apart)."""
    check_preset_deck(options, rated, seats)
    if request_id is not None and not IDEMPOTENCY_KEY_PATTERN.match(request_id):
        raise errors.invalid_argument(
            "requestId must be 1 to 128 printable ASCII characters without spaces (a UUID is a good one).",
            field="requestId",
        )
    if not game_type:
        raise errors.invalid_argument("gameType is required: one of the ids of ListGameTypes.", field="gameType")
    if len(game_type) > MAX_GAME_TYPE_CHARS:
        raise errors.too_long("gameType", game_type, MAX_GAME_TYPE_CHARS)
    if players is not None and players < 0:
        raise errors.invalid_argument(f"players must be positive (0: the default); got {players}.", field="players")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise errors.invalid_argument(f"seed must be in 0..2^64-1; got {seed}.", field="seed")
    if seats and players and len(seats) != players:
        raise errors.invalid_argument(
            f"seats lists {len(seats)} seats but players is {players}: give one entry per seat, or players 0.",
            field="seats",
            code="seats/wrong_count",
        )


class Creation:
    """Creates games in the store; ``admit_game`` (creator key id, game id) raises when the key may hold no more
    live games. ``secret``: the key of keyed creates (``request_id``)."""

    def __init__(
        self,
        games: StoredGames,
        hooks: CommitHooks,
        *,
        secret: bytes,
        admit_game: Callable[[str, str], None] | None = None,
    ) -> None:
        self.games = games
        self.hooks = hooks
        self.admit_game = admit_game
        self._secret = secret
        self.withdrawals = Withdrawals(games.store)

    def create_game(
        self,
        game_type: str,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
        seats: Sequence[SeatSpec] = (),
        *,
        creator: str | None = None,
        request_id: str | None = None,
        clock: clocks.ClockSpec | None = None,
        invite_seats: Sequence[int] = (),
        hints: bool = True,
        rated: bool = False,
        rating_range: tuple[int, int] = (0, 0),
    ) -> CreatedGame:
        """``creator``: the id of the caller's API key, recorded with the game (and counted by ``admit_game``).
        ``request_id``: makes the create safe to retry (``keyed_game_id``): the same id and parameters (and the
        same creator) give the same game and seat tokens again and create nothing. ``invite_seats``: those seats
        are answered as invitation codes instead of tokens (service/core/invitations.py). ``hints``: False turns
        the seats' hints off for the whole match (service/core/hints.py). The lobby's fields: ``_seat_holders``."""
        check_request(game_type, players, seed, seats, request_id, options=options, rated=rated)
        names = tuple(seat_name(index, seat.name) for index, seat in enumerate(seats))
        bots = tuple(seat_bot(index, seat.bot) for index, seat in enumerate(seats))
        keyed_id = self.keyed_game_id(request_id, creator) if request_id else None
        seed, seed_source, salt = self._seed(seed, keyed_id)
        if bots and all(bots):
            # No person can stop a bots-only match: the game's playout options (a hand cap where the rules have
            # none, e.g. Draw Blood's max_hands) apply under the options given, so the match surely ends.
            options = {**engine.get_game(game_type).playout_options, **(options or {})}
        with telemetry.span("engine.new_game", game_type=game_type):
            state, events = engine.new_game(game_type, players or len(seats) or None, seed, options)
        game_id = keyed_id or new_game_id()
        bots = bots or ("",) * state.players
        invited = invitations.check_invite_seats(invite_seats, state.players, bots)
        lobby = self._seat_holders(seats, state.players, bots, invited, creator, rated, rating_range)
        tokens = tuple(
            SeatToken(seat, self._keyed_token(game_id, seat) if keyed_id else url_safe_secret(24))
            for seat in range(state.players)
            if not bots[seat] and seat not in lobby["open_seats"]
        )
        hashes = {seat.seat: token_hash(seat.token) for seat in tokens}
        meta = GameMeta(
            state.game_id,
            state.players,
            tuple(hashes.get(seat, "") for seat in range(state.players)),  # a bot seat: no token
            seed=state.seed,
            options=dict(state.options),
            seat_names=names or ("",) * state.players,
            bots=bots,
            creator=creator,
            seed_source=seed_source,
            salt=salt.hex(),
            commitment=fairness.commitment(state.seed, salt) if salt else "",
            clock=None if clock is None else clock.to_record(),
            invited=invited,
            hints=hints,
            **lobby,
        )
        return self._store(game_id, meta, state, tuple(events), tokens, request_id)

    @staticmethod
    def _seat_holders(
        seats: Sequence[SeatSpec],
        players: int,
        bots: Sequence[str],
        invited: Sequence[int],
        creator: str | None,
        rated: bool,
        rating_range: tuple[int, int],
    ) -> dict[str, Any]:
        """The meta's lobby fields (service/core/lobby.py, seating.py): the open seats (they wait in the lobby),
        each named player held by (``creator``, player), whether the match is rated and its rating range."""
        seat_players = tuple(seating.check_player(f"seats[{i}].player", seat.player) for i, seat in enumerate(seats))
        seat_players = seat_players or ("",) * players
        open_flags = tuple(seat.open for seat in seats) or (False,) * players
        return {
            "open_seats": seating.check_open_seats(open_flags, bots, seat_players, invited),
            "seat_keys": tuple(
                seat.key or (creator or "" if player else "")
                for seat, player in zip(seats or [SeatSpec()] * players, seat_players, strict=True)
            ),
            "seat_players": seat_players,
            "rated": rated,
            "rating_range": seating.check_rating_range(*rating_range),
        }

    def invitation_code(self, game_id: str, seat: int, *, keyed: bool) -> str:
        """A seat's invitation code: derived again on a retry of a keyed create, else random."""
        if keyed:
            derived = self._derive("invite", game_id, str(seat))[: invitations.CODE_BYTES]
            return base64.urlsafe_b64encode(derived).decode("ascii")
        return url_safe_secret(invitations.CODE_BYTES)

    def keyed_token(self, game_id: str, seat: int) -> str:
        """A seat's token in a keyed game (a rematch gives each seat's holder its own token in the new game)."""
        return self._keyed_token(game_id, seat)

    def _invite(
        self, game_id: str, meta: GameMeta, tokens: tuple[SeatToken, ...], request_id: str | None, *, store: bool
    ) -> tuple[tuple[SeatToken, ...], tuple[Invitation, ...]]:
        """The tokens answered and the invitations of the invited seats (kept in the store when ``store``)."""
        if not meta.invited:
            return tokens, ()
        invited = [token for token in tokens if token.seat in meta.invited]
        codes = tuple(
            Invitation(token.seat, self.invitation_code(game_id, token.seat, keyed=request_id is not None))
            for token in invited
        )
        if store:
            lifecycle = self.games.store.lifecycle
            for token, invitation in zip(invited, codes, strict=True):
                record = invitations.seal(token.seat, token.token, invitation.code)
                lifecycle.put_invitation(
                    game_id, invitations.code_hash(invitation.code), record, invitations.INVITATION_SECONDS
                )
        return tuple(token for token in tokens if token.seat not in meta.invited), codes

    def keyed_game_id(self, request_id: str, creator: str | None) -> str:
        """The game id of a keyed CreateGame: an HMAC of the server secret, the creator (the API key id, when keys
        are on) and the request id; 16 URL-safe characters like a random one."""
        return base64.urlsafe_b64encode(self._derive("game", creator or "", request_id)[:12]).decode("ascii")

    def _seed(self, seed: int | None, keyed_id: str | None) -> tuple[int, str, bytes]:
        """The seed, its source and the salt of its commitment: a client's seed as given (no salt); else a server
        seed, committed to, derived (with its salt) from the secret for a keyed create."""
        if seed is not None:
            return seed, fairness.SOURCE_CLIENT, b""
        drawn = int.from_bytes(self._derive("seed", keyed_id)[:8] if keyed_id else os.urandom(8), "big")
        salt = self._derive("salt", keyed_id) if keyed_id else os.urandom(fairness.SALT_BYTES)
        return drawn, fairness.SOURCE_SERVER, salt

    def _keyed_token(self, game_id: str, seat: int) -> str:
        """A seat token of a keyed game, derived again on a retry (the store keeps only its hash)."""
        return base64.urlsafe_b64encode(self._derive("token", game_id, str(seat))[:24]).decode("ascii")

    def _derive(self, *parts: str) -> bytes:
        return hmac.new(self._secret, "\x00".join(parts).encode("utf-8"), hashlib.sha256).digest()

    def _store(
        self,
        game_id: str,
        meta: GameMeta,
        state: engine.GameState,
        events: tuple[engine.Event, ...],
        tokens: tuple[SeatToken, ...],
        request_id: str | None,
    ) -> CreatedGame:
        """Version 0 admitted, stored and handed to the after-commit hooks; a game found stored already is
        answered by ``_created_before``."""
        store = self.games.store
        finished = engine.is_finished(state)
        to_act = () if meta.open_seats else tuple(engine.to_act(state))  # open seats: nobody acts yet (lobby.py)
        entry = LogEntry(0, None, None, to_act, finished=finished, first_sequence=0, events=events)
        stored = StoredGame(game_id, 0, engine.encode(state), len(events), finished=finished, meta=meta.encode())
        if meta.creator is not None and self.admit_game is not None:
            self.admit_game(meta.creator, game_id)
        if any(meta.bots):  # known to the bot queue before it exists, so a lost first mark is found by the sweep
            store.bots.register(game_id)
        self.hooks.before_create(game_id, meta)
        try:
            store.create(stored, entry.encode())
        except GameExistsError as exists:
            return self._created_before(exists, request_id, tokens, meta)
        except errors.StoreUnavailableError:
            # Stored or not, or stored later: a keyed create's retry finds it; an unkeyed one is never retried
            # under this id, so it is withdrawn rather than left behind the 503 (service/core/withdrawals.py).
            if request_id is None:
                self.withdrawals.withdraw(stored)
            raise
        tokens, invited = self._invite(game_id, meta, tokens, request_id, store=True)
        self.games.states.remember(game_id, stored.snapshot, state)
        log.info("game created", extra={"game_id": game_id, "game_type": meta.game_type, "players": meta.players})
        header = self.hooks.run(Commit(game_id, meta, 0, None, None, tuple(entry.to_act), finished=finished))
        view = game_view(game_id, meta, 0, state, None)
        return CreatedGame(game_id, 0, tokens, view._replace(**header) if header else view, invited)

    def _created_before(
        self, exists: GameExistsError, request_id: str | None, tokens: tuple[SeatToken, ...], meta: GameMeta
    ) -> CreatedGame:
        """A create that found its game stored: the same one (a retried keyed request, or a store call re-sent
        after a lost answer) is answered as created, at its current version; another one under a reused request
        id is INVALID_ARGUMENT."""
        if not exists.same:
            if request_id is not None:
                raise errors.idempotency_request_reused(request_id) from None
            raise exists
        stored = self.games.store.load(exists.game_id)
        if stored is None:  # expired between the two calls: a retry creates it again
            raise errors.game_not_found(exists.game_id)
        log.info("game create replayed", extra={"game_id": exists.game_id, "version": stored.version})
        state = self.games.state_of(stored)
        view = game_view(exists.game_id, meta, stored.version, state, None, over=stored.finished)
        # A keyed retry answers the same codes without storing them again (a redeemed code stays redeemed); a store
        # call re-sent after a lost answer never gave its codes out, so they are stored now.
        tokens, invited = self._invite(exists.game_id, meta, tokens, request_id, store=request_id is None)
        return CreatedGame(exists.game_id, stored.version, tokens, view, invited)

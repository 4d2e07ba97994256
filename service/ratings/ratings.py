"""Rated games applied exactly once, atomically with the ratings' own writes (docs/ratings.md):

1. Before a rated game is stored it is *pending* in the ratings' store (a create hook, ``expect``): no game can
   end unknown to the ratings, whatever happens to the process after.
2. When a commit finishes it, the commit hook applies it at once (``settle``): the result is read from the stored
   game, the new ratings computed from the records read, and one atomic store write (``RatingStore.apply``) stores
   them, the outcome under the game's id and the result in the history, and drops the game from pending, only if
   the game has no outcome yet and every record is still the one read (else it reads again and retries).
3. A process killed between the game's end and that write leaves the game pending: a sweep (``RatingSweeper``, in
   every server) claims due pending games and settles the finished ones. A second apply of one game finds its
   outcome and writes nothing, so retries, replicas and sweeps count each game once.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Mapping
from typing import Any

import orjson

import engine
from service.core import errors
from service.core.game_service import GameService
from service.core.hooks import Commit
from service.core.periodic import Periodic
from service.core.records import GameView, SeatRating
from service.core.stored import GameMeta, LogEntry
from service.ratings import scale
from service.ratings.backends import ratings_store
from service.ratings.reads import decode_record, encode_record
from service.ratings.results import KEY_PLAYER, Result, bot_kind, result_of, seat_member
from service.ratings.store import PUBLIC_BOARD, RatingWrite, board_of_key, member_of, split_member

log = logging.getLogger("cardengine.ratings")

APPLY_ATTEMPTS = 20  # applies racing on one player's record are retried on the records read again
RECHECK_SECONDS = 60.0  # a pending game under way is checked again this long after each sweep's look
SWEEP_SECONDS = 2.0
SWEEP_BATCH = 200


def board_of(member: str) -> str:
    key_id, player = split_member(member)
    return PUBLIC_BOARD if player == KEY_PLAYER else board_of_key(key_id)


class Ratings:
    """The ratings of one GameService's games; ``install`` registers its hooks (``ratings_for`` does it once)."""

    def __init__(self, service: GameService, *, recheck_seconds: float = RECHECK_SECONDS) -> None:
        self.service = service
        self.store = ratings_store(service.store)
        self.recheck_seconds = recheck_seconds

    def install(self) -> None:
        self.service.hooks.register_before_create(self._expect)
        self.service.hooks.register(self._on_commit)
        self.service.reads.header_hooks.append(self._header)
        self.service.lobby.join_checks.append(self._check_join)

    # ----- the hooks ------------------------------------------------------------------------------------------
    def _expect(self, game_id: str, meta: GameMeta) -> None:
        if meta.rated:
            self.store.expect(meta.game_type, game_id, self.recheck_seconds)

    def _on_commit(self, commit: Commit) -> Mapping[str, Any] | None:
        """A rated game's end applied; its creation and joins (no move) answered with the seats' ratings."""
        if not commit.meta.rated or not (commit.finished or commit.move is None):
            return None
        try:
            if not commit.finished:
                return {"ratings": self.seat_ratings(commit.meta, None)}
            outcome = self.settle(commit.game_id)
        except (errors.StoreUnavailableError, errors.StoreFullError) as error:
            log.warning("ratings not read or applied", extra={"game_id": commit.game_id, "error": str(error)})
            return None
        except Exception:  # the version stands whatever happens here: the sweep tries the game again
            log.exception("ratings not applied", extra={"game_id": commit.game_id})
            return None
        return None if outcome is None else {"ratings": self.seat_ratings(commit.meta, outcome)}

    def _header(self, view: GameView, meta: GameMeta) -> Mapping[str, Any] | None:
        if not meta.rated:
            return None
        outcome = self.store.outcome(meta.game_type, view.game_id) if view.finished else None
        return {"ratings": self.seat_ratings(meta, orjson.loads(outcome) if outcome else None)}

    def _check_join(self, meta: GameMeta, key_id: str, player: str) -> None:
        """A game that declares a rating range takes only joiners rated in it (a new player at the default); a
        joiner with no API key is not rated and not checked."""
        low, high = meta.rating_range
        if not (low or high) or not key_id:
            return
        member = member_of(key_id, player or KEY_PLAYER)
        rating = self._current(meta.game_type, [member])[member].rating
        if (low and rating < low) or (high and rating > high):
            wanted = f"{low or 'any'} to {high or 'any'}"
            raise errors.ServiceError(
                errors.Status.FAILED_PRECONDITION,
                "seat/rating_out_of_range",
                f"This game asks for players rated {wanted} in {meta.game_type}; this player is rated {rating}. "
                "Find a game for your rating in the lobby (ListOpenGames minRating, maxRating).",
                {"rating": rating, "minRating": low, "maxRating": high},
            )

    # ----- a seat's rating --------------------------------------------------------------------------------------
    def seat_ratings(self, meta: GameMeta, outcome: Mapping[str, Any] | None) -> tuple[SeatRating, ...]:
        """Each rated seat's rating: before and after the match from its applied ``outcome``, else now."""
        if outcome is not None and outcome.get("rated"):
            shown = []
            for seat, (mu, sigma, after_mu, _) in sorted(
                (int(seat), values) for seat, values in outcome["seats"].items()
            ):
                before, after = round(mu), round(after_mu)
                shown.append(SeatRating(seat, before, mu, sigma, True, after, after - before))
            return tuple(shown)
        members = [(seat, seat_member(meta, seat)) for seat in range(meta.players)]
        current = self._current(meta.game_type, [member for _, member in members if member is not None])
        return tuple(
            SeatRating(seat, current[member].rating, current[member].mu, current[member].sigma)
            for seat, member in members
            if member is not None
        )

    def _current(self, game_type: str, members: list[str]) -> dict[str, scale.Rating]:
        """The ratings of ``members`` now: a bot's from the ladder, a player's from its record (or a new one's)."""
        players = sorted({member for member in members if not bot_kind(member)})
        records = dict(zip(players, self.store.records(game_type, players), strict=True))
        current: dict[str, scale.Rating] = {}
        for member in members:
            bot = scale.bot_rating(game_type, bot_kind(member)) if bot_kind(member) else None
            current[member] = bot if bot is not None else decode_record(records.get(member, b""))
        return current

    # ----- applying a finished game -------------------------------------------------------------------------------
    def settle(self, game_id: str) -> dict[str, Any] | None:
        """Applies a finished rated game once; returns its outcome (None: not stored, not rated, not over)."""
        stored = self.service.store.load(game_id)
        if stored is None:
            return None
        meta = GameMeta.decode(stored.meta)
        if not meta.rated or not stored.finished:
            return None
        known = self.store.outcome(meta.game_type, game_id)
        if known is not None:
            outcome: dict[str, Any] = orjson.loads(known)
            return outcome
        moved = any(LogEntry.decode(raw).move is not None for raw in self.service.store.log(game_id, 0))
        result = result_of(meta, self.service.reads.score(game_id).winners, moved=moved)
        for _ in range(APPLY_ATTEMPTS):
            outcome, writes, history = self._rate(game_id, meta, result)
            answer = self.store.apply(meta.game_type, game_id, writes, orjson.dumps(outcome), history)
            if answer == "applied":
                log.info("rated game applied", extra={"game_id": game_id, "rated": outcome["rated"]})
                return outcome
            if answer == "duplicate":
                applied: dict[str, Any] = orjson.loads(self.store.outcome(meta.game_type, game_id) or b"{}")
                return applied
        raise errors.StoreUnavailableError(f"the ratings of game '{game_id}' changed under {APPLY_ATTEMPTS} applies")

    def _rate(self, game_id: str, meta: GameMeta, result: Result) -> tuple[dict[str, Any], list[RatingWrite], bytes]:
        """The outcome, the writes and the history entry of ``result`` over the records as they are now."""
        if not result.sides:
            return {"rated": False, "reason": result.reason}, [], b""
        members = [member for side in result.sides for member in side.members]
        players = sorted({member for member in members if not bot_kind(member)})
        records = dict(zip(players, self.store.records(meta.game_type, players), strict=True))
        current = self._current(meta.game_type, members)
        model = scale.model()
        teams = [[model.rating(current[m].mu, current[m].sigma) for m in side.members] for side in result.sides]
        rated = model.rate(teams, ranks=[float(side.rank) for side in result.sides])
        after: dict[str, tuple[float, float]] = {}
        seats: dict[str, list[float]] = {}
        for side, team in zip(result.sides, rated, strict=True):
            for seat, member, new in zip(side.seats, side.members, team, strict=True):
                moved = after.setdefault(
                    member, (current[member].mu, current[member].sigma) if bot_kind(member) else (new.mu, new.sigma)
                )
                seats[str(seat)] = [current[member].mu, current[member].sigma, *moved]
        writes = [
            RatingWrite(
                member,
                records[member],
                encode_record(*after[member], current[member].games + 1),
                board_of(member),
                after[member][0],
            )
            for member in players
        ]
        bots = {member: [current[member].mu, current[member].sigma] for member in members if bot_kind(member)}
        sides = [list(side.members) for side in result.sides]
        history = {"g": game_id, "s": sides, "r": [side.rank for side in result.sides], "b": bots}
        return {"rated": True, "seats": seats}, writes, orjson.dumps(history)

    # ----- the sweep ----------------------------------------------------------------------------------------------
    def sweep(self) -> int:
        """One pass over every game type's due pending games: the finished ones applied, the gone ones forgotten;
        returns how many were applied."""
        applied = 0
        for game in engine.registry.all_games():
            for game_id in self.store.claim_due(game.id, SWEEP_BATCH, self.recheck_seconds):
                try:
                    applied += self._sweep_one(game.id, game_id)
                except (errors.StoreUnavailableError, errors.StoreFullError):
                    raise
                except Exception:  # one game's failure never stops the others' (it is claimed again later)
                    log.exception("rated game not applied", extra={"game_id": game_id})
        return applied

    def _sweep_one(self, game_type: str, game_id: str) -> int:
        stored = self.service.store.load(game_id)
        if stored is None or not GameMeta.decode(stored.meta).rated:
            self.store.forget(game_type, game_id)
            return 0
        return 1 if stored.finished and self.settle(game_id) is not None else 0


_installed: weakref.WeakKeyDictionary[GameService, Ratings] = weakref.WeakKeyDictionary()
_installed_lock = threading.Lock()


def ratings_for(service: GameService, *, recheck_seconds: float = RECHECK_SECONDS) -> Ratings:
    """The ratings of ``service``, installed into its hooks on the first call (the edges and the processes call
    it when they are built; every later call answers the same)."""
    with _installed_lock:
        known = _installed.get(service)
        if known is None:
            known = _installed[service] = Ratings(service, recheck_seconds=recheck_seconds)
            known.install()
        return known


class RatingSweeper:
    """A thread that settles what a killed process left pending, every ``interval`` seconds."""

    def __init__(self, ratings: Ratings, *, interval: float = SWEEP_SECONDS) -> None:
        self.ratings = ratings
        self.interval = interval
        self._loop = Periodic("rating-sweeper", interval, ratings.sweep, log, "rating sweep")

    def start(self) -> RatingSweeper:
        self._loop.start()
        return self

    def stop(self) -> None:
        self._loop.stop()

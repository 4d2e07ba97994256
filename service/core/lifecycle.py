"""A game's lifecycle beyond its moves (docs/api.md "Lifecycle"): a seat resigns or leaves, the creating API key
ends or deletes a game, a key lists its games, an invitation is redeemed for its seat, a finished game is played
again (rematch).

Resigning, leaving and ending commit one more version like a forfeit (service/core/forfeit.py): a log entry with no
move and one public service event (``forfeited`` with reason ``resigned`` or ``left``; ``ended``), the snapshot
unchanged and the record finished, through the store's compare-and-set, then the after-commit hooks.
"""

from __future__ import annotations

import base64
import binascii
import logging
import threading
import time

import orjson

import engine
from service.core import clocks, errors, forfeit, invitations
from service.core.creation import Creation
from service.core.games import StoredGames, game_view, required_seat, seat_of_token
from service.core.hooks import Commit, CommitHooks
from service.core.records import CreatedGame, GameList, GameSummary, MoveResult, Redeemed, SeatSpec, SeatToken
from service.core.stored import GameMeta, LogEntry
from service.storage.protocols import Missing, Stale, StoredGame

log = logging.getLogger("cardengine.service")

STATES = ("", "live", "finished")
DEFAULT_PAGE = 50
MAX_PAGE = 200
MAX_SCANNED = 1000  # index entries read for one page at most; a page may then hold fewer games and a token
COMMIT_ATTEMPTS = 20  # a resignation races moves: it is retried on a newer version
ROLE_CREATED = "created"
ROLE_JOINED = "joined"


_last_listed_ms = 0
_listed_lock = threading.Lock()


def now_ms() -> int:
    """The time a game is listed at, in ms, strictly increasing in this process: games created in one millisecond
    still list newest first in the order they were made."""
    global _last_listed_ms
    with _listed_lock:
        _last_listed_ms = max(int(time.time() * 1000), _last_listed_ms + 1)
        return _last_listed_ms


def owned_record(role: str, seats: tuple[int, ...] = ()) -> bytes:
    return orjson.dumps({"r": role, "s": list(seats)})


def encode_page_token(at_ms: int, game_id: str) -> str:
    return base64.urlsafe_b64encode(f"{at_ms}:{game_id}".encode()).decode("ascii")


def decode_page_token(token: str) -> tuple[int, str] | None:
    if not token:
        return None
    try:
        at, _, game_id = base64.urlsafe_b64decode(token.encode("ascii")).decode("ascii").partition(":")
        if at.isdigit() and game_id:
            return int(at), game_id
    except (binascii.Error, UnicodeError, ValueError):
        pass
    raise errors.invalid_argument(
        "pageToken is not a token of ListGames: pass the nextPageToken of the previous page, or nothing.",
        field="pageToken",
    )


def not_creator(game_id: str, operation: str) -> errors.ServiceError:
    return errors.ServiceError(
        errors.Status.PERMISSION_DENIED,
        "game/not_creator",
        f"{operation} is for the API key that created game '{game_id}': send that key as 'x-api-key'.",
        {"gameId": game_id},
    )


class Lifecycle:
    def __init__(self, games: StoredGames, hooks: CommitHooks, creation: Creation) -> None:
        self.games = games
        self.hooks = hooks
        self.creation = creation

    # ----- resign, leave, end ---------------------------------------------------------------------------------
    def resign(self, game_id: str, token: str | None, reason: str = "") -> MoveResult:
        """The token's seat resigns (``reason`` "resigned", the default) or leaves ("left"): the match ends, every
        other seat wins. FAILED_PRECONDITION ``game/finished`` once the match is over."""
        reason = reason or forfeit.REASON_RESIGNED
        if reason not in (forfeit.REASON_RESIGNED, forfeit.REASON_LEFT):
            raise errors.invalid_argument(
                f"reason must be 'resigned' or 'left' (empty: resigned); got {errors.quote(reason)}.", field="reason"
            )
        _, meta = self.games.load(game_id)
        seat = required_seat(game_id, meta, token, "ResignSeat")
        event = forfeit.forfeit_event(seat, reason)
        version, entry = self._end(game_id, seat, event)
        stored, meta = self.games.load(game_id)
        view = game_view(game_id, meta, stored.version, self.games.state_of(stored), seat, over=True)
        log.info("seat resigned", extra={"game_id": game_id, "seat": seat, "reason": reason})
        return MoveResult(version, view, entry.events_for(meta, seat))

    def end_game(self, game_id: str, key_id: str | None) -> MoveResult:
        """The creating key ends the match: event ``ended``, finished with no winner."""
        _, meta = self.games.load(game_id)
        self._check_creator(game_id, meta, key_id, "EndGame")
        version, entry = self._end(game_id, None, forfeit.ended_event())
        stored, meta = self.games.load(game_id)
        view = game_view(game_id, meta, stored.version, self.games.state_of(stored), None, over=True)
        log.info("game ended by its creator", extra={"game_id": game_id})
        return MoveResult(version, view, entry.events_for(meta, None))

    def _end(self, game_id: str, seat: int | None, event: engine.Event) -> tuple[int, LogEntry]:
        """Commits the version that ends the match with ``event``, retried on a newer version while moves race."""
        for _ in range(COMMIT_ATTEMPTS):
            stored, meta = self.games.load(game_id)
            if stored.finished:
                raise engine.GameFinishedError(f"Game '{game_id}' is already over.")
            version = stored.version + 1
            entry = LogEntry(version, seat, None, (), finished=True, first_sequence=stored.event_count, events=(event,))
            updated = StoredGame(game_id, version, stored.snapshot, stored.event_count + 1, True, stored.meta)
            outcome = self.games.store.commit(updated, stored.version, entry.encode(), None, stored.commit_id)
            if isinstance(outcome, Missing):
                raise errors.game_not_found(game_id)
            if isinstance(outcome, Stale):
                continue
            self.hooks.run(Commit(game_id, meta, version, seat, None, (), finished=True))
            return version, entry
        raise errors.stale_version(version - 1, version)

    def delete_game(self, game_id: str, key_id: str | None) -> None:
        """The creating key deletes the game and all kept with it; it leaves the lists of its keys."""
        _, meta = self.games.load(game_id)
        self._check_creator(game_id, meta, key_id, "DeleteGame")
        lifecycle = self.games.store.lifecycle
        members = lifecycle.members(game_id)
        if not self.games.store.delete(game_id):
            raise errors.game_not_found(game_id)
        for owner in [key_id or "", *members]:
            lifecycle.unindex_game(owner, game_id)
        log.info("game deleted by its creator", extra={"game_id": game_id})

    def _check_creator(self, game_id: str, meta: GameMeta, key_id: str | None, operation: str) -> None:
        if key_id is None:
            raise errors.missing_api_key(operation)
        if meta.creator != key_id:
            raise not_creator(game_id, operation)

    # ----- lists ----------------------------------------------------------------------------------------------
    def list_games(self, key_id: str | None, state: str = "", page_size: int = 0, page_token: str = "") -> GameList:
        """The key's games, newest first; ``state`` "live", "finished" or "" (both). Games gone from the store
        (expired or deleted) leave the list as they are met."""
        if key_id is None:
            raise errors.missing_api_key("ListGames")
        if state not in STATES:
            raise errors.invalid_argument(
                f"state must be 'live', 'finished' or empty (both); got {errors.quote(state)}.", field="state"
            )
        if not 0 <= page_size <= MAX_PAGE:
            raise errors.invalid_argument(f"pageSize must be 0 to {MAX_PAGE}; got {page_size}.", field="pageSize")
        size = page_size or DEFAULT_PAGE
        before = decode_page_token(page_token)
        lifecycle = self.games.store.lifecycle
        found: list[GameSummary] = []
        scanned = 0
        while len(found) < size and scanned < MAX_SCANNED:
            entries = lifecycle.owner_games(key_id, before, min(size, MAX_SCANNED - scanned))
            if not entries:
                return GameList(tuple(found))
            for entry in entries:
                scanned += 1
                before = (entry.at_ms, entry.game_id)
                summary = self._summary(key_id, entry.game_id, entry.at_ms, entry.record)
                if summary is not None and state in ("", "finished" if summary.finished else "live"):
                    found.append(summary)
                    if len(found) == size:
                        break
        more = bool(before and lifecycle.owner_games(key_id, before, 1))
        return GameList(tuple(found), encode_page_token(*before) if more and before else "")

    def _summary(self, key_id: str, game_id: str, at_ms: int, record: bytes) -> GameSummary | None:
        stored = self.games.store.load(game_id)
        if stored is None:
            self.games.store.lifecycle.unindex_game(key_id, game_id)
            return None
        meta = GameMeta.decode(stored.meta)
        raw = orjson.loads(record) if record else {}
        waiting = stored.finished or meta.open_seats  # over, or waiting for players (service/core/lobby.py)
        to_act = () if waiting else tuple(engine.to_act(self.games.state_of(stored)))
        return GameSummary(
            game_id,
            meta.game_type,
            meta.players,
            stored.version,
            to_act,
            stored.finished,
            meta.seat_names,
            meta.bots,
            str(raw.get("r", ROLE_CREATED)),
            tuple(raw.get("s", ())),
            at_ms,
        )

    # ----- invitations and rematches --------------------------------------------------------------------------
    def redeem(self, game_id: str, code: str, key_id: str | None) -> Redeemed:
        """The token of the invitation's seat, once; the redeeming key (if any) joins the game: it is listed among
        its games and its stream tells it the game's turns."""
        if not code or len(code) > 128:
            raise errors.invalid_argument("code is required: the invitation code of CreateGame.", field="code")
        stored, meta = self.games.load(game_id)
        record = self.games.store.lifecycle.take_invitation(game_id, invitations.code_hash(code))
        if record is None:
            raise errors.ServiceError(
                errors.Status.NOT_FOUND,
                "invitation/not_found",
                f"No open invitation of game '{game_id}' with that code: it is unknown or was redeemed already.",
                {"gameId": game_id},
            )
        seat, token = invitations.unseal(record, code)
        if key_id is not None:
            self.join(key_id, game_id, meta, seat, stored.version)
        view = game_view(game_id, meta, stored.version, self.games.state_of(stored), seat, over=stored.finished)
        log.info("invitation redeemed", extra={"game_id": game_id, "seat": seat})
        return Redeemed(SeatToken(seat, token), view)

    def join(self, key_id: str, game_id: str, meta: GameMeta, seat: int, version: int) -> None:
        """``key_id`` holds ``seat`` of the game from now: a member, listed, told (service/core/key_events.py)."""
        lifecycle = self.games.store.lifecycle
        seats = tuple(sorted({seat, *orjson.loads(lifecycle.members(game_id).get(key_id, b"[]"))}))
        lifecycle.add_member(game_id, key_id, orjson.dumps(list(seats)), invitations.INVITATION_SECONDS)
        lifecycle.index_game(key_id, game_id, now_ms(), owned_record(ROLE_JOINED, seats))
        payload = {"kind": "game_joined", "gameId": game_id, "gameType": meta.game_type, "version": version}
        lifecycle.append_key_event(key_id, orjson.dumps(payload | {"seats": [seat]}))
        stored = self.games.store.load(game_id)
        to_act = () if stored is None or stored.finished else tuple(engine.to_act(self.games.state_of(stored)))
        if stored is not None and seat in to_act:
            turn = payload | {"kind": "your_turn", "version": stored.version, "seats": [seat], "toAct": list(to_act)}
            lifecycle.append_key_event(key_id, orjson.dumps(turn))

    def rematch(self, game_id: str, token: str | None, key_id: str | None) -> CreatedGame:
        """A new match from a finished one (same type, players, options, names, bots, clock, hints setting and
        invited seats; a new seed), the same for every caller: the creating key gets every token (and invitations),
        a seat's token holder the token of its own seat in the new game."""
        stored, meta = self.games.load(game_id)
        seat = seat_of_token(game_id, meta, token)
        is_creator = key_id is not None and key_id == meta.creator
        if seat is None and not is_creator:
            if token is None and meta.creator is not None:
                raise not_creator(game_id, "Rematch")
            raise errors.missing_token("Rematch")
        if not stored.finished:
            raise errors.ServiceError(
                errors.Status.FAILED_PRECONDITION,
                "game/not_finished",
                f"Game '{game_id}' is not over: a rematch starts from a finished game.",
                {"gameId": game_id, "version": stored.version},
            )
        created = self.creation.create_game(
            meta.game_type,
            meta.players,
            None,
            meta.options,
            tuple(SeatSpec(name, bot) for name, bot in zip(meta.seat_names, meta.bots, strict=True)),
            creator=meta.creator,
            request_id=f"rematch:{game_id}",
            clock=None if meta.clock is None else clocks.ClockSpec.from_record(meta.clock),
            hints=meta.hints,
            invite_seats=meta.invited,
        )
        if is_creator:
            return created
        assert seat is not None
        own = SeatToken(seat, self.creation.keyed_token(created.game_id, seat))
        if key_id is not None:
            self.join(key_id, created.game_id, meta, seat, created.version)
        return CreatedGame(created.game_id, created.version, (own,), created.game)

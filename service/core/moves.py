"""Moving: a seat's move checked by the engine and committed with compare-and-set on the game's version, the one
write path of people, bots and timeouts alike.

A game's version is its number of accepted moves; a move is read, compute, then one compare-and-set, so concurrent
moves never overwrite each other (the loser gets ABORTED, ``version/stale``, and reloads). A retry of an applied
move answers that move's version and events again (with the game as it is now, ``replayed``) instead of a stale
version: found by its idempotency key (the result kept with it), or, with or without a key, as the very move
committed at the version after the expected one (the same seat and canonical notation: the log entry)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from service.core import errors, structured_moves, telemetry
from service.core.games import IDEMPOTENCY_KEY_PATTERN, StoredGames, game_view, last_move_at, required_seat
from service.core.hooks import Commit, CommitHooks
from service.core.records import GameView, MoveResult
from service.core.stored import GameMeta, LogEntry, decode_idempotent_result, encode_idempotent_result
from service.storage.protocols import Committed, Duplicate, Missing, Stale, StoredGame

MAX_MOVE_CHARS = 512  # field limits (docs: "Limits and keys"); longer is INVALID_ARGUMENT request/too_long


def canonical_notation(game_type: str, move: str) -> str | None:
    """The canonical notation of ``move`` in ``game_type`` (``Game.parse_move``), or None if it is not a move of it."""
    try:
        return engine.get_game(game_type).parse_move(move).notation
    except engine.EngineError:
        return None


def check_move_request(move: str, expected_version: int | None, idempotency_key: str | None) -> int:
    """The expected version of a well-formed ApplyMove; INVALID_ARGUMENT otherwise."""
    if not move:
        raise errors.invalid_argument("move is required: the notation of one of the legal moves.", field="move")
    if len(move) > MAX_MOVE_CHARS:
        raise errors.too_long("move", move, MAX_MOVE_CHARS)
    if expected_version is None:
        raise errors.invalid_argument(
            "expectedVersion is required: the version the move was chosen at.", field="expectedVersion"
        )
    if idempotency_key and not IDEMPOTENCY_KEY_PATTERN.match(idempotency_key):
        raise errors.invalid_argument(
            "idempotencyKey must be 1 to 128 printable ASCII characters without spaces.", field="idempotencyKey"
        )
    return expected_version


def answer(
    version: int, view: GameView, entry: LogEntry, meta: GameMeta, seat: int, header: Mapping[str, Any] | None = None
) -> MoveResult:
    """The answer to a committed move: the mover's events and its game, whose header names this move in full
    (``header``: the after-commit hooks' fields, set in the same copy of the view)."""
    shown = entry.events_for(meta, seat)
    return MoveResult(version, view._replace(**(header or {}), last_move=entry.last_move_for(meta, seat, shown)), shown)


def check_playable(stored: StoredGame, meta: GameMeta, move: str) -> None:
    """FAILED_PRECONDITION for a move in a match that is over or waits for players."""
    if stored.finished:  # a forfeited match: over by the stored record though the engine state is not
        raise engine.GameFinishedError(f"The match is finished; '{move}' cannot be played.")
    if meta.open_seats:  # the lobby: no move until every open seat is taken (service/core/lobby.py)
        raise errors.waiting_for_players(stored.game_id, meta.open_seats)


class Moves:
    def __init__(self, games: StoredGames, hooks: CommitHooks) -> None:
        self.games = games
        self.hooks = hooks

    def apply_move(
        self,
        game_id: str,
        token: str | None,
        move: str,
        expected_version: int | None,
        idempotency_key: str | None = None,
        *,
        omit_view: bool = False,
        structured: Mapping[str, Any] | None = None,
    ) -> MoveResult:
        """Applies ``move`` (or ``structured``, the ``{kind, args}`` of ListLegalMoves, canonicalised to the same
        notation: service/core/structured_moves.py) of the token's seat at ``expected_version``. ``omit_view``: the
        answer's game carries the header (version, who acts, finished, seats) without the view, the cheapest answer.
        A retry with a known ``idempotency_key`` answers the first result's version and events with the game as it
        is now (the view at that version is not kept)."""
        if structured is not None and move:
            raise errors.invalid_argument("Send the move or structuredMove, not both.", field="structuredMove")
        given = move or ("-" if structured is not None else "")  # a structured move is checked once the game is known
        expected = check_move_request(given, expected_version, idempotency_key)
        stored, meta = self.games.load(game_id, for_version=expected)
        if structured is not None:
            move = structured_moves.notation_of(meta.game_type, structured)
        seat = required_seat(game_id, meta, token, "ApplyMove")
        result_key = f"{seat}:{idempotency_key}" if idempotency_key else None
        if stored.version != expected:
            prior = self.games.store.idempotent_result(game_id, result_key) if result_key is not None else None
            if prior is not None:  # a retry of a move that was applied: its first result
                return self._answer_retry(prior, stored, meta, seat, move, idempotency_key or "", omit_view=omit_view)
            replayed = self._identical_commit(stored, meta, seat, move, expected, omit_view=omit_view)
            if replayed is not None:
                return replayed
            telemetry.stale_conflict(meta.game_type)
            raise errors.stale_version(expected, stored.version)
        key = idempotency_key or ""
        return self.commit_move(stored, meta, seat, move, result_key=result_key, key=key, omit_view=omit_view)

    def commit_move(
        self,
        stored: StoredGame,
        meta: GameMeta,
        seat: int,
        move: str,
        *,
        result_key: str | None = None,
        key: str = "",
        omit_view: bool = False,
        timed_out: bool = False,
        fresh: bool = False,
    ) -> MoveResult:
        """Applies ``move`` of ``seat`` to ``stored`` (the expected version), commits it with compare-and-set on
        the version and the commit id ``stored`` was read with, and runs the after-commit hooks. ``result_key``:
        where the store keeps the result for retries with the idempotency key ``key``; ``timed_out``: the service
        plays the move for a seat out of time; ``fresh``: ``stored`` was just read from the store."""
        game_id = stored.game_id
        version = stored.version + 1
        check_playable(stored, meta, move)
        with telemetry.span("engine.apply", game_type=meta.game_type):
            state = self.games.state_of(stored)
            parsed = engine.parse_move(state, move)
            new_state, events = engine.apply(state, seat, parsed)
            view = game_view(game_id, meta, version, new_state, seat, omit_view=omit_view)
        to_act, finished, first_sequence = view.to_act, view.finished, stored.event_count
        entry = LogEntry(
            version,
            seat,
            parsed.notation,
            to_act,
            finished=finished,
            first_sequence=first_sequence,
            events=tuple(events),
            timed_out=timed_out,
        )
        snapshot, event_count = engine.encode(new_state), first_sequence + len(events)
        updated = StoredGame(game_id, version, snapshot, event_count, finished=finished, meta=stored.meta)
        idempotency = (result_key, encode_idempotent_result(parsed.notation, version)) if result_key else None
        outcome = self.games.store.commit(updated, stored.version, entry.encode(), idempotency, stored.commit_id)
        if isinstance(outcome, Committed):
            self.games.states.remember(game_id, updated.snapshot, new_state, finished=finished)
            commit = Commit(game_id, meta, version, seat, parsed, to_act, finished=finished, timed_out=timed_out)
            header = self.hooks.run(commit)
            return answer(version, view, entry, meta, seat, header)
        if isinstance(outcome, Duplicate):
            current = self.games.store.load(game_id)  # the local copy was the version before: read it as it is now
            if current is None:
                raise errors.game_not_found(game_id)
            return self._answer_retry(outcome.result, current, meta, seat, parsed.notation, key, omit_view=omit_view)
        if isinstance(outcome, Stale):
            if outcome.current_version == stored.version and not fresh:
                return self._judge_again(
                    stored, meta, seat, move, parsed.notation, result_key, key, omit_view, timed_out
                )
            return self._after_stale(stored, meta, seat, parsed.notation, outcome.current_version, omit_view=omit_view)
        assert isinstance(outcome, Missing)
        raise errors.game_not_found(game_id)

    def _judge_again(
        self,
        stored: StoredGame,
        meta: GameMeta,
        seat: int,
        move: str,
        notation: str,
        result_key: str | None,
        key: str,
        omit_view: bool,
        timed_out: bool,
    ) -> MoveResult:
        """The copy ``stored`` was not the store's state at its version (the store went back since it was read, and
        another history took that number): the move is judged again on the state the store holds, the history it
        continues, or refused as stale if that has moved on meanwhile."""
        current = self.games.store.load(stored.game_id)
        if current is None:
            raise errors.game_not_found(stored.game_id)
        if current.version != stored.version:
            return self._after_stale(stored, meta, seat, notation, current.version, omit_view=omit_view)
        return self.commit_move(
            current,
            meta,
            seat,
            move,
            result_key=result_key,
            key=key,
            omit_view=omit_view,
            timed_out=timed_out,
            fresh=True,
        )

    def _after_stale(
        self, stored: StoredGame, meta: GameMeta, seat: int, move: str, current_version: int, *, omit_view: bool
    ) -> MoveResult:
        """A commit refused as stale: the replayed answer if the version after ``stored`` holds this very move (its
        first attempt, whose answer was lost), else ``version/stale``."""
        current = self.games.store.load(stored.game_id) if current_version > stored.version else None
        if current is not None:
            found = self._identical_commit(current, meta, seat, move, stored.version, omit_view=omit_view)
            if found is not None:
                return found
        telemetry.stale_conflict(meta.game_type)
        raise errors.stale_version(stored.version, current_version)

    def _identical_commit(
        self, current: StoredGame, meta: GameMeta, seat: int, move: str, expected: int, *, omit_view: bool
    ) -> MoveResult | None:
        """The answer to a retry of the move committed at ``expected`` + 1 if that was this very move (the same seat,
        the same canonical notation, from the same version), with or without an idempotency key: its first result,
        replayed, as ``_answer_retry``; None if another move was committed there. A retry of a commit whose answer
        was lost (a reset, a stall answered 503) is thus never told ``version/stale``."""
        if current.version <= expected:
            return None
        entries = self.games.store.log(current.game_id, expected, 1)
        if not entries:
            return None
        entry = LogEntry.decode(entries[0])
        if entry.seat != seat or entry.timed_out or entry.move is None:
            return None  # another seat's, the service's timeout move or a forfeit: not this request's
        if entry.move != canonical_notation(meta.game_type, move):
            return None
        self.games.store.confirm_durable(current.game_id)
        state, over = self.games.state_of(current), current.finished
        game = game_view(current.game_id, meta, current.version, state, seat, omit_view=omit_view, over=over)
        game = game._replace(last_move=last_move_at(self.games.store, current.game_id, meta, current.version, seat))
        return MoveResult(entry.version, game, entry.events_for(meta, seat), replayed=True)

    def _answer_retry(
        self, prior: bytes, current: StoredGame, meta: GameMeta, seat: int, move: str, key: str, *, omit_view: bool
    ) -> MoveResult:
        """The answer to a retried move: the first result kept with the key, if ``move`` is the same move as the
        first one (their canonical notations are compared: a list argument in any order is the same move); else
        ``idempotency/key_reused``. Its version and events are the first answer's (the events read again from that
        version's log entry); its game is ``current``, the game as it is now, seen by ``seat``. The cost is flat:
        one result and one log entry, however long the match."""
        first_move, version, events = decode_idempotent_result(prior)
        game_type = meta.game_type
        retried = canonical_notation(game_type, move)
        if retried is None or retried != (canonical_notation(game_type, first_move) or first_move):
            raise errors.idempotency_key_reused(key, first_move)
        self.games.store.confirm_durable(current.game_id)
        if events is None:
            entries = self.games.store.log(current.game_id, version - 1, 1)
            events = LogEntry.decode(entries[0]).events_for(meta, seat) if entries else ()
        state, over = self.games.state_of(current), current.finished
        game = game_view(current.game_id, meta, current.version, state, seat, omit_view=omit_view, over=over)
        game = game._replace(last_move=last_move_at(self.games.store, current.game_id, meta, current.version, seat))
        return MoveResult(version, game, events, replayed=True)

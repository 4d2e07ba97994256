"""Reading a game: its header and view for the caller's seat, the seat's legal moves, the score, and the public
record of a finished match (``cardengine verify`` checks it)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engine
from service.core import clocks, errors, fairness, forfeit
from service.core.games import StoredGames, game_view, last_move_at, legal_move, required_seat, seat_of_token
from service.core.records import GameView, LegalMoves, RoundScore, Score
from service.core.stored import GameMeta, LogEntry
from service.storage.protocols import StoredGame


def check_min_version(stored: StoredGame, min_version: int | None) -> None:
    """A version never goes backwards for a client: one older than ``min_version`` (the highest it has seen; a
    failover to a replica that had not received it) is refused, typed, rather than shown."""
    if min_version is not None and stored.version < min_version:
        raise errors.store_behind(stored.game_id, stored.version, min_version)


HeaderHook = Callable[[GameView, GameMeta], Mapping[str, Any] | None]
"""Fields a concern adds to GetGame's header (the game as read, its meta), e.g. a rated game's ratings
(service/ratings/); None: nothing."""


class Reads:
    def __init__(self, games: StoredGames) -> None:
        self.games = games
        self.header_hooks: list[HeaderHook] = []

    def get_game(self, game_id: str, token: str | None, min_version: int | None = None) -> GameView:
        """``min_version``: the highest version the caller has seen; an older one found is ``store/behind``."""
        stored, meta = self.games.load(game_id)
        check_min_version(stored, min_version)
        seat = seat_of_token(game_id, meta, token)
        view = game_view(game_id, meta, stored.version, self.games.state_of(stored), seat, over=stored.finished)
        # The header names the last move: read from its log entry.
        view = view._replace(last_move=last_move_at(self.games.store, game_id, meta, stored.version, seat))
        spec = clocks.spec_of(meta.clock)
        if spec is not None:
            record = clocks.load(self.games.store, game_id)
            if record is None or record.version < stored.version:
                # The commit's hook has not written this version's clock yet: the clock it will write, the turns
                # that start with this version starting now, so that the header never shows an older turn's seats.
                timed_out = view.last_move is not None and view.last_move.timed_out
                record = clocks.next_record(
                    spec, record, stored.version, view.to_act, finished=stored.finished, at_ms=clocks.now_ms(),
                    timed_out=timed_out,
                )  # fmt: skip
            view = view._replace(clock=clocks.clock_view(spec, record, meta.players))
        for hook in self.header_hooks:
            fields = hook(view, meta)
            if fields:
                view = view._replace(**fields)
        return view

    def legal_moves(self, game_id: str, token: str | None, min_version: int | None = None) -> LegalMoves:
        stored, meta = self.games.load(game_id)
        check_min_version(stored, min_version)
        seat = required_seat(game_id, meta, token, "ListLegalMoves")
        state = self.games.state_of(stored)
        moves = tuple(
            legal_move(state, seat, move)
            # forfeited, or waiting for players (service/core/lobby.py): none
            for move in (() if stored.finished or meta.open_seats else engine.legal_moves(state, seat))
        )
        return LegalMoves(game_id, stored.version, seat, moves)

    def seat_of(self, game_id: str, token: str | None, operation: str) -> int:
        """The seat of ``token`` in the game (NOT_FOUND, UNAUTHENTICATED otherwise), for checks that come after
        authentication at an edge."""
        _, meta = self.games.load(game_id)
        return required_seat(game_id, meta, token, operation)

    def score(self, game_id: str, token: str | None = None) -> Score:
        stored, meta = self.games.load(game_id)
        seat_of_token(game_id, meta, token)
        sheet = self._sheet(stored, meta, self.games.state_of(stored))
        return Score(
            game_id=game_id,
            version=stored.version,
            totals=tuple(sheet.totals),
            rounds=tuple(RoundScore(r.label, tuple(r.points), dict(r.details)) for r in sheet.rounds),
            finished=sheet.finished,
            winners=tuple(sheet.winners) if sheet.finished else (),
            details=dict(sheet.details),
            fairness=meta.fairness(finished=stored.finished),
        )

    def record(self, game_id: str) -> dict[str, Any]:
        """The public record of a finished match (``GET /v1/games/{id}/record``, docs/fairness.md): its creation
        parameters, the seed commitment with the revealed seed and salt, the move log, every public event and the
        score; what ``cardengine verify`` checks. FAILED_PRECONDITION (game/not_finished) before the end."""
        stored, meta = self.games.load(game_id)
        if not stored.finished:
            raise errors.game_not_finished(game_id, stored.version)
        entries = [LogEntry.decode(raw) for raw in self.games.store.log(game_id, -1)][: stored.version + 1]
        state = self.games.state_of(stored)
        revealed = meta.fairness(finished=True)
        events = [event for entry in entries for event in entry.events_for(meta, None)]
        return {
            "format": fairness.RECORD_FORMAT,
            "gameId": game_id,
            "gameType": meta.game_type,
            "rulesVersion": state.rules_version,
            "players": meta.players,
            "options": meta.options if meta.options is not None else dict(state.options),
            "seatNames": list(meta.seat_names),
            "bots": list(meta.bots),
            "seedSource": revealed.seed_source,
            "seedCommitment": revealed.seed_commitment,
            "seed": revealed.seed or str(state.seed),
            "salt": revealed.salt,
            "version": stored.version,
            "moves": [
                {"version": e.version, "seat": e.seat, "move": e.move} for e in entries[1:] if e.move is not None
            ],
            "events": [
                {"version": e.version, "sequence": e.sequence, "kind": e.kind, "data": e.data, "text": e.text}
                | ({} if e.seat is None else {"seat": e.seat})
                for e in events
            ],
            "score": fairness.score_json(self._sheet(stored, meta, state)),
        }

    def _sheet(self, stored: StoredGame, meta: GameMeta, state: engine.GameState) -> engine.ScoreSheet:
        """The score sheet: the engine's, or for a forfeited match the forfeit's (service/core/forfeit.py)."""
        sheet = engine.score(state)
        if stored.finished and not sheet.finished:
            lost = self._forfeit(stored)
            if lost is not None:
                return forfeit.forfeited_sheet(sheet, meta.players, lost[0], lost[1])
        return sheet

    def _forfeit(self, stored: StoredGame) -> tuple[int | None, str] | None:
        """The seat and reason of a forfeited match (its last log entry is the forfeit; seat None: ended), or None."""
        if not stored.finished or stored.version < 1:
            return None
        entries = self.games.store.log(stored.game_id, stored.version - 1, 1)
        if not entries:
            return None
        entry = LogEntry.decode(entries[0])
        return forfeit.forfeit_of(entry.events) if entry.move is None else None

"""The tournament director: pairs each round, creates its games, tells each entrant its seat, collects the results
and starts the next round when a round's games are all over; then the standings are final.

It runs in every replica (``Director.start``), but works only while it holds the store's lease ``tournaments``
(service/storage/protocols.py ``LeaseStore``): one director at a time over the whole store, and when its holder dies
the lease moves on to another replica once its time-to-live is over. Everything it knows is in the store (the
tournament's record, ``TournamentStore``; the games themselves), so a replica's restart loses nothing: the next
holder reads the records and goes on.

A round is started in three steps, each safe to repeat: the games are created as keyed creates
(``request_id`` = the tournament, round, pairing, deal and rotation), so a director that died before saving the
round creates none twice (the next one gets the same games and the same seat tokens again: the replicas share
``--secret``); then each entrant key hears ``tournament_round`` on its stream (the game, its seat and the seat's
token: only to that key; told again, at worst, after such a restart); then the record is saved with a
compare-and-set on its version. Every game has a turn clock with ``onTimeout: "forfeit"``: an entrant that does not
play loses its games on time, so a round always ends.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections import Counter

import orjson

from service.core import clocks, errors
from service.core.game_service import GameService
from service.core.key_events import TOURNAMENT_ROUND
from service.core.lifecycle import ROLE_JOINED, now_ms, owned_record
from service.core.periodic import Periodic
from service.core.records import CreatedGame, SeatSpec
from service.tournaments import formats, standings
from service.tournaments.records import (
    BOT_PREFIX,
    FINISHED,
    ROUND_ROBIN,
    RUNNING,
    PlayedGame,
    TournamentState,
    bot_level,
)
from service.tournaments.tournaments import seed_of

log = logging.getLogger("cardengine.tournaments")

LEASE = "tournaments"
TICK_SECONDS = 0.5
LEASE_SECONDS = 5.0
PLAYER = "@key"  # the player id of an entrant key's seat: the key playing itself (core/seating.py)


class Director:
    """The director's loop in one replica (a thread); ``tick_seconds``: how often it looks at the running
    tournaments; ``lease_seconds``: how long its lease lasts without a renewal."""

    def __init__(
        self, service: GameService, *, tick_seconds: float = TICK_SECONDS, lease_seconds: float = LEASE_SECONDS
    ) -> None:
        self.service = service
        self.store = service.store
        self.tick_seconds = tick_seconds
        self.lease_seconds = lease_seconds
        self.holder = f"{os.getpid()}.{os.urandom(6).hex()}"
        self._loop = Periodic("tournament-director", tick_seconds, self.run_once, log, "tournament director")
        self._term = 0

    def start(self) -> Director:
        self._loop.start()
        return self

    def stop(self) -> None:
        self._loop.stop()
        if self._term:
            with contextlib.suppress(errors.StoreUnavailableError):  # else it expires on its own
                self.store.leases.release(LEASE, self.holder, self._term)

    def run_once(self) -> None:
        """One look at every running tournament, if this replica holds the lease."""
        self._term = self.store.leases.acquire(LEASE, self.holder, self.lease_seconds)
        if not self._term:
            return
        for tournament_id in self.store.tournaments.running_tournaments():
            if self._loop.stopping:
                return
            try:
                self.advance(tournament_id)
            except (errors.ServiceError, errors.StoreUnavailableError) as error:
                log.warning("tournament not advanced", extra={"tournament_id": tournament_id, "error": str(error)})

    def advance(self, tournament_id: str) -> None:
        """Collects the results of the round under way, and starts the next round (or ends the tournament) once
        every game of the round is over."""
        part = self.store.tournaments
        found = part.load_tournament(tournament_id)
        if found is None:  # expired: a save of no record takes it out of the running set
            part.save_tournament(tournament_id, b"", 0, running=False)
            return
        version, state = found[0], TournamentState.decode(found[1])
        if state.state == FINISHED:
            part.save_tournament(tournament_id, found[1], version, running=False)
            return
        if state.state != RUNNING:
            return  # waiting for its entrants
        changed = self._collect(state)
        if all(game.finished for game in state.games if game.round == state.round):
            if state.round >= state.rounds:
                state.state = FINISHED
                part.save_tournament(tournament_id, state.encode(), version, running=False)
                log.info("tournament finished", extra={"tournament_id": tournament_id})
                return
            self._start_round(state)
            changed = True
        if changed:
            part.save_tournament(tournament_id, state.encode(), version, running=True)

    def _collect(self, state: TournamentState) -> bool:
        """The results of the round's games that ended since the last look; whether any did."""
        changed = False
        for game in state.games:
            if game.round != state.round or game.finished:
                continue
            stored = self.store.load(game.game_id)
            if stored is None:  # expired or deleted: over, with no result to count
                game.finished, changed = True, True
                continue
            if stored.finished:
                score = self.service.reads.score(game.game_id)
                game.finished, game.totals, game.winners = True, score.totals, score.winners
                changed = True
        return changed

    def _start_round(self, state: TournamentState) -> None:
        state.round += 1
        groups, resting = self._pairings(state)
        for group_index, group in enumerate(groups):
            for deal in range(state.deals):
                seed = seed_of(state, state.round, group_index, deal)
                for rotation in formats.rotations(state.players, state.duplicate):
                    seats = formats.seated(group, rotation)
                    game = PlayedGame("", state.round, group_index, deal, rotation, seats)
                    created = self._create(state, game, seed)
                    game.game_id = created.game_id
                    self._tell(state, game, created)
                    state.games.append(game)
        state.byes.extend((state.round, entrant) for entrant in resting)
        log.info("tournament round started", extra={"tournament_id": state.tournament_id, "round": state.round})

    @staticmethod
    def _pairings(state: TournamentState) -> tuple[list[formats.Group], list[int]]:
        if state.format == ROUND_ROBIN:
            return formats.round_robin(len(state.entrants), state.players)[state.round - 1], []
        met = formats.meetings(standings.groups_played(state.games))
        byes = Counter(entrant for _, entrant in state.byes)
        return formats.swiss_round(standings.swiss_ranking(state), state.players, met, byes)

    def _create(self, state: TournamentState, game: PlayedGame, seed: int) -> CreatedGame:
        """The game, its seats held by their entrant keys or played by the server's bots."""
        labels = [state.entrants[entrant] for entrant in game.seats]
        seats = [
            SeatSpec(bot=bot_level(label)) if bot_level(label) else SeatSpec(player="@key", key=label)
            for label in labels
        ]
        request_id = f"tournament.{state.tournament_id}.{game.round}.{game.group}.{game.deal}.{game.rotation}"
        return self.service.creation.create_game(
            state.game_type,
            state.players,
            seed,
            state.options,
            seats,
            request_id=request_id,
            clock=clocks.ClockSpec(state.turn_seconds, 0, clocks.ON_TIMEOUT_FORFEIT),
            hints=False,
            rated=state.rated,
        )

    def _tell(self, state: TournamentState, game: PlayedGame, created: CreatedGame) -> None:
        """Each entrant key of the game hears ``tournament_round`` with its seat's token (its stream alone), and
        lists the game among its games (role "joined")."""
        lifecycle = self.store.lifecycle
        tokens = {seat.seat: seat.token for seat in created.seats}
        for seat, entrant in enumerate(game.seats):
            key_id = state.entrants[entrant]
            if key_id.startswith(BOT_PREFIX) or seat not in tokens:
                continue
            lifecycle.index_game(key_id, created.game_id, now_ms(), owned_record(ROLE_JOINED, (seat,)))
            event = {
                "kind": TOURNAMENT_ROUND,
                "gameId": created.game_id,
                "gameType": state.game_type,
                "version": created.version,
                "seats": [seat],
                "toAct": list(created.game.to_act),
                "tournamentId": state.tournament_id,
                "round": game.round,
                "token": tokens[seat],
            }
            lifecycle.append_key_event(key_id, orjson.dumps(event))

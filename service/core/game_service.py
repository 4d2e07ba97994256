"""The service's one transport-agnostic core (the "data plane"): the use cases over one ``GameStore``, built and
wired here. The gRPC servicer and the REST routes only convert wire messages to calls of the use cases and their
results back; every failure is raised as a ``ServiceError`` or an engine error and mapped to a status once, at each
edge (``service/core/errors.py``).

- ``catalog`` (``Catalog``): the game types and bot kinds;
- ``creation`` (``Creation``): CreateGame; seats act through secret tokens, one per person's seat;
- ``reads`` (``Reads``): a game's header and view, legal moves, score and public record;
- ``streams`` (``EventStreams``): event pages, watching, stream tickets;
- ``moves`` (``Moves``): ApplyMove, and the one write path (``commit_move``) of people, bots and timeouts;
- ``bot_turns`` (``BotTurns``): what a bot worker plays and its move;
- ``timeouts`` (``Timeouts``): the timeout moves and forfeits of turn clocks (``ClockSweeper`` drives them);
- ``lifecycle`` (``Lifecycle``): resign or leave, end, delete, a key's list of games, invitations, rematches;
- ``key_events`` (``KeyEvents``): each API key's one event stream (a commit hook writes it);
- ``hints`` (``Hints``): a seat's best few moves with the search's estimates (SuggestMoves);
- ``reviews`` (``Reviews``): a finished match's decisions of a seat beside the search's preferred moves
  (ReviewMatch);
- ``lobby`` (``Lobby``): games with open seats, listed (ListOpenGames) and joined (JoinGame); also a commit hook
  that keeps the store's listing.

After a version is committed the write paths run ``hooks`` (``CommitHooks``), where each concern registered itself:
metrics and the move log (``service/core/hooks.py``), the bot queue (``bot_turns.bot_queue_hook``) and the turn
clocks (``clocks.deadline_hook``).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from service.core import clocks, errors, hooks
from service.core.bot_turns import BotTurns, bot_queue_hook
from service.core.catalog import Catalog
from service.core.creation import Creation
from service.core.event_streams import DEFAULT_TICKET_SECONDS, WATCH_POLL_SECONDS, EventStreams
from service.core.games import STATE_CACHE_MIB, StoredGames
from service.core.hints import Hints
from service.core.key_events import KeyEvents
from service.core.lifecycle import Lifecycle
from service.core.lobby import Lobby
from service.core.moves import Moves
from service.core.reads import Reads
from service.core.review import Reviews
from service.core.timeouts import Timeouts
from service.storage.protocols import GameStore


class GameService:
    """The use cases of the API over one store (see the module's docstring for each attribute)."""

    def __init__(
        self,
        store: GameStore,
        *,
        watch_poll_seconds: float = WATCH_POLL_SECONDS,
        ticket_seconds: float = DEFAULT_TICKET_SECONDS,
        admit_game: Callable[[str, str], None] | None = None,
        secret: bytes | None = None,
        state_cache_bytes: int = STATE_CACHE_MIB << 20,
        hint_iterations: int | None = None,
    ) -> None:
        """``admit_game`` (creator key id, game id): raises when the key may hold no more live games. ``secret``:
        the key of the seat tokens of keyed creates (``request_id``); random per process when None, so that
        retries then work within one process only. ``state_cache_bytes``: the decoded states kept
        (``games.StateCache``). ``hint_iterations``: the search's iterations per hint (``core/hints.py``;
        None: each game's default)."""
        self.store = store
        self.games = StoredGames(store, state_cache_bytes=state_cache_bytes)
        self.key_events = KeyEvents(self.games, lambda game_id: self.reads.score(game_id).winners)
        self.hooks = hooks.CommitHooks()
        self.hooks.register(hooks.count_commit)
        self.hooks.register(hooks.MoveLog())
        # The key events before the bot queue: a game's creation is told before a bot's first move in it.
        self.hooks.register(self.key_events)
        self.hooks.register(bot_queue_hook(store))
        self.hooks.register(clocks.deadline_hook(store))
        self.lobby = Lobby(self.games, self.hooks)
        self.hooks.register(self.lobby)
        self.catalog = Catalog()
        secret = secret or os.urandom(32)
        self.creation = Creation(self.games, self.hooks, secret=secret, admit_game=admit_game)
        self.key_events.seat_token = self.creation.keyed_token  # match_found's token (service/matchmaking/)
        self.reads = Reads(self.games)
        self.streams = EventStreams(self.games, watch_poll_seconds=watch_poll_seconds, ticket_seconds=ticket_seconds)
        self.moves = Moves(self.games, self.hooks)
        self.bot_turns = BotTurns(self.games, self.moves)
        self.timeouts = Timeouts(self.games, self.moves, self.hooks)
        self.lifecycle = Lifecycle(self.games, self.hooks, self.creation)
        self.hints = Hints(self.games, iterations=hint_iterations)
        self.reviews = Reviews(self.games, iterations=hint_iterations)

    def stop_watches(self) -> None:
        """Ends live watches: each returns at its next wake-up (at most ``watch_poll_seconds``)."""
        self.streams.stop_watches()
        self.key_events.stop()

    def close(self) -> None:
        """Ends live watches and closes the store."""
        self.streams.stop_watches()
        self.key_events.stop()
        self.store.close()

    def is_ready(self) -> bool:
        return self.readiness() is None

    def readiness(self) -> errors.ServiceError | None:
        """None when the store answers and accepts writes; else why not (``store/unavailable``, ``store/full``)."""
        try:
            self.store.ping()
        except errors.StoreUnavailableError as error:
            return errors.to_service_error(error)
        return None

"""The repair of a key's event stream, so that no event is lost between a game's commit and the webhooks.

A commit's key events are written by a thread of the process that committed, just after the commit
(service/core/key_events.py); a process killed in that moment loses them. The deliverer (service/webhooks/
deliveries.py) runs this repair every ``repair_seconds`` for the keys that have webhooks: it reads the key's stream
(every event kept) and the key's newest games (``ListGames``' list), and finds each game whose present state calls
for an event the stream does not hold: ``game_finished`` at the finishing version, or ``your_turn`` at the present
version while seats the key holds are to act. A game found so on two looks in a row, at the same version
(``repair_seconds`` apart: the writer of a live process takes milliseconds), gets that event appended, as the writer
would have written it. Only the present is told again: a ``your_turn`` of a version passed since is of no use.

What it cannot see: a game whose listing was lost with its creation (never in the key's list), and a stream full
(1000 events) whose window no longer holds a game's events, which is left alone rather than told twice.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import orjson

import engine
from service.core.game_service import GameService
from service.core.key_events import FINISHED, YOUR_TURN, seats_held
from service.core.stored import GameMeta
from service.storage.protocols import StoredGame

log = logging.getLogger("cardengine.webhooks")

RECENT_GAMES = 50  # the key's newest games looked at
STREAM_READ = 5000  # every event a stream keeps (about 1000)
FULL_STREAM = 1000  # a stream this long may have dropped a game's older events


class StreamRepair:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._suspects: dict[tuple[str, str], bytes] = {}  # (key, game) -> the event missing at the last look

    def __call__(self, key_ids: Iterable[str]) -> int:
        """One look at each key; the number of events appended."""
        suspects: dict[tuple[str, str], bytes] = {}
        appended = 0
        for key_id in key_ids:
            for game_id, payload in self.missing(key_id):
                if self._suspects.get((key_id, game_id)) == payload:
                    self.service.store.lifecycle.append_key_event(key_id, payload)
                    log.warning(
                        "key event repaired", extra={"game_id": game_id, "event": orjson.loads(payload)["kind"]}
                    )
                    appended += 1
                else:
                    suspects[(key_id, game_id)] = payload
        self._suspects = suspects
        return appended

    def missing(self, key_id: str) -> list[tuple[str, bytes]]:
        """The events the key's stream lacks for the present state of its newest games."""
        lifecycle = self.service.store.lifecycle
        events = [orjson.loads(payload) for _, payload in lifecycle.key_events(key_id, "0", STREAM_READ, 0)]
        told = {(event.get("gameId"), event.get("kind"), event.get("version")) for event in events}
        seen = {event.get("gameId") for event in events}
        found: list[tuple[str, bytes]] = []
        for entry in lifecycle.owner_games(key_id, None, RECENT_GAMES):
            if len(events) >= FULL_STREAM and entry.game_id not in seen:
                continue  # its events may be older than the window: never told twice
            stored = self.service.store.load(entry.game_id)
            if stored is None or (stored.finished and (entry.game_id, FINISHED, stored.version) in told):
                continue  # gone, or its end told: no score to compute
            payload = self.expected(key_id, stored)
            if payload is not None:
                event = orjson.loads(payload)
                if (entry.game_id, event["kind"], event["version"]) not in told:
                    found.append((entry.game_id, payload))
        return found

    def expected(self, key_id: str, stored: StoredGame) -> bytes | None:
        """The event the key's stream holds last for this game as it stands (None: none is due)."""
        meta = GameMeta.decode(stored.meta)
        base = {"gameId": stored.game_id, "gameType": meta.game_type, "version": stored.version}
        joined = self.service.store.lifecycle.members(stored.game_id).get(key_id) if meta.invited else None
        seats = seats_held(meta, key_id, joined)
        if stored.finished:
            winners = list(self.service.reads.score(stored.game_id).winners)
            return orjson.dumps(base | {"kind": FINISHED, "winners": winners})
        to_act = () if meta.open_seats else tuple(engine.to_act(self.service.games.state_of(stored)))
        mine = sorted(seats.intersection(to_act))
        if not mine:
            return None
        return orjson.dumps(base | {"kind": YOUR_TURN, "seats": mine, "toAct": list(to_act)})

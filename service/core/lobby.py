"""The lobby (docs/api.md "Lobby"): games with open seats, listed (ListOpenGames) and joined (JoinGame).

A creator marks seats ``open`` (CreateGame). Such a game is created like any other, but waits for players: its
header names the open seats and nobody to act, and a move (a person's, a bot's or a timeout's) is refused with
FAILED_PRECONDITION ``game/waiting_for_players`` until every open seat is taken; no bot is due and no turn clock runs
until then.

Taking a seat is one compare-and-set of the game, like a move: a new version whose meta holds the seat's token hash,
its holder (API key id, player id: service/core/seating.py) and one open seat fewer, and whose log entry is the
public event ``seat_joined``. The store's compare-and-set on the version (one Lua script in the game's hash slot on
Redis and a Redis Cluster, a lock in memory) lets exactly one of several joins racing at one version win; the others
read the game again and take another open seat, or get FAILED_PRECONDITION ``seat/taken`` when none is left. The join
that takes the last seat commits the seats to act, so the after-commit hooks tell the first ``your_turn``, make a bot
due and start the turn clock.

The listing is the store's ``LobbyStore``: a commit hook (``Lobby.__call__``) lists a game created with open seats,
updates it after a join and unlists it when no seat is open or the match ended; a reader unlists a listed game it
finds closed or gone (a hook that failed, a deleted or expired game). What a page shows is read from the games
themselves, never from the listing alone.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable

import orjson

import engine
from service.core import errors, seating
from service.core.creation import seat_name, url_safe_secret
from service.core.games import StoredGames, game_view, token_hash
from service.core.hooks import Commit, CommitHooks
from service.core.lifecycle import ROLE_JOINED, now_ms, owned_record
from service.core.records import Joined, OpenGame, OpenGameList, SeatToken
from service.core.stored import GameMeta, LogEntry
from service.storage.protocols import Missing, Stale, StoredGame

log = logging.getLogger("cardengine.service")

DEFAULT_PAGE = 50
MAX_PAGE = 200
MAX_SCANNED = 1000  # listed games read for one page at most; a page may then hold fewer games and a token
JOIN_ATTEMPTS = 64  # a join that loses a race reads the game again; each loss is another join's win


def listed_record(meta: GameMeta) -> bytes:
    """The listing's record of a game: what a page filters on before it reads the game."""
    return orjson.dumps({"p": meta.players, "r": meta.rated, "rr": list(meta.rating_range), "o": len(meta.open_seats)})


PAGE_TOKEN_PATTERN = re.compile(r"^([0-9]{1,16})\.([A-Za-z0-9_-]{1,64})$")  # opaque to callers; the OpenAPI pattern


def encode_page_token(at_ms: int, game_id: str) -> str:
    return f"{at_ms}.{game_id}"


def decode_page_token(token: str) -> tuple[int, str] | None:
    if not token:
        return None
    found = PAGE_TOKEN_PATTERN.match(token)
    if found:
        return int(found.group(1)), found.group(2)
    raise errors.invalid_argument(
        "pageToken is not a token of ListOpenGames: pass the nextPageToken of the previous page, or nothing.",
        field="pageToken",
    )


JoinCheck = Callable[[GameMeta, str, str], None]
"""A check of a join before it is committed: (the game's meta, the joiner's key id, player); raises to refuse it."""


class Lobby:
    """The lobby's use cases over the stored games; also the commit hook that keeps the listing. Other rooms add
    ``join_checks`` (the ratings room: a rated game's rating range)."""

    def __init__(self, games: StoredGames, hooks: CommitHooks) -> None:
        self.games = games
        self.hooks = hooks
        self.join_checks: list[JoinCheck] = []

    # ----- the listing ----------------------------------------------------------------------------------------
    def __call__(self, commit: Commit) -> None:
        """After a commit: a game created with open seats is listed, a join's game listed again or unlisted once
        full, a game ended while it waited unlisted. Moves (a commit with a move) cost nothing here."""
        meta = commit.meta
        if commit.move is not None or not (meta.open_seats or commit.version > 0):
            return
        lobby = self.games.store.lobby
        try:
            if commit.version == 0:
                if meta.open_seats and not commit.finished:
                    lobby.list_game(commit.game_id, meta.game_type, now_ms(), listed_record(meta))
            elif commit.finished or not meta.open_seats:
                if commit.finished and not meta.open_seats:
                    return  # a full game's end: it left the lobby when it filled
                lobby.unlist_game(commit.game_id, meta.game_type)
            else:
                lobby.list_game(commit.game_id, meta.game_type, now_ms(), listed_record(meta))
        except errors.StoreUnavailableError as error:  # a reader unlists what is found closed
            log.warning("lobby not updated", extra={"game_id": commit.game_id, "error": str(error)})

    def list_open_games(
        self,
        game_type: str = "",
        players: int = 0,
        rated: bool | None = None,
        rating_range: tuple[int, int] = (0, 0),
        page_size: int = 0,
        page_token: str = "",
    ) -> OpenGameList:
        """The games with an open seat, the longest waiting first, that match every filter given."""
        if game_type:
            try:
                engine.get_game(game_type)
            except engine.EngineError as error:
                raise errors.invalid_argument(error.reason, field="gameType", code="game/unknown") from None
        if players < 0:
            raise errors.invalid_argument(f"players must be 0 (any) or more; got {players}.", field="players")
        wanted = seating.check_rating_range(*rating_range, inverted_ok=True)
        if wanted[0] and wanted[1] and wanted[0] > wanted[1]:
            return OpenGameList(())  # a range with its low end above its high end: no game is in it
        if not 0 <= page_size <= MAX_PAGE:
            raise errors.invalid_argument(f"pageSize must be 0 to {MAX_PAGE}; got {page_size}.", field="pageSize")
        size = page_size or DEFAULT_PAGE
        after = decode_page_token(page_token)
        lobby = self.games.store.lobby
        found: list[OpenGame] = []
        scanned = 0
        while len(found) < size and scanned < MAX_SCANNED:
            entries = lobby.listed_games(game_type, after, min(size, MAX_SCANNED - scanned))
            if not entries:
                return OpenGameList(tuple(found))
            for entry in entries:
                scanned += 1
                after = (entry.at_ms, entry.game_id)
                if not self._may_match(entry.record, players, rated, wanted):
                    continue
                game = self._open_game(entry.game_id, entry.at_ms, game_type)
                if game is None or (players and game.players != players):
                    continue
                declared = (game.min_rating, game.max_rating)
                if (rated is None or game.rated == rated) and seating.ranges_overlap(declared, wanted):
                    found.append(game)
                    if len(found) == size:
                        break
        more = bool(after and lobby.listed_games(game_type, after, 1))
        return OpenGameList(tuple(found), encode_page_token(*after) if more and after else "")

    @staticmethod
    def _may_match(record: bytes, players: int, rated: bool | None, wanted: tuple[int, int]) -> bool:
        """Whether the listing's record may match (the game's own meta decides; a record unread matches)."""
        try:
            raw = orjson.loads(record)
            declared = (int(raw["rr"][0]), int(raw["rr"][1]))
        except (orjson.JSONDecodeError, KeyError, IndexError, TypeError, ValueError):
            return True
        if players and raw.get("p") != players:
            return False
        if rated is not None and bool(raw.get("r")) != rated:
            return False
        return seating.ranges_overlap(declared, wanted)

    def _open_game(self, game_id: str, at_ms: int, game_type: str) -> OpenGame | None:
        """The listed game as the lobby shows it; None (and unlisted) when it is gone, over or full."""
        stored = self.games.store.load(game_id)
        meta = None if stored is None else GameMeta.decode(stored.meta)
        if stored is None or meta is None or stored.finished or not meta.open_seats:
            self.games.store.lobby.unlist_game(game_id, meta.game_type if meta is not None else game_type)
            return None
        return OpenGame(
            game_id,
            meta.game_type,
            meta.players,
            meta.open_seats,
            meta.seat_names,
            meta.bots,
            meta.rated,
            meta.rating_range[0],
            meta.rating_range[1],
            dict(meta.options or {}),
            at_ms,
        )

    # ----- joining --------------------------------------------------------------------------------------------
    def join(
        self, game_id: str, key_id: str | None, player: str = "", seat: int | None = None, name: str = ""
    ) -> Joined:
        """Takes ``seat`` (None: the lowest open seat) for (``key_id``, ``player``) and answers its new token;
        ``name``, when given, becomes the seat's display name."""
        player = seating.check_player("player", player)
        name = seat_name(0, name, field="name")
        holder_key = key_id or ""
        for _ in range(JOIN_ATTEMPTS):
            stored, meta = self.games.load(game_id)
            taken = self._seat_to_take(game_id, stored, meta, holder_key, player, seat)
            for check in self.join_checks:
                check(meta, holder_key, player)
            token = url_safe_secret(24)
            joined = self._joined_meta(meta, taken, token, holder_key, player, name)
            version = stored.version + 1
            state = self.games.state_of(stored)
            to_act = () if joined.open_seats else tuple(engine.to_act(state))
            entry = LogEntry(
                version, None, None, to_act, finished=False, first_sequence=stored.event_count,
                events=(seating.join_event(taken),),
            )  # fmt: skip
            updated = StoredGame(game_id, version, stored.snapshot, stored.event_count + 1, False, joined.encode())
            outcome = self.games.store.commit(updated, stored.version, entry.encode(), None, stored.commit_id)
            if isinstance(outcome, Missing):
                raise errors.game_not_found(game_id)
            if isinstance(outcome, Stale):
                continue  # another join (or an end) landed first: read the game again
            self.games.states.remember(game_id, updated.snapshot, state)
            if key_id is not None:  # before the hooks: the key hears it joined before its first turn
                self._tell_joined(key_id, game_id, joined, taken, version)
            header = self.hooks.run(Commit(game_id, joined, version, None, None, to_act, finished=False))
            log.info("seat joined", extra={"game_id": game_id, "seat": taken, "version": version})
            view = game_view(game_id, joined, version, state, taken)
            return Joined(game_id, SeatToken(taken, token), view._replace(**header) if header else view)
        raise errors.seat_taken(game_id, seat)

    @staticmethod
    def _seat_to_take(
        game_id: str, stored: StoredGame, meta: GameMeta, key_id: str, player: str, seat: int | None
    ) -> int:
        if seat is not None and not 0 <= seat < meta.players:
            raise errors.invalid_argument(
                f"seat must be one of the game's seats 0 to {meta.players - 1} (absent: the lowest open one); got "
                f"{seat}.",
                field="seat",
            )
        if stored.finished:
            raise errors.ServiceError(
                errors.Status.FAILED_PRECONDITION,
                "game/finished",
                f"Game '{game_id}' is over: its seats cannot be joined.",
                {"gameId": game_id},
            )
        held = seating.seat_of_player(meta.seat_keys, meta.seat_players, key_id, player)
        if held is not None:
            raise errors.player_seated(game_id, held)
        if seat is None:
            if not meta.open_seats:
                raise errors.seat_taken(game_id, None)
            return meta.open_seats[0]
        if seat not in meta.open_seats:
            raise errors.seat_taken(game_id, seat)
        return seat

    @staticmethod
    def _joined_meta(meta: GameMeta, seat: int, token: str, key_id: str, player: str, name: str) -> GameMeta:
        """The meta after ``seat`` is taken: its token hash, its holder, its name if given, one open seat fewer."""
        hashes, keys, players = list(meta.token_hashes), list(meta.seat_keys), list(meta.seat_players)
        names = list(meta.seat_names) + [""] * (meta.players - len(meta.seat_names))
        keys += [""] * (meta.players - len(keys))
        players += [""] * (meta.players - len(players))
        hashes[seat], keys[seat], players[seat] = token_hash(token), key_id, player
        names[seat] = name or names[seat]
        return dataclasses.replace(
            meta,
            token_hashes=tuple(hashes),
            seat_names=tuple(names),
            open_seats=tuple(open_seat for open_seat in meta.open_seats if open_seat != seat),
            seat_keys=tuple(keys),
            seat_players=tuple(players),
        )

    def _tell_joined(self, key_id: str, game_id: str, meta: GameMeta, seat: int, version: int) -> None:
        """The joining key lists the game among its games (role "joined") and its stream says ``game_joined``; its
        turns follow from the commit hooks (service/core/key_events.py reads the holders from the meta)."""
        lifecycle = self.games.store.lifecycle
        seats = tuple(held for held, holder in enumerate(meta.seat_keys) if holder == key_id)
        payload = {"kind": "game_joined", "gameId": game_id, "gameType": meta.game_type, "version": version}
        try:
            lifecycle.index_game(key_id, game_id, now_ms(), owned_record(ROLE_JOINED, seats))
            lifecycle.append_key_event(key_id, orjson.dumps(payload | {"seats": [seat]}))
        except errors.StoreUnavailableError as error:
            log.warning("join not listed", extra={"game_id": game_id, "error": str(error)})

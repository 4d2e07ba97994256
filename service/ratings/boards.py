"""The ratings' reads of the API (docs/api.md "Ratings"): a player's rating (GetRating) and a game type's
leaderboard (ListLeaderboard).

A leaderboard is read by one API key and shows what that key may see: its own players (board ``key:<id>``), every
API key playing itself (player ``@key``, board ``public``: a bot key, shown by the key's name) and the server's
rated bots (the ladder's, never moved). Another key's players never appear: their ids are that key's business. The
entries are ordered by ``mu``, highest first (ties: by an internal id); a page token carries the last entry's place,
so pages follow each other however the board moves in between (an entry that moves may be seen twice or not at all).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator, Mapping

import orjson

import engine
from service.core import errors, seating
from service.ratings import scale
from service.ratings.reads import decode_record
from service.ratings.records import (
    KIND_BOT_KEY,
    KIND_PLAYER,
    KIND_SERVER_BOT,
    Leaderboard,
    LeaderboardEntry,
    PlayerRating,
)
from service.ratings.results import BOT_MEMBER_PREFIX, KEY_PLAYER, bot_kind
from service.ratings.store import PUBLIC_BOARD, RatingStore, board_of_key, member_of, split_member

DEFAULT_PAGE = 50
MAX_PAGE = 200
PAGE_TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_=-]{0,400}$")
Cursor = tuple[int, float, str]  # (entries before it, the last entry's mu, its member)


def check_game_type(game_type: str) -> None:
    if not game_type:
        raise errors.invalid_argument("gameType is required: a ListGameTypes id, e.g. dracula.", field="gameType")
    if game_type not in {game.id for game in engine.all_games()}:
        raise errors.game_type_not_found(game_type[: errors.QUOTE_CHARS])


def check_rated_player(player: str) -> str:
    if not player:
        raise errors.invalid_argument(
            "player is required: one of your API key's player ids, or '@key' for the key itself.", field="player"
        )
    return seating.check_player("player", player)


def player_rating(store: RatingStore, key_id: str | None, game_type: str, player: str) -> PlayerRating:
    """The rating of the calling key's ``player`` (a new player's default when it has none)."""
    check_game_type(game_type)
    check_rated_player(player)
    rating = decode_record(store.records(game_type, [member_of(key_id or "", player)])[0])
    return PlayerRating(game_type, player, rating.rating, rating.mu, rating.sigma, rating.games)


def encode_page_token(cursor: Cursor) -> str:
    return base64.urlsafe_b64encode(orjson.dumps(list(cursor))).decode("ascii")


def decode_page_token(token: str) -> Cursor | None:
    if not token:
        return None
    try:
        raw = orjson.loads(base64.urlsafe_b64decode(token.encode("ascii")))
        if isinstance(raw, list) and len(raw) == 3:
            rank, mu, member = raw
            if isinstance(rank, int) and isinstance(mu, int | float) and isinstance(member, str):
                return rank, float(mu), member
    except (binascii.Error, UnicodeError, ValueError):
        pass
    raise errors.invalid_argument(
        "pageToken is not a token of ListLeaderboard: pass the nextPageToken of the previous page, or nothing.",
        field="pageToken",
    )


def server_bots(game_type: str) -> Iterator[tuple[str, float]]:
    for kind, rating in scale.rated_bots(game_type).items():
        yield BOT_MEMBER_PREFIX + kind, rating.mu


KeyNames = Callable[[], Mapping[str, str]]
"""Each API key's name by its id (the server's keys: ``access.keys.KeyRing.names``)."""


def leaderboard(
    store: RatingStore, key_names: KeyNames, key_id: str | None, game_type: str, page_size: int, page_token: str
) -> Leaderboard:
    """A page of ``game_type``'s leaderboard as ``key_id`` sees it."""
    check_game_type(game_type)
    if not 0 <= page_size <= MAX_PAGE:
        raise errors.invalid_argument(f"pageSize must be 0 to {MAX_PAGE}; got {page_size}.", field="pageSize")
    size = page_size or DEFAULT_PAGE
    cursor = decode_page_token(page_token)
    after = None if cursor is None else (cursor[1], cursor[2])
    found = store.board(game_type, board_of_key(key_id or ""), after, size + 1)
    found += store.board(game_type, PUBLIC_BOARD, after, size + 1)
    found += [entry for entry in server_bots(game_type) if _after(entry, after)]
    page = sorted(found, key=lambda entry: (entry[1], entry[0]), reverse=True)[: size + 1]
    more, page = len(page) > size, page[:size]
    ranked = 0 if cursor is None else cursor[0]
    entries = _entries(store, key_names, game_type, page, ranked)
    token = encode_page_token((ranked + len(page), page[-1][1], page[-1][0])) if more and page else ""
    return Leaderboard(game_type, entries, token)


def _after(entry: tuple[str, float], after: tuple[float, str] | None) -> bool:
    return after is None or entry[1] < after[0] or (entry[1] == after[0] and entry[0] < after[1])


def _entries(
    store: RatingStore, key_names: KeyNames, game_type: str, page: list[tuple[str, float]], ranked: int
) -> tuple[LeaderboardEntry, ...]:
    players = [member for member, _ in page if not bot_kind(member)]
    records = dict(zip(players, store.records(game_type, players), strict=True))
    bot_keys = any(split_member(member)[1] == KEY_PLAYER for member in players)
    names = key_names() if bot_keys else {}
    entries = []
    for rank, (member, _) in enumerate(page, start=ranked + 1):
        kind = bot_kind(member)
        if kind:
            bot = scale.bot_rating(game_type, kind) or scale.NEW_PLAYER
            entries.append(LeaderboardEntry(rank, KIND_SERVER_BOT, "", kind, bot.rating, bot.mu, bot.sigma, bot.games))
            continue
        key_id, player = split_member(member)
        rating = decode_record(records[member])
        shown = (KIND_BOT_KEY, names.get(key_id, "")) if player == KEY_PLAYER else (KIND_PLAYER, "")
        entries.append(
            LeaderboardEntry(rank, shown[0], player, shown[1], rating.rating, rating.mu, rating.sigma, rating.games)
        )
    return tuple(entries)

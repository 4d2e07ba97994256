"""What a finished rated game is as a result to rate: its sides (a partnership is one side, every other seat a side
of its own), who holds each seat as a rated *member*, and each side's rank (docs/ratings.md).

- A seat held by a player is the member (the holding API key, the player); a seat a key holds without a player id
  is the key playing itself (``@key``); a seat of a server bot the ladder rates is the bot (an anchor,
  ``scale.bot_rating``). Any other seat (a person without a player id, a bot kind the ladder has not rated) is not
  rated, and its side keeps only its rated seats.
- A side ranks first when every one of its seats won, else second (a resigned seat's partner is among the
  forfeit's winners, service/core/forfeit.py, but its side lost); when every side ranks first the game is a draw.
- A match is rated only when it finished after at least one move, with a winner (a match its creator ended has
  none), between at least two sides with a rated seat, and no member sits on two sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.stored import GameMeta
from service.ratings import scale
from service.ratings.store import member_of

BOT_MEMBER_PREFIX = "bot:"
KEY_PLAYER = "@key"  # the player id of a bot key playing itself (service/core/seating.py)

PARTNERSHIPS: dict[tuple[str, int], tuple[tuple[int, ...], ...]] = {
    ("dracula", 4): ((0, 2), (1, 3)),  # four-player Dracula: partners 0+2 against 1+3 (engine/games/dracula)
}
"""The games with partnerships, by (game type, players): the seats of each side. Every other seat is a side alone."""


@dataclass(frozen=True, slots=True)
class Side:
    seats: tuple[int, ...]  # the side's rated seats
    members: tuple[str, ...]  # their members, one per seat
    rank: int  # 1: every seat of the side won, 2: lost


@dataclass(frozen=True, slots=True)
class Result:
    """A rated result (``sides``), or why the match changes no rating (``reason``)."""

    sides: tuple[Side, ...] = ()
    reason: str = ""


def seat_member(meta: GameMeta, seat: int) -> str | None:
    """The member rated for ``seat``, or None for a seat that is not rated."""
    bot = meta.bots[seat] if seat < len(meta.bots) else ""
    if bot:
        return BOT_MEMBER_PREFIX + bot if scale.bot_rating(meta.game_type, bot) is not None else None
    key = meta.seat_keys[seat] if seat < len(meta.seat_keys) else ""
    player = meta.seat_players[seat] if seat < len(meta.seat_players) else ""
    if player:
        return member_of(key, player)
    return member_of(key, KEY_PLAYER) if key else None


def bot_kind(member: str) -> str:
    """The bot kind of a bot's member; empty for a player's."""
    return member[len(BOT_MEMBER_PREFIX) :] if member.startswith(BOT_MEMBER_PREFIX) else ""


def sides_of(game_type: str, players: int) -> tuple[tuple[int, ...], ...]:
    return PARTNERSHIPS.get((game_type, players), tuple((seat,) for seat in range(players)))


def result_of(meta: GameMeta, winners: Sequence[int], *, moved: bool) -> Result:
    """The result of a finished match with ``winners`` (``moved``: at least one move was played)."""
    if not moved:
        return Result(reason="no move was played")
    if not winners:
        return Result(reason="the match has no winner (ended by its creator)")
    sides: list[Side] = []
    seen: dict[str, int] = {}
    for index, seats in enumerate(sides_of(meta.game_type, meta.players)):
        rated = [(seat, member) for seat in seats if (member := seat_member(meta, seat)) is not None]
        for _, member in rated:
            if seen.setdefault(member, index) != index and not bot_kind(member):
                return Result(reason="a player holds seats on two sides")
        if rated:
            rank = 1 if all(seat in winners for seat in seats) else 2
            sides.append(Side(tuple(seat for seat, _ in rated), tuple(member for _, member in rated), rank))
    if len(sides) < 2:
        return Result(reason="fewer than two sides have a rated seat")
    return Result(tuple(sides))

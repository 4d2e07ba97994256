"""Who holds a seat (players) and which seats are still open (the lobby): the checks of CreateGame's seat fields,
the public ``seat_joined`` event a join commits, and who may see a seat's player id.

A player id names one of an API key's own users (a frontend's user id; ``@key`` by convention for a bot key playing
itself). It is scoped to the key: a seat's holder is the pair (key id, player id), compared as a pair, so the same
id under two keys names two players. A player id is shown only to the seat that holds it (``players_seen_by``): what
a key calls its users is the key's own business, never another key's or a spectator's.

A join is a version of its own (service/core/lobby.py): a log entry with no seat and no move whose one event is
``seat_joined`` (seat: the seat taken; no player id in it), the snapshot unchanged. The audits skip such entries
(``is_join_entry``); ``engine.replay`` never sees them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import engine
from service.core import errors

JOIN_EVENT = "seat_joined"
PLAYER_PATTERN = re.compile(r"^[A-Za-z0-9_.:@-]{1,64}$")
MAX_RATING = 10_000


def check_player(field: str, player: str) -> str:
    """A player id as given (empty: none); INVALID_ARGUMENT ``seats/invalid_player`` for anything else than 1 to 64
    letters, digits or ``_-.:@``."""
    if player and not PLAYER_PATTERN.match(player):
        raise errors.invalid_argument(
            f"{field} {errors.quote(player)} is not a player id: use 1 to 64 letters, digits or '_-.:@' (your own "
            "user's id, or '@key' for a bot key playing itself).",
            field=field,
            code="seats/invalid_player",
        )
    return player


def check_open_seats(
    open_flags: Sequence[bool], bots: Sequence[str], players: Sequence[str], invited: Sequence[int]
) -> tuple[int, ...]:
    """The open seats of a create, in order; INVALID_ARGUMENT ``seats/invalid_open`` for an open seat that is also a
    bot's, a named player's or an invitation's."""
    opened: list[int] = []
    for seat, is_open in enumerate(open_flags):
        if not is_open:
            continue
        problem = ""
        if bots[seat]:
            problem = f"is played by a bot ({bots[seat]!r})"
        elif players[seat]:
            problem = f"names player {players[seat]!r}"
        elif seat in invited:
            problem = "is given as an invitation"
        if problem:
            raise errors.invalid_argument(
                f"seats[{seat}] is open and {problem}: an open seat is taken by whoever joins it (JoinGame), so it "
                "has no bot, player or invitation.",
                field=f"seats[{seat}].open",
                code="seats/invalid_open",
            )
        opened.append(seat)
    return tuple(opened)


def check_rating_range(min_rating: int, max_rating: int, *, inverted_ok: bool = False) -> tuple[int, int]:
    """A rating range (0: no bound on that side); INVALID_ARGUMENT when out of 0..MAX_RATING, or empty (its low end
    above its high end) unless ``inverted_ok``."""
    for name, value in (("minRating", min_rating), ("maxRating", max_rating)):
        if not 0 <= value <= MAX_RATING:
            raise errors.invalid_argument(f"{name} must be 0 (no bound) to {MAX_RATING}; got {value}.", field=f"{name}")
    if min_rating and max_rating and min_rating > max_rating and not inverted_ok:
        raise errors.invalid_argument(
            f"minRating {min_rating} is above maxRating {max_rating}: the range would be empty.",
            field="minRating",
        )
    return min_rating, max_rating


def ranges_overlap(declared: tuple[int, int], wanted: tuple[int, int]) -> bool:
    """Whether a game's declared range meets a wanted one (0: unbounded on that side; (0, 0): every rating)."""
    low = max(declared[0], wanted[0])
    highs = [high for high in (declared[1], wanted[1]) if high]
    return not highs or low <= min(highs)


def join_event(seat: int) -> engine.Event:
    return engine.Event(JOIN_EVENT, seat, {})


def is_join(event: engine.Event) -> bool:
    return event.kind == JOIN_EVENT


def is_join_entry(move: str | None, seat: int | None, events: Sequence[engine.Event]) -> bool:
    """A log entry of a join: no seat, no move, one ``seat_joined`` event."""
    return move is None and seat is None and len(events) == 1 and is_join(events[0])


def join_text(event: engine.Event, seat_names: Sequence[str]) -> str:
    seat = event.seat if event.seat is not None else 0
    name = seat_names[seat] if seat < len(seat_names) and seat_names[seat] else f"Seat {seat}"
    return f"A player took {name}"


def holder(seat_keys: Sequence[str], seat_players: Sequence[str], seat: int) -> tuple[str, str]:
    """The (key id, player id) holding ``seat`` (empty strings: none named)."""
    key = seat_keys[seat] if seat < len(seat_keys) else ""
    player = seat_players[seat] if seat < len(seat_players) else ""
    return key, player


def seat_of_player(seat_keys: Sequence[str], seat_players: Sequence[str], key_id: str, player: str) -> int | None:
    """The seat (key id, player) holds, compared as a pair; None without a player id or a seat."""
    if not player:
        return None
    for seat in range(max(len(seat_keys), len(seat_players))):
        if holder(seat_keys, seat_players, seat) == (key_id, player):
            return seat
    return None


def players_seen_by(seat_players: Sequence[str], players: int, viewer: int | None) -> tuple[str, ...]:
    """The header's player ids as ``viewer`` may see them: its own seat's, every other one empty."""
    if not any(seat_players):
        return ()
    return tuple(seat_players[seat] if seat == viewer and seat < len(seat_players) else "" for seat in range(players))

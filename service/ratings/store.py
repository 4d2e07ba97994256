"""What the ratings ask of a store (``RatingStore``), per game type: in Redis beside the games when the game store
is a Redis one (``redis_ratings.py``, shared by every replica), else in this process's memory (``memory_ratings.py``,
one per game store); ``backends.ratings_store`` gives the one of a game store.

Per game type the store keeps: each rated player's record (by *member*: ``"<key id>\\x1f<player id>"``), the
outcome applied per finished game (its id recorded in the same atomic write as the ratings it changed: a game is
never applied twice), the history of applied results in the order applied (the ratings are those results replayed),
the leaderboards (a member's ``mu`` by board: one per API key, and ``public`` for bot keys), and the rated games
still pending (each with the time it is next checked by a sweep).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

SEPARATOR = "\x1f"
PUBLIC_BOARD = "public"
ApplyOutcome = Literal["applied", "duplicate", "stale"]


def member_of(key_id: str, player: str) -> str:
    return f"{key_id}{SEPARATOR}{player}"


def split_member(member: str) -> tuple[str, str]:
    key_id, _, player = member.rpartition(SEPARATOR)
    return key_id, player


def board_of_key(key_id: str) -> str:
    return f"key:{key_id}"


@dataclass(frozen=True, slots=True)
class RatingWrite:
    """One member's new record, written only if its record is still ``expected`` (b"": none yet), and its place
    on ``board`` (its ``mu``)."""

    member: str
    expected: bytes
    record: bytes
    board: str
    score: float


class RatingStore(Protocol):
    def expect(self, game_type: str, game_id: str, check_in_seconds: float) -> None:
        """A rated game exists (or is about to): a sweep checks it from ``check_in_seconds`` on until it is
        applied or forgotten. Known games keep their time."""
        ...

    def claim_due(self, game_type: str, limit: int, recheck_seconds: float) -> list[str]:
        """Up to ``limit`` pending games whose check time has come, each pushed ``recheck_seconds`` later (a
        concurrent sweep does not take them too)."""
        ...

    def forget(self, game_type: str, game_id: str) -> None:
        """The game is no longer pending (gone from the store)."""
        ...

    def records(self, game_type: str, members: Sequence[str]) -> list[bytes]:
        """Each member's record (b"": none)."""
        ...

    def apply(
        self, game_type: str, game_id: str, writes: Sequence[RatingWrite], outcome: bytes, history: bytes
    ) -> ApplyOutcome:
        """At once: unless the game was applied ("duplicate": nothing written) or a record is not its
        ``expected`` one ("stale": nothing written), every write, the game's ``outcome``, ``history`` appended
        (b"": none) and the game no longer pending."""
        ...

    def outcome(self, game_type: str, game_id: str) -> bytes | None:
        """The outcome applied for the game; None before."""
        ...

    def history(self, game_type: str, start: int, limit: int) -> list[bytes]:
        """The applied results from index ``start`` on, oldest first."""
        ...

    def board(self, game_type: str, board: str, after: tuple[float, str] | None, limit: int) -> list[tuple[str, float]]:
        """The members of ``board`` by ``mu``, highest first (ties: member, highest first), after ``after``."""
        ...


def after_cursor(entry: tuple[str, float], after: tuple[float, str] | None) -> bool:
    """Whether a board entry (member, score) comes after the cursor (score, member) in the board's order."""
    if after is None:
        return True
    member, score = entry
    return score < after[0] or (score == after[0] and member < after[1])

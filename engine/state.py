"""The game state envelope and its snapshot codec.

A ``GameState`` is plain data: the game id, its rules version, the number of players, the resolved options, the
RNG state, the number of moves applied, and ``table``, the game's own JSON-compatible data (each game types
it with a ``TypedDict``). Snapshots are compact JSON (orjson): encode + decode of a mid-game state costs a few
microseconds, and ``decode(encode(s)) == s`` holds at every step (checked by the conformance suite).
"""

from __future__ import annotations

from typing import Any, TypeVar

import orjson

from engine import rng
from engine.errors import CorruptSnapshotError, RulesVersionError
from engine.options import OptionValue

SNAPSHOT_FORMAT = 1
T = TypeVar("T")


class GameState:
    """A plain class with slots rather than a dataclass: ``apply`` makes one per move, and compiled (mypyc) a
    dataclass's ``__init__`` stayed interpreted. It compares (``legal_cache`` aside) and prints as the dataclass did;
    like it, it is mutable and unhashable."""

    __slots__ = ("game_id", "legal_cache", "options", "players", "rng_state", "rules_version", "seed", "step", "table")

    def __init__(
        self,
        game_id: str,
        rules_version: int,
        players: int,
        options: dict[str, OptionValue],
        seed: int,
        rng_state: int,
        step: int,
        table: dict[str, Any],
        legal_cache: dict[int, tuple[Any, ...]] | None = None,
    ) -> None:
        self.game_id = game_id
        self.rules_version = rules_version
        self.players = players
        self.options = options
        self.seed = seed
        self.rng_state = rng_state
        self.step = step
        self.table = table
        # Legal moves per seat, memoized by ``legal_moves``: a state is never changed once ``apply`` has returned it.
        self.legal_cache: dict[int, tuple[Any, ...]] = {} if legal_cache is None else legal_cache

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.game_id,
            self.rules_version,
            self.players,
            self.options,
            self.seed,
            self.rng_state,
            self.step,
            self.table,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass was

    def __repr__(self) -> str:
        return (
            f"GameState(game_id={self.game_id!r}, rules_version={self.rules_version!r}, players={self.players!r}, "
            f"options={self.options!r}, seed={self.seed!r}, rng_state={self.rng_state!r}, step={self.step!r}, "
            f"table={self.table!r})"
        )

    def copy(self) -> GameState:
        """A deep copy: games mutate the copy inside ``apply`` and never the caller's state."""
        return self._with_table(orjson.loads(orjson.dumps(self.table)))

    def shallow_copy(self) -> GameState:
        """A copy sharing the table's values (``table`` is a new dict of the same values) and an empty legal-move
        cache: for games with ``copy_on_write``, whose ``play`` replaces every table value it changes instead of
        mutating it, so the caller's state never changes (the conformance suite checks it)."""
        return self._with_table(dict(self.table))

    def _with_table(self, table: dict[str, Any]) -> GameState:
        return GameState(
            self.game_id, self.rules_version, self.players, self.options, self.seed, self.rng_state, self.step, table
        )

    # Chance: every draw advances ``rng_state``, which is saved with the snapshot.
    def shuffle(self, items: list[T]) -> None:
        self.rng_state = rng.shuffle(self.rng_state, items)

    def random_below(self, n: int) -> int:
        self.rng_state, value = rng.below(self.rng_state, n)
        return value


def encode(state: GameState) -> bytes:
    """Encodes a state to snapshot bytes."""
    return orjson.dumps([SNAPSHOT_FORMAT, *state._fields()])


def decode(data: bytes) -> GameState:
    """Decodes snapshot bytes; raises CorruptSnapshotError if they are not a snapshot of this format."""
    try:
        fields = orjson.loads(data)
        fmt, game_id, rules_version, players, options, seed, rng_state, step, table = fields
    except (orjson.JSONDecodeError, ValueError, TypeError) as error:
        raise CorruptSnapshotError(f"Snapshot could not be decoded: {error}.") from error
    if fmt != SNAPSHOT_FORMAT:
        raise CorruptSnapshotError(f"Snapshot format {fmt!r} is not supported (expected {SNAPSHOT_FORMAT}).")
    check_rules_version(game_id, rules_version)
    return GameState(game_id, rules_version, players, options, seed, rng_state, step, table)


def check_rules_version(game_id: str, rules_version: int) -> None:
    """Refuses a snapshot written under another rules version of its game: it is never played under new rules."""
    from engine.registry import get_game  # the registry imports the games, which import this module

    current = get_game(game_id).rules_version
    if rules_version != current:
        raise RulesVersionError(
            f"This {game_id} match was saved under rules version {rules_version}; this engine plays version "
            f"{current} only, so the match cannot be continued (its move log can still be read)."
        )

"""The game state envelope and its snapshot codec.

A ``GameState`` is plain data: the game id, its rules version, the number of players, the resolved options, the
RNG state, the number of moves applied, and ``table``, the game's own JSON-compatible data (each game types
it with a ``TypedDict``). Snapshots are compact JSON (orjson): encode + decode of a mid-game state costs a few
microseconds, and ``decode(encode(s)) == s`` holds at every step (checked by the conformance suite).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson

from engine import rng
from engine.errors import CorruptSnapshotError, RulesVersionError
from engine.options import OptionValue

SNAPSHOT_FORMAT = 1
T = TypeVar("T")


@dataclass(slots=True)
class GameState:
    game_id: str
    rules_version: int
    players: int
    options: dict[str, OptionValue]
    seed: int
    rng_state: int
    step: int
    table: dict[str, Any]
    # Legal moves per seat, memoized by ``legal_moves``: a state is never changed once ``apply`` has returned it.
    legal_cache: dict[int, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> GameState:
        """A deep copy: games mutate the copy inside ``apply`` and never the caller's state."""
        return GameState(
            self.game_id,
            self.rules_version,
            self.players,
            self.options,
            self.seed,
            self.rng_state,
            self.step,
            orjson.loads(orjson.dumps(self.table)),
        )

    def shallow_copy(self) -> GameState:
        """A copy sharing the table's values (``table`` is a new dict of the same values) and an empty legal-move
        cache: for games with ``copy_on_write``, whose ``play`` replaces every table value it changes instead of
        mutating it, so the caller's state never changes (the conformance suite checks it)."""
        return GameState(
            self.game_id,
            self.rules_version,
            self.players,
            self.options,
            self.seed,
            self.rng_state,
            self.step,
            dict(self.table),
        )

    # Chance: every draw advances ``rng_state``, which is saved with the snapshot.
    def shuffle(self, items: list[T]) -> None:
        self.rng_state = rng.shuffle(self.rng_state, items)

    def random_below(self, n: int) -> int:
        self.rng_state, value = rng.below(self.rng_state, n)
        return value


def encode(state: GameState) -> bytes:
    """Encodes a state to snapshot bytes."""
    return orjson.dumps(
        [
            SNAPSHOT_FORMAT,
            state.game_id,
            state.rules_version,
            state.players,
            state.options,
            state.seed,
            state.rng_state,
            state.step,
            state.table,
        ]
    )


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

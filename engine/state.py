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
from engine.errors import CorruptSnapshotError
from engine.options import OptionValue

SNAPSHOT_FORMAT = 1
# The ``legal_cache`` key of what a copy-on-write game derives from its table's values, each part kept with the
# value it was made from (the game checks identity): ``shallow_copy`` hands it on, since the values are shared.
DERIVED = "derived"
T = TypeVar("T")


@dataclass(slots=True)
class GameState:
    """One match's state; mutable and unhashable. Equality and ``repr`` leave ``legal_cache`` out."""

    game_id: str
    rules_version: int
    players: int
    options: dict[str, OptionValue]
    seed: int
    rng_state: int
    step: int
    table: dict[str, Any]
    # Legal moves per seat, memoized by ``legal_moves`` (and under ``DERIVED`` a copy-on-write game's derived data):
    # a state is never changed once ``apply`` has returned it.
    legal_cache: dict[int | str, tuple[Any, ...]] = field(default_factory=dict, compare=False, repr=False)
    # A preset deck (engine/preset.py) while ``new_game`` sets the match up: the first shuffle of exactly these
    # cards takes their order instead of drawing from the RNG. Never in a snapshot, a copy or a comparison.
    preset: list[str] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> GameState:
        """A deep copy: games mutate the copy inside ``apply`` and never the caller's state."""
        return self._with_table(orjson.loads(orjson.dumps(self.table)))

    def shallow_copy(self) -> GameState:
        """A copy sharing the table's values (``table`` is a new dict of the same values), with no legal moves but
        the ``DERIVED`` data: for games with ``copy_on_write``, whose ``play`` replaces every table value it changes
        instead of mutating it, so the caller's state never changes (the conformance suite checks it)."""
        derived = self.legal_cache.get(DERIVED)
        # (the constructor called here, not through ``_with_table``: one call less on every move of these games)
        return GameState(
            self.game_id,
            self.rules_version,
            self.players,
            self.options,
            self.seed,
            self.rng_state,
            self.step,
            dict(self.table),
            {} if derived is None else {DERIVED: derived},
        )

    def _with_table(self, table: dict[str, Any]) -> GameState:
        return GameState(
            self.game_id, self.rules_version, self.players, self.options, self.seed, self.rng_state, self.step, table
        )

    # Chance: every draw advances ``rng_state``, which is saved with the snapshot.
    def shuffle(self, items: list[T]) -> None:
        preset = self.preset
        if preset is not None and len(items) == len(preset) and sorted(map(str, items)) == sorted(preset):
            items[:] = preset  # type: ignore[assignment]  # the items are the preset's cards (strings)
            self.preset = None
            return
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


def decode_snapshot(data: bytes) -> GameState:
    """Decodes snapshot bytes; raises CorruptSnapshotError if they are not a snapshot of this format. Whether its
    rules version is still its game's is for the caller, which knows the games: ``engine.api.decode``."""
    try:
        fields = orjson.loads(data)
        fmt, game_id, rules_version, players, options, seed, rng_state, step, table = fields
    except (orjson.JSONDecodeError, ValueError, TypeError) as error:
        raise CorruptSnapshotError(f"Snapshot could not be decoded: {error}.") from error
    if fmt != SNAPSHOT_FORMAT:
        raise CorruptSnapshotError(f"Snapshot format {fmt!r} is not supported (expected {SNAPSHOT_FORMAT}).")
    return GameState(game_id, rules_version, players, options, seed, rng_state, step, table)

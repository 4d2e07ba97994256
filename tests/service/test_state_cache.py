"""The decoded states beside the store's local copy (``games.StateCache``): a move on the version this process
wrote last starts from the state it applied, never from a state of another version, another store or another
process, and the states kept are bounded in bytes."""

from __future__ import annotations

import gc
import random
import sys
import types

import pytest

import engine
from service.core.game_service import GameService
from service.core.games import StateCache, charged_bytes
from service.observability import metrics, wiring
from service.storage.store import StoredGame
from tests.service.conftest import make_store


def play(service: GameService, game_id: str, tokens: dict[int, str], moves: int, seed: int, version: int) -> int:
    """``moves`` random legal moves from ``version``, each chosen on a state decoded from the store's snapshot;
    returns the version reached. A version this service wrote last is read from its local copy (no new bytes)."""
    rng = random.Random(seed)
    for _ in range(moves):
        stored = service.store.load_for_update(game_id, version)
        assert stored is not None
        version = stored.version
        state = engine.decode(stored.snapshot)
        seat = engine.to_act(state)[0]
        move = rng.choice(engine.legal_moves(state, seat))
        version = service.moves.apply_move(game_id, tokens[seat], move.notation, version, omit_view=True).version
    return version


def created(service: GameService, game_type: str = "dracula") -> tuple[str, dict[int, str]]:
    game = service.creation.create_game(game_type, 2, 7)
    return game.game_id, {seat.seat: seat.token for seat in game.seats}


@pytest.mark.parametrize("game_type", ["dracula", "house_rummy", "draw_blood", "rummy_battle", "dragon_rummy"])
def test_the_state_kept_is_the_one_its_snapshot_decodes_to(
    store_kind: str, request: pytest.FixtureRequest, game_type: str
) -> None:
    service = GameService(make_store(store_kind, request))
    game_id, tokens = created(service, game_type)
    for step in range(12):
        play(service, game_id, tokens, 1, step, step)
        stored = service.store.load_for_update(game_id, step + 1)
        assert stored is not None and stored.version == step + 1
        kept = service.games.state_of(stored)
        assert kept == engine.decode(stored.snapshot)
        assert engine.encode(kept) == stored.snapshot  # unchanged by the moves, views and checks that used it
        assert service.games.state_of(stored) is kept  # the same version again: no second decode


def test_another_bytes_object_is_decoded_again() -> None:
    state, _ = engine.new_game("dracula", 2, seed=3)
    snapshot = engine.encode(state)
    stored = StoredGame("cache-test-a", 0, snapshot, 0, False, b"{}")
    states = StateCache()
    states.remember(stored.game_id, snapshot, state)
    assert states.state_of(stored) is state
    equal = StoredGame("cache-test-a", 0, bytes(bytearray(snapshot)), 0, False, b"{}")  # as read from Redis again
    decoded = states.state_of(equal)
    assert decoded is not state and decoded == state
    assert states.state_of(equal) is decoded and states.state_of(stored) is not state  # one version per game is kept


def test_a_version_written_by_another_process_is_never_served_from_the_old_state(
    request: pytest.FixtureRequest,
) -> None:
    """Two services on one Redis stand for two replicas: each keeps its own local copy; the states kept in this
    process are found only for the snapshot objects they were made from, so the second replica's version is
    decoded from what Redis holds."""
    first = GameService(make_store("redis", request))
    second = GameService(make_store("redis", request))
    game_id, tokens = created(first)
    assert play(first, game_id, tokens, 3, 1, 0) == 3
    assert play(second, game_id, tokens, 3, 2, 3) == 6  # reads version 3 from Redis, writes 4..6
    assert play(first, game_id, tokens, 2, 3, 6) == 8  # its copy (version 3) is stale: reads 6 from Redis
    stored = first.store.load(game_id)
    assert stored is not None and stored.version == 8
    assert first.games.state_of(stored) == engine.decode(stored.snapshot)


def test_the_states_kept_are_bounded_in_bytes_and_their_size_is_in_the_metrics(
    request: pytest.FixtureRequest,
) -> None:
    """The cache holds what its bytes allow, the oldest game seen going first, and /metrics says its size."""
    wiring.install()  # as the runtime does: the core reports the cache's size through its hooks
    service = GameService(make_store("memory", request))
    states = service.games.states
    games = [created(service)[0]]
    first = service.store.load(games[0])
    assert first is not None
    states.capacity_bytes = 3 * charged_bytes(first.snapshot)  # every game here is dealt alike: the same charge
    games += [created(service)[0] for _ in range(4)]
    assert states.game_ids() == games[2:]  # the oldest games seen went first
    assert states.size_bytes == states.capacity_bytes
    stored = service.store.load(games[0])
    assert stored is not None
    states.state_of(stored)
    assert states.game_ids() == [*games[3:], games[0]]
    assert states.size_bytes == states.capacity_bytes
    exposition = metrics.exposition().decode()
    assert f"cardengine_state_cache_bytes {float(states.size_bytes)}" in exposition
    assert "cardengine_state_cache_games 3.0" in exposition


def deep_size(root: object) -> int:
    """The bytes of ``root`` and of every object it reaches, types, modules and functions aside."""
    skipped = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    seen: set[int] = set()
    pending, total = [root], 0
    while pending:
        item = pending.pop()
        if id(item) in seen or isinstance(item, skipped):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        pending.extend(gc.get_referents(item))
    return total


@pytest.mark.parametrize("game_type", ["dracula", "house_rummy", "draw_blood", "rummy_battle", "dragon_rummy"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_kept_state_is_charged_at_least_what_it_holds(game_type: str, players: int) -> None:
    """``charged_bytes`` bounds a decoded state's memory, from the deal to the end of a random match."""
    state, _ = engine.new_game(game_type, players, seed=5)
    chooser = random.Random(5)
    for step in range(2000):
        if step % 25 == 0 or not engine.to_act(state):
            snapshot = engine.encode(state)
            assert deep_size(engine.decode(snapshot)) <= charged_bytes(snapshot)
        if not engine.to_act(state):
            break
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat)))

"""No lost update: many clients race on one game, each round all submitting a move at the same version. Exactly one
move per version is accepted, every other request is ABORTED, and the game is exactly the accepted moves applied
in order (checked by replaying them on the engine)."""

from __future__ import annotations

import random
import threading

import grpc
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError

import engine
from tests.service.conftest import LiveServer

RACERS = 12


def test_racing_clients_lose_no_update(live: LiveServer) -> None:
    seed = 99
    created = live.grpc.create_game("dracula", 2, seed=seed, options={"deals": 3})
    game_id, tokens = created.game_id, [seat.token for seat in created.seats]
    accepted: dict[int, str] = {}
    rejected: list[str] = []
    replayed: list[tuple[int, str]] = []  # (version, move) of racers whose move was the one committed
    lock = threading.Lock()
    barrier = threading.Barrier(RACERS)
    finished = threading.Event()
    target = f"127.0.0.1:{live.server.grpc_port}"

    def racer(index: int) -> None:
        rng = random.Random(index)
        # one channel (one connection) per racer
        with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as client:
            while True:
                barrier.wait(timeout=30)
                if finished.is_set():
                    return
                game = client.get_game(game_id)
                token = tokens[game.to_act[0]]
                moves = client.legal_moves(game_id, token)
                move = rng.choice(moves.notations)
                barrier.wait(timeout=30)  # everyone has read the same version: now race
                try:
                    result = client.apply_move(game_id, token, move, moves.version)
                except GameEngineError as error:
                    with lock:
                        rejected.append(f"{error.status.name} {error.code}")
                else:
                    with lock:
                        if result.replayed:  # the very move another racer committed: the same request (issue 29)
                            replayed.append((result.version, move))
                        else:
                            assert result.version not in accepted, "two moves accepted at one version"
                            accepted[result.version] = move
                            if result.game.finished:
                                finished.set()
                barrier.wait(timeout=30)

    threads = [threading.Thread(target=racer, args=(index,)) for index in range(RACERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)

    final = live.grpc.get_game(game_id)
    assert final.finished and sorted(accepted) == list(range(1, final.version + 1))
    assert len(rejected) + len(replayed) == final.version * (RACERS - 1)
    assert set(rejected) == {f"{grpc.StatusCode.ABORTED.name} version/stale"}
    assert all(accepted[version] == move for version, move in replayed)
    # The stored game is exactly the accepted moves, each once, in order.
    state, _ = engine.new_game("dracula", 2, seed, {"deals": 3})
    for version in sorted(accepted):
        state, _ = engine.apply(state, engine.to_act(state)[0], accepted[version])
    assert final.view == engine.view(state, None)
    assert live.grpc.score(game_id).totals == engine.score(state).totals

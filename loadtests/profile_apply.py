"""Where an ApplyMove's CPU goes outside gRPC: the same moves, in one process, cut into their layers.

    .venv/bin/python -m loadtests.profile_apply --redis-url redis://127.0.0.1:6379/0 [--game G] [--functions]

``loadtests/bench_service.py`` measures the server as a whole (the bare call, the floor, ApplyMove in its three
answers). This takes the gRPC server away and replays random matches of each game through the service's own code
on the same Redis, in one thread, measuring CPU per move (``time.process_time``, the best of ``--rounds``) of each
layer on top of the one before:

- ``rules``: what the floor server does without Redis: the local copy, the seat's token, the state, parse, apply,
  encode (``loadtests/floor_server.py`` with ``x-floor: rules-only``);
- ``+ commit``: the floor: the rules and the commit script on Redis (``RedisStore.commit``) with the move's log entry;
- ``+ service``: ``GameService.apply_move`` with ``omit_view`` and its answer in wire form: the checks, the log
  entry with the events, the events' texts and data for the caller, the header, metrics, the log line;
- ``+ view json``: with the caller's view as JSON text (``view_json``);
- ``+ view struct``: with the view as a Struct (the default answer).

With ``--functions``, cProfile's top functions of the default answer's path (own time) follow each game. Games it
creates carry a random key prefix and expire by the store's time-to-live; it never flushes the database. A measuring
instrument, not part of the product.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import secrets
import time
from collections.abc import Callable, Sequence

import engine
from loadtests.floor_server import floor_entry
from service.core.game_service import GameService, meta_of, remember_state, state_of
from service.edges import convert
from service.storage.redis_store import RedisStore
from service.storage.store import StoredGame

GAMES = ("dracula", "house_rummy", "draw_blood", "rummy_battle", "dragon_rummy")
LAYERS = ("rules", "+ commit", "+ service", "+ view json", "+ view struct")

Match = tuple[int, list[tuple[int, str]]]
Created = tuple[str, dict[int, str], list[tuple[int, str]]]  # a game's id, its seats' tokens, the moves to replay


def record(game_type: str, matches: int, max_moves: int) -> list[Match]:
    recorded: list[Match] = []
    options = engine.get_game(game_type).playout_options
    for seed in range(1, matches + 1):
        state, _ = engine.new_game(game_type, 2, seed=seed, options=options)
        rng = random.Random(seed)
        moves: list[tuple[int, str]] = []
        while not engine.is_finished(state) and len(moves) < max_moves:
            seat = engine.to_act(state)[0]
            move = rng.choice(engine.legal_moves(state, seat))
            moves.append((seat, move.notation))
            state, _ = engine.apply(state, seat, move)
        recorded.append((seed, moves))
    return recorded


class Layers:
    def __init__(self, store: RedisStore, game_type: str, matches: list[Match]) -> None:
        self.store = store
        self.service = GameService(store)
        self.game_type = game_type
        self.matches = matches

    def games(self) -> list[Created]:
        options = engine.get_game(self.game_type).playout_options
        created = []
        for seed, moves in self.matches:
            game = self.service.create_game(self.game_type, 2, seed, options)
            created.append((game.game_id, {seat.seat: seat.token for seat in game.seats}, moves))
        return created

    def floor(self, commit: bool, games: list[Created] | None = None) -> float:
        """``games``: created beforehand (``games()``), else created here, before the clock starts."""
        games, count = games or self.games(), 0
        started = time.process_time()
        for game_id, tokens, moves in games:
            for version, (seat, move) in enumerate(moves):
                stored = self.store.load_for_update(game_id, version)
                assert stored is not None
                found = GameService._seat(game_id, meta_of(stored.meta), tokens[seat])
                assert found == seat
                state = state_of(stored)
                parsed = engine.parse_move(state, move)
                new_state, events = engine.apply(state, seat, parsed)
                updated = StoredGame(
                    game_id,
                    version + 1,
                    engine.encode(new_state),
                    stored.event_count + len(events),
                    engine.is_finished(new_state),
                    stored.meta,
                )
                if commit:
                    entry = floor_entry(updated, seat, parsed, new_state, stored.event_count, events)
                    self.store.commit(updated, version, entry)
                else:
                    self.store._remember(updated)
                remember_state(game_id, updated.snapshot, new_state)
                count += 1
        return (time.process_time() - started) / count * 1e6

    def service_path(
        self,
        omit_view: bool,
        view_json: bool,
        games: list[Created] | None = None,
        wire: bool = True,
    ) -> float:
        """``wire``: the answer is written in its wire form too (``convert.move_result_bytes``), as gRPC's is."""
        games, count = games or self.games(), 0
        started = time.process_time()
        for game_id, tokens, moves in games:
            for version, (seat, move) in enumerate(moves):
                result = self.service.apply_move(game_id, tokens[seat], move, version, omit_view=omit_view)
                if wire:
                    convert.move_result_bytes(result, view_json)
                count += 1
        return (time.process_time() - started) / count * 1e6

    def measures(self) -> dict[str, Callable[[], float]]:
        return {
            "rules": lambda: self.floor(False),
            "+ commit": lambda: self.floor(True),
            "+ service": lambda: self.service_path(True, False),
            "+ view json": lambda: self.service_path(False, True),
            "+ view struct": lambda: self.service_path(False, False),
        }


def functions(layers: Layers, top: int) -> str:
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    layers.service_path(False, False)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(top)
    return "\n".join(line for line in out.getvalue().splitlines() if line.strip())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all five)")
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--max-moves", type=int, default=300, help="moves per match at most")
    parser.add_argument("--rounds", type=int, default=3, help="each layer's best of this many runs")
    parser.add_argument("--functions", type=int, nargs="?", const=20, default=0, help="cProfile's top N functions")
    args = parser.parse_args(argv)
    store = RedisStore.from_url(args.redis_url, key_prefix=f"profile-apply:{secrets.token_hex(4)}:", ttl_seconds=600)
    print("CPU per move in one process (us, best of each layer's runs; the layer's own cost in brackets)")
    print(f"{'game':<14}" + "".join(f"{layer:>22}" for layer in LAYERS))
    try:
        for game_type in args.game or GAMES:
            layers = Layers(store, game_type, record(game_type, args.matches, args.max_moves))
            best = {name: min(measure() for _ in range(args.rounds)) for name, measure in layers.measures().items()}
            cells, before = [], 0.0
            for layer in LAYERS:
                cells.append(f"{best[layer]:8.0f} ({best[layer] - before:+5.0f})")
                before = best[layer]
            print(f"{game_type:<14}" + "".join(f"{cell:>22}" for cell in cells), flush=True)
            if args.functions:
                print(functions(layers, args.functions), flush=True)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

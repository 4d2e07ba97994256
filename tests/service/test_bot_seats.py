"""Bot seats played by the server's own bot workers, through real gRPC and REST servers over the in-memory store and
Redis: a person plays whole matches against a bot seat, bots-only games finish by themselves, every bot move is the
seat's policy's seeded choice from its own seat-scoped input (never another seat's hidden cards), and the think
delay holds a bot back."""

from __future__ import annotations

import contextlib
import dataclasses
import random
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

import engine
from engine.bots import RandomPolicy, SeatInput, bot_random, seat_input
from service.core.audit import audit_stored_game
from service.core.stored import LogEntry
from service.runtime.server import ServeConfig, Server
from service.storage.store import GameStore
from tests.playout import cards_shown, visible_cards
from tests.service.conftest import LiveServer, Rest, make_store
from tests.service.drivers import Driver, GrpcDriver, RestDriver

MATCH_SECONDS = 60.0
SEED = 11


@contextlib.contextmanager
def bot_server(
    store: GameStore, kind: str, policies: Mapping[str, Any] | None = None, **settings: Any
) -> Iterator[LiveServer]:
    config = ServeConfig(
        host="127.0.0.1", grpc_port=0, http_port=0, grpc_workers=8, http_threads=4, grace_seconds=2, **settings
    )
    server = Server(config, store=store, bot_policies=policies).start()
    client = GameEngineClient(f"127.0.0.1:{server.grpc_port}", timeout=30, retry=NO_RETRY, move_keys=False)
    try:
        yield LiveServer(server, client, Rest(server.http_port), kind)
    finally:
        client.close()
        server.stop()


def create(
    live: LiveServer, transport: str, game_type: str, seats: list[tuple[str, str]], **options: object
) -> tuple[str, dict[int, str]]:
    """CreateGame with seats (display name, bot kind) over ``transport``: the game id and the tokens by seat (bot
    seats get none)."""
    people = [seat for seat, (_, bot) in enumerate(seats) if not bot]
    if transport == "grpc":
        created = live.grpc.create_game(game_type, len(seats), SEED, options, seats=seats)
        assert [token.seat for token in created.seats] == people
        assert created.game.bots == tuple(bot for _, bot in seats)
        return created.game_id, {token.seat: token.token for token in created.seats}
    body = {
        "gameType": game_type,
        "seed": SEED,
        "options": options,
        "seats": [{"name": name, "bot": bot} for name, bot in seats],
    }
    status, answer = live.rest.post("/v1/games", body)
    assert status == 201, answer
    assert [seat["seat"] for seat in answer["seats"]] == people
    assert answer["game"]["bots"] == [bot for _, bot in seats]
    return answer["gameId"], {seat["seat"]: seat["token"] for seat in answer["seats"]}


def log_of(store: GameStore, game_id: str) -> list[LogEntry]:
    return [LogEntry.decode(raw) for raw in store.log(game_id, -1)]


def states_of(game_type: str, players: int, options: dict[str, Any], entries: list[LogEntry]) -> list[Any]:
    """The state before each version's move: states[v] is the state at version v (replayed on the engine)."""
    state, _ = engine.new_game(game_type, players, SEED, options)
    states = [state]
    for entry in entries[1:]:
        assert entry.seat is not None and entry.move is not None
        state, _ = engine.apply(state, entry.seat, entry.move)
        states.append(state)
    return states


def assert_bot_moves_are_the_policys_choices(store: GameStore, game_id: str, bot_seats: set[int]) -> int:
    """Every move of a bot seat is what RandomPolicy chose from that seat's input at that version, with the
    generator seeded by the game's seed, the version and the seat; the number of bot moves."""
    stored = store.load(game_id)
    assert stored is not None
    state = engine.decode(stored.snapshot)
    entries = log_of(store, game_id)
    states = states_of(state.game_id, state.players, dict(state.options), entries)
    assert states[-1] == state, "the log replays to the stored snapshot"
    bot_moves = 0
    for entry in entries[1:]:
        if entry.seat in bot_seats:
            before = states[entry.version - 1]
            expected = RandomPolicy().choose(
                seat_input(before, entry.seat), bot_random(SEED, entry.version - 1, entry.seat)
            )
            assert entry.move == expected.notation, f"version {entry.version}"
            bot_moves += 1
    return bot_moves


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_a_person_plays_a_whole_match_against_a_bot_seat(live: LiveServer, transport: str) -> None:
    game_id, tokens = create(live, transport, "dracula", [("Ann", ""), ("", "random")], deals=1)
    token = tokens[0]
    drive: Driver = GrpcDriver(live.grpc) if transport == "grpc" else RestDriver(live.rest)
    rng = random.Random(3)
    deadline = time.monotonic() + MATCH_SECONDS
    my_moves = 0
    while time.monotonic() < deadline:
        game = drive.game(game_id, token)
        if game.finished:
            break
        if 0 in game.to_act:
            legal = drive.legal(game_id, token)
            drive.apply(game_id, token, rng.choice(legal.notations), game.version)
            my_moves += 1
        else:
            assert game.to_act == [1]
            time.sleep(0.005)
    else:
        raise AssertionError("the match against the bot did not finish")
    assert drive.score(game_id).finished
    store = live.server.service.store
    bot_moves = assert_bot_moves_are_the_policys_choices(store, game_id, {1})
    assert my_moves >= 2 and bot_moves >= 2
    assert my_moves + bot_moves == game.version
    assert audit_stored_game(store, game_id).ok
    assert store.bots.due_count() == 0


def wait_finished(live: LiveServer, game_id: str, seconds: float = MATCH_SECONDS) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, game = live.rest.get(f"/v1/games/{game_id}")
        assert status == 200, game
        if game["finished"]:
            answer: dict[str, Any] = game
            return answer
        time.sleep(0.02)
    raise AssertionError(f"game {game_id} did not finish in {seconds} s")


@pytest.mark.parametrize(
    ("game_type", "players", "options"), [("dracula", 2, {}), ("house_rummy", 3, {"max_hands": 1})]
)
def test_a_game_of_bots_only_finishes_by_itself(
    live: LiveServer, game_type: str, players: int, options: dict[str, object]
) -> None:
    game_id, _ = create(live, "rest", game_type, [("", "random")] * players, **options)
    game = wait_finished(live, game_id)
    assert game["toAct"] == []
    store = live.server.service.store
    bot_moves = assert_bot_moves_are_the_policys_choices(store, game_id, set(range(players)))
    assert bot_moves == game["version"] > 0
    assert audit_stored_game(store, game_id).ok
    # The last commit is readable before its after-commit hook (run by the worker that committed) marks the game
    # done in the queue: the queue empties within moments, never stays behind.
    deadline = time.monotonic() + 5
    while store.bots.due_count() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert store.bots.due_count() == 0


def test_a_bots_only_game_gets_the_games_playout_options_and_a_game_with_a_person_does_not(
    live: LiveServer,
) -> None:
    """Draw Blood has no hand cap by default; random bots alone could play it for ever, so bots-only games get the
    game's playout options (max_hands 50) under the options given, while a person's game keeps the rules' default."""
    bots_only, _ = create(live, "rest", "draw_blood", [("", "random")] * 4)
    with_person, _ = create(live, "rest", "draw_blood", [("Ann", ""), ("", "random")])
    chosen, _ = create(live, "rest", "draw_blood", [("", "random")] * 2, max_hands=3)
    options = {}
    for game_id in (bots_only, with_person, chosen):
        status, game = live.rest.get(f"/v1/games/{game_id}")
        assert status == 200, game
        options[game_id] = game["view"]["options"]["max_hands"]
    assert options == {bots_only: 50, with_person: 0, chosen: 3}


class RecordingPolicy:
    """The random policy, recording every input it is given."""

    def __init__(self) -> None:
        self.inputs: list[SeatInput] = []
        self._lock = threading.Lock()

    def choose(self, given: SeatInput, rng: random.Random) -> engine.Move:
        with self._lock:
            self.inputs.append(given)
        return RandomPolicy().choose(given, rng)


@pytest.mark.parametrize("game_type", ["dracula", "draw_blood"])
def test_a_bot_is_given_its_own_seat_and_nothing_more(
    store_kind: str, request: pytest.FixtureRequest, game_type: str
) -> None:
    recorder = RecordingPolicy()
    game = engine.get_game(game_type)
    options = dict(game.playout_options)
    if game_type == "draw_blood":
        options["max_hands"] = 1
    with bot_server(make_store(store_kind, request), store_kind, {"random": recorder}) as live:
        game_id, _ = create(live, "rest", game_type, [("", "random"), ("", "random")], **options)
        wait_finished(live, game_id)
        entries = log_of(live.server.service.store, game_id)
    states = states_of(game_type, 2, engine.new_game(game_type, 2, SEED, options)[0].options, entries)
    assert [field.name for field in dataclasses.fields(SeatInput)] == [
        "game_type",
        "seat",
        "players",
        "view",
        "legal_moves",
        "budget_seconds",
        "determinize",
    ], "a policy gets the seat's view and legal moves, never the state"
    assert len(recorder.inputs) == len(entries) - 1
    for given in recorder.inputs:
        state = states[given.view["step"]]
        assert given.view == engine.view(state, given.seat)
        assert list(given.legal_moves) == engine.legal_moves(state, given.seat)
        visible = visible_cards(game, state, given.seat)
        leaked = cards_shown(given.view, set(game.deck(state))) - visible
        assert not leaked, f"seat {given.seat} was given hidden cards {dict(leaked)}"
        in_moves = cards_shown([move.notation for move in given.legal_moves], set(game.deck(state)))
        assert set(in_moves) <= set(visible), "its moves name only cards it can see"
    other_hands = [
        card
        for given in recorder.inputs
        for card in engine.view(states[given.view["step"]], 1 - given.seat).get("hand", [])
    ]
    assert other_hands, "the other seat held cards the bot never saw"


def test_the_think_delay_holds_a_bot_back(request: pytest.FixtureRequest) -> None:
    with bot_server(make_store("memory", request), "memory", bot_delay_ms=300) as live:
        started = time.monotonic()
        game_id, _ = create(live, "rest", "dracula", [("", "random"), ("", "random")], deals=1)
        deadline = started + 10
        while live.rest.get(f"/v1/games/{game_id}")[1]["version"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert time.monotonic() - started >= 0.6, "two bot moves, each at least 300 ms after its turn began"


def test_without_bot_workers_a_bot_seat_waits(request: pytest.FixtureRequest) -> None:
    with bot_server(make_store("memory", request), "memory", bot_workers=0) as live:
        game_id, _ = create(live, "rest", "dracula", [("", "random"), ("", "random")], deals=1)
        time.sleep(0.3)
        assert live.rest.get(f"/v1/games/{game_id}")[1]["version"] == 0
        assert live.server.service.store.bots.due_count() == 1, "waiting in the queue for a worker"

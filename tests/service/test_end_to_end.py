"""End to end, through real gRPC and HTTP servers on port 0, over the in-memory store and a real Redis: full
matches between random bots for every registered game, over both transports.

Each match is replayed locally on the engine from the same seed and moves: every view the service returns must
be exactly the engine's view of that seat, every event exactly the engine's event redacted for that seat, and no
view or event may show a card the seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import engine
from clients.bots import RandomBot
from tests.playout import cards_shown, visible_cards
from tests.service.conftest import LiveServer
from tests.service.drivers import Driver, Event, GrpcDriver, RestDriver


def small_options(game: engine.Game, players: int) -> dict[str, object]:
    """Each int option at its minimum where the game accepts it, so that matches stay short (the game's playout
    options, such as a hand cap, as they are: their minimum may mean "no cap")."""
    options: dict[str, object] = dict(game.playout_options)
    for spec in game.options:
        if spec.kind == "int" and spec.minimum is not None and spec.name not in options:
            try:
                engine.new_game(game.id, players, 1, {**options, spec.name: spec.minimum})
            except engine.EngineError:
                continue
            options[spec.name] = spec.minimum
    return options


def driver(live: LiveServer, transport: str) -> Driver:
    return GrpcDriver(live.grpc) if transport == "grpc" else RestDriver(live.rest)


def redacted(events: list[engine.Event], seat: int | None) -> list[tuple[str, int | None, dict[str, Any]]]:
    shown = []
    for event in events:
        data = event.for_seat(seat)
        if data is not None:
            data.pop("kind")
            data.pop("seat", None)
            shown.append((event.kind, event.seat, data))
    return shown


def revealed_seed(seed: int) -> tuple[str, int | None, dict[str, Any]]:
    """The service's last event of a finished match (docs/fairness.md): the seed revealed, here a client's."""
    return ("seed_revealed", None, {"seedSource": "client", "seedCommitment": "", "seed": str(seed), "salt": ""})


def as_tuples(events: list[Event]) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [(e.kind, e.seat, e.data) for e in events]


def assert_hides_secrets(game: engine.Game, state: engine.GameState, seat: int | None, shown: Any) -> None:
    deck = set(game.deck(state))
    leaked = cards_shown(shown, deck) - visible_cards(game, state, seat)
    assert not leaked, f"seat {seat} was shown hidden cards {dict(leaked)}"


def play_match(
    api: Driver,
    game_id: str,
    *,
    seed: int,
    players: int,
    options: Mapping[str, object],
    tokens: list[str],
    bot_seed: int,
) -> engine.GameState:
    """Plays a created match to its end through ``api``, checking each answer against a local replay."""
    game = engine.get_game(str(api.game(game_id).view["game"]))
    state, setup_events = engine.new_game(game.id, players, seed, options)
    per_seat_log: dict[int | None, list[tuple[str, int | None, dict[str, Any]]]] = {
        seat: redacted(setup_events, seat) for seat in [None, *range(players)]
    }
    bots = [RandomBot(bot_seed * 100 + seat) for seat in range(players)]
    rng = random.Random(bot_seed)
    version = 0
    while True:
        spectator = api.game(game_id)
        assert spectator.version == version and spectator.seat is None
        assert spectator.view == engine.view(state, None)
        assert spectator.to_act == list(engine.to_act(state))
        if spectator.finished:
            break
        seat = rng.choice(spectator.to_act)
        legal = api.legal(game_id, tokens[seat])
        assert legal.version == version and legal.seat == seat
        assert legal.notations == [str(m) for m in engine.legal_moves(state, seat)]
        move = bots[seat].choose(legal.notations, spectator.view)
        result = api.apply(game_id, tokens[seat], move, version)
        state, events = engine.apply(state, seat, move)
        version += 1
        assert result.version == version and not result.replayed
        assert result.game.seat == seat and result.game.view == engine.view(state, seat)
        if not engine.is_finished(state):  # a game may show every hand once the match is over
            assert_hides_secrets(game, state, seat, result.game.view)
            assert_hides_secrets(game, state, None, api.game(game_id).view)
        reveal = [revealed_seed(seed)] if engine.is_finished(state) else []  # the match's last event, for everyone
        assert as_tuples(result.events) == redacted(events, seat) + reveal
        assert all(e.version == version for e in result.events)
        for watcher in per_seat_log:
            per_seat_log[watcher].extend(redacted(events, watcher) + reveal)
    assert engine.is_finished(state)
    score = api.score(game_id)
    sheet = engine.score(state)
    assert score.finished and score.version == version
    assert score.totals == list(sheet.totals) and score.winners == list(sheet.winners) and score.winners
    # The whole redacted log of each seat and of a spectator, with no secret of another seat.
    for watcher, expected in per_seat_log.items():
        log = api.events(game_id, tokens[watcher] if watcher is not None else None)
        assert log.version == version and log.finished
        assert as_tuples(log.events) == expected
        sequences = [e.sequence for e in log.events]
        assert sequences == sorted(set(sequences))
    return state


GAMES = [game.id for game in engine.all_games()]


# Each store under one transport, each transport over one store: the edges do not depend on the store (the same
# bytes go to either), and the four pairs cost twice the CPU for the same checks.
@pytest.mark.parametrize(("store_kind", "transport"), [("memory", "grpc"), ("redis", "rest")])
@pytest.mark.parametrize("game_id", GAMES)
def test_full_matches_of_every_game(live: LiveServer, transport: str, game_id: str) -> None:
    api = driver(live, transport)
    game = engine.get_game(game_id)
    for players in sorted({game.min_players, game.max_players}):
        try:
            game.check_players(players)
        except engine.InvalidPlayersError:
            continue
        options = small_options(game, players)
        seed = 1000 + players
        created = api.create(game_id, players, seed, options)
        assert created.version == 0 and created.seats == list(range(players)) and len(set(created.tokens)) == players
        play_match(
            api, created.game_id, seed=seed, players=players, options=options, tokens=created.tokens, bot_seed=players
        )


@pytest.mark.parametrize(("transport", "players"), [("grpc", 2), ("rest", 2), ("grpc", 4)])
def test_full_dracula_match_on_redis(live_redis: LiveServer, transport: str, players: int) -> None:
    """The issue's acceptance match: Dracula with its default options (six deals), between bots, on Redis."""
    api = driver(live_redis, transport)
    created = api.create("dracula", players, seed=77)
    final = play_match(api, created.game_id, seed=77, players=players, options={}, tokens=created.tokens, bot_seed=3)
    assert final.options["deals"] == 6

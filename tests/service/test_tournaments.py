"""Tournaments for bots through a real server on Redis (docs/api.md "Tournaments"): a round robin of four entrant
keys, each a Python SDK bot serving its key's stream, plays to its standings; what the API refuses; and no entrant's
seat token reaches another key or the tournament's answer."""

from __future__ import annotations

import itertools
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import redis
from cardengine_client import NO_RETRY, GameEngineClient, LegalMove, Tournament
from cardengine_client.bot import serve

from tests.service.access import rest
from tests.service.conftest import LiveServer, live_server, make_store

KEYS = {f"bot-{name}": f"tournament-bot-{name}-key-0123456789" for name in "abcd"} | {
    "host": "tournament-host-key-0123456"
}
BOTS = [f"file:bot-{name}" for name in "abcd"]
GAME = {"gameType": "dracula", "options": {"deals": 1}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """One server on Redis for the module, with the keys of a host and four bots, and a quick director."""
    keys = tmp_path_factory.mktemp("keys") / "keys.txt"
    keys.write_text("".join(f"{key} {name}\n" for name, key in KEYS.items()), encoding="utf-8")
    with live_server(make_store("redis", request), "redis", api_keys_file=keys, tournament_tick_seconds=0.05) as live:
        yield live


@pytest.fixture(scope="module")
def key_prefix(redis_url: str) -> Iterator[str]:  # a module's prefix: the module's server outlives one test
    prefix = f"cetest:{uuid.uuid4().hex[:12]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    found = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if found:
        client.delete(*found)
    client.close()


def client_of(live: LiveServer, name: str) -> GameEngineClient:
    return GameEngineClient(f"127.0.0.1:{live.server.grpc_port}", api_key=KEYS[name], retry=NO_RETRY, timeout=30)


def first_legal_move(moves: Sequence[LegalMove]) -> LegalMove:
    return moves[0]


def test_a_round_robin_of_four_python_bots_plays_to_its_standings(server: LiveServer) -> None:
    host = client_of(server, "host")
    created = host.create_tournament("dracula", BOTS, options={"deals": 1}, turn_seconds=10)
    assert (created.state, created.rounds, created.round, created.format) == ("waiting", 3, 0, "round_robin")
    assert created.entrants == tuple((bot, False) for bot in BOTS)
    clients = {bot: client_of(server, f"bot-{bot[-1]}") for bot in BOTS}
    played: dict[str, int] = {}
    failures: list[BaseException] = []

    def play(bot: str) -> None:
        try:  # from the oldest event kept: the bot's key is this test's alone
            played[bot] = serve(clients[bot], first_legal_move, stop=3, cursor="0")
        except BaseException as error:  # reported by the test
            failures.append(error)

    threads = [threading.Thread(target=play, args=(bot,), daemon=True) for bot in BOTS]
    for thread in threads:
        thread.start()
    for bot in BOTS:
        entered = clients[bot].enter_tournament(created.tournament_id)
    assert entered.state == "running"
    deadline = time.monotonic() + 30
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))
    assert failures == []
    finished = wait_finished(host, created.tournament_id)

    assert (finished.state, finished.round, len(finished.games)) == ("finished", 3, 6)
    assert {frozenset(game.entrants) for game in finished.games} == {
        frozenset(pair) for pair in itertools.combinations(BOTS, 2)
    }
    for round_ in (1, 2, 3):  # nobody plays twice in a round
        seated = [entrant for game in finished.games if game.round == round_ for entrant in game.entrants]
        assert sorted(seated) == sorted(BOTS)
    points = dict.fromkeys(BOTS, 0.0)
    for game in finished.games:
        score = host.get_score(game.game_id)
        assert (game.finished, game.totals, game.winners) == (True, score.totals, score.winners)
        for seat in game.winners:
            points[game.entrants[seat]] += 1 / len(game.winners)
    standings = finished.standings
    assert [row.rank for row in standings] == [1, 2, 3, 4]
    assert {row.entrant: (row.points, row.games, row.byes) for row in standings} == {
        bot: (round(points[bot], 6), 3, 0) for bot in BOTS
    }
    assert [row.points for row in standings] == sorted((row.points for row in standings), reverse=True)
    for row in standings:  # three groups of one game each: a mean with its 95% interval (Student's t, 2 degrees)
        assert row.win_rate.samples == 3 and row.score_difference.samples == 3
        assert row.win_rate.mean == pytest.approx(points[row.entrant] / 3)
        assert 0.0 <= row.win_rate.low <= row.win_rate.mean <= row.win_rate.high <= 1.0
    assert all(played[bot] > 0 for bot in BOTS)
    assert_tokens_stay_with_their_keys(server, created.tournament_id, finished)


def key_events(live: LiveServer, name: str) -> tuple[list[dict[str, Any]], bytes]:
    answer = rest(live, "GET", "/v1/key-events?cursor=0", key=KEYS[name])
    assert answer.status == 200
    return answer.json()["events"], answer.body


def assert_tokens_stay_with_their_keys(live: LiveServer, tournament_id: str, finished: Tournament) -> None:
    """Each entrant's stream got one tournament_round per game of its own, with its seat's token; no token is in
    another key's stream or in the tournament's answer."""
    streams = {bot: key_events(live, f"bot-{bot[-1]}") for bot in BOTS}
    answer = rest(live, "GET", f"/v1/tournaments/{tournament_id}")
    assert answer.status == 200
    for bot, (events, _) in streams.items():
        rounds = [event for event in events if event["kind"] == "tournament_round"]
        mine = {(game.game_id, game.entrants.index(bot), game.round) for game in finished.games if bot in game.entrants}
        assert {(e["gameId"], e["seats"][0], e["round"]) for e in rounds} == mine
        assert all(e["tournamentId"] == tournament_id and len(str(e["token"])) == 32 for e in rounds)
        for event in rounds:
            token = str(event["token"]).encode()
            assert token not in answer.body
            assert all(token not in body for other, (_, body) in streams.items() if other != bot)


def wait_finished(client: GameEngineClient, tournament_id: str, seconds: float = 30.0) -> Tournament:
    deadline = time.monotonic() + seconds
    while True:
        tournament = client.get_tournament(tournament_id)
        if tournament.state == "finished" or time.monotonic() > deadline:
            return tournament
        time.sleep(0.05)


def test_a_silent_entrant_forfeits_on_its_turn_clock(server: LiveServer) -> None:
    """The host's key enters itself beside a server bot and never plays: its game is lost on time (1 s)."""
    host = client_of(server, "host")
    created = host.create_tournament(
        "dracula", ["file:host"], bot_levels=["easy"], options={"deals": 1}, turn_seconds=1
    )
    assert (created.state, created.rounds, created.entrants) == (
        "running",
        1,
        (("file:host", True), ("bot:easy", True)),
    )
    finished = wait_finished(host, created.tournament_id)
    (game,) = finished.games
    forfeit = host.get_score(game.game_id).details["forfeit"]
    assert (finished.state, game.winners) == ("finished", (game.entrants.index("bot:easy"),))
    assert forfeit == {"seat": game.entrants.index("file:host"), "reason": "time"}
    assert [(row.entrant, row.points, row.games) for row in finished.standings] == [
        ("bot:easy", 1.0, 1),
        ("file:host", 0.0, 1),
    ]


def test_swiss_with_duplicate_deals_and_a_bye_each_round(server: LiveServer) -> None:
    """Three server bots, two Swiss rounds of duplicate deals: one pairing a round (its deal in both seat rotations,
    one seed) and one bye, never twice to the same bot; a bye is worth par (2 games x 1/2)."""
    host = client_of(server, "host")
    created = host.create_tournament(
        "dracula", [], format="swiss", rounds=2, bot_levels=["easy"] * 3, options={"deals": 1}, duplicate=True
    )
    finished = wait_finished(host, created.tournament_id)
    assert (finished.state, len(finished.games), len(finished.byes)) == ("finished", 4, 2)
    assert [entrant for entrant, _ in finished.entrants] == ["bot:easy.1", "bot:easy.2", "bot:easy.3"]
    assert len({entrant for _, entrant in finished.byes}) == 2  # never twice to the same entrant
    for round_ in (1, 2):
        first, second = (game for game in finished.games if game.round == round_)
        assert (first.rotation, second.rotation, second.entrants) == (0, 1, first.entrants[::-1])
        seeds = [host.get_score(game.game_id).fairness for game in (first, second)]
        assert [(fair.revealed, fair.seed) for fair in seeds if fair] == [(True, seeds[0].seed if seeds[0] else "")] * 2
    assert sum(row.points for row in finished.standings) == pytest.approx(4 + 2 * 1.0)


TOO_LARGE = "tournament/too_large"


def test_bad_requests_are_refused_with_their_codes_and_change_nothing(server: LiveServer) -> None:
    before = client_of(server, "bot-d").list_tournaments()
    body = {**GAME, "entrants": ["file:bot-d", "file:host"]}
    cases = [
        (None, body, 401, "auth/missing_api_key"),
        ("host", {**body, "format": "knockout"}, 400, "tournament/invalid_format"),
        ("host", {**body, "format": "swiss"}, 400, "tournament/invalid_rounds"),
        ("host", {**body, "rounds": 2}, 400, "tournament/invalid_rounds"),
        ("host", {**body, "entrants": ["file:bot-d"]}, 400, "tournament/invalid_entrants"),
        ("host", {**body, "entrants": ["file:bot-d", "file:bot-d"]}, 400, "tournament/invalid_entrants"),
        ("host", {**body, "botLevels": ["grandmaster"]}, 400, "tournament/invalid_entrants"),
        ("host", {**body, "gameType": "chess"}, 400, "game/unknown"),
        ("host", {**body, "deals": 21}, 400, "request/invalid"),
        (
            "host",
            {**body, "deals": 20, "duplicate": True, "format": "swiss", "rounds": 30},
            400,
            "tournament/too_large",
        ),
    ]
    for name, request, status, code in cases:  # each one refused, nothing created
        answer = rest(server, "POST", "/v1/tournaments", key=KEYS[name] if name else None, body=request)
        assert (answer.status, answer.json()["error"]["code"]) == (status, code), request
    assert client_of(server, "bot-d").list_tournaments() == before
    missing = rest(server, "GET", "/v1/tournaments/nosuchtournament")
    assert (missing.status, missing.json()["error"]["code"]) == (404, "tournament/not_found")
    created = rest(server, "POST", "/v1/tournaments", key=KEYS["host"], body=body).json()
    refused = rest(server, "POST", f"/v1/tournaments/{created['tournamentId']}/entries", key=KEYS["bot-c"])
    assert (refused.status, refused.json()["error"]["code"]) == (403, "tournament/not_entrant")
    entered = rest(server, "POST", f"/v1/tournaments/{created['tournamentId']}/entries", key=KEYS["bot-d"]).json()
    assert (created["state"], entered["state"]) == ("waiting", "running")
    listed = client_of(server, "bot-d").list_tournaments().tournaments
    assert (len(listed), listed[0].tournament_id) == (len(before.tournaments) + 1, created["tournamentId"])

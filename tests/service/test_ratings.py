"""Ratings and leaderboards through real servers (docs/api.md "Ratings", service/ratings/), on the in-memory store
and on Redis, with API keys: a rated game's end moves each player's rating once, by openskill's Bradley-Terry on the
documented scale; a game ended before its first move moves nothing; the game's header shows the seats' ratings and
the change; a leaderboard shows the calling key's players, bot keys and the server's bots, never another key's
players; every refusal is typed."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError, PlayerRating, Seat

from service.access.limits import LimitSettings
from service.ratings import scale
from service.storage.factory import open_store
from service.storage.redis_store import RedisStore
from tests.service.access import ALICE, BOB, keys_file, rest
from tests.service.conftest import LiveServer, free_port, live_server

NEW = (scale.DEFAULT_MU, scale.DEFAULT_SIGMA)


@pytest.fixture(scope="module", params=["memory", "redis"])
def keyed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server per store kind for the whole module, with the keys alice and bob. The key rate limit (10 a second)
    is not tested here: the tests poll for ratings to settle, several calls a second."""
    keys = keys_file(tmp_path_factory.mktemp("keys"))
    limits = LimitSettings(key_rate=1000, key_burst=1000)
    if request.param == "memory":
        with live_server(open_store(None), "memory", api_keys_file=keys, limits=limits) as running:
            yield running
        return
    url, prefix = request.getfixturevalue("redis_url"), f"cetest:{uuid.uuid4().hex[:12]}:"
    with live_server(open_store(url, key_prefix=prefix), "redis", api_keys_file=keys, limits=limits) as running:
        yield running
    client = redis.Redis.from_url(url)
    client.delete(*client.scan_iter(match=f"{prefix}*", count=1000))
    client.close()


def call(live: LiveServer, method: str, path: str, key: str = ALICE, token: str | None = None, body: Any = None) -> Any:
    answer = rest(live, method, path, key=key, token=token, body=body)
    assert answer.status in (200, 201), (path, answer.status, answer.body)
    return answer.json()


def refusal(live: LiveServer, path: str, key: str | None = ALICE) -> tuple[int, str]:
    answer = rest(live, "GET", path, key=key)
    return answer.status, answer.json()["error"]["code"]


def rated_game(live: LiveServer, seats: list[dict[str, Any]], key: str = ALICE) -> tuple[str, dict[int, str]]:
    body = {"gameType": "dracula", "players": 2, "seed": 11, "rated": True, "seats": seats}
    created = call(live, "POST", "/v1/games", key=key, body=body)
    return created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}


def one_move(live: LiveServer, game_id: str, tokens: dict[int, str]) -> int:
    """Plays the first legal move of the seat to act; returns that seat."""
    game = call(live, "GET", f"/v1/games/{game_id}")
    seat = game["toAct"][0]
    legal = call(live, "GET", f"/v1/games/{game_id}/moves", token=tokens[seat])
    move = {"move": legal["moves"][0]["notation"], "expectedVersion": legal["version"]}
    call(live, "POST", f"/v1/games/{game_id}/moves", token=tokens[seat], body=move)
    return int(seat)


def rated(*sides: tuple[float, float], ranks: list[float]) -> list[tuple[float, float]]:
    """What openskill's model of docs/ratings.md gives each one-seat side."""
    model = scale.model()
    teams = [[model.rating(mu, sigma)] for mu, sigma in sides]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


def rating(live: LiveServer, player: str, key: str = ALICE) -> dict[str, Any]:
    found: dict[str, Any] = call(live, "GET", f"/v1/ratings/dracula/{player}", key=key)
    return found


def test_a_rated_game_moves_each_rating_once_and_the_header_shows_it(keyed: LiveServer) -> None:
    player = f"ann-{keyed.kind}"
    assert rating(keyed, player) == {
        "gameType": "dracula",
        "player": player,
        "rating": 1200,
        "mu": 1200.0,
        "sigma": NEW[1],
        "games": 0,
    }
    game_id, tokens = rated_game(keyed, [{"player": player}, {"open": True}])
    joined = call(keyed, "POST", f"/v1/games/{game_id}/join", key=BOB, body={"player": "ben"})
    tokens[1] = joined["seat"]["token"]
    assert [(r["seat"], r["rating"], r["settled"]) for r in joined["game"]["ratings"]] == [
        (0, 1200, False),
        (1, 1200, False),
    ]
    one_move(keyed, game_id, tokens)
    call(keyed, "POST", f"/v1/games/{game_id}/resign", token=tokens[0], body={})
    (ann_mu, ann_sigma), (ben_mu, ben_sigma) = rated(NEW, NEW, ranks=[2.0, 1.0])
    assert rating(keyed, player) == {
        "gameType": "dracula",
        "player": player,
        "rating": round(ann_mu),
        "mu": ann_mu,
        "sigma": ann_sigma,
        "games": 1,
    }
    assert rating(keyed, "ben", key=BOB)["mu"] == ben_mu
    assert rating(keyed, player, key=BOB)["games"] == 0  # a player id never crosses keys
    header = call(keyed, "GET", f"/v1/games/{game_id}")
    assert header["ratings"] == [
        {
            "seat": 0,
            "rating": 1200,
            "mu": 1200.0,
            "sigma": NEW[1],
            "settled": True,
            "newRating": round(ann_mu),
            "change": round(ann_mu) - 1200,
        },
        {
            "seat": 1,
            "rating": 1200,
            "mu": 1200.0,
            "sigma": NEW[1],
            "settled": True,
            "newRating": round(ben_mu),
            "change": round(ben_mu) - 1200,
        },
    ]
    assert round(ben_mu) - 1200 == 78 and ben_sigma < NEW[1]
    assert "ben" not in str(header)  # another key's player id is never shown


def test_a_rating_range_takes_only_joiners_rated_in_it(keyed: LiveServer) -> None:
    body = {"gameType": "dracula", "players": 2, "rated": True, "seats": [{"player": "host"}, {"open": True}]}
    high = call(keyed, "POST", "/v1/games", body=body | {"minRating": 1250, "maxRating": 1400})["gameId"]
    refused = rest(keyed, "POST", f"/v1/games/{high}/join", key=BOB, body={"player": f"new-{keyed.kind}"})
    assert refused.status == 422, refused.body
    error = refused.json()["error"]
    assert (error["code"], error["details"]) == (
        "seat/rating_out_of_range",
        {"rating": 1200, "minRating": 1250, "maxRating": 1400},  # a new player's default rating
    )
    assert call(keyed, "GET", "/v1/lobby?gameType=dracula&minRating=1250")["games"][0]["gameId"] == high  # still open
    around = call(keyed, "POST", "/v1/games", body=body | {"minRating": 1100, "maxRating": 1300})["gameId"]
    joined = call(keyed, "POST", f"/v1/games/{around}/join", key=BOB, body={"player": f"new-{keyed.kind}"})
    assert joined["seat"]["seat"] == 1


def test_a_game_ended_before_its_first_move_changes_nothing(keyed: LiveServer) -> None:
    player = f"cyd-{keyed.kind}"
    game_id, tokens = rated_game(keyed, [{"player": player}, {"bot": "random"}])
    call(keyed, "POST", f"/v1/games/{game_id}/resign", token=tokens[0], body={})
    assert rating(keyed, player)["games"] == 0
    header = call(keyed, "GET", f"/v1/games/{game_id}")
    random_bot = scale.bot_rating("dracula", "random")
    assert random_bot is not None
    assert header["ratings"] == [
        {"seat": 0, "rating": 1200, "mu": 1200.0, "sigma": NEW[1], "settled": False, "newRating": 0, "change": 0},
        {
            "seat": 1,
            "rating": 1000,
            "mu": 1000.0,
            "sigma": random_bot.sigma,
            "settled": False,
            "newRating": 0,
            "change": 0,
        },
    ]


def test_a_leaderboard_shows_the_keys_players_bot_keys_and_server_bots(keyed: LiveServer) -> None:
    game_id, tokens = rated_game(keyed, [{}, {"bot": "random"}], key=BOB)  # bob's seat without a player: not rated
    game_id, tokens = rated_game(keyed, [{"player": "@key"}, {"bot": "easy"}], key=BOB)
    assert one_move(keyed, game_id, tokens) == 0  # seed 11: seat 0 deals first
    call(keyed, "POST", f"/v1/games/{game_id}/resign", key=BOB, token=tokens[0], body={})
    board = call(keyed, "GET", "/v1/leaderboards/dracula?pageSize=200")
    kinds = {(entry["kind"], entry["player"], entry["name"]) for entry in board["entries"]}
    assert ("bot_key", "@key", "bob") in kinds
    assert {name for kind, _, name in kinds if kind == "server_bot"} == set(scale.rated_bots("dracula"))
    assert all(player != "ben" for _, player, _ in kinds)  # bob's player: not alice's to see
    assert [entry["rank"] for entry in board["entries"]] == list(range(1, len(board["entries"]) + 1))
    mus = [entry["mu"] for entry in board["entries"]]
    assert mus == sorted(mus, reverse=True)
    first = call(keyed, "GET", "/v1/leaderboards/dracula?pageSize=3")
    second = call(keyed, "GET", f"/v1/leaderboards/dracula?pageSize=3&pageToken={first['nextPageToken']}")
    assert first["entries"] + second["entries"] == board["entries"][:6]
    assert [entry["rank"] for entry in second["entries"]] == [4, 5, 6]


def test_refusals_are_typed(keyed: LiveServer) -> None:
    assert refusal(keyed, "/v1/ratings/chess/ann") == (404, "game/unknown")
    assert refusal(keyed, "/v1/ratings/dracula/not%20a%20player") == (400, "seats/invalid_player")
    assert refusal(keyed, "/v1/leaderboards/chess") == (404, "game/unknown")
    assert refusal(keyed, "/v1/leaderboards/dracula?pageSize=201") == (400, "request/invalid")
    assert refusal(keyed, "/v1/leaderboards/dracula?pageToken=bm9wZQ") == (400, "request/invalid")
    assert refusal(keyed, "/v1/leaderboards/dracula?page=2") == (400, "request/invalid")
    assert refusal(keyed, "/v1/ratings/dracula/ann", key=None) == (401, "auth/missing_api_key")
    assert refusal(keyed, "/v1/leaderboards/dracula", key=None) == (401, "auth/missing_api_key")


def test_the_python_sdk_reads_ratings_and_leaderboards_over_grpc(keyed: LiveServer) -> None:
    player = f"eve-{keyed.kind}"
    with GameEngineClient(f"127.0.0.1:{keyed.server.grpc_port}", api_key=ALICE, retry=NO_RETRY) as client:
        created = client.create_game("dracula", 2, seed=11, seats=[Seat(player=player), Seat(bot="random")], rated=True)
        moves = client.list_legal_moves(created.game_id, created.token(0))
        client.apply_move(created.game_id, created.token(0), moves.moves[0], moves.version)
        client.resign_seat(created.game_id, created.token(0))
        random_bot = scale.bot_rating("dracula", "random")
        assert random_bot is not None
        ((mu, sigma), _) = rated(NEW, (random_bot.mu, random_bot.sigma), ranks=[2.0, 1.0])
        assert client.get_rating("dracula", player) == PlayerRating("dracula", player, round(mu), mu, sigma, 1)
        game = client.get_game(created.game_id)
        assert [(r.seat, r.settled, r.new_rating, r.change) for r in game.ratings] == [
            (0, True, round(mu), round(mu) - 1200),
            (1, True, 1000, 0),  # a server bot is an anchor: never moved
        ]
        board = client.leaderboard("dracula", page_size=200)
        assert [entry.player for entry in board.entries if entry.kind == "player"] == sorted(
            (entry.player for entry in board.entries if entry.kind == "player"),
            key=lambda name: -client.get_rating("dracula", name).mu,
        )
        assert any(entry.player == player and entry.mu == mu for entry in board.entries)
        with pytest.raises(GameEngineError) as refused:
            client.get_rating("chess", player)
        assert refused.value.code == "game/unknown"


def test_partners_are_one_side_and_a_resignation_loses_for_both(keyed: LiveServer) -> None:
    players = [f"{name}-{keyed.kind}" for name in ("wes", "xia", "yan", "zoe")]
    body = {"gameType": "dracula", "players": 4, "seed": 3, "rated": True, "seats": [{"player": p} for p in players]}
    created = call(keyed, "POST", "/v1/games", body=body)
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    one_move(keyed, game_id, tokens)
    call(keyed, "POST", f"/v1/games/{game_id}/resign", token=tokens[1], body={})  # seats 0+2 win against 1+3
    model = scale.model()
    teams = [[model.rating(*NEW), model.rating(*NEW)], [model.rating(*NEW), model.rating(*NEW)]]
    (won, _), (lost, _) = model.rate(teams, ranks=[1.0, 2.0])
    assert [rating(keyed, player)["mu"] for player in players] == [won.mu, lost.mu, won.mu, lost.mu]
    changes = [seat["change"] for seat in call(keyed, "GET", f"/v1/games/{game_id}")["ratings"]]
    assert changes == [round(won.mu) - 1200, round(lost.mu) - 1200] * 2 and changes[0] > 0


def test_a_forfeit_on_time_counts(keyed: LiveServer) -> None:
    slow, quick = f"sol-{keyed.kind}", f"tia-{keyed.kind}"
    body = {"gameType": "dracula", "players": 2, "seed": 11, "rated": True}
    body |= {"seats": [{"player": quick}, {"player": slow}], "clock": {"turnSeconds": 2, "onTimeout": "forfeit"}}
    created = call(keyed, "POST", "/v1/games", body=body)
    game_id, tokens = created["gameId"], {seat["seat"]: seat["token"] for seat in created["seats"]}
    assert one_move(keyed, game_id, tokens) == 0  # then seat 1's clock runs out: it forfeits
    deadline = time.monotonic() + 20
    # Finished, then settled: the ratings are applied just after the commit that ends the game.
    while not all(seat["settled"] for seat in call(keyed, "GET", f"/v1/games/{game_id}")["ratings"]):
        assert time.monotonic() < deadline, "the clock never forfeited"
        time.sleep(0.25)
    # Seat 1 forfeits, unless a loaded machine let seat 0's clock run out first: the forfeit counts either way.
    [winner] = call(keyed, "GET", f"/v1/games/{game_id}/score")["winners"]
    (won_mu, _), (lost_mu, _) = rated(NEW, NEW, ranks=[1.0, 2.0])
    players = {0: quick, 1: slow}
    assert (rating(keyed, players[winner])["mu"], rating(keyed, players[1 - winner])["mu"]) == (won_mu, lost_mu)
    assert call(keyed, "GET", f"/v1/games/{game_id}")["finished"]


def test_a_store_that_is_down_answers_503() -> None:
    store = RedisStore.from_url(f"redis://127.0.0.1:{free_port()}/0", timeout_seconds=0.5)  # nothing listens there
    with live_server(store, "redis-down") as down:
        for path in ("/v1/ratings/dracula/ann", "/v1/leaderboards/dracula"):
            answer = rest(down, "GET", path)
            assert (answer.status, answer.json()["error"]["code"]) == (503, "store/unavailable"), path

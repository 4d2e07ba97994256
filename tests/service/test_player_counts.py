"""Issue 11, defect 6: "3-player Dracula is listed as 2-4 players in the catalog yet refused: the catalog must say
exactly which player counts each game accepts (e.g. `playerCounts: [2, 4]`), over gRPC and REST."

The catalog's player counts are the engine's ``supported_player_counts()`` for every game, CreateGame accepts
exactly those counts, and refuses the others (between min and max too) with INVALID_ARGUMENT game/invalid_players."""

from __future__ import annotations

import pytest

import engine
from tests.service.conftest import LiveServer
from tests.service.drivers import HTTP_OF_STATUS, ApiError, Driver, GrpcDriver, RestDriver


@pytest.fixture(params=["grpc", "rest"])
def api(live: LiveServer, request: pytest.FixtureRequest) -> Driver:
    return GrpcDriver(live.grpc) if request.param == "grpc" else RestDriver(live.rest)


def catalog_counts(live: LiveServer, transport: str) -> dict[str, list[int]]:
    if transport == "grpc":
        return {game.id: list(game.player_counts) for game in live.grpc.list_game_types()}
    status, data = live.rest.get("/v1/game-types")
    assert status == 200
    return {game["id"]: game["playerCounts"] for game in data["gameTypes"]}


@pytest.mark.parametrize("transport", ["grpc", "rest"])
def test_the_catalog_lists_exactly_the_accepted_player_counts(live: LiveServer, transport: str) -> None:
    counts = catalog_counts(live, transport)
    assert counts == {game.id: list(game.supported_player_counts()) for game in engine.all_games()}
    assert counts["dracula"] == [2, 4]  # the issue: Dracula is played by 2 or 4, never 3


def test_dracula_for_three_is_refused_and_names_the_counts(api: Driver) -> None:
    with pytest.raises(ApiError) as caught:
        api.create("dracula", 3, 1)
    error = caught.value
    assert (error.status, error.code) == ("INVALID_ARGUMENT", "game/invalid_players"), error
    assert error.http in (None, HTTP_OF_STATUS["INVALID_ARGUMENT"])
    assert error.details["field"] == "players"
    with pytest.raises(engine.InvalidPlayersError) as refused:  # the engine's own reason travels unchanged
        engine.new_game("dracula", 3, 1)
    assert error.message == refused.value.reason


def test_create_game_accepts_exactly_the_listed_counts(live: LiveServer, api: Driver) -> None:
    for game_id, counts in catalog_counts(live, "grpc").items():
        for players in range(0, max(counts) + 2):
            if players == 0:
                continue  # 0 asks for the default number of players
            if players in counts:
                created = api.create(game_id, players, 7)
                assert len(created.tokens) == players, (game_id, players)
                continue
            with pytest.raises(ApiError) as caught:
                api.create(game_id, players, 7)
            assert (caught.value.status, caught.value.code) == ("INVALID_ARGUMENT", "game/invalid_players")

"""The catalog lists each game's levels of play (issue 39): GameType.levels over gRPC and `levels` of each entry of
GET /v1/game-types, the levels easy, medium and hard weakest first, each with the rating, 95% interval and matches
the ladder measured in that game (service/core/ladder_ratings.json, written by `cardengine ladder --ratings`); a level
the file does not rate has no rating (absent on the wire, None in the SDK)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from service.core import level_ratings
from service.core.bot_kinds import LEVEL_KINDS
from service.core.level_ratings import game_levels, load_ratings
from service.storage.store import MemoryStore
from tests.service.conftest import live_server

RATED: dict[str, Any] = {
    "games": {
        "dracula": {
            "command": "cardengine ladder --game dracula --ratings",
            "ratings": {
                "random": {"rating": 0.0, "low": 0.0, "high": 0.0, "games": 40, "score": 3.0},
                "easy": {"rating": 212.5, "low": 150.25, "high": 274.75, "games": 40, "score": 30.0},
                "hard": {"rating": 640.0, "low": 520.0, "high": 760.0, "games": 20, "score": 12.5},
            },
        }
    }
}


def test_a_game_s_levels_carry_the_ladder_s_ratings_and_unrated_ones_none() -> None:
    ratings = {"dracula": RATED["games"]["dracula"]["ratings"]}
    assert game_levels("dracula", ratings) == [
        {"name": "easy", "rating": 212.5, "ratingLow": 150.25, "ratingHigh": 274.75, "ratedMatches": 40},
        {"name": "medium", "rating": None, "ratingLow": None, "ratingHigh": None, "ratedMatches": 0},
        {"name": "hard", "rating": 640.0, "ratingLow": 520.0, "ratingHigh": 760.0, "ratedMatches": 20},
    ]
    assert [level["rating"] for level in game_levels("draw_blood", ratings)] == [None, None, None]


def test_the_committed_ratings_file_is_read_and_names_known_games() -> None:
    committed = load_ratings()
    assert set(committed) <= {game.id for game in engine.all_games()}
    for game_id, ratings in committed.items():
        assert ratings["random"]["rating"] == 0.0, f"{game_id}: the ladder's anchor"
    assert load_ratings(Path("/nonexistent/ladder_ratings.json")) == {}


def test_levels_come_through_rest_and_grpc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "ladder_ratings.json"
    path.write_text(json.dumps(RATED))
    monkeypatch.setattr(level_ratings, "RATINGS_FILE", path)
    with live_server(MemoryStore(), "memory") as live:
        status, catalog = live.rest.get("/v1/game-types")
        assert status == 200
        by_id = {entry["id"]: entry for entry in catalog["gameTypes"]}
        assert by_id["dracula"]["levels"] == [
            {"name": "easy", "rating": 212.5, "ratingLow": 150.25, "ratingHigh": 274.75, "ratedMatches": 40},
            {"name": "medium", "ratedMatches": 0},  # not rated: no rating on the wire
            {"name": "hard", "rating": 640.0, "ratingLow": 520.0, "ratingHigh": 760.0, "ratedMatches": 20},
        ]
        for entry in catalog["gameTypes"]:
            assert [level["name"] for level in entry["levels"]] == list(LEVEL_KINDS)
        assert catalog["botKinds"][-3:] == list(LEVEL_KINDS)
        # The Python SDK over gRPC: None for a level not rated.
        game_types = {game_type.id: game_type for game_type in live.grpc.list_game_types()}
        levels = game_types["dracula"].levels
        assert [
            (level.name, level.rating, level.rating_low, level.rating_high, level.rated_matches) for level in levels
        ] == [
            ("easy", 212.5, 150.25, 274.75, 40),
            ("medium", None, None, None, 0),
            ("hard", 640.0, 520.0, 760.0, 20),
        ]
        assert [level.rating for level in game_types["rummy_battle"].levels] == [None, None, None]
        assert live.grpc.bot_kinds() == ["random", "greedy", "mcts", "easy", "medium", "hard"]

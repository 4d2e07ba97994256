"""The Python client's options for the API's newer fields, through a real server: an API key sent with every call,
a CreateGame request id that makes a retry return the same game and tokens, and ApplyMove's header-only answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cardengine_client import NO_RETRY, GameEngineClient, GameEngineError

from service.storage.store import MemoryStore
from tests.service.access import ALICE, keys_file
from tests.service.conftest import LiveServer, live_server


@pytest.fixture
def keyed(tmp_path: Path) -> Iterator[LiveServer]:
    with live_server(MemoryStore(), "memory", api_keys_file=keys_file(tmp_path)) as running:
        yield running


def test_the_client_sends_its_api_key_and_retries_a_create_by_its_request_id(keyed: LiveServer) -> None:
    target = f"127.0.0.1:{keyed.server.grpc_port}"
    with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as anonymous:
        with pytest.raises(GameEngineError) as refused:
            anonymous.create_game("dracula", 2)
        assert refused.value.code == "auth/missing_api_key"
    with GameEngineClient(target, api_key=ALICE, retry=NO_RETRY, move_keys=False) as client:
        assert "dracula" in {game_type.id for game_type in client.list_game_types()}
        first = client.create_game("dracula", 2, request_id="client-retry-1")
        again = client.create_game("dracula", 2, request_id="client-retry-1")
        assert again.game_id == first.game_id
        assert again.seats == first.seats
        other = client.create_game("dracula", 2, request_id="client-retry-2")
        assert other.game_id != first.game_id
        with pytest.raises(GameEngineError) as reused:
            client.create_game("dracula", 4, request_id="client-retry-1")
        assert reused.value.code == "idempotency/key_reused"


def test_apply_move_with_omit_view_answers_the_header_only(live: LiveServer) -> None:
    with GameEngineClient(f"127.0.0.1:{live.server.grpc_port}", retry=NO_RETRY, move_keys=False) as client:
        created = client.create_game("dracula", 2, seed=3)
        seat = created.game.to_act[0]
        token = created.seats[seat].token
        move = client.legal_moves(created.game_id, token).moves[0].notation
        result = client.apply_move(created.game_id, token, move, 0, omit_view=True)
        assert result.version == 1 and result.game.version == 1
        assert result.game.view == {}
        assert result.game.to_act == client.get_game(created.game_id, token).to_act
        full = client.apply_move(
            created.game_id, created.seats[result.game.to_act[0]].token,
            client.legal_moves(created.game_id, created.seats[result.game.to_act[0]].token).moves[0].notation, 1,
        )  # fmt: skip
        assert full.game.view["step"] == 2

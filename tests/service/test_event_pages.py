"""GetEvents in pages (issue 12): page_size (default 100, at most 1000) and an opaque page_token over gRPC and REST;
a page reads only its own range of the log from the store (LRANGE on Redis), however long the match."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import grpc
import pytest
from cardengine.v1 import game_engine_pb2 as pb
from cardengine.v1 import game_engine_pb2_grpc as pb_grpc

from service.storage.store import GameStore
from tests.service.conftest import LiveServer, live_server, make_store
from tests.service.protobuf_json import to_dict
from tests.service.test_watch import play_to_the_end


class CountingStore:
    """A store that records every log read: (after version, limit, entries returned)."""

    def __init__(self, inner: GameStore) -> None:
        self.inner = inner
        self.reads: list[tuple[int, int | None, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def log(self, game_id: str, after_version: int, limit: int | None = None) -> list[bytes]:
        entries = self.inner.log(game_id, after_version, limit)
        self.reads.append((after_version, limit, len(entries)))
        return entries


@pytest.fixture
def counted(store_kind: str, request: pytest.FixtureRequest) -> Iterator[tuple[LiveServer, CountingStore]]:
    store = CountingStore(make_store(store_kind, request))
    with live_server(cast(GameStore, store), store_kind) as running:
        yield running, store


def grpc_page(live: LiveServer, token: str | None, **fields: Any) -> pb.GetEventsResponse:
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    with grpc.insecure_channel(f"127.0.0.1:{live.server.grpc_port}") as channel:
        stub = pb_grpc.GameEngineStub(channel)
        response: pb.GetEventsResponse = stub.GetEvents(pb.GetEventsRequest(**fields), metadata=metadata, timeout=30)
        return response


def rest_pages(live: LiveServer, game_id: str, token: str | None, query: str) -> list[dict[str, Any]]:
    pages: list[dict[str, Any]] = []
    page_token = ""
    while True:
        suffix = f"&pageToken={page_token}" if page_token else ""
        status, page = live.rest.get(f"/v1/games/{game_id}/events?{query}{suffix}", token)
        assert status == 200, page
        pages.append(page)
        page_token = page["nextPageToken"]
        if not page_token:
            return pages


def finished_match(live: LiveServer, players: int = 2) -> tuple[str, list[str], int]:
    """A whole Dracula match (2 players: 49 moves, 81 events; 4 players: 325 moves, 393 events)."""
    created = live.grpc.create_game("dracula", players, seed=9)
    tokens = [seat.token for seat in created.seats]
    return created.game_id, tokens, play_to_the_end(live.grpc, created.game_id, tokens)


def test_pages_cover_the_log_exactly_over_rest_and_grpc(live: LiveServer) -> None:
    game_id, tokens, final = finished_match(live)
    for token in (tokens[0], tokens[1], None):
        whole = live.rest.get(f"/v1/games/{game_id}/events?pageSize=1000", token)[1]
        assert whole["nextPageToken"] == "" and whole["version"] == final and whole["finished"]
        for size in (1, 7):
            pages = rest_pages(live, game_id, token, f"pageSize={size}")
            assert all(len(page["events"]) <= size for page in pages) and all(page["events"] for page in pages)
            assert [e for page in pages for e in page["events"]] == whole["events"]
            assert len(pages) == -(-len(whole["events"]) // size)  # full pages but the last
        grpc_events: list[dict[str, Any]] = []
        page_token = ""
        while True:
            page = grpc_page(live, token, game_id=game_id, page_size=7, page_token=page_token)
            assert len(page.events) <= 7
            grpc_events.extend(to_dict(event) for event in page.events)
            page_token = page.next_page_token
            if not page_token:
                break
        assert grpc_events == whole["events"]


def test_the_default_page_is_bounded_and_after_still_works(live: LiveServer) -> None:
    game_id, tokens, final = finished_match(live, players=4)
    whole = [e for page in rest_pages(live, game_id, tokens[0], "pageSize=1000") for e in page["events"]]
    assert len(whole) > 100
    first = live.rest.get(f"/v1/games/{game_id}/events", tokens[0])[1]
    assert len(first["events"]) == 100 and first["nextPageToken"] and first["events"] == whole[:100]
    after = [e for page in rest_pages(live, game_id, tokens[0], "after=5&pageSize=3") for e in page["events"]]
    assert after == [e for e in whole if e["version"] > 5]
    assert [e.version for e in live.grpc.events(game_id, tokens[0], after_version=final - 1).events] == [
        e["version"] for e in whole if e["version"] == final
    ]


def test_a_page_reads_only_its_range_of_the_log(counted: tuple[LiveServer, CountingStore]) -> None:
    live, store = counted
    game_id, tokens, final = finished_match(live)
    assert final > 20
    store.reads.clear()
    pages = rest_pages(live, game_id, tokens[1], "pageSize=5")
    assert len(pages) > 4
    assert store.reads and all(limit == 6 and returned <= 6 for _, limit, returned in store.reads)
    assert len(store.reads) == len(pages)
    store.reads.clear()
    late = live.rest.get(f"/v1/games/{game_id}/events?pageToken={pages[-2]['nextPageToken']}", tokens[1])[1]
    assert late["events"] == pages[-1]["events"]
    (after, limit, returned), *rest = store.reads
    assert not rest and after > final - 10 and limit == 101 and returned <= final - after


def test_page_parameters_are_checked(live: LiveServer) -> None:
    game_id, tokens, _ = finished_match(live)
    other = live.grpc.create_game("dracula", 2, seed=1)
    for query, field in (("pageSize=1001", "pageSize"), ("pageSize=-1", "pageSize"), ("pageToken=bogus", "pageToken")):
        status, body = live.rest.get(f"/v1/games/{game_id}/events?{query}", tokens[0])
        assert status == 400 and body["error"]["details"]["field"] == field, query
    page_token = live.rest.get(f"/v1/games/{game_id}/events?pageSize=2", tokens[0])[1]["nextPageToken"]
    status, body = live.rest.get(f"/v1/games/{other.game_id}/events?pageToken={page_token}", other.token(0))
    assert status == 400 and body["error"]["details"]["field"] == "pageToken"  # another game's token
    status, body = live.rest.get(f"/v1/games/{game_id}/events?pageToken={page_token}")
    assert status == 400 and body["error"]["details"]["field"] == "pageToken"  # another caller's token
    for size in (1001, -1):
        with pytest.raises(grpc.RpcError) as failure:
            grpc_page(live, tokens[0], game_id=game_id, page_size=size)
        assert failure.value.code() is grpc.StatusCode.INVALID_ARGUMENT

"""The matchmaking part of the store (``MatchmakingStore``, service/storage/protocols.py): tickets kept and read,
the waiting ones oldest first, settling and claiming as compare-and-sets, pending matches completed once. On the
in-memory store, a real Redis and a core-only backend (tests/cluster/test_cluster_matchmaking_store.py: a real
Redis Cluster)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.storage.protocols import StoredTicket
from service.storage.store import GameStore
from tests.service.conftest import make_store


@pytest.fixture(params=["memory", "redis", "minimal"])
def store(request: pytest.FixtureRequest) -> Iterator[GameStore]:
    made = make_store(request.param, request)
    yield made
    made.close()


def ticket(ticket_id: str, created_ms: int, owner: str = "k1") -> StoredTicket:
    return StoredTicket(ticket_id, owner, created_ms, f"record-{ticket_id}".encode())


def test_tickets_wait_oldest_first_and_settle_once(store: GameStore) -> None:
    tickets = store.matchmaking
    for ticket_id, created in (("t2", 200), ("t1", 100), ("t3", 300)):
        tickets.put_ticket(ticket(ticket_id, created), 60)
    assert tickets.ticket("t1") == ticket("t1", 100)
    assert tickets.ticket("unknown") is None
    assert [t.ticket_id for t in tickets.waiting_tickets(10)] == ["t1", "t2", "t3"]
    assert [t.ticket_id for t in tickets.waiting_tickets(2)] == ["t1", "t2"]
    cancelled = tickets.settle_ticket("t2", "cancelled")
    assert cancelled is not None and cancelled.state == "cancelled"
    again = tickets.settle_ticket("t2", "expired")  # no longer waiting: left as it is
    assert again is not None and again.state == "cancelled"
    assert tickets.settle_ticket("unknown", "cancelled") is None
    assert [t.ticket_id for t in tickets.waiting_tickets(10)] == ["t1", "t3"]


def test_a_claim_takes_waiting_tickets_only_and_completes_once(store: GameStore) -> None:
    tickets = store.matchmaking
    for ticket_id, created in (("t1", 100), ("t2", 200), ("t3", 300)):
        tickets.put_ticket(ticket(ticket_id, created), 60)
    tickets.settle_ticket("t3", "cancelled")
    assert not tickets.claim_tickets("m2", b"plan-2", {"t2": b"p2", "t3": b"p3"}, 60)  # t3 cancelled: nothing
    assert tickets.pending_matches() == []
    assert tickets.claim_tickets("m1", b"plan-1", {"t1": b"p1", "t2": b"p2"}, 60)
    assert not tickets.claim_tickets("m3", b"plan-3", {"t2": b"p2"}, 60)  # claimed already: no second game
    claimed = tickets.ticket("t1")
    assert claimed is not None and (claimed.state, claimed.place) == ("matching", b"p1")
    assert tickets.waiting_tickets(10) == []
    assert tickets.pending_matches() == [("m1", b"plan-1")]
    settled = tickets.settle_ticket("t1", "cancelled")  # being matched: not cancelled
    assert settled is not None and settled.state == "matching"
    tickets.complete_match("m1", ["t1", "t2"])
    tickets.complete_match("m1", ["t1", "t2"])  # again (a successor completing it too): nothing changes
    assert tickets.pending_matches() == []
    done = [tickets.ticket("t1"), tickets.ticket("t2")]
    assert [(t.state, t.place) for t in done if t is not None] == [("matched", b"p1"), ("matched", b"p2")]

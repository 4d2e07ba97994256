"""A stopping REST server closes its port without resetting anyone: ``refuse_new_connections`` makes the listening
socket drop new SYNs (the client tries again a second later and is refused) while the connections already in its
backlog are accepted and answered. Issue 15 defect 5 saw resets from the window between the last accept and the
close; the fault test (tests/faults/test_service_stop.py) plays it under load."""

from __future__ import annotations

import socket
import sys
import threading
import time

import pytest

from service.edges.http_server import refuse_new_connections

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="socket filters are Linux's")


def test_a_filtered_listener_keeps_its_backlog_and_refuses_late_clients_without_a_reset() -> None:
    listener = socket.create_server(("127.0.0.1", 0), backlog=16)
    port = listener.getsockname()[1]
    early = socket.create_connection(("127.0.0.1", port), timeout=5)
    early.sendall(b"request")
    assert refuse_new_connections(listener)

    outcome: list[BaseException | str] = []

    def connect_late() -> None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
            outcome.append("connected")
        except OSError as error:
            outcome.append(error)

    late = threading.Thread(target=connect_late)
    late.start()
    time.sleep(0.2)  # the late client's SYN reached the filtered listener and went unanswered
    accepted, _ = listener.accept()  # the early client, queued before the filter
    with accepted:
        assert accepted.recv(7) == b"request"
        accepted.sendall(b"answer")
        assert early.recv(6) == b"answer"
    listener.setblocking(False)
    with pytest.raises(BlockingIOError):
        listener.accept()  # the late client never joined the backlog
    listener.close()
    late.join(10)
    early.close()
    assert len(outcome) == 1 and isinstance(outcome[0], ConnectionRefusedError), outcome

"""Issue 40: a tournament survives a replica's restart. Two ``cardengine serve`` processes over one Redis (one server
secret): the first holds the tournament director's lease while a round robin of three server bots plays; it is
SIGKILLed once the first round is under way, and the second takes the lease over (once its 5 s time-to-live is
over) and plays the tournament to its standings from the record in the store: every pair of entrants meets exactly
once, no game is created twice, and every game counts."""

from __future__ import annotations

import http.client
import itertools
import os
import signal
from pathlib import Path
from typing import Any

import orjson

from loadtests.server_process import ServerProcess
from tests.faults.harness import RedisProcess, lease_holder, serve, wait_for

HOST = "tournament-kill-host-0123456789"
SECRET = "tournament-kill-test-secret"


def call(server: ServerProcess, method: str, path: str, body: Any = None) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", server.http_port, timeout=10)
    headers = {"x-api-key": HOST, "Content-Type": "application/json"}
    try:
        connection.request(method, path, body=orjson.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        answer = orjson.loads(response.read())
        assert response.status == 200, answer
        return answer
    finally:
        connection.close()


def test_a_tournament_survives_its_directors_sigkill(tmp_path: Path) -> None:
    keys_file = tmp_path / "keys.txt"
    keys_file.write_text(f"{HOST} host\n", encoding="utf-8")
    redis_process = RedisProcess(aof=False)
    client = redis_process.client()
    arguments = ("--secret", SECRET, "--api-keys-file", str(keys_file), "--bot-workers", "1")
    first = serve(redis_process.url, *arguments).start()
    servers = [first]
    try:
        wait_for(lambda: lease_holder(client, "tournaments").startswith(f"{first.pid}."), 10)
        second = serve(redis_process.url, *arguments).start()
        servers.append(second)
        body = {"gameType": "dracula", "options": {"deals": 1}, "botLevels": ["easy"] * 3, "turnSeconds": 5}
        created = call(second, "POST", "/v1/tournaments", body)
        path = f"/v1/tournaments/{created['tournamentId']}"
        wait_for(lambda: call(second, "GET", path)["round"] >= 1, 10)
        os.kill(first.pid, signal.SIGKILL)
        # the lease moved on
        wait_for(lambda: lease_holder(client, "tournaments").startswith(f"{second.pid}."), 15, 0.1)
        wait_for(lambda: call(second, "GET", path)["state"] == "finished", 60, 0.1)
        finished = call(second, "GET", path)
        entrants = ["bot:easy.1", "bot:easy.2", "bot:easy.3"]
        games = finished["games"]
        assert (finished["rounds"], finished["round"], len(games)) == (3, 3, 3)
        assert sorted(tuple(sorted(game["entrants"])) for game in games) == list(itertools.combinations(entrants, 2))
        assert all(game["finished"] and len(game["winners"]) >= 1 for game in games)
        assert sorted((row["entrant"], row["games"]) for row in finished["standings"]) == [(e, 2) for e in entrants]
        assert sum(row["points"] for row in finished["standings"]) == 3.0  # every game counted once
    finally:
        for server in servers:
            server.stop()
        client.close()
        redis_process.close()

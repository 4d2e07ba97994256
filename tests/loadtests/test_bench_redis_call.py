"""loadtests/bench_redis_call.py runs against a real Redis: the commit three ways and the game's read two ways, each
with its median, minimum and ratio to the first (figures are not checked: speed is measured, never tested); it
deletes its game's keys and nothing else."""

from __future__ import annotations

import re

import pytest
import redis

from loadtests.bench_redis_call import main


def test_bench_redis_call_prints_every_way(capsys: pytest.CaptureFixture[str], redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    before = set(client.scan_iter("bench-redis-call:*"))
    assert main(["--redis-url", redis_url, "--rounds", "2", "--calls", "5", "--game", "rummy_battle"]) == 0
    output = capsys.readouterr().out
    rows = re.findall(r"^  (.+?)\s+median\s+[\d.]+ us  min\s+[\d.]+ us  ratio ([\d.]+)$", output, re.MULTILINE)
    assert [name for name, _ in rows] == ["redis-py client", "redis-py connection", "wire", "redis-py client", "store"]
    assert rows[0][1] == "1.00" and rows[3][1] == "1.00"
    assert "HGETALL" in output
    assert set(client.scan_iter("bench-redis-call:*")) == before  # its keys are gone

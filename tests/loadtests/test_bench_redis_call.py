"""loadtests/bench_redis_call.py runs against a real Redis: the commit three ways and the game's read two ways, each
with its median, minimum and ratio to the first, then the commit with callers at once on the move path and, where
installed, valkey-glide and coredis (figures are not checked: speed is measured, never tested); it deletes its games'
keys and nothing else, and gives the process its cores back."""

from __future__ import annotations

import os
import re

import pytest
import redis

from loadtests.bench_redis_call import main

ROW = r"^  (.+?)\s+median\s+[\d.]+ us  min\s+[\d.]+ us  ratio ([\d.]+)"


def test_bench_redis_call_prints_every_way(capsys: pytest.CaptureFixture[str], redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    before = set(client.scan_iter("bench-redis-call:*"))
    cores = os.sched_getaffinity(0)
    arguments = ["--redis-url", redis_url, "--rounds", "2", "--calls", "5", "--game", "rummy_battle"]
    assert main([*arguments, "--callers", "3", "--concurrent-rounds", "2"]) == 0
    output = capsys.readouterr().out
    sequential, concurrent = output.split("with 3 callers at once")
    rows = re.findall(ROW + "$", sequential, re.MULTILINE)
    assert [name for name, _ in rows] == ["redis-py client", "redis-py connection", "wire", "redis-py client", "store"]
    assert rows[0][1] == "1.00" and rows[3][1] == "1.00"
    assert "HGETALL" in sequential
    together = re.findall(ROW + r"\s+[\d,]+ commits/s$", concurrent, re.MULTILINE)
    assert together[0] == ("wire", "1.00")  # the move path first, the anchor of the others
    shown = {name for name, _ in together[1:]}
    absent = set(re.findall(r"^  (valkey-glide|coredis): not installed \(the bench extra", concurrent, re.MULTILINE))
    assert shown | absent == {"valkey-glide", "coredis"} and not shown & absent  # each measured, or said missing
    assert set(client.scan_iter("bench-redis-call:*")) == before  # its keys are gone
    assert os.sched_getaffinity(0) == cores  # pinned for the concurrent rounds only


def test_no_concurrent_rounds_with_no_callers(capsys: pytest.CaptureFixture[str], redis_url: str) -> None:
    arguments = ["--redis-url", redis_url, "--rounds", "1", "--calls", "2", "--callers", "0"]
    assert main(arguments) == 0
    assert "callers at once" not in capsys.readouterr().out

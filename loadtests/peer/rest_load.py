"""REST load generator for cardengine: ``wrk`` (a C load generator) with N keep-alive connections, each replaying
recorded matches on its own games through ``POST /v1/games/{id}/moves``; only accepted moves are counted.
Standard library only (plus ``wrk`` on PATH, Debian package ``wrk``).

    python3 loadtests/peer/rest_load.py --url http://127.0.0.1:8080 --recorded matches.json [--connections 16]
                                        [--seconds 5] [--expected-rate 2500] [--omit-view] [--cpu 1]

Before the timed window it creates, through ``POST /v1/games`` (with the recorded seeds: the same deals), enough
games for --expected-rate moves/s (x2) for each connection and writes each connection's moves in order (path, seat
token, body ``{"move", "expectedVersion"}``) to its own Lua plan; then prints {"event": "ready"} and waits for a line
on stdin. Then wrk runs for --seconds (pinned with ``taskset`` to --cpu), one thread per connection: each connection
sends a ``GET /healthz`` first (wrk's first request of a connection), then its moves one at a time; the next move
goes out only once the previous one was answered 200 with the next version. Then {"event": "done"} and one
{"event": "result", ...} line: accepted moves, other answers (anything else to a move: none expected), whether a
plan ran out, 1,000 latency quantiles of every request (the 16 /healthz included; wrk's
Lua gives percentiles, not its histogram), wrk's CPU time.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

SCRIPT = r"""
local threads = {}
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("index", counter)
  table.insert(threads, thread)
end
init = function(args)
  plan = dofile(args[1] .. "/plan" .. index .. ".lua")
  position = 1
  warm = false
  accepted = 0
  other = 0
  exhausted = 0
end
request = function()
  local step = plan[position]
  if not warm or step == nil then
    if warm then exhausted = exhausted + 1 end
    warm = true
    return wrk.format("GET", "/healthz")
  end
  return wrk.format("POST", step[1], {["Authorization"] = step[2], ["Content-Type"] = "application/json"}, step[3])
end
response = function(status, headers, body)
  local step = plan[position]
  if step ~= nil and status == 200 and body:sub(1, 11) == '{"version":' then
    if body:sub(12, 12 + #step[4]) == step[4] .. "," then
      position = position + 1
      accepted = accepted + 1
    else
      other = other + 1
    end
  elseif status ~= 200 or body:sub(1, 1) ~= "{" or body:find('"error"', 1, true) then
    other = other + 1
  end
end
done = function(summary, latency, requests)
  local a, o, x = 0, 0, 0
  for _, thread in ipairs(threads) do
    a = a + thread:get("accepted")
    o = o + thread:get("other")
    x = x + thread:get("exhausted")
  end
  io.write(string.format("BENCH %d %d %d %d %d\n", a, o, x, summary.requests, summary.duration))
  -- wrk's Lua cannot read its latency histogram by index, only percentiles: 1,000 of them (0.1 % apart) stand for
  -- the distribution, each for a thousandth of the requests.
  for i = 1, 1000 do io.write(string.format("Q %d %d\n", i, latency:percentile(i / 10))) end
end
"""


def emit(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        created: dict[str, Any] = json.loads(answer.read())
        return created


def game_steps(args: argparse.Namespace, recorded: dict[str, Any], match: dict[str, Any]) -> list[str]:
    """Creates a game with the match's seed; its moves as Lua plan entries {path, authorization, body, version}."""
    body: dict[str, Any] = {"gameType": recorded["game"], "players": recorded["players"], "seed": match["seed"]}
    created = post(f"{args.url}/v1/games", body)
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    path = f"/v1/games/{created['gameId']}/moves"
    steps = []
    for version, (seat, notation) in enumerate(match["moves"]):
        body = {"move": notation, "expectedVersion": version}
        if args.omit_view:
            body["omitView"] = True
        fields = (
            lua_string(path),
            lua_string("Bearer " + tokens[seat]),
            lua_string(json.dumps(body, separators=(",", ":"))),
            lua_string(str(version + 1)),
        )
        steps.append("{" + ",".join(fields) + "}")
    return steps


def write_plans(args: argparse.Namespace, recorded: dict[str, Any], folder: str) -> int:
    """Each connection's plan, enough for --expected-rate moves/s (x2); the games created."""
    matches = recorded["matches"]
    per_connection = max(200, math.ceil(args.expected_rate * args.seconds * 2 / args.connections))
    games = 0
    for index in range(1, args.connections + 1):
        steps: list[str] = []
        rotation = random.Random(index)
        while len(steps) < per_connection:
            steps += game_steps(args, recorded, matches[rotation.randrange(len(matches))])
            games += 1
        with open(os.path.join(folder, f"plan{index}.lua"), "w") as plan:
            plan.write("return {" + ",\n".join(steps) + "}\n")
    return games


def run_wrk(args: argparse.Namespace, script: str, folder: str) -> dict[str, Any]:
    """Runs wrk over the plans; the result line (after the "done" line)."""
    command = ["wrk", "-t", str(args.connections), "-c", str(args.connections)]
    command += ["-d", f"{max(1, round(args.seconds))}s", "-s", script, args.url, "--", folder]
    if shutil.which("taskset"):
        command = ["taskset", "-c", args.cpu, *command]
    started = time.perf_counter()
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=args.seconds + 60)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    emit({"event": "done"})
    wall = time.perf_counter() - started
    children_after = resource.getrusage(resource.RUSAGE_CHILDREN)  # wrk is this process's only child
    wrk_cpu = (children_after.ru_utime - children_before.ru_utime) + (
        children_after.ru_stime - children_before.ru_stime
    )
    summary = re.search(r"^BENCH (\d+) (\d+) (\d+) (\d+) (\d+)", out, re.MULTILINE)
    if process.returncode != 0 or not summary:
        return {"event": "error", "error": f"wrk failed ({process.returncode}): {out[-2000:]} {err[-2000:]}"}
    accepted, other, exhausted, requests, micros = (int(value) for value in summary.groups())
    quantiles = [int(value) for _, value in re.findall(r"^Q (\d+) (\d+)$", out, re.MULTILINE)]
    errors = re.search(r"Socket errors: (.*)", out)
    return {
        "event": "result",
        "moves": accepted,
        "seconds": micros / 1e6,
        "latencyQuantilesUs": quantiles,
        "genCpuSeconds": wrk_cpu,
        "wallSeconds": wall,
        "otherAnswers": other,
        "planExhausted": exhausted,
        "requests": requests,
        "socketErrors": errors.group(1) if errors else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", required=True)
    parser.add_argument("--recorded", required=True)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--expected-rate", type=float, default=2500.0)
    parser.add_argument("--omit-view", action="store_true")
    parser.add_argument("--cpu", default="1", help="cores for wrk (taskset -c)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not on PATH (Debian: apt-get install -y wrk)")
    with open(args.recorded) as handle:
        recorded = json.load(handle)
    folder = tempfile.mkdtemp(prefix="ce-rest-plan-")
    try:
        games = write_plans(args, recorded, folder)
        script = os.path.join(folder, "apply.lua")
        with open(script, "w") as handle:
            handle.write(SCRIPT)
        emit({"event": "ready", "games": games})
        sys.stdin.readline()
        result = run_wrk(args, script, folder)
        emit(result)
        if result["event"] == "error":
            sys.exit(1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

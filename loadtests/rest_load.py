"""The REST load of the service benchmark under ``wrk`` (a C load generator; Debian package ``wrk``): /healthz,
a seat's view and recorded matches replayed as moves, one connection per wrk thread."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from functools import partial

import orjson
from cardengine_client import NO_RETRY, GameEngineClient

import engine
from loadtests.grpc_load import RecordedMatch
from loadtests.measurement import Measurement, with_server_cpu

WRK_CONNECTIONS = 16


WRK_INSTALL = "apt-get install -y wrk"


# ----- REST under wrk ---------------------------------------------------------------------------------------------

WRK_REPORT = """
done = function(summary, latency, requests)
  io.write(string.format("BENCH %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99),
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout, 0))
end
"""


WRK_APPLY = """
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("index", counter)
end
init = function(args)
  plan = dofile(args[1])[index]
  position = 1
  warm = false
end
-- One connection per thread: the next move goes out only once the previous one was accepted (200, not a replay),
-- so a request lost with its connection is sent again, never skipped; wrk sends a connection's first request
-- twice, whose second copy is answered as a replay thanks to its idempotency key.
request = function()
  local step = plan[position]
  if not warm or step == nil then
    warm = true
    return wrk.format("GET", "/healthz")
  end
  return wrk.format("POST", step[1], {["Authorization"] = step[2], ["Content-Type"] = "application/json"}, step[3])
end
response = function(status, headers, body)
  if status == 200 and body:sub(1, 11) == '{"version":' and not body:find('"replayed":true', 1, true) then
    position = position + 1
  end
end
"""


def lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def run_wrk(
    url: str, seconds: float, connections: int, script: str, arguments: Sequence[str] = (), pin: Sequence[int] = ()
) -> tuple[int, float, float, float, int]:
    """Runs wrk (one thread per connection) with ``script`` (plus the report); returns requests, seconds, p50 and
    p99 in ms, errors (non-2xx answers included)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script + WRK_REPORT)
        path = handle.name
    command = [
        "wrk",
        "-t",
        str(connections),
        "-c",
        str(connections),
        "-d",
        f"{max(1, round(seconds))}s",
        "-s",
        path,
        url,
    ]
    if arguments:
        command += ["--", *arguments]
    if pin:
        command = ["taskset", "-c", ",".join(map(str, pin)), *command]
    try:
        output = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    finally:
        os.unlink(path)
    found = re.search(r"^BENCH (\d+) (\d+) (\d+) (\d+) (\d+)", output, re.MULTILINE)
    if not found:
        raise RuntimeError(f"wrk printed no summary:\n{output}")
    requests, micros, p50, p99, errors = (int(value) for value in found.groups())
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors += int(non_2xx.group(1)) if non_2xx else 0
    return requests, micros / 1e6, p50 / 1000, p99 / 1000, errors


def wrk_measurement(name: str, result: tuple[int, float, float, float, int]) -> Measurement:
    requests, elapsed, p50, p99, errors = result
    row = Measurement(name, WRK_CONNECTIONS, elapsed, [], requests, percentiles_ms={0.5: p50, 0.99: p99})
    if errors:
        row.name += f" ({errors} errors)"
    return row


def rest_apply_plan(
    target: str, game_type: str, players: int, matches: Sequence[RecordedMatch], moves_per_connection: int
) -> str:
    """A Lua file: for each wrk thread (one connection), its own games created now with recorded seeds and their
    moves in order (path, authorization, body), each with an idempotency key."""
    plans = []
    with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as client:
        for index in range(WRK_CONNECTIONS):
            steps: list[str] = []
            rotation = random.Random(index)
            while len(steps) < moves_per_connection:
                match = matches[rotation.randrange(len(matches))]
                created = client.create_game(game_type, players, match.seed, engine.get_game(game_type).playout_options)
                tokens = {seat.seat: seat.token for seat in created.seats}
                path = f"/v1/games/{created.game_id}/moves"
                for version, (seat, notation) in enumerate(match.moves):
                    move = {"move": notation, "expectedVersion": version, "idempotencyKey": f"w{version}"}
                    body = orjson.dumps(move).decode()
                    steps.append(f"{{{lua_string(path)},{lua_string('Bearer ' + tokens[seat])},{lua_string(body)}}}")
            plans.append("{" + ",\n".join(steps) + "}")
    return "return {" + ",\n".join(plans) + "}\n"


def measure_rest(
    target: str,
    http_url: str,
    game_type: str,
    players: int,
    matches: Sequence[RecordedMatch],
    seconds: float,
    pids: Sequence[int],
    pin: Sequence[int],
    expected_rate: float,
) -> list[Measurement]:
    """/healthz, GetGame and ApplyMove under wrk with WRK_CONNECTIONS connections."""

    def under_wrk(name: str, script: str, arguments: Sequence[str] = ()) -> Measurement:
        return wrk_measurement(name, run_wrk(http_url, seconds, WRK_CONNECTIONS, script, arguments, pin))

    rows = [with_server_cpu(pids, partial(under_wrk, "REST /healthz", ""))]
    with GameEngineClient(target, retry=NO_RETRY, move_keys=False) as client:
        created = client.create_game(game_type, players, matches[0].seed, engine.get_game(game_type).playout_options)
    get_script = (
        f'wrk.method = "GET"\nwrk.path = {lua_string("/v1/games/" + created.game_id)}\n'
        f'wrk.headers["Authorization"] = {lua_string("Bearer " + created.seats[0].token)}\n'
    )
    rows.append(with_server_cpu(pids, partial(under_wrk, "REST GetGame", get_script)))
    per_connection = max(200, int(expected_rate * seconds * 2 / WRK_CONNECTIONS))
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as plan:
        plan.write(rest_apply_plan(target, game_type, players, matches, per_connection))
    try:
        rows.append(with_server_cpu(pids, partial(under_wrk, "REST ApplyMove", WRK_APPLY, (plan.name,))))
    finally:
        os.unlink(plan.name)
    return rows

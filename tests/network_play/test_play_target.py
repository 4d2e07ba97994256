"""`cardengine play --target`: whole matches between bots through a real server's gRPC API (port 0, in memory)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator

import pytest
from cardengine_client import NO_RETRY, GameEngineClient

from loadtests.server_process import ServerProcess, cardengine_command
from service.cli import main

MOVE_LINE = re.compile(r"^\s*(\d+)  seat (\d+): (.+)$")
FINAL_LINE = re.compile(r"^final totals: \[([\d, -]+)\]; winner\(s\): \[([\d, ]*)\]$")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with ServerProcess() as running:
        yield running


def play(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*cardengine_command(), "play", *arguments], capture_output=True, text=True, timeout=120, check=False
    )


def test_plays_matches_to_the_end_and_the_server_agrees(server: ServerProcess) -> None:
    result = play(
        "--target", server.grpc_target, "--game", "dracula", "--players", "2", "--seed", "11", "--matches", "2"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    game_ids = [match.group(1) for line in lines if (match := re.match(r"^dracula: game (\S+), 2 players", line))]
    finals = [match for line in lines if (match := FINAL_LINE.match(line))]
    assert len(game_ids) == 2 and game_ids[0] != game_ids[1]
    assert len(finals) == 2
    assert lines[-1].startswith("2 matches, ") and lines[-1].endswith(" moves, all finished")

    with GameEngineClient(server.grpc_target, retry=NO_RETRY, move_keys=False) as client:
        for game_id, final in zip(game_ids, finals, strict=True):
            score = client.score(game_id)
            assert score.finished
            assert [int(total) for total in final.group(1).split(", ")] == list(score.totals)
            assert [int(seat) for seat in final.group(2).split(", ") if seat] == list(score.winners)
            public = client.get_game(game_id)
            assert public.finished and public.to_act == ()

    first_match = lines[: lines.index(next(line for line in lines if FINAL_LINE.match(line)))]
    versions = [int(match.group(1)) for line in first_match if (match := MOVE_LINE.match(line))]
    assert versions == list(range(1, len(versions) + 1)), "one line per accepted move, versions in order"
    seats = {int(match.group(2)) for line in first_match if (match := MOVE_LINE.match(line))}
    assert seats == {0, 1}


def test_a_bad_game_type_is_reported_with_the_servers_error(server: ServerProcess) -> None:
    result = play("--target", server.grpc_target, "--game", "no-such-game", "--players", "2")
    assert result.returncode == 2
    assert "INVALID_ARGUMENT" in result.stderr


def test_matches_needs_a_target() -> None:
    with pytest.raises(SystemExit, match="--matches needs --target"):
        main(["play", "--matches", "3"])


def test_a_seeded_network_match_replays_the_local_match_of_that_seed(server: ServerProcess) -> None:
    remote = play("--target", server.grpc_target, "--game", "dracula", "--players", "2", "--seed", "4")
    local = play("--game", "dracula", "--players", "2", "--seed", "4")
    assert remote.returncode == 0 and local.returncode == 0, remote.stderr + local.stderr

    def moves_and_final(output: str) -> list[str]:
        return [line for line in output.splitlines() if MOVE_LINE.match(line) or FINAL_LINE.match(line)]

    assert moves_and_final(remote.stdout) == moves_and_final(local.stdout)
    assert len(moves_and_final(remote.stdout)) > 10

"""The locustfile, run headless for a few seconds against a real server on port 0: both user classes make
requests, play matches to the end (their score requests) and fail none."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from loadtests.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]


def test_locust_plays_matches_over_rest_and_grpc_without_failures(tmp_path: Path) -> None:
    locust = Path(sys.executable).parent / "locust"
    assert locust.exists(), "locust is a dev dependency (pyproject.toml); run scripts/bootstrap"
    with ServerProcess() as server:
        result = subprocess.run(
            [
                str(locust),
                "-f",
                str(ROOT / "loadtests" / "locustfile.py"),
                "--headless",
                "--users",
                "4",
                "--spawn-rate",
                "4",
                "--run-time",
                "4s",
                "--host",
                server.http_url,
                "--grpc-target",
                server.grpc_target,
                "--game-options",
                '{"deals": 1}',
                "--csv",
                str(tmp_path / "load"),
                "--only-summary",
            ],
            capture_output=True,
            text=True,
            timeout=90,
            check=False,
        )
    assert result.returncode == 0, result.stderr[-4000:]
    with (tmp_path / "load_stats.csv").open() as stats_file:
        rows = {(row["Type"], row["Name"]): row for row in csv.DictReader(stats_file)}
    for key in (
        ("POST", "/v1/games"),
        ("GET", "/v1/games/[id]/moves (list)"),
        ("POST", "/v1/games/[id]/moves (apply)"),
        ("GET", "/v1/games/[id]/score"),
        ("grpc", "CreateGame"),
        ("grpc", "ListLegalMoves"),
        ("grpc", "ApplyMove"),
        ("grpc", "GetScore"),
    ):
        assert key in rows, f"no {key} request was made"
        assert int(rows[key]["Request Count"]) > 0
        assert int(rows[key]["Failure Count"]) == 0, f"{key} failed"
    assert int(rows[("", "Aggregated")]["Failure Count"]) == 0
    assert int(rows[("grpc", "ApplyMove")]["Request Count"]) >= 8, "at least one whole match of one deal"

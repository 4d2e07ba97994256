"""Issue 37: every Python sample of the docs runs against a real server, five times with other seeds, and ends by
itself; every listing is the code it shows (tests/docs/samples.py says which blocks are which)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from loadtests.server_process import ServerProcess
from tests.docs.samples import README_KEY, ROOT, Sample, for_server, samples

RUNS = 5
RUN_SECONDS = 120


def runnable(language: str) -> list[Sample]:
    return [sample for sample in samples(language) if not sample.marker]


@pytest.fixture(scope="module")
def open_server() -> Iterator[ServerProcess]:
    with ServerProcess() as server:
        yield server


@pytest.fixture(scope="module")
def keyed_server() -> Iterator[ServerProcess]:
    with tempfile.TemporaryDirectory(prefix="cardengine-samples-") as folder:
        keys = Path(folder) / "keys.txt"
        keys.write_text(f"{README_KEY} bot\n")
        # The runs of a sample share the README's key: without its rate limit (tested elsewhere), so they do not queue.
        with ServerProcess(extra_args=["--api-keys-file", str(keys), "--key-rate", "0"]) as server:
            yield server


@pytest.mark.parametrize("run", range(RUNS))
@pytest.mark.parametrize("sample", runnable("python"), ids=lambda sample: sample.name)
def test_a_python_sample_runs(sample: Sample, run: int, request: pytest.FixtureRequest) -> None:
    server: ServerProcess = request.getfixturevalue("keyed_server" if sample.uses_api_key else "open_server")
    code = for_server(
        sample.code, grpc=server.grpc_target, http=server.http_url[len("http://") :], api_key=README_KEY, seed=run + 11
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "clients" / "python")])}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=RUN_SECONDS,
        env=environment,
        cwd=tempfile.gettempdir(),
        check=False,
    )
    assert done.returncode == 0, f"{sample.name} (run {run}):\n{done.stdout}\n{done.stderr}"


@pytest.mark.parametrize("sample", [s for s in samples() if s.marker == "listing"], ids=lambda sample: sample.name)
def test_a_listing_is_the_code_it_shows(sample: Sample) -> None:
    source = (ROOT / sample.argument).read_text()
    assert sample.code.strip() in source, f"{sample.name} is not what {sample.argument} holds"


def test_every_sample_is_run_or_says_why_not() -> None:
    """A block marked neither runs; a mark names a file that exists or a reason."""
    for sample in samples():
        if sample.marker == "listing":
            assert (ROOT / sample.argument).is_file(), sample.name
        elif sample.marker == "not run":
            assert len(sample.argument) > 10, f"{sample.name}: say why it is not run"
    assert len(runnable("python")) >= 3 and runnable("js") + runnable("ts")

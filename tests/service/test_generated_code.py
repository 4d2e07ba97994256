"""The generated code in service/generated/ is never edited by hand, never stale against proto/, and is the
repository's one generated tree: the Python SDK uses it in the checkout and copies it when it is built."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "service" / "generated"


def files_under(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_generated_code_matches_the_proto_files(tmp_path: Path) -> None:
    subprocess.run(
        ["bash", str(ROOT / "scripts" / "generate_proto"), str(tmp_path)],
        check=True,
        capture_output=True,
        env={"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin", "PYTHON": sys.executable},
    )
    fresh, committed = files_under(tmp_path), files_under(GENERATED)
    assert sorted(fresh) == sorted(committed), "generated files differ: run bash scripts/generate_proto"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"stale generated files {stale}: run bash scripts/generate_proto and commit the result"


def test_the_repository_commits_one_generated_tree() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "*_pb2.py", "*_pb2.pyi", "*_pb2_grpc.py", "*_pb2_grpc.pyi"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert sorted(tracked) == sorted(
        str(path.relative_to(ROOT))
        for path in GENERATED.rglob("*")
        if path.is_file() and "_pb2" in path.name and "__pycache__" not in path.parts
    )
    assert len(tracked) == 4


def test_the_sdk_in_the_checkout_uses_the_servers_tree() -> None:
    """One set of message classes in a process that runs both: the SDK's and the server's are the same modules."""
    from cardengine.v1 import game_engine_pb2, game_engine_pb2_grpc
    from cardengine_client import _proto

    assert _proto.game_engine_pb2 is game_engine_pb2
    assert _proto.game_engine_pb2_grpc is game_engine_pb2_grpc
    assert game_engine_pb2.__file__ == str(GENERATED / "cardengine" / "v1" / "game_engine_pb2.py")


FIELD = re.compile(r"^(optional |repeated )?[\w.]+ \w+ = \d+;$")


def test_every_rpc_and_field_is_documented() -> None:
    proto = (ROOT / "proto" / "cardengine" / "v1" / "game_engine.proto").read_text().splitlines()
    checked = 0
    for index, line in enumerate(proto):
        stripped = line.strip()
        if stripped.startswith("rpc ") or FIELD.match(stripped):
            checked += 1
            assert proto[index - 1].strip().startswith("//"), f"line {index + 1} is undocumented: {stripped!r}"
    assert checked > 50

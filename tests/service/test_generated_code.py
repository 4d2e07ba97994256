"""The generated code in service/generated/ is never edited by hand and never stale against proto/."""

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

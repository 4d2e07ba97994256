"""The SDK's build hook: puts the API's generated code into the package as ``cardengine_client._proto``.

The repository commits one generated tree, the server's ``service/generated/cardengine`` (``bash
scripts/generate_proto``). A wheel or sdist built from the checkout (``pip install ./clients/python`` builds in
place) carries a copy of it under ``cardengine_client/_proto/cardengine`` with its absolute imports of ``cardengine.v1``
rewritten to ``cardengine_client._proto.cardengine.v1``, and an ``_proto/__init__.py`` that imports that copy: the
installed SDK needs neither the server nor grpcio-tools and installs no top-level ``cardengine``. A wheel built from
the sdist (no checkout around it) copies the sdist's own ``_proto/cardengine``, already rewritten.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "cardengine_client/_proto"
IMPORT = re.compile(r"^(\s*)from cardengine\.v1 import", re.MULTILINE)
INIT = '''"""The API's generated code (messages and gRPC stubs), a copy of the server's service/generated/ made by the
SDK's build (clients/python/hatch_build.py); never edited by hand."""

from cardengine_client._proto.cardengine.v1 import game_engine_pb2, game_engine_pb2_grpc

__all__ = ["game_engine_pb2", "game_engine_pb2_grpc"]
'''


def generated_tree(root: Path) -> Path:
    """The tree to copy: the server's in the checkout, else (a build from the sdist) the sdist's copy."""
    for tree in (root.parent.parent / "service" / "generated" / "cardengine", root / PACKAGE / "cardengine"):
        if (tree / "v1" / "game_engine_pb2.py").is_file():
            return tree
    raise FileNotFoundError(f"no generated code for the SDK: neither ../../service/generated nor {PACKAGE} in {root}")


def write_copy(tree: Path, out: Path) -> dict[str, str]:
    """Writes the rewritten copy of ``tree`` under ``out``; returns {written file: its path in the distribution}."""
    files = {}
    for source in sorted(tree.rglob("*")):
        if not source.is_file() or "__pycache__" in source.parts or source.suffix not in (".py", ".pyi"):
            continue
        relative = source.relative_to(tree)
        target = out / "cardengine" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(IMPORT.sub(r"\1from cardengine_client._proto.cardengine.v1 import", source.read_text()))
        files[str(target)] = f"{PACKAGE}/cardengine/{relative.as_posix()}"
    init = out / "__init__.py"
    init.write_text(INIT)
    files[str(init)] = f"{PACKAGE}/__init__.py"  # in place of the checkout's, which imports the server's tree
    return files


class GeneratedCodeHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name == "wheel" and version == "editable":
            return  # an editable SDK is the checkout's: its _proto imports the server's tree (docs: README.md)
        self._out = Path(tempfile.mkdtemp(prefix="cardengine-client-proto-"))
        build_data["force_include"].update(write_copy(generated_tree(Path(self.root)), self._out))

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)

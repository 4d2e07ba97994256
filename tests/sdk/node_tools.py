"""The npm tools of the SDK tests, from tests/sdk/redocly (its package-lock.json pins them: @redocly/cli,
openapi-typescript, typescript): installed with `npm ci --prefer-offline` when missing, nothing else fetched."""

from __future__ import annotations

import subprocess
from pathlib import Path

TOOLS = Path(__file__).resolve().parent / "redocly"


def node_bin(name: str) -> Path:
    """The path of one of the tools' commands (redocly, openapi-typescript, tsc)."""
    binary = TOOLS / "node_modules" / ".bin" / name
    if not binary.exists():
        install = ["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(install, cwd=TOOLS, check=True, timeout=600)
    return binary


def tsc(directory: Path, *files: Path) -> subprocess.CompletedProcess[str]:
    """``tsc --strict --noEmit`` of ``files`` (run in ``directory``): what a TypeScript user's compiler says."""
    command = [str(node_bin("tsc")), "--strict", "--noEmit", "--skipLibCheck", "--target", "es2022"]
    command += ["--module", "commonjs", "--moduleResolution", "node10", *map(str, files)]
    return subprocess.run(command, cwd=directory, capture_output=True, text=True, timeout=300)

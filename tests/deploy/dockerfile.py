"""A small reader of the project's Dockerfile and .dockerignore, for tests that cannot run Docker here."""

from __future__ import annotations

import fnmatch
import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"


@dataclass(frozen=True)
class Instruction:
    keyword: str
    arguments: str
    line: int

    def words(self) -> list[str]:
        """The arguments as words: a JSON array (exec form) or shell words, with --flags kept in place."""
        text = self.arguments.strip()
        if text.startswith("["):
            parsed = json.loads(text)
            if not isinstance(parsed, list) or not all(isinstance(word, str) for word in parsed):
                raise ValueError(f"line {self.line}: {self.keyword} takes a JSON array of strings")
            return list(parsed)
        return shlex.split(text)


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [instruction for instruction in self.instructions if instruction.keyword == keyword]


def read_instructions(path: Path = DOCKERFILE) -> list[Instruction]:
    """Joins continued lines, drops comments and parser directives, and splits each instruction's keyword."""
    instructions: list[Instruction] = []
    pending = ""
    start = 0
    for number, raw in enumerate(path.read_text().splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("#") or (not stripped and not pending):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        text = pending + stripped
        pending = ""
        keyword, _, arguments = text.partition(" ")
        instructions.append(Instruction(keyword.upper(), arguments.strip(), start))
    if pending:
        raise ValueError(f"{path}: the last instruction ends with a line continuation")
    return instructions


def read_stages(path: Path = DOCKERFILE) -> list[Stage]:
    stages: list[Stage] = []
    for instruction in read_instructions(path):
        if instruction.keyword == "FROM":
            words = [word for word in instruction.words() if not word.startswith("--")]
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append(Stage(base=words[0], name=name))
        elif instruction.keyword in {"ARG"} and not stages:
            continue
        elif not stages:
            raise ValueError(f"line {instruction.line}: {instruction.keyword} before the first FROM")
        else:
            stages[-1].instructions.append(instruction)
    return stages


def ignore_patterns(path: Path = DOCKERIGNORE) -> list[str]:
    patterns = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            patterns.append(line.lstrip("/").rstrip("/"))
    return patterns


def is_ignored(relative: str, patterns: list[str]) -> bool:
    """Whether the build context leaves ``relative`` out (Docker's rule: the last matching pattern wins; a pattern
    that matches a folder leaves out everything under it; ``**`` matches any number of folders)."""
    parts = relative.strip("/").split("/")
    prefixes = ["/".join(parts[: end + 1]) for end in range(len(parts))]
    ignored = False
    for pattern in patterns:
        negated = pattern.startswith("!")
        glob = pattern[1:] if negated else pattern
        candidates = [glob, glob.replace("**/", "")] if glob.startswith("**/") else [glob]
        for prefix in prefixes:
            names = [prefix, prefix.split("/")[-1]] if glob.startswith("**/") else [prefix]
            if any(fnmatch.fnmatchcase(name, candidate) for name in names for candidate in candidates):
                ignored = not negated
                break
    return ignored

"""The code samples of the project's Markdown, as a reader finds them (issue 37: examples are tests).

Every fenced block of Python, JavaScript or TypeScript in README.md, clients/*/README.md and docs/*.md is a sample a
reader may copy, and is run against a real server, unless the line right before its fence says otherwise:

- ``<!-- listing: PATH -->``: the block shows code of the repository; it must appear in ``PATH`` as it stands;
- ``<!-- not run: REASON -->``: a shape to read, not a program (a game class with its parts elided, say).

Samples name the server as a reader's would be started (``bash scripts/serve``: gRPC on 127.0.0.1:50051, HTTP on
127.0.0.1:8080) and API keys as ``"..."`` or the README's ``my-bot-key-0123456789``; ``for_server`` points them at a
test's server. The Python samples run here (tests/docs/test_samples.py), the JavaScript and TypeScript ones in the
Node.js client's tests (clients/node/src/tests/samples.test.ts), from this same extraction rule.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = {"python": "python", "py": "python", "js": "js", "javascript": "js", "ts": "ts", "typescript": "ts"}
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"<!--\s*(listing|not run):\s*(.*?)\s*-->\s*$")
DEFAULT_GRPC = "127.0.0.1:50051"
DEFAULT_HTTP = "127.0.0.1:8080"
README_KEY = "my-bot-key-0123456789"


@dataclass(frozen=True)
class Sample:
    path: Path
    line: int
    language: str  # python, js or ts
    code: str
    marker: str  # "" (run it), "listing" or "not run"
    argument: str  # the listing's path, or why it is not run

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    @property
    def uses_api_key(self) -> bool:
        return re.search(r"\bapi_key\s*=|\bapiKey\s*:", self.code) is not None


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted(ROOT.glob("clients/*/README.md")), *sorted(ROOT.glob("docs/*.md"))]


def samples(language: str | None = None) -> list[Sample]:
    found = []
    for path in documents():
        text = path.read_text()
        for match in FENCE.finditer(text):
            kind = LANGUAGES.get(match.group(1).lower())
            if kind is None or (language is not None and kind != language):
                continue
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = MARKER.search(before)
            line = text.count("\n", 0, match.start()) + 1
            found.append(
                Sample(
                    path,
                    line,
                    kind,
                    match.group(2),
                    marker.group(1) if marker else "",
                    marker.group(2) if marker else "",
                )
            )
    return found


def for_server(code: str, *, grpc: str, http: str, api_key: str, seed: int) -> str:
    """The sample pointed at a test's server and key, with its seeds (if it names any) replaced by ``seed``."""
    code = code.replace(DEFAULT_GRPC, grpc).replace(DEFAULT_HTTP, http).replace(README_KEY, api_key)
    code = re.sub(r'(api_?[kK]ey\s*[=:]\s*)"\.\.\."', rf'\g<1>"{api_key}"', code)
    return re.sub(r"\bseed(\s*[=:]\s*)\d+", rf"seed\g<1>{seed}", code)


def main() -> None:
    """The runnable samples of ``--language`` pointed at a server, as JSON (what the Node.js client's test runs)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--language", action="append", choices=sorted(set(LANGUAGES.values())), required=True)
    parser.add_argument("--grpc", default=DEFAULT_GRPC)
    parser.add_argument("--http", default=DEFAULT_HTTP)
    parser.add_argument("--api-key", default=README_KEY)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    found = [
        {
            "name": sample.name,
            "language": sample.language,
            "usesApiKey": sample.uses_api_key,
            "code": for_server(sample.code, grpc=args.grpc, http=args.http, api_key=args.api_key, seed=args.seed),
        }
        for sample in samples()
        if sample.language in args.language and not sample.marker
    ]
    print(json.dumps(found))


if __name__ == "__main__":
    main()

"""The served OpenAPI document passes `redocly lint` (npm @redocly/cli, its recommended rules) with no error, and
says what issue 28 found missing: servers, the security schemes, 401/429 on CreateGame, 4xx on ListGameTypes,
response headers, RESOURCE_EXHAUSTED once, and the views linked to the per-game schemas."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import orjson

from service.edges.openapi import openapi_document

LINTER = Path(__file__).resolve().parent / "redocly"


def redocly() -> Path:
    """The linter from tests/sdk/redocly (npm ci --prefer-offline when missing: package-lock.json pins it)."""
    binary = LINTER / "node_modules" / ".bin" / "redocly"
    if not binary.exists():
        install = ["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]
        subprocess.run(install, cwd=LINTER, check=True, timeout=600)
    return binary


def test_redocly_lint_finds_no_error(tmp_path: Path) -> None:
    document = tmp_path / "openapi.json"
    document.write_bytes(orjson.dumps(openapi_document()))
    run = subprocess.run(
        [str(redocly()), "lint", str(document), "--format=json"], capture_output=True, text=True, timeout=300
    )
    report = json.loads(run.stdout)
    errors = [problem for problem in report["problems"] if problem["severity"] == "error"]
    assert errors == [], json.dumps(errors, indent=1)[:4000]
    assert report["totals"]["errors"] == 0


def test_the_document_says_what_a_client_generator_needs() -> None:
    document: dict[str, Any] = openapi_document()
    paths, schemas = document["paths"], document["components"]["schemas"]
    assert document["servers"] == [{"url": "/", "description": document["servers"][0]["description"]}]
    assert sorted(document["components"]["securitySchemes"]) == ["apiKey", "seatToken", "streamTicket"]
    assert document["components"]["securitySchemes"]["apiKey"]["name"] == "x-api-key"
    create = paths["/v1/games"]["post"]["responses"]
    assert {"401", "429"} <= set(create)
    assert sorted(create["429"]["headers"]) == ["RateLimit", "RateLimit-Policy", "Retry-After"]
    catalog = paths["/v1/game-types"]["get"]["responses"]
    assert {"401", "429"} <= set(catalog) and "ETag" in catalog["200"]["headers"]
    statuses = schemas["Error"]["properties"]["error"]["properties"]["status"]["enum"]
    assert statuses.count("RESOURCE_EXHAUSTED") == 1
    views = [item.get("$ref") for item in schemas["Game"]["properties"]["view"]["oneOf"]]
    names = ["Dracula", "DragonRummy", "DrawBlood", "HouseRummy", "RummyBattle"]
    assert views == [f"#/components/schemas/{name}View" for name in names] + ["#/components/schemas/EmptyView"]
    assert schemas["DraculaView"]["properties"]["game"]["enum"] == ["dracula"]
    assert schemas["DraculaView"]["properties"]["hand"]["items"] == {"$ref": "#/components/schemas/DraculaCard"}
    assert schemas["HouseRummyEvent"]["discriminator"]["mapping"]["hand_scored"] == (
        "#/components/schemas/HouseRummyHandScoredEvent"
    )

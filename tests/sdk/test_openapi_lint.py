"""The OpenAPI document served at /openapi.json by a real server passes `redocly lint` (npm @redocly/cli, its
recommended rules) with no error and no unused component, and says what issue 28 found missing: servers, the
security schemes, 401/429 on CreateGame, 4xx on ListGameTypes, response headers, RESOURCE_EXHAUSTED once, and the
views linked to the per-game schemas. openapi-typescript makes of it types with every move's args and every event's
data typed by kind, and the key stream's page typed (issue 37)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

import engine
from clients.schema_types import pascal
from service.core.key_events import KINDS
from service.core.service_events import SERVICE_EVENTS
from service.edges.openapi import openapi_document
from service.storage.store import MemoryStore
from tests.sdk.node_tools import node_bin, tsc
from tests.service.conftest import live_server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict[str, Any]]]:
    """The document as a real server on port 0 serves it, in a file, and the catalog's schemas by game."""
    with live_server(MemoryStore(), "memory") as running:
        status, document = running.rest.get("/openapi.json")
        assert status == 200
        status, catalog = running.rest.get("/v1/game-types")
        assert status == 200
    path = tmp_path_factory.mktemp("openapi") / "openapi.json"
    path.write_bytes(orjson.dumps(document))
    yield path, {entry["id"]: entry["schemas"] for entry in catalog["gameTypes"]}


def test_redocly_lint_finds_no_error_and_no_unused_component(served: tuple[Path, dict[str, Any]]) -> None:
    document, _ = served
    run = subprocess.run(
        [str(node_bin("redocly")), "lint", str(document), "--format=json"], capture_output=True, text=True, timeout=300
    )
    report = json.loads(run.stdout)
    errors = [problem for problem in report["problems"] if problem["severity"] == "error"]
    assert errors == [], json.dumps(errors, indent=1)[:4000]
    assert report["totals"]["errors"] == 0
    unused = [problem["message"] for problem in report["problems"] if problem["ruleId"] == "no-unused-components"]
    assert unused == []


def ts_union(names: list[str]) -> str:
    return " | ".join(json.dumps(name) for name in sorted(names)) or "never"


def typed_content_checks(games: dict[str, dict[str, Any]]) -> list[str]:
    """Type assertions from the served catalog: per game, each move kind's args and each event kind's data are their
    components, with the served fields; Move, Event and the key stream's page typed."""
    checks = [
        'Equal<Paths["/v1/key-events"]["get"]["responses"][200]["content"]["application/json"], S["KeyEventsPage"]>',
        f'Equal<S["KeyEventsPage"]["events"][number]["kind"], {ts_union(list(KINDS))}>',
        'Equal<S["Move"]["args"], { [key: string]: unknown }> extends true ? false : true',
        'Equal<S["Event"]["data"], { [key: string]: unknown }> extends true ? false : true',
        'Equal<Extract<S["Event"], { kind: "seed_revealed" }>["data"], S["SeedRevealedEventData"]>',
    ]
    for game_id, schemas in games.items():
        prefix = pascal(game_id)
        checks.append(f'Equal<S["{prefix}Move"]["kind"], {ts_union(list(schemas["moveArgs"]))}>')
        for kind, args in schemas["moveArgs"].items():
            name = f'S["{prefix}{pascal(kind)}Args"]'
            checks.append(f'Equal<Extract<S["{prefix}Move"], {{ kind: "{kind}" }}>["args"], {name}>')
            names = list(args.get("properties", {}))
            checks.append(
                f"Equal<keyof {name}, {ts_union(names)}>" if names else f"Equal<{name}, Record<string, never>>"
            )
        checks.append(f'Equal<S["{prefix}Event"]["kind"], {ts_union(list(schemas["events"]))}>')
        for kind, event in schemas["events"].items():
            owner = "" if kind in SERVICE_EVENTS else prefix
            name = f'S["{owner}{pascal(kind)}EventData"]'
            data = [field for field in event.get("properties", {}) if field not in ("kind", "seat", "text")]
            checks.append(f'Equal<Extract<S["{prefix}Event"], {{ kind: "{kind}" }}>["data"], {name}>')
            checks.append(f"Equal<keyof {name}, {ts_union(data)}>" if data else f"Equal<{name}, Record<string, never>>")
    return checks


def test_openapi_typescript_types_args_data_and_the_key_events_page(
    served: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    document, games = served
    generate = [str(node_bin("openapi-typescript")), str(document), "-o", str(tmp_path / "openapi.ts")]
    subprocess.run(generate, check=True, capture_output=True, timeout=300)
    checks = typed_content_checks(games)
    lines = [
        'import type { components, paths as Paths } from "./openapi";',
        'type S = components["schemas"];',
        "type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;",
        *(f"export const check{index}: {check} = true;" for index, check in enumerate(checks)),
    ]
    (tmp_path / "checks.ts").write_text("\n".join(lines) + "\n")
    run = tsc(tmp_path, tmp_path / "checks.ts")
    assert run.returncode == 0, run.stdout[:6000] + run.stderr


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
    names = [pascal(game.id) for game in engine.all_games()]  # the built-in games and any plugin game installed
    assert views == [f"#/components/schemas/{name}View" for name in names] + ["#/components/schemas/EmptyView"]
    assert schemas["DraculaView"]["properties"]["game"]["enum"] == ["dracula"]
    assert schemas["DraculaView"]["properties"]["hand"]["items"] == {"$ref": "#/components/schemas/DraculaCard"}
    scored = [v for v in schemas["HouseRummyEvent"]["oneOf"] if v["properties"]["kind"]["enum"] == ["hand_scored"]]
    assert [variant["properties"]["data"] for variant in scored] == [
        {"$ref": "#/components/schemas/HouseRummyHandScoredEventData"}
    ]
    assert schemas["Event"]["anyOf"] == [{"$ref": f"#/components/schemas/{name}Event"} for name in names]
    assert schemas["Move"]["anyOf"] == [{"$ref": f"#/components/schemas/{name}Move"} for name in names]

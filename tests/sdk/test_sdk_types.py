"""Both SDKs' generated types (clients/python/cardengine_client/games.py, clients/node/src/games.ts) hold exactly what a
running server serves: every game's event kinds (the service's seed_revealed, forfeited and ended included) with each
event's fields, the view's fields, the move kinds with each one's arguments (GET /v1/game-types), and the key
stream's event kinds (KeyEvent.kind of the served /openapi.json). Python is read by introspection and checked by
mypy --strict (a comparison with a kind the union lacks is an error under strict equality); TypeScript is checked by
tsc --strict on assertions written from the served catalog."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clients.schema_types import pascal
from engine.registry import built_in_games
from service.storage.store import MemoryStore
from tests.sdk.node_tools import tsc
from tests.service.conftest import live_server

ROOT = Path(__file__).resolve().parents[2]
GAMES_TS = ROOT / "clients" / "node" / "src" / "games.ts"
HEADER = ("kind", "seat", "text")


BUILT_IN = {game.id for game in built_in_games()}


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, Any]]:
    """What a real server on port 0 serves: its catalog's schemas by built-in game (the SDKs' types; a plugin game's
    schemas are served at run time only), and its OpenAPI document."""
    with live_server(MemoryStore(), "memory") as running:
        status, catalog = running.rest.get("/v1/game-types")
        assert status == 200
        status, document = running.rest.get("/openapi.json")
        assert status == 200
    yield {
        "games": {entry["id"]: entry["schemas"] for entry in catalog["gameTypes"] if entry["id"] in BUILT_IN},
        "key_kinds": document["components"]["schemas"]["KeyEvent"]["properties"]["kind"]["enum"],
        "bot_kinds": catalog["botKinds"],
        "levels": {entry["id"]: [level["name"] for level in entry["levels"]] for entry in catalog["gameTypes"]},
    }


def fields(schema: dict[str, Any]) -> set[str]:
    return set(schema.get("properties", {}))


def typed_dict_keys(typed: Any) -> set[str]:
    return set(typed.__required_keys__ | typed.__optional_keys__)


def test_the_served_catalog_has_the_services_events_and_the_key_kinds(served: dict[str, Any]) -> None:
    """The other tests compare with this: a catalog without the service's events would prove nothing."""
    assert sorted(served["games"]) == ["dracula", "dragon_rummy", "draw_blood", "house_rummy", "rummy_battle"]
    for schemas in served["games"].values():
        assert {"seed_revealed", "forfeited", "ended"} <= set(schemas["events"])
    assert len(served["games"]["dracula"]["events"]) == 11
    assert {"game_created", "game_joined", "your_turn", "game_finished"} <= set(served["key_kinds"])
    assert served["bot_kinds"] == ["random", "greedy", "mcts", "easy", "medium", "hard"]
    assert all(levels == ["easy", "medium", "hard"] for levels in served["levels"].values())


def test_the_python_types_hold_every_served_kind_field_and_argument(served: dict[str, Any]) -> None:
    from cardengine_client import games as types

    for game_id, schemas in served["games"].items():
        prefix = pascal(game_id)
        assert typed_dict_keys(getattr(types, f"{prefix}View")) == fields(schemas["view"]), game_id
        members = {typing.get_args(member.__annotations__["kind"])[0]: member for member in get_union(types, prefix)}
        assert set(members) == set(schemas["events"]), game_id
        for kind, schema in schemas["events"].items():
            assert typed_dict_keys(members[kind]) == fields(schema), (game_id, kind)
        move_args = typing.get_type_hints(getattr(types, f"{prefix}MoveArgs"))
        assert set(move_args) == set(schemas["moveArgs"]), game_id
        for kind, schema in schemas["moveArgs"].items():
            assert typed_dict_keys(move_args[kind]) == fields(schema), (game_id, kind)
    assert list(typing.get_args(types.KeyEventKind)) == served["key_kinds"]
    assert list(typing.get_args(types.BotKind)) == served["bot_kinds"]
    for levels in served["levels"].values():
        assert list(typing.get_args(types.BotLevelName)) == levels


def get_union(types: Any, prefix: str) -> tuple[Any, ...]:
    return typing.get_args(getattr(types, f"{prefix}Event"))


def test_mypy_accepts_every_served_kind_and_refuses_another(served: dict[str, Any], tmp_path: Path) -> None:
    """`event["kind"] == "seed_revealed"` type-checks (it was a mypy error), as does every served kind, and
    narrows to the kind's fields; a kind no game serves is an error (strict equality)."""
    lines = ["from cardengine_client import games", ""]
    for game_id, schemas in served["games"].items():
        prefix = pascal(game_id)
        lines.append(f"def {game_id}(event: games.{prefix}Event, kind: games.KeyEventKind) -> list[object]:")
        checks = [f"event['kind'] == {json.dumps(kind)}" for kind in schemas["events"]]
        checks += [f"kind == {json.dumps(kind)}" for kind in served["key_kinds"]]
        lines.append(f"    found: list[object] = [{', '.join(checks)}]")
        lines.append("    if event['kind'] == 'seed_revealed':")
        lines.append("        found.append(event['seed'])")
        lines.append("    return found")
        lines.append("")
    lines += ["def unknown(event: games.DraculaEvent) -> bool:", "    return event['kind'] == 'no_such_kind'", ""]
    checked = tmp_path / "served_kinds.py"
    checked.write_text("\n".join(lines))
    command = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(checked)]
    run = subprocess.run(command, cwd=ROOT / "clients" / "python", capture_output=True, text=True, timeout=600)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, run.stdout + run.stderr
    assert "Non-overlapping equality check" in errors[0] and "no_such_kind" in errors[0]


def ts_keys(names: set[str]) -> str:
    return " | ".join(json.dumps(name) for name in sorted(names)) or "never"


def ts_fields(type_name: str, names: set[str]) -> str:
    """That ``type_name`` has exactly the fields ``names`` (an object without fields: Record<string, never>)."""
    if not names:
        return f"Equal<{type_name}, Record<string, never>>"
    return f"Equal<keyof {type_name}, {ts_keys(names)}>"


TS_PRELUDE = """import type * as G from "./games";
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
"""


def ts_assertions(served: dict[str, Any]) -> list[str]:
    checks: list[str] = []
    for game_id, schemas in served["games"].items():
        prefix = f"G.{pascal(game_id)}"
        checks.append(ts_fields(f"{prefix}View", fields(schemas["view"])))
        checks.append(f'Equal<{prefix}Event["kind"], {ts_keys(set(schemas["events"]))}>')
        for kind, schema in schemas["events"].items():
            checks.append(ts_fields(f"Extract<{prefix}Event, {{ kind: {json.dumps(kind)} }}>", fields(schema)))
        checks.append(f"Equal<keyof {prefix}MoveArgs, {ts_keys(set(schemas['moveArgs']))}>")
        for kind, schema in schemas["moveArgs"].items():
            checks.append(ts_fields(f"{prefix}MoveArgs[{json.dumps(kind)}]", fields(schema)))
    checks.append(f"Equal<G.KeyEventKind, {ts_keys(set(served['key_kinds']))}>")
    checks.append(f"Equal<G.BotKind, {ts_keys(set(served['bot_kinds']))}>")
    checks.append(f"Equal<G.BotLevelName, {ts_keys(set(served['levels']['dracula']))}>")
    return checks


def test_tsc_finds_every_served_kind_field_and_argument_in_the_node_types(
    served: dict[str, Any], tmp_path: Path
) -> None:
    checks = ts_assertions(served)
    body = [f"export const check{index}: {check} = true;" for index, check in enumerate(checks)]
    narrowing = [
        "export function seed(event: G.DraculaEvent): string {",
        '  return event.kind === "seed_revealed" ? event.seed : event.kind === "forfeited" ? event.reason : "";',
        "}",
    ]
    (tmp_path / "games.ts").write_text(GAMES_TS.read_text())
    (tmp_path / "served.ts").write_text(TS_PRELUDE + "\n".join(body + narrowing) + "\n")
    run = tsc(tmp_path, tmp_path / "served.ts")
    assert run.returncode == 0, run.stdout[:6000] + run.stderr
    games = served["games"].values()
    assert len(checks) == 3 + sum(3 + len(schemas["events"]) + len(schemas["moveArgs"]) for schemas in games)


def test_tsc_fails_on_types_that_miss_a_served_kind(served: dict[str, Any], tmp_path: Path) -> None:
    """The assertions bite: games.ts without seed_revealed in Dracula's event union fails them."""
    original = GAMES_TS.read_text()
    crippled = original.replace(" | DraculaSeedRevealedEvent", "", 1)
    assert crippled != original
    (tmp_path / "games.ts").write_text(crippled)
    checks = ts_assertions(served)
    body = [f"export const check{index}: {check} = true;" for index, check in enumerate(checks)]
    (tmp_path / "served.ts").write_text(TS_PRELUDE + "\n".join(body) + "\n")
    run = tsc(tmp_path, tmp_path / "served.ts")
    failing = sorted({line.split("(")[1].split(",")[0] for line in run.stdout.splitlines() if "error TS" in line})
    assert run.returncode != 0 and len(failing) == 2, run.stdout[:3000]  # the kinds, and seed_revealed's fields

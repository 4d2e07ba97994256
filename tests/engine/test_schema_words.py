"""Words for people in every game's JSON Schemas (issue 27, engine/schema_words.py): a title and a description on
every field of the view, the events, the score sheet and the move arguments, and a label on every enum value
(``x-enumLabels``), so a page can render any game without hard-coded words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine

RAW_KEY = re.compile(r"[a-z][A-Z]|_")  # camelCase or snake_case: an internal name, not words


def walk(schema: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every sub-schema, with where it is."""
    if isinstance(schema, list):
        for item in schema:
            yield from walk(item, where)
        return
    if not isinstance(schema, dict):
        return
    yield where, schema
    for name, sub in schema.get("properties", {}).items():
        yield from walk(sub, f"{where}.{name}")
    for key in ("items", "anyOf", "oneOf"):
        if key in schema:
            yield from walk(schema[key], where)


def served_parts(game_id: str) -> Iterator[tuple[str, dict[str, Any]]]:
    schemas = engine.game_schemas(game_id)
    yield "view", schemas["view"]
    yield "score", schemas["score"]
    for kind, schema in schemas["events"].items():
        yield f"event {kind}", schema
    for kind, schema in schemas["moveArgs"].items():
        yield f"move {kind}", schema


@pytest.mark.parametrize("game_id", sorted(game.id for game in engine.all_games()))
def test_every_field_has_a_title_and_a_description_and_every_value_a_label(game_id: str) -> None:
    for part, schema in served_parts(game_id):
        for where, sub in walk(schema, part):
            for name, field in sub.get("properties", {}).items():
                assert field.get("title"), f"{game_id} {where}.{name} has no title"
                assert field.get("description"), f"{game_id} {where}.{name} has no description"
                assert not RAW_KEY.search(field["title"]), f"{game_id} {where}.{name}: title {field['title']!r}"
            values = sub.get("enum", [sub["const"]] if "const" in sub else None)
            if values is None:
                continue
            labels = sub.get("x-enumLabels")
            assert isinstance(labels, dict), f"{game_id} {where}: enum without x-enumLabels"
            assert set(labels) == {str(value) for value in values}, f"{game_id} {where}: labels do not match"
            for value, label in labels.items():
                assert label and not RAW_KEY.search(label), f"{game_id} {where}: {value!r} labelled {label!r}"


def labels_of(schema: dict[str, Any]) -> dict[str, str]:
    labels: dict[str, str] = schema["x-enumLabels"]
    return labels


def test_labels_and_titles_are_the_words_a_table_shows() -> None:
    draw_blood = engine.game_schemas("draw_blood")
    meld_kinds = labels_of(draw_blood["events"]["melded"]["properties"]["meldKind"])
    assert meld_kinds["monster_set"] == "Monster set" and meld_kinds["immunity_run"] == "Immunity run"
    assert draw_blood["events"]["hand_scored"]["title"] == "Hand scored"
    dracula = engine.game_schemas("dracula")
    assert labels_of(dracula["events"]["declared"]["properties"]["direction"]) == {
        "across": "Across (the Queen's way)",
        "down": "Down (the King's way)",
    }
    assert labels_of(dracula["events"]["placed"]["properties"]["card"])["QH"] == "Queen of Hearts"
    assert labels_of(dracula["events"]["placed"]["properties"]["cell"])["b2"] == "Cell b2"
    house = engine.game_schemas("house_rummy")
    targets = labels_of(house["moveArgs"]["claim"]["properties"]["target"])
    assert (targets["3"], targets["3lo"], targets["3hi"]) == ("Group 3", "Group 3, low end", "Group 3, high end")
    assert labels_of(house["view"]["properties"]["hand"]["items"])["HP"] == "Hot Potato"
    view_fields = house["view"]["properties"]
    assert (view_fields["handCounts"]["title"], view_fields["stockCount"]["title"]) == (
        "Cards in hand",
        "Cards in the stock",
    )
    assert view_fields["game"]["description"] == "The game type's id, e.g. \"dracula\" (not the match's id)."
    battle = engine.game_schemas("rummy_battle")
    assert labels_of(battle["moveArgs"]["thief"]["properties"]["group"])["g2"] == "Group 2"

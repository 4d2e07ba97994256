// Words for what the server names by key: a field, an enum value, a phase. The game's schemas give titles and enum
// labels when the server sends them; otherwise a key is spelled out ("monster_set" -> "Monster set",
// "openLow" -> "Open low"), so no internal name reaches the table.

import { gameTypeOf } from "./catalog.js";

/** "monster_set", "monsterSet", "MONSTER_SET" -> "Monster set". */
export function humanize(key) {
  const words = String(key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function viewSchema(gameType) {
  const type = gameTypeOf(gameType);
  return (type.schemas && type.schemas.view && type.schemas.view.properties) || {};
}

// An enum's labels, in any of the shapes a schema may carry them: `enumLabels` / `x-enumLabels` (a map or a list in
// the enum's order), or `oneOf: [{const, title}]`.
function enumLabel(schema, value) {
  if (!schema || typeof schema !== "object") return null;
  for (const name of ["enumLabels", "x-enumLabels", "x-enum-labels"]) {
    const labels = schema[name];
    if (Array.isArray(labels) && Array.isArray(schema.enum)) {
      const at = schema.enum.indexOf(value);
      if (at >= 0 && labels[at]) return labels[at];
    } else if (labels && typeof labels === "object" && labels[value]) {
      return labels[value];
    }
  }
  for (const option of schema.oneOf || schema.anyOf || []) {
    if (option && option.const === value && option.title) return option.title;
  }
  return null;
}

/** The title of a view field (its schema's `title`), else the key spelled out. */
export function fieldTitle(gameType, key) {
  const schema = viewSchema(gameType)[key];
  return schema && schema.title ? schema.title : humanize(key);
}

/** A view field's value in words: its enum label, else the value spelled out. */
export function valueLabel(gameType, key, value) {
  const label = enumLabel(viewSchema(gameType)[key], value);
  if (label) return label;
  return typeof value === "string" ? humanize(value) : String(value);
}

/** Any enum value in words, looked up across the view's fields; a plain word otherwise. */
export function anyLabel(gameType, value) {
  for (const schema of Object.values(viewSchema(gameType))) {
    const label = enumLabel(schema, value) || enumLabel(schema && schema.items, value);
    if (label) return label;
  }
  return humanize(value);
}

/** "1 card", "3 cards". */
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A server text with any key it quotes spelled out ("(option second_chance)" -> "(option second chance)"). */
export function inWords(text) {
  return String(text || "").replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (key) => humanize(key).toLowerCase());
}

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

/** The title of a game option, as the lobby shows it: the catalog's `title`, else its name spelled out. */
export function optionTitle(gameType, name) {
  const option = gameType ? (gameTypeOf(gameType).options || []).find((entry) => entry.name === name) : null;
  return (option && option.title) || humanize(name);
}

/** A server text in words: a game option it names by key ("(option second_chance)") by its title as the lobby
 * shows it ("(only with the option “Second chance”)"), any other key it quotes spelled out. */
export function inWords(text, gameType) {
  return String(text || "")
    .replace(/\(option ([a-z][a-z0-9_]*)\)/g, (_all, name) => `(only with the option \u201c${optionTitle(gameType, name)}\u201d)`)
    .replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (key) => humanize(key).toLowerCase());
}

// Games whose groups and piles the server numbers from 0 (its ids are their places in the view's list). People
// count from 1: the table shows them, and the server's texts that name them, one higher.
const COUNTED_FROM_ZERO = new Set(["house_rummy"]);

/** A group's (or meld's) number as people count: from 1. `id` is the view's id (a number, or a word with a number
 * such as "g2"), else the group's place `index` in its list; `isPlace` says `id` is itself such a place. */
export function groupNumber(gameType, id, index, isPlace = false) {
  if (isPlace && typeof id === "number") return id + 1;
  if (typeof id === "string" && /^[a-z]*\d+$/i.test(id)) return Number(/\d+$/.exec(id)[0]);
  if (typeof id === "number") return COUNTED_FROM_ZERO.has(gameType) ? id + 1 : id;
  return Number(index) + 1;
}

/** A server text with its groups and piles numbered as people count ("discard pile 0" -> "discard pile 1",
 * "group g2" -> "group 2"). */
export function countedForPeople(gameType, text) {
  let shown = String(text).replace(/\b([Gg]roup|[Ss]et|[Rr]un) g(\d+)\b/g, "$1 $2");
  if (COUNTED_FROM_ZERO.has(gameType)) {
    shown = shown.replace(/\b([Gg]roup|[Pp]ile) (\d+)\b/g, (_all, noun, number) => `${noun} ${Number(number) + 1}`);
  }
  return shown;
}

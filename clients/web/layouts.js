// The table of each game, laid out from its view JSON (the game's part of `GET /v1/games/{id}` -> view). Every
// layout gets a context `ui` with: card(code) -> a card element, cell(name, code) -> a coffin cell,
// pile(key, label, test, content) -> content that selects the moves passing `test`, seatName(seat),
// whose(seat) -> "Your" / "Ann's", cardName(code, given?), gameType, h(tag, attributes, ...children) (see
// boardContext in table_view.js).
// Every key shown is spelled out in words (words.js): no internal name reaches the table.

import { gameTypeOf } from "./catalog.js";
import { anyLabel, fieldTitle, groupNumber, humanize, plural, valueLabel } from "./words.js";

function section(ui, title, ...children) {
  return ui.h("section", { class: "board-part", "aria-label": title }, ui.h("h3", {}, title), ...children);
}

function cardRow(ui, codes, label) {
  const row = ui.h("div", { class: "card-row", role: "list", "aria-label": label });
  for (const code of codes || []) row.append(ui.h("div", { role: "listitem" }, ui.card(code)));
  if (!codes || codes.length === 0) row.append(ui.h("div", { role: "listitem", class: "empty" }, "none"));
  return row;
}

function counts(ui, items) {
  const list = ui.h("dl", { class: "counts" });
  for (const [term, value] of items) {
    if (value === undefined || value === null || value === "") continue;
    list.append(ui.h("dt", {}, term), ui.h("dd", {}, String(value)));
  }
  return list;
}

const argumentOf = (move, ...names) => names.map((name) => (move.args || {})[name]).find((value) => value !== undefined);

// A group's facts in words: "protected", an open end, who started it; false flags and raw fields are left out.
function groupFacts(ui, group) {
  const facts = [];
  const owner = group.owner !== undefined ? group.owner : group.startedBy;
  if (owner !== undefined && owner !== null) facts.push(`started by ${ui.seatName(owner)}`);
  if (group.protected) facts.push("protected");
  if (group.wild || group.jokers) facts.push(`${plural(group.jokers || 1, "wild card")}`);
  return facts;
}

function groupBox(ui, group, noun, index) {
  const kind = group.kind ? valueLabel(ui.gameType, "groups", group.kind) : noun;
  const number = groupNumber(ui.gameType, group.id, index); // from 1, as people count (and the texts say, names.js)
  const title = `${kind} ${number}`;
  const facts = groupFacts(ui, group);
  const figure = ui.h("figure", { class: "group", "aria-label": title, "data-group": group.id ?? index },
    ui.h("figcaption", {}, title, facts.length ? ui.h("small", {}, ` (${facts.join(", ")})`) : ""),
    cardRow(ui, group.cards, title));
  const id = String(group.id ?? index);
  return ui.pile(`group-${id}`, title, (move) => argumentOf(move, "target", "group", "meld") === id, figure);
}

function groups(ui, list, noun) {
  const box = ui.h("div", { class: "groups" });
  (list || []).forEach((group, index) => box.append(groupBox(ui, group, noun, index)));
  if (!list || list.length === 0) box.append(ui.h("p", { class: "empty" }, `No ${noun.toLowerCase()}s yet.`));
  return box;
}

/** The one discard pile of a game: selecting it keeps the moves that take from it. */
function discardPile(ui, codes, label, kinds) {
  return ui.pile("discard-pile", label.toLowerCase(), (move) => kinds.includes(move.kind),
    cardRow(ui, codes, label));
}

function dracula(ui, view) {
  const grid = ui.h("div", { class: "coffin", role: "grid", "aria-label": "The coffin (3 by 3)" });
  const header = ui.h("div", { role: "row", class: "coffin-row" }, ui.h("span", { class: "corner" }));
  for (const column of "abc") header.append(ui.h("span", { role: "columnheader", class: "axis" }, column));
  grid.append(header);
  (view.coffin || []).forEach((row, rowIndex) => {
    const line = ui.h("div", { role: "row", class: "coffin-row" });
    line.append(ui.h("span", { role: "rowheader", class: "axis" }, String(rowIndex + 1)));
    row.forEach((code, columnIndex) => {
      const name = "abc"[columnIndex] + String(rowIndex + 1);
      line.append(ui.h("div", { role: "gridcell" }, ui.cell(name, code)));
    });
    grid.append(line);
  });
  const way = { across: "across (the Queen's way: rows)", down: "down (the King's way: columns)" };
  const directions = (view.directions || []).map((direction, seat) =>
    direction ? `${ui.seatName(seat)} scores ${way[direction] || humanize(direction)}`
      : `${ui.seatName(seat)} has no direction yet`);
  return [
    section(ui, "Coffin", grid, ui.h("p", { class: "directions" }, directions.join("; "))),
    section(ui, "Deal", counts(ui, [["Deal", `${view.deal} of ${(view.options || {}).deals}`],
      ["Coffin in this deal", view.coffinInDeal], ["Dealer", ui.seatName(view.dealer)],
      ["Cards in stock", view.stockCount]])),
    section(ui, "Used cards", cardRow(ui, view.used, "Used cards")),
  ];
}

function dragonRummy(ui, view) {
  const areas = ui.h("div", { class: "areas" });
  (view.playAreas || []).forEach((cards, seat) => {
    const points = (view.playAreaPoints || [])[seat];
    const title = `${ui.whose(seat)} play area${points === undefined ? "" : ` (${plural(points, "point")})`}`;
    areas.append(ui.h("figure", { class: "group", "aria-label": title }, ui.h("figcaption", {}, title),
      cardRow(ui, cards, title)));
  });
  return [
    section(ui, "Play areas", areas),
    section(ui, "Discard pile (spread, top last)", discardPile(ui, view.discard, "Discard pile", ["take"])),
    section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Target score", view.targetScore],
      ["Cards in the dragon deck", view.deckCount], ["Rare dragon", ui.cardName(view.rare, view.rareName)],
      ["Draw-2 dragon", ui.cardName(view.drawTwo, view.drawTwoName)]])),
  ];
}

function drawBlood(ui, view) {
  const rows = ui.h("div", { class: "areas" });
  (view.monsterRows || []).forEach((row, seat) => {
    const title = `${ui.whose(seat)} Monster Row`;
    const slots = ui.h("div", { class: "monster-row" });
    for (const [slot, monster] of Object.entries(row || {})) {
      const cardNamed = ui.cardName(slot.toUpperCase());
      const name = cardNamed && cardNamed !== slot.toUpperCase() ? cardNamed : anyLabel(ui.gameType, slot);
      const state = !monster.cards || !monster.cards.length ? "empty" : monster.alive ? "alive" : "killed";
      const label = `${name}: ${state}${monster.immune ? ", immune" : ""}`;
      slots.append(ui.h("figure", { class: `group monster ${monster.alive ? "alive" : "dead"}`,
        "aria-label": `${title}: ${label}` }, ui.h("figcaption", {}, label),
      cardRow(ui, [...(monster.cards || []), ...(monster.immunity || [])], `${title}: ${label}`)));
    }
    rows.append(ui.h("div", { class: "seat-area" }, ui.h("h4", {}, title), slots));
  });
  return [
    section(ui, "Monster Rows", rows),
    section(ui, "Melds", groups(ui, view.melds, "Meld")),
    section(ui, "Discard pile (top last)", discardPile(ui, view.discardPile, "Discard pile",
      ["pick_up_discard_pile"])),
    section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Target score", view.targetScore],
      ["Cards in the Draw Pile", view.drawPileCount], ["Moves left", view.movesLeft],
      ["Leader", ui.seatName(view.leader)]])),
  ];
}

function houseRummy(ui, view) {
  const piles = ui.h("div", { class: "areas" });
  (view.piles || []).forEach((cards, index) => {
    const title = `Discard pile ${index + 1} (bottom first)`; // counted from 1, as the texts say them (names.js)
    const figure = ui.h("figure", { class: "group", "aria-label": title, "data-pile": index },
      ui.h("figcaption", {}, title), cardRow(ui, cards, title));
    piles.append(ui.pile(`pile-${index}`, `discard pile ${index + 1}`,
      (move) => argumentOf(move, "pile") === String(index) || (move.kind === "search" && index === 0), figure));
  });
  const parts = [
    section(ui, "Groups", groups(ui, view.groups, "Group")),
    section(ui, "Discard piles", piles),
  ];
  const potatoes = (view.potatoOnBoard || []).map((cards, seat) => [seat, cards]).filter(([, cards]) => cards.length);
  if (potatoes.length) {
    parts.push(section(ui, "Hot Potatoes on the board",
      ...potatoes.map(([seat, cards]) => cardRow(ui, cards, `${ui.whose(seat)} Hot Potatoes`))));
  }
  parts.push(section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Dealer", ui.seatName(view.dealer)],
    ["Play goes", view.direction ? valueLabel(ui.gameType, "direction", view.direction).toLowerCase() : ""],
    ["Cards in stock", view.stockCount]])));
  return parts;
}

function rummyBattle(ui, view) {
  return [
    section(ui, "Groups", groups(ui, view.groups, "Group")),
    section(ui, "Discard pile (top last)", discardPile(ui, view.discardPile, "Discard pile", ["take", "hoard"])),
    section(ui, "Action pile (top last)", cardRow(ui, view.actionPile, "Action pile")),
    section(ui, "Round", counts(ui, [["Round", `${view.round} of ${view.rounds}`], ["Dealer", ui.seatName(view.dealer)],
      ["Cards in stock", view.stockCount], ["Cards above the marker", view.cardsAboveMarker],
      ["Opened", (view.opened || []).map((open, seat) => `${ui.seatName(seat)}: ${open ? "yes" : "no"}`).join(", ")],
      ["Gone out", (view.outs || []).map((seat) => ui.seatName(seat)).join(", ") || "nobody"]])),
  ];
}

// The layouts of their own, by game id: presentation only, not a list of games (the games are the catalog's). A
// game the catalog lists and this table does not know is laid out by `generic` (docs/web_table.md).
const LAYOUTS = {
  dracula,
  dragon_rummy: dragonRummy,
  draw_blood: drawBlood,
  house_rummy: houseRummy,
  rummy_battle: rummyBattle,
};

// Keys every layout shows elsewhere on the page (players, hand, turn) or that say nothing to a player.
const COMMON_KEYS = new Set(["seat", "toAct", "game", "players", "hand", "handCounts", "totals", "finished", "phase",
  "step", "turn", "options", "rulesVersion", "seatNames", "bots", "hands"]);

const isCardList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** A list's title as the noun of one of its items: "Melds" -> "Meld" (a group is "Meld 2"). */
const singular = (title) => title.replace(/([^s])s$/, "$1");

/** Lists of cards, one per seat (hands shown, piles of each seat) or numbered (piles), each a row of its own. */
function cardLists(ui, lists, title, seats) {
  return lists.map((cards, index) => {
    const label = lists.length === seats ? `${ui.whose(index)} ${title.toLowerCase()}` : `${title} ${index + 1}`;
    return ui.h("div", { class: "card-list", "aria-label": label }, ui.h("h4", {}, label), cardRow(ui, cards, label));
  });
}

/** Whether a view field's schema is a seat's (engine/schema_parts.py `seat`: an integer 0 to the seats less one,
 * maybe or null). */
function isSeatField(gameType, key, seats) {
  const schema = ((gameTypeOf(gameType).schemas || {}).view || {}).properties?.[key] || {};
  return [schema, ...(schema.anyOf || [])].some((option) => option && option.type === "integer" &&
    option.minimum === 0 && option.maximum === seats - 1);
}

/** The view's single numbers (a count, the hand's number) in words, a seat's by its name; null ones left out. */
function glance(ui, view, seats) {
  const items = Object.entries(view)
    .filter(([key, value]) => !COMMON_KEYS.has(key) && typeof value === "number")
    .map(([key, value]) => [fieldTitle(ui.gameType, key),
      isSeatField(ui.gameType, key, seats) ? ui.seatName(value) : value]);
  return items.length ? [section(ui, "At a glance", counts(ui, items))] : [];
}

/** A view of a game this page has no layout for (a plugin's, say), from the shape of its fields: every list of
 * cards as a row, every list of groups (objects with `cards`) as melds, a list of card lists (one per seat, or
 * piles) as rows under it, a number per seat (points, scores) by seat name, and its single numbers "at a glance"
 * (a seat's by name); titles from the view's schema. */
function generic(ui, view) {
  const parts = [];
  const seats = typeof view.players === "number" ? view.players : (view.handCounts || []).length;
  for (const [key, value] of Object.entries(view)) {
    if (COMMON_KEYS.has(key) || !Array.isArray(value)) continue;
    const title = fieldTitle(ui.gameType, key);
    if (isCardList(value)) {
      parts.push(section(ui, title, cardRow(ui, value, title)));
    } else if (value.every((item) => item && Array.isArray(item.cards))) {
      parts.push(section(ui, title, groups(ui, value, singular(title))));
    } else if (value.length > 0 && value.every(isCardList)) {
      parts.push(section(ui, title, ...cardLists(ui, value, title, seats)));
    } else if (seats > 0 && value.length === seats && value.every((item) => typeof item === "number")) {
      parts.push(section(ui, title, counts(ui, value.map((number, seat) => [ui.seatName(seat), number]))));
    }
  }
  return [...parts, ...glance(ui, view, seats)];
}

export function boardParts(ui, gameType, view) {
  const layout = LAYOUTS[gameType] || generic;
  return layout(ui, view);
}

// Phases that a game's schema gives no label and whose key says little, in words.
const PHASE_WORDS = {
  house_rummy: { draw: "Draw", play: "Play, then discard", potato: "Pass the Hot Potato or keep it",
    claim: "Rummy on the board: the discard may be claimed", extra_discard: "The extra discard (Draw & Discard 1)" },
};

// House Rummy's card abilities that wait for a choice (the view's `action`: name, by, with, ask), and the step of
// the two that wait for a card given.
const ABILITIES = { fish: "Fish", see_hand: "See Hand", exchange: "Exchange 1", search: "Search Discard" };
const ABILITY_STEPS = { fish_give: "the asked player gives a card", exchange_give: "both players give a card" };
const RANK_WORDS = { A: "Aces", T: "10s", J: "Jacks", Q: "Queens", K: "Kings" };
const SUIT_WORDS = { S: "Spades", H: "Hearts", D: "Diamonds", C: "Clubs" };

function askedFor(ui, ask) {
  if (SUIT_WORDS[ask]) return `a card of ${SUIT_WORDS[ask]}`;
  if (RANK_WORDS[ask] || /^[2-9]$/.test(ask)) return `a card of the ${RANK_WORDS[ask] || `${ask}s`}`;
  return ui.cardName(ask);
}

/** A card ability waiting for a choice, in words: "See Hand, played by Ann (you)". */
function abilityText(ui, action, phase) {
  const parts = [`${ABILITIES[action.name] || anyLabel(ui.gameType, action.name)}, played by ${ui.seatName(action.by)}`];
  if (action.with !== null && action.with !== undefined && action.with !== "") {
    parts.push(`${action.name === "exchange" ? "with" : "asking"} ${ui.seatName(action.with)}`);
  }
  if (action.ask) parts.push(`${action.name === "search" ? "taking" : "for"} ${askedFor(ui, action.ask)}`);
  if (ABILITY_STEPS[phase]) parts.push(ABILITY_STEPS[phase]);
  return parts.join(", ");
}

function phaseText(ui, phase) {
  return (PHASE_WORDS[ui.gameType] || {})[phase] || valueLabel(ui.gameType, "phase", phase);
}

/** Words for what the seats are waiting on: the phase and whatever the view says is pending. */
export function pendingText(ui, view) {
  const parts = [];
  const ability = view.action && typeof view.action === "object" && !Array.isArray(view.action) &&
    view.action.name !== undefined ? view.action : null;
  if (ability) parts.push(`Now: ${abilityText(ui, ability, view.phase)}`);
  else if (view.phase && view.phase !== "finished") parts.push(`Now: ${phaseText(ui, view.phase)}`);
  const mustPlay = view.mustPlay || view.mustUse;
  if (mustPlay) parts.push(`must play ${describeValue(ui, mustPlay)}`);
  if (view.mustPlayBottomCard) parts.push("the bottom card taken must be played");
  if (view.pending) parts.push(`waiting on ${describeValue(ui, view.pending)}`);
  if (view.claim) parts.push(`a discard can be claimed (${describeValue(ui, view.claim)})`);
  if (view.action && !ability) parts.push(`card ability: ${describeValue(ui, view.action)}`);
  if (view.luckyDay) parts.push(`Lucky Day: ${describeValue(ui, view.luckyDay)}`);
  return parts.join("; ");
}

const SEAT_FIELDS = /^(seat|to|by|from|owner|discarder|player|asker|target_seat|targetSeat)$/;

function describeValue(ui, value, key) {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && key && SEAT_FIELDS.test(key)) return ui.seatName(value);
  if (typeof value === "string") {
    const name = ui.cardName(value);
    return name !== value ? name : /^[A-Z0-9]{1,3}$/.test(value) ? value : humanize(value).toLowerCase();
  }
  if (Array.isArray(value)) {
    if (key && /seats/i.test(key) && value.every((item) => typeof item === "number")) {
      return value.map((seat) => ui.seatName(seat)).join(", ");
    }
    return value.map((item) => describeValue(ui, item)).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .filter(([, item]) => item !== null && item !== undefined && item !== false && item !== "")
      .map(([inner, item]) => item === true ? humanize(inner).toLowerCase()
        : `${humanize(inner).toLowerCase()} ${describeValue(ui, item, inner)}`)
      .join(", ");
  }
  return String(value);
}

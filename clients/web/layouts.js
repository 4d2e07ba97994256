// The table of each game, laid out from its view JSON (the game's part of `GET /v1/games/{id}` -> view). Every
// layout gets a context `ui` with: card(code) -> a card element (a button when the seat can filter moves by it),
// cell(name, code) -> a coffin cell, seatName(seat), cardName(code, given?), h(tag, attributes, ...children) to
// build elements (see boardContext in table_view.js).
// A view key a layout does not know is shown by the generic renderer, so a new field is never lost.

function section(ui, title, ...children) {
  return ui.h("section", { class: "board-part", "aria-label": title }, ui.h("h4", {}, title), ...children);
}

function cardRow(ui, codes, label) {
  const row = ui.h("div", { class: "card-row", role: "list", "aria-label": label });
  for (const code of codes || []) row.append(ui.h("div", { role: "listitem" }, ui.card(code)));
  if (!codes || codes.length === 0) row.append(ui.h("span", { class: "empty" }, "none"));
  return row;
}

function counts(ui, items) {
  const list = ui.h("dl", { class: "counts" });
  for (const [term, value] of items) {
    if (value === undefined || value === null) continue;
    list.append(ui.h("dt", {}, term), ui.h("dd", {}, String(value)));
  }
  return list;
}

function groupBox(ui, group, title) {
  const captions = [];
  for (const [key, value] of Object.entries(group)) {
    if (["cards", "id", "kind", "owner", "startedBy"].includes(key) || Array.isArray(value) || value === null) continue;
    if (typeof value === "object") continue;
    captions.push(`${key}: ${value}`);
  }
  return ui.h(
    "figure",
    { class: "group", "aria-label": title },
    ui.h("figcaption", {}, title, captions.length ? ui.h("small", {}, ` (${captions.join(", ")})`) : ""),
    cardRow(ui, group.cards, title),
  );
}

function groups(ui, list, noun) {
  const box = ui.h("div", { class: "groups" });
  for (const group of list || []) {
    const owner = group.owner !== undefined ? group.owner : group.startedBy;
    const whose = owner !== undefined && owner !== null ? `, ${ui.seatName(owner)}` : "";
    box.append(groupBox(ui, group, `${noun} ${group.id !== undefined ? group.id : ""} ${group.kind || ""}${whose}`));
  }
  if (!list || list.length === 0) box.append(ui.h("p", { class: "empty" }, `No ${noun.toLowerCase()}s yet.`));
  return box;
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
  const directions = (view.directions || []).map((direction, seat) =>
    direction ? `${ui.seatName(seat)} scores ${direction}` : `${ui.seatName(seat)} has not declared`);
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
    const title = `${ui.seatName(seat)}'s play area (${points === undefined ? "?" : points} points)`;
    areas.append(ui.h("figure", { class: "group", "aria-label": title }, ui.h("figcaption", {}, title),
      cardRow(ui, cards, title)));
  });
  return [
    section(ui, "Play areas", areas),
    section(ui, "Discard pile (spread, top last)", cardRow(ui, view.discard, "Discard pile")),
    section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Target score", view.targetScore],
      ["Cards in the dragon deck", view.deckCount], ["Rare dragon", ui.cardName(view.rare, view.rareName)],
      ["Draw-2 dragon", ui.cardName(view.drawTwo, view.drawTwoName)]])),
  ];
}

function drawBlood(ui, view) {
  const rows = ui.h("div", { class: "areas" });
  (view.monsterRows || []).forEach((row, seat) => {
    const title = `${ui.seatName(seat)}'s Monster Row`;
    const slots = ui.h("div", { class: "monster-row" });
    for (const [slot, monster] of Object.entries(row || {})) {
      const state = [monster.alive ? "alive" : "not alive", monster.immune ? "immune" : ""].filter(Boolean);
      const label = `${title}: ${slot} (${state.join(", ")})`;
      slots.append(ui.h("figure", { class: `group monster ${monster.alive ? "alive" : "dead"}`, "aria-label": label },
        ui.h("figcaption", {}, `${slot}: ${state.join(", ")}`),
        cardRow(ui, [...(monster.cards || []), ...(monster.immunity || [])], label)));
    }
    rows.append(ui.h("div", { class: "seat-area" }, ui.h("h5", {}, title), slots));
  });
  return [
    section(ui, "Monster Rows", rows),
    section(ui, "Melds", groups(ui, view.melds, "Meld")),
    section(ui, "Discard pile (top last)", cardRow(ui, view.discardPile, "Discard pile")),
    section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Target score", view.targetScore],
      ["Cards in the Draw Pile", view.drawPileCount], ["Moves left", view.movesLeft],
      ["Leader", ui.seatName(view.leader)]])),
  ];
}

function houseRummy(ui, view) {
  const piles = ui.h("div", { class: "areas" });
  (view.piles || []).forEach((cards, index) => {
    const title = `Discard pile ${index} (bottom first)`;
    piles.append(ui.h("figure", { class: "group", "aria-label": title }, ui.h("figcaption", {}, title),
      cardRow(ui, cards, title)));
  });
  const parts = [
    section(ui, "Groups", groups(ui, view.groups, "Group")),
    section(ui, "Discard piles", piles),
  ];
  const potatoes = (view.potatoOnBoard || []).map((cards, seat) => [seat, cards]).filter(([, cards]) => cards.length);
  if (potatoes.length) {
    parts.push(section(ui, "Hot Potatoes on the board",
      ...potatoes.map(([seat, cards]) => cardRow(ui, cards, `${ui.seatName(seat)}'s Hot Potatoes`))));
  }
  parts.push(section(ui, "Hand", counts(ui, [["Hand", view.handNumber], ["Dealer", ui.seatName(view.dealer)],
    ["Direction", view.direction], ["Cards in stock", view.stockCount]])));
  return parts;
}

function rummyBattle(ui, view) {
  return [
    section(ui, "Groups", groups(ui, view.groups, "Group")),
    section(ui, "Discard pile (top last)", cardRow(ui, view.discardPile, "Discard pile")),
    section(ui, "Action pile (top last)", cardRow(ui, view.actionPile, "Action pile")),
    section(ui, "Round", counts(ui, [["Round", `${view.round} of ${view.rounds}`], ["Dealer", ui.seatName(view.dealer)],
      ["Cards in stock", view.stockCount], ["Cards above the marker", view.cardsAboveMarker],
      ["Opened", (view.opened || []).map((open, seat) => `${ui.seatName(seat)}: ${open ? "yes" : "no"}`).join(", ")],
      ["Gone out", (view.outs || []).map((seat) => ui.seatName(seat)).join(", ") || "nobody"]])),
  ];
}

const LAYOUTS = {
  dracula,
  dragon_rummy: dragonRummy,
  draw_blood: drawBlood,
  house_rummy: houseRummy,
  rummy_battle: rummyBattle,
};

// Keys every layout shows elsewhere on the page (players, hand, turn) or that say nothing to a player.
const COMMON_KEYS = new Set(["seat", "toAct", "game", "players", "hand", "handCounts", "totals", "finished", "phase",
  "step", "turn", "options", "rulesVersion", "seatNames", "bots"]);

/** A view of a game this page has no layout for: every list of cards as a row, every other value as text. */
function generic(ui, view) {
  const parts = [];
  for (const [key, value] of Object.entries(view)) {
    if (COMMON_KEYS.has(key)) continue;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      parts.push(section(ui, key, cardRow(ui, value, key)));
    } else if (Array.isArray(value) && value.every((item) => item && Array.isArray(item.cards))) {
      parts.push(section(ui, key, groups(ui, value, key)));
    }
  }
  return parts;
}

export function boardParts(ui, gameType, view) {
  const layout = LAYOUTS[gameType] || generic;
  return layout(ui, view);
}

/** Words for what the seats are waiting on: the phase and whatever the view says is pending. */
export function pendingText(ui, view) {
  const parts = [];
  if (view.phase) parts.push(`Phase: ${String(view.phase).replace(/_/g, " ")}`);
  const mustPlay = view.mustPlay || view.mustUse;
  if (mustPlay) parts.push(`must play ${describeValue(ui, mustPlay)}`);
  if (view.mustPlayBottomCard) parts.push("the bottom card taken must be played");
  if (view.pending) parts.push(`pending: ${describeValue(ui, view.pending)}`);
  if (view.claim) parts.push(`claim: ${describeValue(ui, view.claim)}`);
  if (view.action) parts.push(`action: ${describeValue(ui, view.action)}`);
  if (view.luckyDay) parts.push(`Lucky Day: ${describeValue(ui, view.luckyDay)}`);
  return parts.join("; ");
}

function describeValue(ui, value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return ui.cardName(value);
  if (Array.isArray(value)) return value.map((item) => describeValue(ui, item)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value)
      .filter(([, item]) => item !== null && item !== undefined)
      .map(([key, item]) => `${key} ${key === "seat" || key === "to" ? ui.seatName(item) : describeValue(ui, item)}`)
      .join(", ");
  }
  return String(value);
}

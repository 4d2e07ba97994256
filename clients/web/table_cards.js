// A card, a coffin cell or a pile on the table: a picture, or, while the seat has moves, a button that selects it so
// that only the moves using it are listed (`actions.select(entry)`). A special card carries its name in text of
// its own (at least 11 px) and its effect as a tip on hover and focus; a tip never takes a click (style.css).
// A button's name is a visually hidden text inside it ("3 of Spades"), not an aria-label: the face's own letters
// ("3♠♠3") are visible text, and a label that does not contain them fails WCAG 2.5.3 (label in name).

import { cardFace } from "./cards.js";
import { h } from "./dom.js";
import { cardInfo, cardName } from "./names.js";
import { isSelected, isUsedByMoves } from "./selection.js";
import { inWords } from "./words.js";

function faceWithLabel(current, info, { tip = true } = {}) {
  const parts = [cardFace(info)];
  if (info.label) {
    parts.push(h("span", { class: `card-label${info.standsFor ? " stands-for" : ""}`, "aria-hidden": "true" },
      info.label));
  }
  if (tip && info.description) {
    parts.push(h("span", { class: "tip", role: "tooltip" }, inWords(info.description, current.game.gameType)));
  }
  return parts;
}

const spokenName = (name) => h("span", { class: "visually-hidden" }, name);

/** A card element; `key` tells apart equal cards in different places (the hand, each spot of the board). Board
 * cards select only when a move names them (a take of a spread pile); `static` draws a picture only. */
export function cardElement(current, actions, code, key, { onBoard = false, static: isStatic = false } = {}) {
  const info = cardInfo(current, code);
  const name = info.name;
  const used = !isStatic && isUsedByMoves(current.moves, code);
  const special = info.label ? " special" : "";
  if (isStatic || !current.token || !current.moves.length || (onBoard && !used)) {
    return h("span", { class: `card${special}`, role: "img", "aria-label": name, tabindex: info.description ? 0 : undefined,
      "data-card": code }, faceWithLabel(current, info));
  }
  const pressed = isSelected(current.selection, key);
  return h("button", {
    type: "button",
    class: `card${special}${used && !onBoard ? " playable" : ""}${pressed ? " selected" : ""}`,
    "aria-pressed": pressed ? "true" : "false",
    "data-card": code,
    "data-key": key,
    onclick: () => actions.select({ key, token: code, label: name }),
  }, spokenName(name), faceWithLabel(current, info));
}

/** A cell of Dracula's coffin by its name (a1..c3), empty or holding the card `code`: a card in a cell is drawn by
 * its face (and a special card's name), as in the hand; its effect is in "How to play" and on the hand's card. */
export function cellElement(current, actions, cellName, code) {
  const seated = current.game.seat !== undefined && current.game.seat !== null;
  const label = code ? `${cellName}: ${cardName(current, code)}` : `${cellName}: empty`;
  const usable = isUsedByMoves(current.moves, cellName);
  const info = code ? cardInfo(current, code) : null;
  const content = info
    ? h("span", { class: `card in-cell${info.label ? " special" : ""}` }, faceWithLabel(current, info, { tip: false }))
    : h("span", { class: "cell-name", "aria-hidden": "true" }, cellName);
  if (!seated || !current.moves.length || !usable) {
    return h("span", { class: `cell${code ? " filled" : ""}`, role: "img", "aria-label": label,
      "data-cell": cellName, "data-card": code || undefined }, content);
  }
  const key = `cell-${cellName}`;
  const pressed = isSelected(current.selection, key);
  return h("button", { type: "button", class: `cell playable${pressed ? " selected" : ""}`,
    "aria-pressed": pressed ? "true" : "false", "data-cell": cellName, "data-key": key,
    onclick: () => actions.select({ key, token: cellName, label: cellName, commits: true }) }, spokenName(label),
  content);
}

/** A pile or a group of the board: selecting it keeps the moves that use it (`test(move)`). */
export function pileElement(current, actions, { key, label, test }, content) {
  const usable = current.token && current.moves.some(test);
  if (!usable) return content;
  const pressed = isSelected(current.selection, key);
  return h("div", { class: `pile-pick${pressed ? " selected" : ""}` }, content,
    h("button", { type: "button", class: "pick", "data-key": key, "aria-pressed": pressed ? "true" : "false",
      onclick: () => actions.select({ key, test, label }) }, pressed ? `Showing moves with ${label}` : `Moves with ${label}`));
}

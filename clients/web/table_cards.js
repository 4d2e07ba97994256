// A card or a coffin cell on the table: a picture, or, while the seat has moves, a button that selects it so that
// only the moves using it are listed (`actions.select(key, token)`).

import { cardFace } from "./cards.js";
import { h } from "./dom.js";
import { cardInfo, cardName } from "./names.js";
import { isSelected, isUsedByMoves } from "./selection.js";

/** A card element; `key` tells apart equal cards in different places (the hand, each spot of the board). */
export function cardElement(current, actions, code, key) {
  const info = cardInfo(current, code);
  const name = info.name;
  const playable = isUsedByMoves(current.moves, code);
  if (!current.token || !current.moves.length) {
    return h("span", { class: "card", role: "img", "aria-label": name, title: name, "data-card": code },
      cardFace(info));
  }
  const pressed = isSelected(current.selection, key);
  return h("button", {
    type: "button",
    class: `card${playable ? " playable" : ""}${pressed ? " selected" : ""}`,
    "aria-label": name,
    "aria-pressed": pressed ? "true" : "false",
    title: name,
    "data-card": code,
    "data-key": key,
    onclick: () => actions.select(key, code),
  }, cardFace(info));
}

/** A cell of Dracula's coffin by its name (a1..c3), empty or holding the card `code`. */
export function cellElement(current, actions, cellName, code) {
  const seated = current.game.seat !== undefined && current.game.seat !== null;
  const label = code ? `${cellName}: ${cardName(current, code)}` : `${cellName}: empty`;
  const usable = isUsedByMoves(current.moves, cellName);
  const content = code ? cardFace(cardInfo(current, code)) : h("span", { class: "cell-name" }, cellName);
  if (!seated || !current.moves.length) {
    return h("span", { class: `cell${code ? " filled" : ""}`, role: "img", "aria-label": label,
      "data-cell": cellName, "data-card": code || undefined }, content);
  }
  const key = `cell-${cellName}`;
  const pressed = isSelected(current.selection, key);
  return h("button", { type: "button", class: `cell${code ? " filled" : ""}${usable ? " playable" : ""}` +
    `${pressed ? " selected" : ""}`, "aria-label": label, "aria-pressed": pressed ? "true" : "false",
    "data-cell": cellName, "data-card": code || undefined, "data-key": key,
    onclick: () => actions.select(key, cellName) }, content);
}

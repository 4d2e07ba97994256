// The seated player's panels: the hand (cards to select) and the moves the server offers, filtered by the
// selection; a move button asks `actions.play(move)`.

import { h } from "./dom.js";
import { cardName } from "./names.js";
import { moveMatches } from "./selection.js";
import { cardElement } from "./table_cards.js";

export function renderHand(current, actions, view) {
  const hand = view.hand || [];
  const list = h("div", { class: "card-row hand", id: "hand", role: "list", "aria-label": "Your hand" });
  hand.forEach((code, index) => {
    list.append(h("div", { role: "listitem" }, cardElement(current, actions, code, `hand-${index}-${code}`)));
  });
  if (!hand.length) list.append(h("span", { class: "empty" }, "No cards in your hand."));
  return h("section", { class: "panel", "aria-labelledby": "hand-title" },
    h("h3", { id: "hand-title" }, `Your hand (${hand.length})`),
    h("p", { class: "note" }, current.game.gameType === "dracula"
      ? "Select a card or a coffin cell to see only the moves that use it."
      : "Select cards to see only the moves that use them."), list);
}

export function renderMoves(current, actions, { isMyTurn }) {
  const box = h("section", { class: "panel", "aria-labelledby": "moves-title" },
    h("h3", { id: "moves-title" }, "Your moves"));
  if (!isMyTurn) {
    box.append(h("p", { id: "no-moves", class: "note" }, current.game.finished ? "The match is over."
      : "Not your turn: the moves appear when it is."));
    return box;
  }
  const matching = current.moves.filter((move) => moveMatches(move, current.selection));
  if (current.selection.length) {
    box.append(h("p", { id: "move-filter" },
      `Showing the ${matching.length} of ${current.moves.length} moves with `,
      current.selection.map((entry) => cardName(current, entry.token)).join(", "), " ",
      h("button", { type: "button", id: "clear-selection", onclick: () => actions.clearSelection() },
        "Show all moves")));
  }
  const list = h("ul", { class: "moves", id: "moves" });
  for (const move of matching) {
    list.append(h("li", {}, h("button", {
      type: "button",
      class: `move${current.selection.length ? " highlighted" : ""}`,
      "data-notation": move.notation,
      "data-kind": move.kind,
      disabled: current.busy,
      onclick: () => actions.play(move),
    }, move.description || move.notation, h("small", { class: "notation" }, move.notation))));
  }
  if (!matching.length) list.append(h("li", { class: "empty" }, "No move uses that selection."));
  box.append(list);
  return box;
}

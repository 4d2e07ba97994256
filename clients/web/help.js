// Help at the table: the game's rules in short (rules.js) and what each special card of the game does (the
// catalog's descriptions; each card also shows its own on hover and focus).

import { gameTypeOf } from "./catalog.js";
import { h } from "./dom.js";
import { RULES } from "./rules.js";
import { inWords } from "./words.js";

/** A <details>'s attributes that keep it open or closed across the table's redraws. */
export function keepOpen(current, id) {
  if (!current.openPanels) current.openPanels = new Set();
  return { id, class: id, open: current.openPanels.has(id),
    ontoggle: (event) => (event.target.open ? current.openPanels.add(id) : current.openPanels.delete(id)) };
}

export function renderHelp(current) {
  const type = gameTypeOf(current.game.gameType);
  const rules = RULES[type.id] || [];
  const specials = (type.cards || []).filter((card) => !card.suit && card.description);
  return h("details", keepOpen(current, "help"), h("summary", {}, "How to play"),
    h("div", { class: "help-body" },
      type.description ? h("p", {}, inWords(type.description, type.id)) : "",
      rules.length ? h("ul", { class: "rules" }, rules.map((line) => h("li", {}, line))) : "",
      specials.length ? [h("h3", {}, "Special cards"), h("dl", { class: "specials" },
        specials.map((card) => [h("dt", {}, card.name), h("dd", {}, inWords(card.description, type.id))]))] : ""));
}

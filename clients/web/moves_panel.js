// The seated player's panels: the hand (cards to select, in the order the player chose) and the moves the server
// offers, filtered by the selection and grouped by kind. A move button is bound to the version it was drawn for
// (guard.js) and asks `actions.play(move, version)`. The Hint button asks the server's hints for this version
// (`actions.hint()`); the suggested move's button is then marked (class "hinted") until the game moves on.

import { h } from "./dom.js";
import { isArmed } from "./guard.js";
import { cardInfo, cardName, withSeatNames } from "./names.js";
import { MOVE_NOTES } from "./rules.js";
import { moveMatches } from "./selection.js";
import { settings } from "./storage.js";
import { cardElement } from "./table_cards.js";
import { humanize } from "./words.js";

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_WORDS = { Ace: "A", Jack: "J", Queen: "Q", King: "K", Ten: "10" };
const SUIT_ORDER = ["Spades", "Hearts", "Clubs", "Diamonds", "Skulls"];
const HAND_ORDERS = [["dealt", "As dealt"], ["suit", "By suit"], ["rank", "By rank"]];

function rankIndex(info) {
  const rank = RANK_WORDS[info.rank] || String(info.rank || "");
  const at = RANK_ORDER.indexOf(rank);
  return at >= 0 ? at : 100;
}

/** The hand's cards with their places in the view's list, in the player's chosen order. */
function orderedHand(current, hand) {
  const order = settings.get("handOrder");
  const entries = hand.map((code, index) => ({ code, index, info: cardInfo(current, code) }));
  if (order === "dealt") return entries;
  const suitOf = (entry) => (entry.info.suit ? SUIT_ORDER.indexOf(entry.info.suit) : 9);
  const byRank = (a, b) => rankIndex(a.info) - rankIndex(b.info) || a.info.name.localeCompare(b.info.name);
  const bySuit = (a, b) => suitOf(a) - suitOf(b) || byRank(a, b);
  return [...entries].sort(order === "suit" ? bySuit : (a, b) => byRank(a, b) || suitOf(a) - suitOf(b));
}

export function renderHand(current, actions, view) {
  const hand = view.hand || [];
  const list = h("div", { class: `card-row hand${hand.length > 10 ? " many" : ""}`, id: "hand", role: "list",
    "aria-label": "Your hand" });
  for (const { code, index } of orderedHand(current, hand)) {
    list.append(h("div", { role: "listitem" }, cardElement(current, actions, code, `hand-${index}-${code}`)));
  }
  if (!hand.length) list.append(h("div", { role: "listitem", class: "empty" }, "No cards in your hand."));
  const sort = h("select", { id: "hand-order", onchange: (event) => actions.sortHand(event.target.value) },
    HAND_ORDERS.map(([value, label]) => h("option", { value }, label)));
  sort.value = settings.get("handOrder");
  return h("section", { class: "panel hand-panel", "aria-labelledby": "hand-title" },
    h("div", { class: "panel-title" }, h("h2", { id: "hand-title" }, `Your hand (${hand.length})`),
      h("p", { class: "note hand-note" }, current.game.gameType === "dracula"
        ? "Pick a card, then the cell to place it on."
        : "Pick cards, a pile or a group to see only the moves that use them."),
      h("span", { class: "setting" }, h("label", { for: "hand-order" }, "Order"), " ", sort)), list);
}

function kindTitle(current, kind) {
  const type = current.catalogType || {};
  const entry = (type.moveKinds || []).find((item) => item.name === kind);
  return (entry && entry.title) || humanize(kind);
}

const isPlacement = (move) => move.args && typeof move.args.card === "string" && typeof move.args.cell === "string" &&
  Object.keys(move.args).length === 2;

function byCard(moves) {
  const cards = new Map();
  for (const move of moves) {
    if (!cards.has(move.args.card)) cards.set(move.args.card, []);
    cards.get(move.args.card).push(move);
  }
  return cards;
}

/** The Hint button and, once asked for this version, what it suggests. */
function hintBar(current, actions, hint, words) {
  const bar = h("div", { class: "hint-bar" }, h("button", {
    type: "button",
    id: "hint",
    disabled: Boolean(current.hintsOff || current.hinting || current.busy),
    "aria-describedby": hint ? "hint-text" : undefined,
    onclick: () => actions.hint(),
  }, current.hinting ? "Thinking..." : "Hint"));
  if (current.hintsOff) {
    bar.append(h("span", { id: "hint-text", class: "note" }, "Hints are off in this game."));
  } else if (hint && hint.suggestions.length) {
    const best = hint.suggestions[0];
    const estimate = best.expectedReward === undefined ? "" : ` (estimate ${Math.round(best.expectedReward * 100)}%)`;
    bar.append(h("span", { id: "hint-text", class: "note", role: "status" },
      "Suggested: ", h("strong", {}, words(best.move)), estimate));
  }
  return bar;
}

export function renderMoves(current, actions, { isMyTurn }) {
  const box = h("section", { class: "panel moves-panel", "aria-labelledby": "moves-title" },
    h("h2", { id: "moves-title" }, "Your moves"));
  if (!isMyTurn) {
    box.append(h("p", { id: "no-moves", class: "note" }, current.game.finished ? "The match is over."
      : "Not your turn: the moves appear when it is."));
    return box;
  }
  const words = (move) => (move.description ? withSeatNames(current, move.description) : humanize(move.notation));
  const hint = current.hint && current.hint.version === current.game.version ? current.hint : null;
  const suggested = hint ? hint.suggestions.map((entry) => entry.move.notation) : [];
  const matching = current.moves.filter((move) => moveMatches(move, current.selection));
  if (current.selection.length) {
    box.append(h("p", { id: "move-filter" },
      `Showing the ${matching.length} of ${current.moves.length} moves with `,
      current.selection.map((entry) => entry.label).join(", "), " ",
      h("button", { type: "button", id: "clear-selection", onclick: () => actions.clearSelection() },
        "Show all moves")));
  }
  const version = current.game.version;
  const waiting = !isArmed(current) || current.busy;
  const kinds = new Map();
  for (const move of matching) {
    if (!kinds.has(move.kind)) kinds.set(move.kind, []);
    kinds.get(move.kind).push(move);
  }
  const list = h("div", { class: "moves", id: "moves" });
  const notes = MOVE_NOTES[current.game.gameType] || {};
  const button = (move, text, label) => {
    const rank = suggested.indexOf(move.notation) + 1; // 1: the hint's best move; 0: not suggested
    return h("button", {
      type: "button",
      class: `move${current.selection.length ? " highlighted" : ""}${rank === 1 ? " hinted" : ""}`,
      "data-notation": move.notation,
      "data-kind": move.kind,
      "data-version": version,
      "data-hint-rank": rank || undefined,
      "aria-label": rank === 1 ? `${label} (suggested)` : label,
      disabled: waiting,
      onclick: () => actions.play(move, version),
    }, text);
  };
  for (const [kind, moves] of kinds) {
    if (notes[kind]) list.append(h("p", { class: "note move-note" }, notes[kind]));
    let group;
    if (moves.every(isPlacement)) {
      // A card to a cell (Dracula): one line per card with a small button per cell, named by the whole move, so
      // a full hand's 32 placements stay a short list.
      group = h("ul", { class: "move-group by-card", "aria-label": kindTitle(current, kind) });
      for (const [card, placements] of byCard(moves)) {
        group.append(h("li", { class: "move-row" }, h("span", { class: "move-row-title" }, cardName(current, card)),
          h("span", { class: "move-row-buttons" }, placements.map((move) => button(move, move.args.cell, words(move))))));
      }
    } else {
      group = h("ul", { class: `move-group${moves.length > 4 ? " many" : ""}`, "aria-label": kindTitle(current, kind) });
      for (const move of moves) group.append(h("li", {}, button(move, words(move))));
    }
    list.append(kinds.size > 1 ? h("div", { class: "move-kind" }, h("h3", {}, kindTitle(current, kind)), group) : group);
  }
  if (!matching.length) list.append(h("p", { class: "empty" }, "No move uses that selection."));
  box.append(list, hintBar(current, actions, hint, words)); // after the moves: the first move stays in sight
  return box;
}

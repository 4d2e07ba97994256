// A match's life beyond its moves, at the table: resign or leave while it runs (each after a confirm, since either
// ends the match at once and every other player wins), and at its end how it ended (a resignation, a seat that left,
// the creator ending it) with "Rematch" (the same players in the same seats, a new deal) and a new game in the lobby.
// The confirm is part of the drawn table (`current.confirming`), so a redraw while it is open keeps it open.

import { h } from "./dom.js";
import { seatName } from "./names.js";
import { reviewPart } from "./review.js";

const CONFIRMS = {
  resign: {
    question: "Resign the match? It ends now, and every other player wins.",
    yes: "Yes, resign",
    no: "Keep playing",
  },
  left: {
    question: "Leave the match? Your seat leaves the game: it ends now, every other player wins, and you go back to " +
      "the lobby.",
    yes: "Yes, leave",
    no: "Stay at the table",
  },
};

/** The head's buttons of a seat in a running match: "Resign" and "Leave" (each asks first). */
export function lifecycleButtons(current, actions) {
  const game = current.game;
  const seated = game.seat !== undefined && game.seat !== null && current.token;
  if (!seated || game.finished) return [];
  return [
    h("button", { type: "button", id: "resign", class: "lifecycle", "data-key": "lifecycle-resign",
      "aria-expanded": current.confirming === "resign" ? "true" : "false",
      onclick: () => actions.confirm("resign") }, "Resign"),
    h("button", { type: "button", id: "leave", class: "lifecycle", "data-key": "lifecycle-leave",
      "aria-expanded": current.confirming === "left" ? "true" : "false",
      onclick: () => actions.confirm("left") }, "Leave"),
  ];
}

/** The open confirm of a resignation or a leave, or nothing. */
export function renderConfirm(current, actions) {
  const asked = CONFIRMS[current.confirming];
  if (!asked || current.game.finished) return "";
  return h("div", { id: "lifecycle-confirm", class: "confirm", role: "group", "aria-labelledby": "confirm-question",
    "data-reason": current.confirming },
  h("p", { id: "confirm-question" }, asked.question),
  h("button", { type: "button", id: "confirm-yes", class: "danger", "data-key": "confirm-yes",
    onclick: () => actions.resign(current.confirming) }, asked.yes), " ",
  h("button", { type: "button", id: "confirm-no", "data-key": "confirm-no", onclick: () => actions.confirm(null) },
    asked.no));
}

/** How the match ended, when it did not end by its last move: "Mina (you) resigned the match." */
export function endReason(current) {
  const details = (current.score && current.score.details) || {};
  const forfeit = details.forfeit;
  if (forfeit && forfeit.seat !== undefined && forfeit.seat !== null) {
    return `${seatName(current, forfeit.seat)} ${forfeit.reason === "left" ? "left" : "resigned"} the match.`;
  }
  if (details.ended) return "The game's creator ended the match.";
  return "";
}

/** The end screen's buttons: "Rematch" and "Review my moves" for a seat, and a new game in the lobby for anyone. */
export function endActions(current, actions) {
  const seated = current.game.seat !== undefined && current.game.seat !== null && current.token;
  return h("div", { class: "end-actions", id: "end-actions" },
    seated ? h("button", { type: "button", id: "rematch", class: "primary", "data-key": "rematch",
      disabled: current.rematching ? true : undefined, onclick: () => actions.rematch() },
    current.rematching ? "Starting the rematch..." : "Rematch") : "",
    seated ? h("span", { class: "note" }, " The same players in the same seats, a new deal. ") : "",
    h("a", { href: "#/", id: "new-game" }, "New game in the lobby"), reviewPart(current, actions));
}

// Seat links: this seat's own (to go on playing from another device) and, for the creator, the other players'
// seats; a spectator link for anyone. A link carries the seat's token in its fragment, which the browser keeps to
// itself (seat_links.js); the token is never shown as text.

import { h, say } from "./dom.js";
import { plainSeatName } from "./names.js";
import { seatLink, watchLink } from "./seat_links.js";
import { invites } from "./storage.js";

function linkRow(label, href, attributes) {
  const id = `link-${attributes["data-seat"] ?? "watch"}-${attributes.class}`;
  const field = h("input", { id, type: "text", readonly: true, value: href, class: "link-field" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      say(`Copied: ${label}.`);
    } catch (_error) {
      field.select();
      say("Select the link and copy it.");
    }
  };
  return h("li", {}, h("a", { href, ...attributes }, label), " ",
    h("button", { type: "button", class: "copy", onclick: copy, "aria-label": `Copy ${label}` }, "Copy"),
    h("label", { class: "visually-hidden", for: id }, label), field);
}

export function renderShare(current) {
  const game = current.game;
  const rows = [];
  if (current.token && !game.finished) {
    rows.push(linkRow("Your seat link (to play on from another device)", seatLink(game.gameId, current.token),
      { class: "own-seat-link", "data-seat": game.seat }));
  }
  for (const invite of game.finished ? [] : invites.get(game.gameId) || []) {
    rows.push(linkRow(`Seat link for ${plainSeatName(current, invite.seat)}`, seatLink(game.gameId, invite.token),
      { class: "seat-link", "data-seat": invite.seat }));
  }
  rows.push(linkRow("Spectator link", watchLink(game.gameId), { class: "watch-link" }));
  return h("section", { class: "panel share", "aria-labelledby": "share-title" },
    h("h2", { id: "share-title" }, "Seats and links"),
    h("p", { class: "note" }, "A seat link lets whoever opens it play that seat: give each only to its player."),
    h("ul", { id: "invites", class: "links" }, rows));
}

// Seat links: this seat's own (to go on playing from another device) and, for the creator, the other players'
// seats; a spectator link for anyone. A link carries the seat's token in its fragment, which the browser keeps to
// itself (seat_links.js); the token is never shown as text: each link is a named link with a "Copy" button, and no
// field shows its address.

import { h, say } from "./dom.js";
import { plainSeatName } from "./names.js";
import { seatLink, watchLink } from "./seat_links.js";
import { invites } from "./storage.js";

// Copies `text` without showing it: the Clipboard API where the page may use it (a secure context), else a copy
// made from a text area off screen.
async function copyQuietly(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (_error) {
      // denied: try the other way
    }
  }
  const area = h("textarea", { class: "offscreen", readonly: true, "aria-hidden": "true", tabindex: -1 });
  area.value = text;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch (_error) {
    copied = false;
  }
  area.remove();
  return copied;
}

function linkRow(label, href, attributes) {
  const copy = async () => {
    say(await copyQuietly(href) ? `Copied: ${label}.`
      : "This browser did not copy the link: open the link's menu (right click, or a long press) to copy it.");
  };
  return h("li", {}, h("a", { href, ...attributes }, label), " ",
    h("button", { type: "button", class: "copy", onclick: copy, "aria-label": `Copy ${label}` }, "Copy"));
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

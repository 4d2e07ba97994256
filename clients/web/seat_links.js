// Seat links: the page's address with the seat token in its fragment (`#/play/ID?seat=TOKEN`). A browser never sends
// the fragment to the server, so the token stays out of every request line; the page reads it, keeps it in
// localStorage and takes it out of the address bar at once.

import { seats } from "./storage.js";

/** The link that takes `token`'s seat of game `gameId` in any browser. */
export function seatLink(gameId, token) {
  const page = `${location.origin}${location.pathname}${location.search}`;
  return `${page}#/play/${encodeURIComponent(gameId)}?seat=${encodeURIComponent(token)}`;
}

/** The link that watches game `gameId` as a spectator. */
export function watchLink(gameId) {
  return `${location.origin}${location.pathname}${location.search}#/watch/${encodeURIComponent(gameId)}`;
}

/** When the address holds a seat token: keeps it for the game and removes it from the address (and history). */
export function takeSeatFromAddress() {
  const match = /^#\/play\/([^/?#]+)\?(.*)$/.exec(location.hash);
  if (!match) return;
  const gameId = decodeURIComponent(match[1]);
  const token = new URLSearchParams(match[2]).get("seat");
  if (token) {
    const stored = seats.get(gameId);
    if (!stored || stored.token !== token) seats.put(gameId, null, token);
  }
  history.replaceState(null, "", `${location.pathname}${location.search}#/play/${match[1]}`);
}

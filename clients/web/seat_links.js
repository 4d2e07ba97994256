// Seat links: the page's address with the seat token in its fragment (`#/play/ID?seat=TOKEN`), or an invitation
// code another frontend made (`#/play/ID?invite=CODE`, traded once for the seat's token). A browser never sends the
// fragment to the server, so neither is in any request line; the page keeps the token in localStorage and takes
// the fragment's secret out of the address bar at once.

import { api } from "./server.js";
import { seats } from "./storage.js";

const invitations = new Map(); // game id -> an invitation code read from the address, not yet redeemed

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
  // The link's own form, `?seat=TOKEN`; `?token=TOKEN` and `/TOKEN` are taken too, as people write them.
  const match = /^#\/play\/([^/?#]+)(?:\/([^/?#]+))?(?:\?(.*))?$/.exec(location.hash);
  if (!match || (!match[2] && match[3] === undefined)) return;
  const gameId = decodeURIComponent(match[1]);
  const params = new URLSearchParams(match[3] || "");
  const token = params.get("seat") || params.get("token") || (match[2] ? decodeURIComponent(match[2]) : null);
  if (params.get("invite")) invitations.set(gameId, params.get("invite"));
  if (token) {
    const stored = seats.get(gameId);
    if (!stored || stored.token !== token) seats.put(gameId, null, token);
  }
  history.replaceState(null, "", `${location.pathname}${location.search}#/play/${match[1]}`);
}

/** Redeems the invitation the address held for `gameId`, if any, and keeps the seat it gives. */
export async function redeemPendingInvitation(gameId) {
  const code = invitations.get(gameId);
  if (!code) return;
  invitations.delete(gameId);
  const answer = await api.redeemInvitation(gameId, code);
  seats.put(gameId, answer.seat.seat, answer.seat.token);
}

// The catalog of game types (`GET /v1/game-types`), read once per page: titles, options, cards and bot kinds.

import { api } from "./server.js";

let catalog = null; // {gameTypes: [...], byId: Map, botKinds: [...]}

export async function loadCatalog() {
  if (catalog) return catalog;
  const answer = await api.gameTypes();
  const byId = new Map();
  for (const type of answer.gameTypes || []) {
    type.cardMap = new Map((type.cards || []).map((card) => [card.code, card]));
    byId.set(type.id, type);
  }
  catalog = { gameTypes: answer.gameTypes || [], byId, botKinds: botKindsOf(answer) };
  return catalog;
}

// The kinds of bot a seat can be given (the catalog's botKinds, in the server's order); a server that does not list
// them plays the random bot only.
function botKindsOf(answer) {
  const listed = Array.isArray(answer.botKinds) ? answer.botKinds : [];
  const kinds = listed.filter((kind) => typeof kind === "string" && kind);
  return kinds.length ? kinds : ["random"];
}

export function playerCounts(type) {
  if (type.playerCounts && type.playerCounts.length) return type.playerCounts;
  const counts = [];
  for (let n = type.minPlayers; n <= type.maxPlayers; n += 1) counts.push(n);
  return counts;
}

/** The catalog's entry for a game type (once loaded); a type the catalog does not list is titled by its id. */
export function gameTypeOf(gameType) {
  return catalog.byId.get(gameType) || { id: gameType, title: gameType };
}
